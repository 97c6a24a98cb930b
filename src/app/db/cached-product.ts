/**
 * A product as the device keeps it (database.ts, table `products`) and its conversions. Apart from
 * database.ts so that the early rows of an offline start (early-page-read.ts) read products
 * without loading Dexie (docs/offline.md "Fifth pass").
 */
import type { Product } from '../../shared/contract';
import { SEARCH_FIELD_NAMES, type ProductSearchFields } from './search-fields';

/**
 * A product as cached: the server's record plus index helpers. moderationKey (version 2: IndexedDB
 * cannot index booleans); the search fields of search-fields.ts (version 3), written on every put.
 */
export interface CachedProduct extends Product, Partial<Omit<ProductSearchFields, 'moderationKey'>> {
  moderationKey: 0 | 1;
  /** The write stamp (version 4; the time, kept increasing): what changed since a sort order was built. */
  keptAt?: number;
}

/**
 * The write stamp of the next write of products (database.ts): the time, but above every stamp
 * kept (`highest`: the highest of the records', and of the blocks', product-blocks.ts), so stamps
 * grow in the order writes commit whatever the clock does.
 */
export function nextWriteStamp(...highest: number[]): number {
  return Math.max(Date.now(), Math.max(0, ...highest) + 1);
}

/** Adds the index helpers to a product from the server or an edit. */
export function toCachedProduct(product: Product): CachedProduct {
  return { ...product, moderationKey: product.passedModeration ? 1 : 0 };
}

/** The product without the cache's index helpers (what the server takes back). */
export function fromCachedProduct(cached: CachedProduct | Product): Product {
  const product: Record<string, unknown> = { ...cached };
  for (const name of SEARCH_FIELD_NAMES) delete product[name];
  delete product.keptAt;
  return product as unknown as Product;
}
