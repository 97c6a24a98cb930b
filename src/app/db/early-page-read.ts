/**
 * The early rows' read (docs/offline.md "Fifth pass"): the page of a list view from the kept
 * products, with IndexedDB itself on the connection the boot module opened (device-connection.ts),
 * so an offline start's first rows wait neither for Dexie's ~100 KB of script nor for its open.
 * It gives what readCachedProducts gives: the page kept for exactly this query, else the page the
 * indexes and the kept sort order make (index-plan.ts, the rules queryKeptProducts runs with
 * Dexie). Any other query (a filter checked on the records, no kept order, a database older than
 * version 4) answers null, and the Dexie read answers it (list-head-start.ts).
 */
import type { Product } from '../../shared/contract';
import { readProductFilterLeniently } from '../../shared/product-filter';
import { fromCachedProduct, type CachedProduct } from './cached-product';
import type { CachedProductPage, StoredSortOrder } from './database';
import { idPageIds, intersect, orderPageIds, planLookups, type IndexLookup } from './index-plan';
import { keptAnswer, type CachedAnswer } from './kept-answer';
import { filterProductsLocally } from './local-filter';
import { normalizeProductQuery, productQueryKey, type ProductQuery } from './query-key';
import { isSortOrderKey } from './sort-order-rules';

const STORES = ['products', 'productPages', 'sortOrders'];

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The key range of a lookup, as Dexie builds it (`startsWith`: up to the text followed by U+FFFF). */
function keyRange(range: IndexLookup['range']): IDBKeyRange | null {
  if ('equals' in range) return IDBKeyRange.only(range.equals);
  if ('startsWith' in range) return IDBKeyRange.bound(range.startsWith, `${range.startsWith}\uffff`);
  if ('from' in range) return IDBKeyRange.bound(range.from, range.to);
  return null;
}

async function lookupIds(products: IDBObjectStore, { index, range }: IndexLookup): Promise<number[]> {
  const keys = keyRange(range);
  return keys === null ? [] : ((await requested(products.index(index).getAllKeys(keys))) as number[]);
}

/** The page of `query` from the device without Dexie, or null where the Dexie read must answer. */
export async function readPageWithoutDexie(connection: IDBDatabase, query: ProductQuery): Promise<CachedAnswer | null> {
  if (!STORES.every((name) => connection.objectStoreNames.contains(name))) return null;
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const plan = planLookups(f);
  const byId = f.sort.key === 'productId';
  const transaction = connection.transaction(STORES, 'readonly');
  const products = transaction.objectStore('products');
  const answerable = !plan.needsRecords && plan.sources.length > 0 && (byId || isSortOrderKey(f.sort.key)) && products.indexNames.contains('keptAt');
  const read = async (ids: readonly number[]) =>
    (await Promise.all(ids.map((id) => requested(products.get(id) as IDBRequest<CachedProduct | undefined>)))).filter((record) => record !== undefined);

  // Every read is asked for at once: the kept page, the filters' lookups and the sort order.
  const keptPage = requested(transaction.objectStore('productPages').get(productQueryKey(query)) as IDBRequest<CachedProductPage | undefined>);
  const lists = answerable ? Promise.all(plan.sources.map(async (lookups) => (await Promise.all(lookups.map((lookup) => lookupIds(products, lookup)))).flat())) : null;
  const order = answerable && !byId ? requested(transaction.objectStore('sortOrders').get(f.sort.key) as IDBRequest<StoredSortOrder | undefined>) : null;
  lists?.catch(() => undefined);
  order?.catch(() => undefined);

  const stored = await keptPage;
  if (stored) return keptAnswer(stored, await read(stored.productIds));
  if (lists === null) return null;
  const candidates = intersect(await lists);
  const skip = f.page * f.size;
  const descending = f.sort.direction === 'desc';
  let content: Product[];
  if (byId) {
    content = (await read(idPageIds(candidates, descending, skip, f.size))).map(fromCachedProduct);
  } else {
    const kept = await order;
    if (!kept) return null;
    const changed = (await requested(products.index('keptAt').getAllKeys(IDBKeyRange.lowerBound(kept.builtAt, true)))) as number[];
    const ids = orderPageIds({ ids: kept.ids, changed: new Set(changed) }, descending, candidates, skip + f.size);
    if (ids === null) return null;
    content = filterProductsLocally((await read(ids)).map(fromCachedProduct), query).content;
  }
  return { page: { content, totalPages: Math.ceil(candidates.size / f.size), totalElements: candidates.size }, fetchedAt: null, local: true };
}
