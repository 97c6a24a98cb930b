/**
 * Loading one page of the list (docs/requirements.md §4, "Product list loading"; docs/offline.md "Reads"):
 * the flag goes on and the list is cleared; a page kept on the device shows at once; the
 * server's answer replaces it and is kept. Without an answer (offline, no connection) the kept
 * page, or a page filtered on the device, stays with its "offline data" note. The flag goes off
 * afterwards, also on failure. A load overtaken by a newer one changes nothing. When the connection
 * goes while the server's answer for the view is shown, that answer stays, marked as offline data.
 */
import type { createStore } from 'jotai';
import type { ProductPage } from '../../../shared/contract';
import type { CachedAnswer } from '../../db/product-cache';
import { productQueryKey, type ProductQuery } from '../../db/query-key';
import {
  EMPTY_RESULT,
  productListAtom,
  productListErrorAtom,
  productListLoadingAtom,
  type ProductListResult,
} from './product-list-state';

type Store = ReturnType<typeof createStore>;

export interface ProductListDeps {
  online(): boolean;
  fetchPage(query: ProductQuery): Promise<ProductPage>;
  /** The page kept for exactly this query, or null (cheap: no local filtering). */
  readCachedPage(query: ProductQuery): Promise<CachedAnswer | null>;
  /** The kept page, or one filtered on the device from kept products. */
  readOffline(query: ProductQuery): Promise<CachedAnswer>;
  keepPage(query: ProductQuery, page: ProductPage): Promise<void>;
  now(): number;
}

function fromCache(answer: CachedAnswer, key: string): ProductListResult {
  return {
    ...answer.page,
    source: { kind: answer.local ? 'local' : 'cache', fetchedAt: answer.fetchedAt },
    query: key,
  };
}

function failureOf(error: unknown): { status: number; message: string } {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return { status: error.status, message: error instanceof Error ? error.message : String(error) };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

let latestLoad = 0;

/**
 * What the device answers offline, unless it only filtered its kept products while the list shows
 * the server's own answer to this query: that answer stays, as offline data fetched when it was.
 * The copy of a page is written after its rows paint, so a connection lost just then finds no kept
 * page, and the products kept so far can answer it shorter, or not at all. A kept page wins: it
 * shows the device's copies, with any change made since.
 */
function offlineAnswer(answer: CachedAnswer | null, shown: ProductListResult, key: string): ProductListResult | null {
  if ((answer === null || answer.local) && shown.query === key && shown.source?.kind === 'network') {
    return { ...shown, source: { kind: 'cache', fetchedAt: shown.source.fetchedAt } };
  }
  return answer && fromCache(answer, key);
}

/** Loads the page of `query` into the list atoms of `store`. */
export async function loadProductList(store: Store, query: ProductQuery, deps: ProductListDeps): Promise<void> {
  const load = ++latestLoad;
  const key = productQueryKey(query);
  const current = () => load === latestLoad;
  const shown = store.get(productListAtom);
  store.set(productListLoadingAtom, true);
  store.set(productListAtom, EMPTY_RESULT);
  store.set(productListErrorAtom, null);
  try {
    if (!deps.online()) {
      const offline = offlineAnswer(await deps.readOffline(query).catch(() => null), shown, key);
      if (current() && offline) store.set(productListAtom, offline);
      return;
    }
    const cached = deps.readCachedPage(query).then(
      (answer) => {
        // Shown only while the server has not answered yet.
        if (answer && current() && store.get(productListAtom).source === null) store.set(productListAtom, fromCache(answer, key));
      },
      () => undefined,
    );
    try {
      const page = await deps.fetchPage(query);
      if (!current()) return;
      store.set(productListAtom, { ...page, source: { kind: 'network', fetchedAt: deps.now() }, query: key });
      void deps.keepPage(query, page).catch((error: unknown) => console.error('Keeping the product page failed', error));
    } catch (error) {
      const failure = failureOf(error);
      console.error('Loading products failed', error);
      await cached;
      if (!current()) return;
      if (failure.status === 0) {
        // No answer: what the device has is the best there is.
        const offline = offlineAnswer(await deps.readOffline(query).catch(() => null), shown, key);
        if (current() && offline) store.set(productListAtom, offline);
        if (current() && !offline) store.set(productListErrorAtom, failure);
      } else {
        store.set(productListAtom, EMPTY_RESULT);
        store.set(productListErrorAtom, failure);
      }
    }
  } finally {
    if (current()) store.set(productListLoadingAtom, false);
  }
}
