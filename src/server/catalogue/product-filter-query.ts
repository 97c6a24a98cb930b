/**
 * The query of GET /api/v1/bol/product/filter, read and checked without touching the database.
 * Every parameter is optional; an empty value means "not filtered", so a client may send its whole
 * filter state. Unknown parameters are ignored (cache busters, future fields). A value that is
 * present but wrong is refused with a sentence naming the parameter; docs/products.md lists the
 * semantics of each one.
 */
import { PRODUCT_SORT_KEYS, type ProductSortKey } from '../../shared/constants';
import { ALL_SUPPLIERS_NAME, DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { parsePrice } from '../../shared/rules/price';

export const MIN_PAGE_SIZE = 1;
export const MAX_PAGE_SIZE = 200;
/** Far beyond any real catalogue; keeps page * size a safe integer for OFFSET. */
export const MAX_PAGE = 1_000_000;
export const MAX_KEYWORD_LENGTH = 200;

export { PRODUCT_SORT_KEYS, type ProductSortKey };
export type SortDirection = 'asc' | 'desc';

/** Newest changes first: what staff look at after an import or an edit. */
export const DEFAULT_PRODUCT_SORT: ProductSort = { key: 'dateUpdate', direction: 'desc' };

export interface ProductSort {
  key: ProductSortKey;
  direction: SortDirection;
}

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
}

export type ProductFilterResult = { ok: true; filter: ProductFilter } | { ok: false; message: string };

class FilterProblem extends Error {}

/** The one value of a parameter, trimmed; '' and absent both give null. */
function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) throw new FilterProblem(`${name} may be given only once`);
  const value = values[0]?.trim() ?? '';
  return value === '' ? null : value;
}

function wholeNumber(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const text = single(params, name);
  if (text === null) return null;
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    throw new FilterProblem(`${name} must be a whole number from ${min} to ${max.toLocaleString('en')}, got '${text}'`);
  }
  return value;
}

function yesNo(params: URLSearchParams, name: string): boolean | null {
  const text = single(params, name);
  if (text === null) return null;
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new FilterProblem(`${name} must be true or false, got '${text}'`);
}

function stockFilter(params: URLSearchParams): boolean | null {
  const text = single(params, 'stock');
  if (text === null) return null;
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === 'instock') return true;
  if (lower === 'false' || lower === 'outofstock') return false;
  throw new FilterProblem(`stock must be true (in stock) or false (out of stock), got '${text}'`);
}

function price(params: URLSearchParams, name: string): number | null {
  const text = single(params, name);
  if (text === null) return null;
  const value = parsePrice(text);
  if (value === null) throw new FilterProblem(`${name} must be a price such as 12.50 or 12,50, got '${text}'`);
  return value;
}

/** A real calendar day written yyyy-mm-dd (2024-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function day(params: URLSearchParams, name: string): string | null {
  const text = single(params, name);
  if (text === null) return null;
  if (!isCalendarDate(text)) throw new FilterProblem(`${name} must be a date written yyyy-mm-dd, got '${text}'`);
  return text;
}

/** `field` or `field,asc|desc` (direction case-insensitive, ascending when left out). */
export function parseProductSort(text: string | null): ProductSort {
  if (text === null) return DEFAULT_PRODUCT_SORT;
  const [key = '', direction = 'asc', ...rest] = text.split(',').map((part) => part.trim());
  if (!(PRODUCT_SORT_KEYS as readonly string[]).includes(key)) {
    throw new FilterProblem(`sort key '${key}' is not allowed; use one of ${PRODUCT_SORT_KEYS.join(', ')}`);
  }
  const lower = direction.toLowerCase();
  if ((lower !== 'asc' && lower !== 'desc') || rest.length > 0) {
    throw new FilterProblem(`sort must be written field,asc or field,desc, got '${text}'`);
  }
  return { key: key as ProductSortKey, direction: lower };
}

export function parseProductFilter(params: URLSearchParams): ProductFilterResult {
  try {
    const supplierName = single(params, 'supplierName');
    const keyword = single(params, 'keyword');
    if (keyword !== null && keyword.length > MAX_KEYWORD_LENGTH) {
      throw new FilterProblem(`keyword must be at most ${MAX_KEYWORD_LENGTH} characters long`);
    }
    const filter: ProductFilter = {
      page: wholeNumber(params, 'page', 0, MAX_PAGE) ?? 0,
      size: wholeNumber(params, 'size', MIN_PAGE_SIZE, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
      sort: parseProductSort(single(params, 'sort')),
      supplierName: supplierName === null || supplierName === ALL_SUPPLIERS_NAME ? null : supplierName,
      brand: single(params, 'brand'),
      keyword,
      passedModeration: yesNo(params, 'passedModeration'),
      hasDescription: yesNo(params, 'hasDescription'),
      buyBlock: yesNo(params, 'buyBlock'),
      isMainProduct: yesNo(params, 'isMainProduct'),
      isExportOnBol: yesNo(params, 'isExportOnBol'),
      isChangeEan: yesNo(params, 'isChangeEan'),
      inStock: stockFilter(params),
      priceFrom: price(params, 'priceFrom'),
      priceTo: price(params, 'priceTo'),
      // 0 stands for every category, like supplier 0 stands for every supplier.
      categoryId: wholeNumber(params, 'categoryId', 0, 2_147_483_647) || null,
      dateFrom: day(params, 'dateFrom'),
      dateTo: day(params, 'dateTo'),
      numberOfImages: wholeNumber(params, 'numberOfImages', 0, 1_000),
      familyKey: single(params, 'familyKey'),
    };
    if (filter.priceFrom !== null && filter.priceTo !== null && filter.priceFrom > filter.priceTo) {
      throw new FilterProblem(`priceFrom (${filter.priceFrom}) must not be greater than priceTo (${filter.priceTo})`);
    }
    if (filter.dateFrom !== null && filter.dateTo !== null && filter.dateFrom > filter.dateTo) {
      throw new FilterProblem(`dateFrom (${filter.dateFrom}) must not be after dateTo (${filter.dateTo})`);
    }
    return { ok: true, filter };
  } catch (error) {
    if (error instanceof FilterProblem) return { ok: false, message: error.message };
    throw error;
  }
}
