/**
 * An answer of the device's copies for a product list query, and a kept page as one. Without Dexie
 * (early-page-read.ts reads with IndexedDB itself, docs/offline.md "Fifth pass").
 */
import type { Product, ProductPage } from '../../shared/contract';
import { fromCachedProduct, type CachedProduct } from './cached-product';
import type { CachedProductPage } from './database';

export interface CachedAnswer {
  page: ProductPage;
  /** When the page was fetched; null for a page made locally from cached products. */
  fetchedAt: number | null;
  /** True when filtered locally from cached products (the screen says it is offline data). */
  local: boolean;
}

/** A kept page as an answer: its products as kept now (one deleted since is left out). */
export function keptAnswer(stored: CachedProductPage, products: (CachedProduct | undefined)[]): CachedAnswer {
  const content = products.filter((p) => p !== undefined).map(fromCachedProduct);
  return { page: { content, totalPages: stored.totalPages, totalElements: stored.totalElements, totalIsEstimate: stored.totalIsEstimate === true }, fetchedAt: stored.fetchedAt, local: false };
}

/**
 * The page's products in the order of `ids`, each from `written` (the products written since the
 * kept columns were built, already in hand) or else from `read` (the records read for the rest);
 * an id found in neither (deleted since) is left out.
 */
export function pageContent(ids: readonly number[], written: readonly CachedProduct[], read: readonly (CachedProduct | undefined)[]): Product[] {
  const byId = new Map<number, CachedProduct>();
  for (const record of read) if (record) byId.set(record.productId, record);
  for (const record of written) byId.set(record.productId, record);
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [fromCachedProduct(record)] : [];
  });
}

/** The ids of `ids` that `written` does not hold: the records still to read. */
export function idsToRead(ids: readonly number[], written: readonly CachedProduct[]): number[] {
  const inHand = new Set(written.map((product) => product.productId));
  return ids.filter((id) => !inHand.has(id));
}
