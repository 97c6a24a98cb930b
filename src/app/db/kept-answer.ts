/**
 * An answer of the device's copies for a product list query, and a kept page as one. Without Dexie
 * (early-page-read.ts reads with IndexedDB itself, docs/offline.md "Fifth pass").
 */
import type { ProductPage } from '../../shared/contract';
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
