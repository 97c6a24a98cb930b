/** The product list's loader wired to the app: the filter call and the device's product cache. */
import { filterProducts } from '../../api/products';
import { keepProductPage, readKeptProductPage, readProductPageOffline } from '../../db/device-copies';
import { afterNextPaint } from '../../lib/after-paint';
import { isOnline } from '../../lib/online';
import { earlyFilterCalls } from './early-filter-call';
import { takeHeadStart } from './list-head-start';
import type { ProductListDeps } from './load-product-list';
import { toFilterQuery } from './product-list-rules';
import { productListViewAtom } from './product-list-state';
import { productQueryKey } from '../../db/query-key';
import type { createStore } from 'jotai';

/** Filter calls started as the view changes (early-filter-call.ts), taken by the list's load. */
export const earlyListCalls = earlyFilterCalls((query) => filterProducts(query), () => performance.now());

export const appProductListDeps: ProductListDeps = {
  online: isOnline,
  fetchPage: (query) => earlyListCalls.take(query) ?? filterProducts(query),
  readCachedPage: readKeptProductPage,
  readOffline: (query) => takeHeadStart(query)?.then((answer) => answer ?? readProductPageOffline(query)) ?? readProductPageOffline(query),
  // The copy on the device changes nothing on the screen: it is written once the rows have painted.
  // It is asked for as the answer is set, before React has rendered it: the frame after next.
  keepPage: (query, page) => afterNextPaint(250, 2).then(() => keepProductPage(query, page)),
  now: () => Date.now(),
};

/**
 * Starts the filter call of each changed view as the view's atom changes, online (offline there is
 * no call to start); a change that leaves the query as it was starts nothing. Returns the
 * unsubscribe, for the list page's effect.
 */
export function startCallsAsViewChanges(store: ReturnType<typeof createStore>): () => void {
  // The query of the view last seen here: a change that keeps it needs no call (no load follows).
  let lastKey = productQueryKey(toFilterQuery(store.get(productListViewAtom)));
  return store.sub(productListViewAtom, () => {
    const query = toFilterQuery(store.get(productListViewAtom));
    const key = productQueryKey(query);
    if (key === lastKey) return;
    lastKey = key;
    if (isOnline()) earlyListCalls.start(query);
  });
}
