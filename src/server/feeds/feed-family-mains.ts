/**
 * Writes the main products an import chooses (docs/feeds.md, "The main product of a family"):
 * after each batch is written, the batch's claims (FamilyMainChoice, src/shared/feed-family-main.ts)
 * are checked against the families as they are now and written in one transaction, each change
 * with its product history entry. Separate from the batch writer, so every writer gets it alike.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FamilyMainChoice, familyMainStep, type FamilyMainRow, type FamilyMainStep } from '../../shared/feed-family-main';
import type { Database } from '../db/connection';
import { products } from '../db/schema';
import { demotedHistory } from '../catalogue/main-product-handover';
import { recordHistory, type HistoryRecord } from '../catalogue/product-history';
import { FEED_IMPORT_AUTHOR } from './feed-batch-writer';

/** One import's main products: the choice over its batches, and what it made main so far. */
export class FeedFamilyMains {
  private readonly choice = new FamilyMainChoice();
  /** Per family key: the product this run made main. */
  private readonly madeByRun = new Map<string, number>();

  constructor(private readonly supplierId: number) {}

  /** After a batch was written: makes its chosen products main where the rule lets it. Answers how many became main. */
  async afterBatch(db: Database, rows: readonly FamilyMainRow[], now: Date): Promise<number> {
    const claims = this.choice.claims(rows);
    if (claims.length === 0) return 0;
    return db.transaction(async (tx) => {
      const chosen = await tx
        .select({ productId: products.productId, sourceKey: products.sourceKey, familyKey: products.familyKey, title: products.title })
        .from(products)
        .where(and(eq(products.supplierId, this.supplierId), inArray(products.sourceKey, claims.map((claim) => claim.sourceKey))));
      const bySourceKey = new Map(chosen.map((product) => [product.sourceKey, product]));
      const families = [...new Set(claims.map((claim) => claim.familyKey))];
      const mains = await tx
        .select({ productId: products.productId, familyKey: products.familyKey })
        .from(products)
        .where(and(inArray(products.familyKey, families), eq(products.mainProduct, true)))
        .for('update');
      const steps: (FamilyMainStep & { familyKey: string; title: string })[] = [];
      for (const claim of claims) {
        const product = bySourceKey.get(claim.sourceKey);
        // A product whose family key a person changed (the feed's is held back) is not in this family.
        if (!product || product.familyKey !== claim.familyKey) continue;
        const current = mains.filter((main) => main.familyKey === claim.familyKey).map((main) => main.productId);
        const step = familyMainStep(current, product.productId, this.madeByRun.get(claim.familyKey) ?? null);
        if (step) steps.push({ ...step, familyKey: claim.familyKey, title: product.title });
      }
      if (steps.length === 0) return 0;
      const demoteIds = steps.flatMap((step) => (step.demote === null ? [] : [step.demote]));
      const demoted =
        demoteIds.length === 0
          ? []
          : await tx
              .update(products)
              .set({ mainProduct: false, version: sql`${products.version} + 1`, dateUpdate: now })
              .where(and(inArray(products.productId, demoteIds), eq(products.mainProduct, true)))
              .returning({ productId: products.productId, version: products.version });
      const promoted = await tx
        .update(products)
        .set({ mainProduct: true, version: sql`${products.version} + 1`, dateUpdate: now })
        .where(and(inArray(products.productId, steps.map((step) => step.promote)), eq(products.mainProduct, false)))
        .returning({ productId: products.productId, version: products.version });
      const who = { author: FEED_IMPORT_AUTHOR, how: 'feed-import' as const, deviceAt: null };
      const history: HistoryRecord[] = promoted.map((product) => ({
        ...who,
        productId: product.productId,
        serverAt: now,
        version: product.version,
        changes: [{ field: 'mainProduct', old: false, new: true }],
      }));
      for (const step of steps) {
        this.madeByRun.set(step.familyKey, step.promote);
        const gone = demoted.filter((product) => product.productId === step.demote);
        history.push(...demotedHistory(gone, { productId: step.promote, title: step.title }, who, now));
      }
      await recordHistory(tx, history);
      return promoted.length;
    });
  }
}
