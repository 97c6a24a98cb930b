/**
 * Writes the main products an import chooses (docs/feeds.md, "The main product of a family"), in
 * two steps around each batch's write, whatever writer writes it:
 * - before: the batch's claims (FamilyMainChoice, src/shared/feed-family-main.ts) whose product
 *   does not exist yet are decided against the families as they are now; a chosen new product is
 *   written main by its INSERT (`FeedProductRow.mainProduct`), so it is created main: no second
 *   version, no history entry, as for the rest of a new product;
 * - after: the claims of products that existed, and a product this run made main earlier that the
 *   family's parent row takes over from, are written in one transaction, each change with its
 *   product history entry. A claimed product that is already its family's one main product has
 *   nothing to write and is left out, so a re-import's batches need no such transaction.
 * Products are named `<supplierId>:<sourceKey>` (a family key may span suppliers).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FamilyMainChoice, familyMainStep, type FamilyMainClaim } from '../../shared/feed-family-main';
import type { Database } from '../db/connection';
import { products } from '../db/schema';
import { queryRows, type Queryable } from '../db/query-rows';
import { demotedHistory } from '../catalogue/main-product-handover';
import { recordHistory, type HistoryRecord } from '../catalogue/product-history';
import { FEED_IMPORT_AUTHOR } from './feed-batch-writer';
import type { FeedProductRow } from './parse-feed-row';

/** A claim left for after the batch's write. */
interface PendingClaim {
  claim: FamilyMainClaim;
  /** The batch's INSERT created the product main. */
  insertedMain: boolean;
  /** The product this run had made main in the family before this claim. */
  madeBefore: string | null;
}

const productKey = (supplierId: number, sourceKey: string) => `${supplierId}:${sourceKey}`;

/** One import's main products: the choice over its batches, and what it made main so far. */
export class FeedFamilyMains {
  private readonly choice = new FamilyMainChoice();
  /** Per family key: the product (productKey) this run made main. */
  private readonly madeByRun = new Map<string, string>();
  private pending: PendingClaim[] = [];

  constructor(private readonly supplierId: number) {}

  /** Before a batch is written: marks the new products it makes main (`mainProduct`), and keeps the rest of its claims for afterBatch. */
  async beforeBatch(db: Database, rows: FeedProductRow[], mayExist = true): Promise<void> {
    this.pending = [];
    const claims = this.choice.claims(rows);
    if (claims.length === 0) return;
    const mains = await this.mainsOf(db, claims);
    // A claimed product that is already its family's one main product exists, is in this family,
    // and the step after the write would find nothing to do (familyMainStep: the choice already):
    // the batch's write never changes main_product and leaves a family key equal to the feed's as
    // it is. A re-import's claims are nearly all of this kind, and need no more reading and no
    // second transaction.
    const open = claims.filter((claim) => {
      const current = mains.get(claim.familyKey) ?? [];
      return !(current.length === 1 && current[0] === productKey(this.supplierId, claim.sourceKey));
    });
    // No claimed product can exist when the supplier had none as the import started (keys are unique within an import).
    const existing = mayExist ? await this.existingOf(db, open) : new Set<string>();
    const rowByKey = new Map(rows.map((row) => [row.sourceKey, row]));
    for (const claim of open) {
      const madeBefore = this.madeByRun.get(claim.familyKey) ?? null;
      if (existing.has(claim.sourceKey)) {
        this.pending.push({ claim, insertedMain: false, madeBefore });
        continue;
      }
      const chosen = productKey(this.supplierId, claim.sourceKey);
      const row = rowByKey.get(claim.sourceKey);
      const step = row ? familyMainStep(mains.get(claim.familyKey) ?? [], chosen, madeBefore) : null;
      if (step && row) {
        row.mainProduct = true;
        this.madeByRun.set(claim.familyKey, chosen);
        if (step.demote !== null) this.pending.push({ claim, insertedMain: true, madeBefore });
      }
    }
  }

  /** Which of the claimed products exist (by source key). */
  private async existingOf(db: Queryable, claims: readonly FamilyMainClaim[]): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const keys = JSON.stringify(claims.map((claim) => claim.sourceKey));
    const found = await queryRows<{ source_key: string }>(
      db,
      // `= any(array(select …))`: an index lookup whatever the planner's estimates; a join on the
      // JSON rows was planned as a scan of every product while an import's statistics are stale
      // (measured: 59 ms against 0.4 ms a batch at 20,000 products, docs/benchmarks.md).
      sql`select p.source_key from products p
           where p.supplier_id = ${this.supplierId} and p.source_key = any(array(select json_array_elements_text(${keys}::json)))`,
    );
    return new Set(found.map((row) => row.source_key));
  }

  /** After the batch was written: the claims of existing products, and the run's earlier choices a parent row took over from. */
  async afterBatch(db: Database, now: Date): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    if (pending.length === 0) return;
    await db.transaction(async (tx) => {
      const claims = pending.map((item) => item.claim);
      const mainsNow = await this.mainsOf(tx, claims, true);
      const chosen = await tx
        .select({ productId: products.productId, sourceKey: products.sourceKey, familyKey: products.familyKey, title: products.title })
        .from(products)
        .where(and(eq(products.supplierId, this.supplierId), inArray(products.sourceKey, claims.map((claim) => claim.sourceKey))));
      const bySourceKey = new Map(chosen.map((product) => [product.sourceKey, product]));
      const promote: number[] = [];
      const demote = new Map<string, { familyKey: string; newMain: { productId: number; title: string } }>();
      for (const { claim, insertedMain, madeBefore } of pending) {
        const product = bySourceKey.get(claim.sourceKey);
        // A product whose family key a person changed (the feed's is held back) is not in this family.
        if (!product || product.familyKey !== claim.familyKey) continue;
        const key = productKey(this.supplierId, claim.sourceKey);
        const current = (mainsNow.get(claim.familyKey) ?? []).filter((main) => !(insertedMain && main === key));
        const step = familyMainStep(current, key, madeBefore);
        if (!step) continue;
        this.madeByRun.set(claim.familyKey, key);
        if (!insertedMain) promote.push(product.productId);
        if (step.demote !== null) demote.set(step.demote, { familyKey: claim.familyKey, newMain: { productId: product.productId, title: product.title } });
      }
      const who = { author: FEED_IMPORT_AUTHOR, how: 'feed-import' as const, deviceAt: null };
      const history: HistoryRecord[] = [];
      if (promote.length > 0) {
        const promoted = await tx
          .update(products)
          .set({ mainProduct: true, version: sql`${products.version} + 1`, dateUpdate: now })
          .where(and(inArray(products.productId, promote), eq(products.mainProduct, false)))
          .returning({ productId: products.productId, version: products.version });
        for (const product of promoted) history.push({ ...who, productId: product.productId, serverAt: now, version: product.version, changes: [{ field: 'mainProduct', old: false, new: true }] });
      }
      for (const [key, { familyKey, newMain }] of demote) {
        const [supplierId, ...rest] = key.split(':');
        const demoted = await tx
          .update(products)
          .set({ mainProduct: false, version: sql`${products.version} + 1`, dateUpdate: now })
          .where(and(eq(products.supplierId, Number(supplierId)), eq(products.sourceKey, rest.join(':')), eq(products.familyKey, familyKey), eq(products.mainProduct, true)))
          .returning({ productId: products.productId, version: products.version });
        history.push(...demotedHistory(demoted, newMain, who, now));
      }
      await recordHistory(tx, history);
    });
  }

  /** The main products (productKey) of the claims' families now (`lock`: locked until the transaction ends). */
  private async mainsOf(db: Queryable, claims: readonly FamilyMainClaim[], lock = false): Promise<Map<string, string[]>> {
    const families = JSON.stringify([...new Set(claims.map((claim) => claim.familyKey))]);
    const rows = await queryRows<{ supplier_id: number; source_key: string; family_key: string | null }>(
      db,
      sql`select p.supplier_id, p.source_key, p.family_key from products p
           where p.family_key = any(array(select json_array_elements_text(${families}::json))) and p.main_product
          ${lock ? sql`for update` : sql``}`,
    );
    const mains = new Map<string, string[]>();
    for (const row of rows) {
      const list = mains.get(row.family_key ?? '') ?? [];
      list.push(productKey(row.supplier_id, row.source_key));
      mains.set(row.family_key ?? '', list);
    }
    return mains;
  }
}
