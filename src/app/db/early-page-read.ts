/**
 * The early rows' read (docs/offline.md "Fifth pass"): the page of a list view from the kept
 * products, with IndexedDB itself on the connection the boot module opened (device-connection.ts),
 * so an offline start's first rows wait neither for Dexie's ~100 KB of script nor for its open.
 * It gives what readCachedProducts gives: the page kept for exactly this query, else the page the
 * kept columns make (kept-columns.ts, the rules queryKeptProducts runs with Dexie). When the
 * columns are missing (or of an older shape), or more products were written since they were built
 * than a query merges on the fly, or the database is older than version 5, it answers null and the
 * Dexie read answers (list-head-start.ts). Products kept in blocks are read as the Dexie read
 * reads them (product-blocks.ts).
 */
import { readProductFilterLeniently } from '../../shared/product-filter';
import type { CachedProduct } from './cached-product';
import type { CachedProductPage, MetaRow, StoredColumns } from './database';
import { COLUMNS_KEY, COLUMNS_META_KEY, isCurrentColumns, MERGE_WRITTEN_OVER, pageFromColumns } from './kept-columns';
import { rememberColumns, rememberedFrom } from './kept-columns-memory';
import { idsToRead, keptAnswer, pageContent, type CachedAnswer } from './kept-answer';
import { normalizeProductQuery, productQueryKey, type ProductQuery } from './query-key';
import { firstBlockKeyAbove, PRODUCT_BLOCK_INDEX_STORE, PRODUCT_BLOCKS_STORE, readFromBlocks, type ReadMany } from './product-blocks';

const STORES = ['products', 'productPages', 'keptColumns', 'meta'];
/** Version 6 on: products kept in blocks (product-blocks.ts). */
const BLOCK_STORES = [PRODUCT_BLOCKS_STORE, PRODUCT_BLOCK_INDEX_STORE];

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The page of `query` from the device without Dexie, or null where the Dexie read must answer. */
export async function readPageWithoutDexie(connection: IDBDatabase, query: ProductQuery): Promise<CachedAnswer | null> {
  if (!STORES.every((name) => connection.objectStoreNames.contains(name))) return null;
  const withBlocks = BLOCK_STORES.every((name) => connection.objectStoreNames.contains(name));
  const transaction = connection.transaction(withBlocks ? [...STORES, ...BLOCK_STORES] : STORES, 'readonly');
  const products = transaction.objectStore('products');
  const readMany =
    <T>(store: string): ReadMany<T> =>
    (keys) =>
      Promise.all(keys.map((key) => requested(transaction.objectStore(store).get(key) as IDBRequest<T | undefined>)));
  // A product's record wins over its block copy (product-blocks.ts).
  const read = async (ids: readonly number[]) => {
    const records = await readMany<CachedProduct>('products')([...ids]);
    const missing = ids.filter((_, at) => records[at] === undefined);
    const fromBlocks = withBlocks && missing.length > 0 ? await readFromBlocks(missing, readMany(PRODUCT_BLOCK_INDEX_STORE), readMany(PRODUCT_BLOCKS_STORE)) : null;
    return ids.map((id, at) => records[at] ?? fromBlocks?.get(id)).filter((record) => record !== undefined);
  };

  const keptPage = requested(transaction.objectStore('productPages').get(productQueryKey(query)) as IDBRequest<CachedProductPage | undefined>);
  const meta = requested(transaction.objectStore('meta').get(COLUMNS_META_KEY) as IDBRequest<MetaRow | undefined>);
  meta.catch(() => undefined);
  const stored = await keptPage;
  if (stored) return keptAnswer(stored, await read(stored.productIds));

  const keptAs = (await meta)?.value;
  if (typeof keptAs !== 'number') return null;
  let columns = rememberedFrom(connection.name, keptAs)?.columns ?? null;
  if (columns === null) {
    const stored: unknown = (await requested(transaction.objectStore('keptColumns').get(COLUMNS_KEY) as IDBRequest<StoredColumns | undefined>))?.columns;
    if (!isCurrentColumns(stored) || stored.builtAt !== keptAs) return null;
    columns = stored;
    rememberColumns(connection.name, columns);
  }
  const since = await requested(products.index('keptAt').getAll(IDBKeyRange.lowerBound(columns.builtAt, true), MERGE_WRITTEN_OVER + 1) as IDBRequest<CachedProduct[]>);
  if (since.length > MERGE_WRITTEN_OVER) return null;
  // Blocks written since the columns (a download cut off before it kept them): the Dexie read merges them.
  if (withBlocks && (await requested(transaction.objectStore(PRODUCT_BLOCKS_STORE).count(IDBKeyRange.lowerBound(firstBlockKeyAbove(columns.builtAt))))) > 0) return null;

  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const { ids, total } = pageFromColumns(columns, f, query, since);
  const content = pageContent(ids, since, await read(idsToRead(ids, since)));
  return { page: { content, totalPages: Math.ceil(total / f.size), totalElements: total }, fetchedAt: null, local: true };
}
