/** The product list's loader wired to the app: the filter call and the device's product cache. */
import { filterProducts } from '../../api/products';
import { fromCachedProduct, getAppDatabase } from '../../db/database';
import { cacheProductPage, readCachedProducts, type CachedAnswer } from '../../db/product-cache';
import { productQueryKey, type ProductQuery } from '../../db/query-key';
import type { ProductListDeps } from './load-product-list';
import { isOnline } from '../../lib/online';

/**
 * The page kept for exactly this query. Unlike readCachedProducts it never filters the whole
 * cache locally, which is wasted work while the server is about to answer.
 * (A candidate for db/product-cache.ts.)
 */
async function readCachedPage(query: ProductQuery): Promise<CachedAnswer | null> {
  const db = getAppDatabase();
  const stored = await db.productPages.get(productQueryKey(query));
  if (!stored) return null;
  const products = await db.products.bulkGet(stored.productIds);
  const content = products.filter((p) => p !== undefined).map(fromCachedProduct);
  return { page: { content, totalPages: stored.totalPages, totalElements: stored.totalElements }, fetchedAt: stored.fetchedAt, local: false };
}

export const appProductListDeps: ProductListDeps = {
  online: isOnline,
  fetchPage: (query) => filterProducts(query),
  readCachedPage,
  readOffline: (query) => readCachedProducts(getAppDatabase(), query),
  keepPage: (query, page) => cacheProductPage(getAppDatabase(), query, page),
  now: () => Date.now(),
};
