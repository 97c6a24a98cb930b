/**
 * The product list's view as pure rules (docs/requirements.md §3-§4, docs/product-list.md): the filter
 * state and its defaults, what a change does to the page, "Reset all filters", the selection
 * without duplicates, and the URL search string of a view. The atoms (product-list-state.ts) and
 * the screen both build on these; it imports nothing but src/shared.
 */
import { ALL_SUPPLIERS_NAME, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { BOL_PRODUCT_STATES, isCalendarDate, OFFER_STATES, MAX_FILTER_PRICE, MAX_PAGE_SIZE, type ProductFilterParam } from '../../../shared/product-filter';
import { parsePrice } from '../../../shared/rules/price';
import { productFilterMessages } from '../../../shared/product-filter-messages';

/** A yes/no filter: '' = not filtered. */
export type TriState = '' | 'true' | 'false';

/**
 * The spec's filter state. Every value is text as a form holds it ('' = not filtered), so the
 * state maps one to one to the query and to the URL.
 */
export interface ProductFilters {
  /** 'true' = in stock (stock > 0), 'false' = out of stock. */
  stock: TriState;
  /** A sort of SORT_OPTIONS ('field,asc|desc'); '' = the server's default (last update, newest first). */
  sortBy: string;
  /** Day of the last update, yyyy-mm-dd, both bounds included. */
  dateFrom: string;
  dateTo: string;
  priceFrom: string;
  priceTo: string;
  familyKey: string;
  /** Title contains it, or EAN / SKU / supplier EAN equals it. */
  searchValue: string;
  isChangeEan: TriState;
  isMainProduct: TriState;
  isExportOnBol: TriState;
  brand: string;
  buyBlock: TriState;
  /** Supplier name; 'All' = every supplier. */
  supplier: string;
  /** 'true' = has a description, 'false' = has none. */
  description: TriState;
  /** Whole number; '' = every category. */
  categoryId: string;
  /** Exact number of images; '' = any. */
  numberOfImages: string;
  passedModeration: TriState;
  /** The product's state on bol (a BOL_PRODUCT_STATES value); '' = any. Not in the spec: the Reports screen links here. */
  bolState: string;
  /** 'true' = bol holds an offer for it, 'false' = none. */
  hasOffer: TriState;
  /** The state of the product's offer as the offer sync keeps it (an OFFER_STATES value); '' = any. */
  offerState: string;
}

export type FilterName = keyof ProductFilters;
export type TriStateName = { [K in FilterName]: ProductFilters[K] extends TriState ? K : never }[FilterName];

export const TRI_STATE_FILTERS = [
  'stock',
  'isChangeEan',
  'isMainProduct',
  'isExportOnBol',
  'buyBlock',
  'description',
  'passedModeration',
  'hasOffer',
] as const satisfies readonly TriStateName[];

export const EMPTY_FILTERS: ProductFilters = {
  stock: '',
  sortBy: '',
  dateFrom: '',
  dateTo: '',
  priceFrom: '',
  priceTo: '',
  familyKey: '',
  searchValue: '',
  isChangeEan: '',
  isMainProduct: '',
  isExportOnBol: '',
  brand: '',
  buyBlock: '',
  supplier: ALL_SUPPLIERS_NAME,
  description: '',
  categoryId: '',
  numberOfImages: '',
  passedModeration: '',
  bolState: '',
  hasOffer: '',
  offerState: '',
};

export const FILTER_NAMES = Object.keys(EMPTY_FILTERS) as FilterName[];

/**
 * The one translation between the filter state's names (docs/requirements.md §3) and the filter
 * call's wire names (src/shared/product-filter.ts), which the URL uses too.
 */
export const FILTER_WIRE_NAMES: Record<FilterName, ProductFilterParam> = {
  stock: 'stock',
  sortBy: 'sort',
  dateFrom: 'dateFrom',
  dateTo: 'dateTo',
  priceFrom: 'priceFrom',
  priceTo: 'priceTo',
  familyKey: 'familyKey',
  searchValue: 'keyword',
  isChangeEan: 'isChangeEan',
  isMainProduct: 'isMainProduct',
  isExportOnBol: 'isExportOnBol',
  brand: 'brand',
  buyBlock: 'buyBlock',
  supplier: 'supplierName',
  description: 'hasDescription',
  categoryId: 'categoryId',
  numberOfImages: 'numberOfImages',
  passedModeration: 'passedModeration',
  bolState: 'bolState',
  hasOffer: 'hasOffer',
  offerState: 'offerState',
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The sorts offered (server keys of docs/products.md); the first is the server's default. */
const SORT_VALUES = [
  'dateUpdate,desc',
  'dateUpdate,asc',
  'dateCreate,desc',
  'title,asc',
  'title,desc',
  'sellingPrice,asc',
  'sellingPrice,desc',
  'stock,asc',
  'stock,desc',
  'ean,asc',
  'sku,asc',
  'numberOfImages,asc',
  'productId,asc',
] as const;
/** Their English labels; the filter bar shows them in the language shown (filter-fields.ts). */
export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: productFilterMessages.sorts[value] }));
export const DEFAULT_SORT = SORT_VALUES[0];

/** What the list shows: the filters, the page (zero-based) and the page size. */
export interface ListView {
  filters: ProductFilters;
  page: number;
  pageSize: number;
}

export const DEFAULT_VIEW: ListView = { filters: EMPTY_FILTERS, page: 0, pageSize: DEFAULT_PAGE_SIZE };

// ---- Transitions (docs/requirements.md §4) ----

/** Any change of a filter, the search text or the sort starts again at page 0. */
export function withFilter<K extends FilterName>(view: ListView, name: K, value: ProductFilters[K]): ListView {
  if (view.filters[name] === value) return view;
  return { ...view, filters: { ...view.filters, [name]: value }, page: 0 };
}

/** A new page size starts again at page 0. */
export function withPageSize(view: ListView, pageSize: number): ListView {
  if (view.pageSize === pageSize) return view;
  return { ...view, pageSize, page: 0 };
}

export function withPage(view: ListView, page: number): ListView {
  return { ...view, page: Math.max(0, Math.floor(page)) };
}

/**
 * "Reset all filters": page size 20, page 0, every filter cleared (the family key too) except the
 * stock and export-on-marketplace filters, which stay as they are. The selection is cleared too
 * (by the caller: it is not part of the view).
 */
export function resetAllFilters(view: ListView): ListView {
  return {
    filters: { ...EMPTY_FILTERS, stock: view.filters.stock, isExportOnBol: view.filters.isExportOnBol },
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

// ---- Selection (docs/requirements.md §4: ids without duplicates) ----

export function addToSelection(selection: readonly number[], ids: number | readonly number[]): number[] {
  const added = typeof ids === 'number' ? [ids] : ids;
  const result = [...selection];
  const seen = new Set(selection);
  for (const id of added) {
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(id);
  }
  return result;
}

export function removeFromSelection(selection: readonly number[], ids: number | readonly number[]): number[] {
  const removed = new Set(typeof ids === 'number' ? [ids] : ids);
  return selection.filter((id) => !removed.has(id));
}

// ---- The URL of a view (bookmarkable, shareable) ----

const WHOLE = /^\d{1,7}$/;
const PRICE = /^\d{1,10}([.,]\d{1,2})?$/;

function isFilterPrice(value: string): boolean {
  const price = PRICE.test(value) ? parsePrice(value) : null;
  return price !== null && price <= MAX_FILTER_PRICE;
}

function isTriState(value: string): value is TriState {
  return value === '' || value === 'true' || value === 'false';
}

/** Which URL values are taken: anything else is dropped, so a mangled link still opens a list. */
function acceptsUrlValue(name: FilterName, value: string): boolean {
  if ((TRI_STATE_FILTERS as readonly string[]).includes(name)) return isTriState(value);
  switch (name) {
    case 'sortBy':
      return SORT_OPTIONS.some((option) => option.value === value);
    case 'dateFrom':
    case 'dateTo':
      return isCalendarDate(value);
    case 'priceFrom':
    case 'priceTo':
      return isFilterPrice(value);
    case 'categoryId':
    case 'numberOfImages':
      return WHOLE.test(value);
    case 'bolState':
      return (BOL_PRODUCT_STATES as readonly string[]).includes(value);
    case 'offerState':
      return (OFFER_STATES as readonly string[]).includes(value);
    default:
      return value.length <= 200;
  }
}

/**
 * The URL search string of a view: filter names as in the spec's filter state, plus `page`
 * (zero-based) and `size`; defaults are left out, so the plain list is just /products.
 */
export function toSearchString(view: ListView): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = view.filters[name];
    if (value !== EMPTY_FILTERS[name]) params.set(FILTER_WIRE_NAMES[name], value);
  }
  if (view.page !== 0) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The view a URL search string describes; unknown or wrong values fall back to the defaults. */
export function fromSearchString(search: string): ListView {
  const params = new URLSearchParams(search);
  const filters: ProductFilters = { ...EMPTY_FILTERS };
  for (const name of FILTER_NAMES) {
    // The URL uses the filter call's names (?keyword=…); links bookmarked before that used the
    // filter state's names (?searchValue=…) and still open: the one table maps them.
    const value = params.get(FILTER_WIRE_NAMES[name]) ?? params.get(name);
    if (value === null || !acceptsUrlValue(name, value)) continue;
    (filters as Record<FilterName, string>)[name] = value;
  }
  const page = params.get('page');
  const size = params.get('size');
  const pageSize = size !== null && WHOLE.test(size) ? Number(size) : DEFAULT_PAGE_SIZE;
  return {
    filters,
    page: page !== null && WHOLE.test(page) ? Number(page) : 0,
    pageSize: pageSize >= 1 && pageSize <= MAX_PAGE_SIZE ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

export function sameView(a: ListView, b: ListView): boolean {
  return toSearchString(a) === toSearchString(b);
}
