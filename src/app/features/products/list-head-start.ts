/**
 * A head start for /products on a cold start (docs/offline.md "Start"): while the router, the
 * layout and the list page's chunk still load (main.tsx fetches them side by side), offline the kept page of the view the
 * list will show (the address's, else the one remembered on this device) is read from the device,
 * and put on the list's atoms, so the rows paint with the page's first render. The list's own load
 * then takes that read instead of reading again (`takeHeadStart`). Loaded (offline, on /products)
 * by the boot module when no snapshot paints (boot/early-list-read.ts), else by main.tsx for a
 * session opening /products; a first visit to /login carries none of it.
 */
import type { CachedAnswer, CachedReadOptions } from '../../db/product-cache';
import { productQueryKey, type ProductQuery } from '../../db/query-key';
import { isOnline } from '../../lib/online';
import { appStore } from '../../state/store';
import { toFilterQuery } from './product-list-rules';
import { productListAtom, productListViewAtom } from './product-list-state';
import { fromSearchString, type ListView } from './product-list-view';

let headStart: { key: string; answer: Promise<CachedAnswer | null> } | null = null;

/** The head start's read of `query`, once; null when there is none for exactly this query. */
export function takeHeadStart(query: ProductQuery): Promise<CachedAnswer | null> | null {
  if (!headStart || headStart.key !== productQueryKey(query)) return null;
  const { answer } = headStart;
  headStart = null;
  return answer;
}

/** How the head start reads: as readCachedProducts (CachedReadOptions), and where it reads first. */
export interface HeadStartOptions extends CachedReadOptions {
  /**
   * A read tried first; null leaves the query to the Dexie read. The boot module's early paths
   * give theirs, on the connection the boot module opened, without Dexie
   * (boot/boot-connection-read.ts).
   */
  readFirst?: (query: ProductQuery) => Promise<CachedAnswer | null>;
}

/** The read itself: Dexie's chunk is loaded only when the read without it does not answer. */
async function readHeadStart(query: ProductQuery, { readFirst, ...options }: HeadStartOptions): Promise<CachedAnswer> {
  const first = readFirst ? await readFirst(query).catch(() => null) : null;
  if (first) return first;
  const { readProductPageOffline } = await import('../../db/device-copies');
  return readProductPageOffline(query, options);
}

/** The head start's read of this page load: the view it reads and its answer. */
export interface HeadStartRead {
  view: ListView;
  answer: Promise<CachedAnswer | null>;
}

let started: HeadStartRead | null = null;
let settled: Promise<unknown> = Promise.resolve();

/** Resolves once the head start's read has its answer (at once when none was started). */
export function headStartSettled(): Promise<void> {
  return settled.then(() => undefined);
}

/**
 * Once per page load (the boot module may start it before main.tsx asks again); gives the read of
 * this page load, null online. The boot module's early paths pass `keptPageLikely: false` (they
 * run for a view with no snapshot of its own on this start, product-cache.ts CachedReadOptions)
 * and their read without Dexie (HeadStartOptions `readFirst`).
 */
export function startListHeadStart(search: string = window.location.search, store = appStore, options: HeadStartOptions = {}): HeadStartRead | null {
  if (started) return started;
  if (isOnline()) return null;
  const view = search.replace(/^\?/, '') !== '' ? fromSearchString(search) : store.get(productListViewAtom);
  const query = toFilterQuery(view);
  const key = productQueryKey(query);
  performance.mark('boot:head-start');
  const answer = readHeadStart(query, options).catch(() => null);
  headStart = { key, answer };
  started = { view, answer };
  settled = answer;
  void answer.then((found) => {
    performance.mark('boot:head-read');
    // Only while the list shows nothing yet: once its own load ran, its answer stands.
    if (!found || store.get(productListAtom).source !== null) return;
    store.set(productListAtom, { ...found.page, source: { kind: found.local ? 'local' : 'cache', fetchedAt: found.fetchedAt }, query: key });
  });
  return started;
}
