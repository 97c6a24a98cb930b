/**
 * Cached reads of the product list: pages as the server answered them (ids + totals, so an
 * optimistic local edit shows in every cached page), and a local answer for an unseen query.
 */
import type { ProductPage } from '../../shared/contract';
import { toCachedProduct, type BackofficeDatabase } from './database';
import { queryKeptProducts } from './indexed-query';
import { keptAnswer, type CachedAnswer } from './kept-answer';
import { productQueryKey, type ProductQuery } from './query-key';
import { withQuotaFallback } from './storage';

export { keptAnswer, type CachedAnswer } from './kept-answer';

/** Keeps a page the server answered (and its products). */
export async function cacheProductPage(db: BackofficeDatabase, query: ProductQuery, page: ProductPage, now: number = Date.now()): Promise<void> {
  await withQuotaFallback(db, () =>
    db.transaction('rw', [db.products, db.productPages, db.outbox], async () => {
      // A product with a change still waiting keeps the local (newer) copy.
      const waiting = new Set((await db.outbox.toArray()).filter((e) => e.kind === 'product-save' || e.kind === 'product-change').map((e) => e.entityKey));
      await db.products.bulkPut(page.content.filter((p) => !waiting.has(`product:${p.productId}`)).map(toCachedProduct));
      await db.productPages.put({
        key: productQueryKey(query),
        productIds: page.content.map((p) => p.productId),
        totalPages: page.totalPages,
        totalElements: page.totalElements,
        totalIsEstimate: page.totalIsEstimate === true,
        fetchedAt: now,
      });
    }),
  );
}

/** How readCachedProducts reads. */
export interface CachedReadOptions {
  /**
   * False where a page kept for exactly this query is unlikely (an offline start of a view with no
   * snapshot of its own): the kept page's lookup and the filter on the kept products then start
   * together, saving the lookup's round trip before the filter (docs/offline.md "Fourth pass").
   * The kept page still wins when there is one. Default true: look it up first.
   */
  keptPageLikely?: boolean;
}

/** The cached page for exactly this query, or one filtered locally from cached products. */
export async function readCachedProducts(db: BackofficeDatabase, query: ProductQuery, { keptPageLikely = true }: CachedReadOptions = {}): Promise<CachedAnswer> {
  const filtered = keptPageLikely ? null : queryKeptProducts(db, query);
  // Not awaited when the kept page answers: its failure must not surface unhandled.
  filtered?.catch(() => undefined);
  const stored = await db.productPages.get(productQueryKey(query));
  if (stored) return keptAnswer(stored, await db.products.bulkGet(stored.productIds));
  return { page: await (filtered ?? queryKeptProducts(db, query)), fetchedAt: null, local: true };
}
