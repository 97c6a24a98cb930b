/**
 * The product filter: one typed `ProductFilter` and the one parser of its query, shared by the
 * server's GET /api/v1/bol/product/filter, the app's filter call, the offline matcher and the
 * list's URL. Every parameter is optional and an empty value means "not filtered", so a client may
 * send its whole filter state; unknown parameters are ignored (cache busters, future fields).
 *
 * Strict (the server): a value that is present but wrong is refused with a sentence naming the
 * parameter. Lenient (the device, the URL): a wrong value is ignored and an out-of-range page or
 * size is clamped, because offline showing more is better than showing an error.
 * docs/products.md lists the semantics of each parameter.
 */
import { ALL_SUPPLIERS_NAME, DEFAULT_PAGE_SIZE, PRODUCT_SORT_KEYS, type ProductSortKey } from './constants';
import { parsePrice } from './rules/price';
import { filterRefusal, type FilterRefusal } from './filter-refusal-messages';

export const MIN_PAGE_SIZE = 1;
export const MAX_PAGE_SIZE = 200;
/** Far beyond any real catalogue; keeps page * size a safe integer for OFFSET. */
export const MAX_PAGE = 1_000_000;
export const MAX_KEYWORD_LENGTH = 200;
/** The largest price the catalogue can hold (numeric(12,2)). */
export const MAX_FILTER_PRICE = 9_999_999_999.99;
const MAX_CATEGORY_ID = 2_147_483_647;
const MAX_NUMBER_OF_IMAGES = 1_000;

export { PRODUCT_SORT_KEYS, type ProductSortKey };
export type SortDirection = 'asc' | 'desc';

export interface ProductSort {
  key: ProductSortKey;
  direction: SortDirection;
}

/** Newest changes first: what staff look at after an import or an edit. */
export const DEFAULT_PRODUCT_SORT: ProductSort = { key: 'dateUpdate', direction: 'desc' };

/** The wire names of the filter call's parameters (docs/products.md). */
export const PRODUCT_FILTER_PARAMS = [
  'size',
  'page',
  'sort',
  'supplierName',
  'brand',
  'keyword',
  'passedModeration',
  'hasDescription',
  'buyBlock',
  'priceFrom',
  'priceTo',
  'categoryId',
  'dateFrom',
  'dateTo',
  'numberOfImages',
  'familyKey',
  'isMainProduct',
  'isExportOnBol',
  'isChangeEan',
  'stock',
  'bolState',
  'hasOffer',
  'offerState',
] as const;
export type ProductFilterParam = (typeof PRODUCT_FILTER_PARAMS)[number];

/**
 * Where a product stands on bol (docs/reports-and-export.md "States"), one state per product:
 * no category, missing required attributes, ready to send, sent (bol is processing it),
 * published, declined.
 */
export const BOL_PRODUCT_STATES = ['noCategory', 'missingRequired', 'ready', 'sent', 'published', 'declined'] as const;
export type BolProductState = (typeof BOL_PRODUCT_STATES)[number];

/**
 * Where a product's own offer on bol stands, as the offer sync keeps it (docs/bol.md, "Offers
 * follow the catalogue"): live (for sale), a change waiting to be sent, held back by a guard rail,
 * failed, or none of these (no offer, or on hold).
 */
export const OFFER_STATES = ['live', 'waiting', 'held', 'failed', 'none'] as const;
export type OfferStateName = (typeof OFFER_STATES)[number];

export interface ProductFilter {
  page: number;
  size: number;
  sort: ProductSort;
  /** Exact supplier name; null = every supplier ('' and 'All' mean every supplier). */
  supplierName: string | null;
  /** Exact brand name; null = every brand. */
  brand: string | null;
  /** Title contains it (case-insensitive), or EAN, SKU or supplier EAN equals it. */
  keyword: string | null;
  passedModeration: boolean | null;
  /** true: description not empty; false: empty description. */
  hasDescription: boolean | null;
  buyBlock: boolean | null;
  isMainProduct: boolean | null;
  isExportOnBol: boolean | null;
  isChangeEan: boolean | null;
  /** true: stock > 0; false: stock = 0. */
  inStock: boolean | null;
  /** Selling price bounds, inclusive. */
  priceFrom: number | null;
  priceTo: number | null;
  categoryId: number | null;
  /** Dates of last update, yyyy-mm-dd, inclusive, read as UTC days. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Exact number of images (0 = products without images). */
  numberOfImages: number | null;
  familyKey: string | null;
  /** The product's state on bol; null = any (docs/reports-and-export.md "States"). */
  bolState: BolProductState | null;
  /** true: bol holds an offer for it (as last imported); false: none. */
  hasOffer: boolean | null;
  /** The state of the offer the sync keeps for it; null = any. */
  offerState: OfferStateName | null;
}

/** `refusal`: the refusal's sentence, for the app to word; `message` its English. */
export type ProductFilterResult = { ok: true; filter: ProductFilter } | { ok: false; message: string; refusal: FilterRefusal };

/** Where the query comes from: anything with get/getAll by name (URLSearchParams). */
export interface FilterParams {
  getAll(name: string): string[];
}

/** A refused parameter: its sentence (docs/languages.md, "Sentences the server writes"). */
class FilterProblem extends Error {
  constructor(readonly refusal: FilterRefusal) {
    super(refusal.message);
  }
}

/** A real calendar day written yyyy-mm-dd (2024-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `field` or `field,asc|desc` (direction case-insensitive, ascending when left out). */
export function parseProductSort(text: string | null): ProductSort {
  if (text === null) return DEFAULT_PRODUCT_SORT;
  const [key = '', direction = 'asc', ...rest] = text.split(',').map((part) => part.trim());
  if (!(PRODUCT_SORT_KEYS as readonly string[]).includes(key)) {
    throw new FilterProblem(filterRefusal('sortKey', key, PRODUCT_SORT_KEYS.join(', ')));
  }
  const lower = direction.toLowerCase();
  if ((lower !== 'asc' && lower !== 'desc') || rest.length > 0) {
    throw new FilterProblem(filterRefusal('sortForm', text));
  }
  return { key: key as ProductSortKey, direction: lower };
}

/** Why `text` is not a sort parseProductSort accepts, or null when it is one. */
export function productSortProblem(text: string): string | null {
  try {
    parseProductSort(text);
    return null;
  } catch (error) {
    if (error instanceof FilterProblem) return error.message;
    throw error;
  }
}

/** Reads one parameter after the other; strict throws a FilterProblem, lenient falls back. */
class FilterReader {
  constructor(
    private readonly params: FilterParams,
    private readonly lenient: boolean,
  ) {}

  /** Runs one parameter's parse; lenient turns a refusal into the fallback. */
  private attempt<T>(parse: () => T, fallback: T): T {
    if (!this.lenient) return parse();
    try {
      return parse();
    } catch (error) {
      if (error instanceof FilterProblem) return fallback;
      throw error;
    }
  }

  /** The one value of a parameter, trimmed; '' and absent both give null. */
  text(name: ProductFilterParam): string | null {
    return this.attempt(() => {
      const values = this.params.getAll(name);
      if (values.length > 1 && !this.lenient) throw new FilterProblem(filterRefusal('onlyOnce', name));
      const value = values[0]?.trim() ?? '';
      // PostgreSQL text cannot hold NUL, and no real value contains one.
      if (value.includes('\u0000')) throw new FilterProblem(filterRefusal('nul', name));
      return value === '' ? null : value;
    }, null);
  }

  whole(name: ProductFilterParam, min: number, max: number): number | null {
    return this.attempt(() => {
      const text = this.text(name);
      if (text === null) return null;
      const digits = /^\d+$/.test(text);
      const value = digits ? Number(text) : NaN;
      if (this.lenient && digits) return Math.min(max, Math.max(min, value));
      if (!(/^\d{1,9}$/.test(text) && value >= min && value <= max)) {
        throw new FilterProblem(filterRefusal('wholeNumber', name, min, max, text));
      }
      return value;
    }, null);
  }

  yesNo(name: ProductFilterParam): boolean | null {
    return this.either(name, ['true'], ['false'], (text) => filterRefusal('yesNo', name, text));
  }

  stock(): boolean | null {
    return this.either('stock', ['true', 'instock'], ['false', 'outofstock'], (text) => filterRefusal('stock', text));
  }

  /** True for one of `yes`, false for one of `no` (in any case), else refused with `refusal`. */
  private either(name: ProductFilterParam, yes: readonly string[], no: readonly string[], refusal: (text: string) => FilterRefusal): boolean | null {
    return this.attempt(() => {
      const text = this.text(name);
      if (text === null) return null;
      const lower = text.toLowerCase();
      if (yes.includes(lower)) return true;
      if (no.includes(lower)) return false;
      throw new FilterProblem(refusal(text));
    }, null);
  }

  price(name: ProductFilterParam): number | null {
    return this.attempt(() => {
      const text = this.text(name);
      if (text === null) return null;
      const value = parsePrice(text);
      if (value === null) throw new FilterProblem(filterRefusal('price', name, text));
      if (value > MAX_FILTER_PRICE) {
        throw new FilterProblem(filterRefusal('priceRange', name, MAX_FILTER_PRICE, text));
      }
      return value;
    }, null);
  }

  day(name: ProductFilterParam): string | null {
    return this.attempt(() => {
      const text = this.text(name);
      if (text === null) return null;
      if (!isCalendarDate(text)) throw new FilterProblem(filterRefusal('day', name, text));
      return text;
    }, null);
  }

  keyword(): string | null {
    return this.attempt(() => {
      const keyword = this.text('keyword');
      if (keyword !== null && keyword.length > MAX_KEYWORD_LENGTH) {
        throw new FilterProblem(filterRefusal('keywordTooLong', MAX_KEYWORD_LENGTH));
      }
      return keyword;
    }, null);
  }

  /** One of `values`, exactly as written; else refused naming them. */
  choice<T extends string>(name: ProductFilterParam, values: readonly T[]): T | null {
    return this.attempt(() => {
      const text = this.text(name);
      if (text === null) return null;
      if (!(values as readonly string[]).includes(text)) {
        throw new FilterProblem(filterRefusal('choice', name, values.join(', '), text));
      }
      return text as T;
    }, null);
  }

  sort(): ProductSort {
    return this.attempt(() => parseProductSort(this.text('sort')), DEFAULT_PRODUCT_SORT);
  }

  /** A check across two parameters; lenient leaves both as they are (the matcher then finds nothing). */
  check(ok: boolean, refusal: FilterRefusal): void {
    if (!ok && !this.lenient) throw new FilterProblem(refusal);
  }
}

function readFilter(reader: FilterReader): ProductFilter {
  const supplierName = reader.text('supplierName');
  const filter: ProductFilter = {
    page: reader.whole('page', 0, MAX_PAGE) ?? 0,
    size: reader.whole('size', MIN_PAGE_SIZE, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
    sort: reader.sort(),
    supplierName: supplierName === null || supplierName === ALL_SUPPLIERS_NAME ? null : supplierName,
    brand: reader.text('brand'),
    keyword: reader.keyword(),
    passedModeration: reader.yesNo('passedModeration'),
    hasDescription: reader.yesNo('hasDescription'),
    buyBlock: reader.yesNo('buyBlock'),
    isMainProduct: reader.yesNo('isMainProduct'),
    isExportOnBol: reader.yesNo('isExportOnBol'),
    isChangeEan: reader.yesNo('isChangeEan'),
    inStock: reader.stock(),
    priceFrom: reader.price('priceFrom'),
    priceTo: reader.price('priceTo'),
    // 0 stands for every category, like supplier 0 stands for every supplier.
    categoryId: reader.whole('categoryId', 0, MAX_CATEGORY_ID) || null,
    dateFrom: reader.day('dateFrom'),
    dateTo: reader.day('dateTo'),
    numberOfImages: reader.whole('numberOfImages', 0, MAX_NUMBER_OF_IMAGES),
    familyKey: reader.text('familyKey'),
    bolState: reader.choice('bolState', BOL_PRODUCT_STATES),
    hasOffer: reader.yesNo('hasOffer'),
    offerState: reader.choice('offerState', OFFER_STATES),
  };
  const { priceFrom, priceTo, dateFrom, dateTo } = filter;
  reader.check(
    priceFrom === null || priceTo === null || priceFrom <= priceTo,
    filterRefusal('pricesCrossed', String(priceFrom), String(priceTo)),
  );
  reader.check(dateFrom === null || dateTo === null || dateFrom <= dateTo, filterRefusal('datesCrossed', String(dateFrom), String(dateTo)));
  return filter;
}

/** The server's reading: a wrong value is refused with a sentence naming the parameter. */
export function parseProductFilter(params: FilterParams): ProductFilterResult {
  try {
    return { ok: true, filter: readFilter(new FilterReader(params, false)) };
  } catch (error) {
    if (error instanceof FilterProblem) return { ok: false, message: error.message, refusal: error.refusal };
    throw error;
  }
}

/** The device's reading: wrong values are ignored, page and size clamped; never fails. */
export function readProductFilterLeniently(params: FilterParams): ProductFilter {
  return readFilter(new FilterReader(params, true));
}
