/**
 * The product list's state in jotai atoms: the view (filters, page, page size), remembered on
 * this device as its URL search string (so it is read back with the URL's validation), the
 * selection, and the rows last loaded. Every change goes through the rules of
 * product-list-view.ts, so the spec's page resets hold however it is changed.
 */
import { atom, type WritableAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { Product } from '../../../shared/contract';
import {
  addToSelection,
  DEFAULT_VIEW,
  FILTER_NAMES,
  fromSearchString,
  removeFromSelection,
  resetAllFilters,
  toSearchString,
  withFilter,
  withPage,
  withPageSize,
  type FilterName,
  type ListView,
  type ProductFilters,
} from './product-list-view';

export const PRODUCT_LIST_VIEW_KEY = 'productListView';

const viewStorage = {
  getItem(key: string, initialValue: ListView): ListView {
    const raw = globalThis.localStorage?.getItem(key);
    return raw === null || raw === undefined ? initialValue : fromSearchString(raw);
  },
  setItem(key: string, value: ListView): void {
    globalThis.localStorage?.setItem(key, toSearchString(value));
  },
  removeItem(key: string): void {
    globalThis.localStorage?.removeItem(key);
  },
};

/** Filters, page and page size together: one value, so a change and its page reset are one update. */
export const productListViewAtom = atomWithStorage<ListView>(PRODUCT_LIST_VIEW_KEY, DEFAULT_VIEW, viewStorage, { getOnInit: true });

export const productFiltersAtom = atom((get) => get(productListViewAtom).filters);

type FilterAtom<K extends FilterName> = WritableAtom<ProductFilters[K], [ProductFilters[K]], void>;

function filterAtom<K extends FilterName>(name: K): FilterAtom<K> {
  return atom(
    (get) => get(productListViewAtom).filters[name],
    (get, set, value: ProductFilters[K]) => set(productListViewAtom, withFilter(get(productListViewAtom), name, value)),
  );
}

/** One atom per field of the spec's filter state; setting any of them resets the page to 0. */
export const productFilterAtoms = Object.fromEntries(FILTER_NAMES.map((name) => [name, filterAtom(name)])) as {
  [K in FilterName]: FilterAtom<K>;
};

/** Current page, zero-based. */
export const productPageAtom = atom(
  (get) => get(productListViewAtom).page,
  (get, set, page: number) => set(productListViewAtom, withPage(get(productListViewAtom), page)),
);

/** Page size (default 20); a new size resets the page to 0. */
export const productPageSizeAtom = atom(
  (get) => get(productListViewAtom).pageSize,
  (get, set, pageSize: number) => set(productListViewAtom, withPageSize(get(productListViewAtom), pageSize)),
);

/** Selected product ids, without duplicates, kept across pages. */
export const selectedProductIdsAtom = atom<number[]>([]);

export const selectProductsAtom = atom(null, (get, set, ids: number | readonly number[]) =>
  set(selectedProductIdsAtom, addToSelection(get(selectedProductIdsAtom), ids)),
);

export const deselectProductsAtom = atom(null, (get, set, ids: number | readonly number[]) =>
  set(selectedProductIdsAtom, removeFromSelection(get(selectedProductIdsAtom), ids)),
);

export const clearSelectionAtom = atom(null, (_get, set) => set(selectedProductIdsAtom, []));

/** "Reset all filters": see resetAllFilters; the selection is cleared as well. */
export const resetAllFiltersAtom = atom(null, (get, set) => {
  set(productListViewAtom, resetAllFilters(get(productListViewAtom)));
  set(selectedProductIdsAtom, []);
});

/** Where the rows on screen came from. */
export interface ProductListSource {
  /** 'network': the server's answer; 'cache': a page kept on the device; 'local': filtered on the device. */
  kind: 'network' | 'cache' | 'local';
  /** When the shown page was fetched from the server; null for a local answer. */
  fetchedAt: number | null;
}

export interface ProductListResult {
  content: Product[];
  totalPages: number;
  totalElements: number;
  /** The totals are the server's estimate (docs/products.md "Totals"). */
  totalIsEstimate?: boolean;
  source: ProductListSource | null;
  /** The key (db/query-key.ts) of the query these rows answer; null while none is shown. */
  query: string | null;
}

export const EMPTY_RESULT: ProductListResult = { content: [], totalPages: 0, totalElements: 0, source: null, query: null };

export const productListAtom = atom<ProductListResult>(EMPTY_RESULT);
/** On while products are fetched (the list is cleared first); off afterwards, also on failure. */
export const productListLoadingAtom = atom(false);
/** The last failure: HTTP status (0 = no answer) and a sentence; null after a success. */
export const productListErrorAtom = atom<{ status: number; message: string } | null>(null);
