/**
 * POST /api/v1/product/batch (docs/offline.md "Batches"): several change sets of different
 * products, each answered exactly as PATCH /api/v1/product/{id} would answer it. The whole batch
 * is one transaction (one commit instead of one per change), and the usual batch (different
 * products, different keys, no family field) is read, locked, read back and recorded for all its
 * items together: on the embedded database each query costs about a millisecond of CPU, which is
 * most of what a save costs, and a change then takes about one query (its UPDATE) instead of
 * eleven. An item refused while it is written makes the batch go again item by item, each in a
 * savepoint, so a refused item (400, 404, 422) leaves no trace and the others go on. Each item keeps the single call's
 * Idempotency-Key record (same key, same fingerprint), so a repeat, as an item or as a PATCH,
 * answers the stored result without saving twice. Items are applied in product-id order (a stable
 * sort: two items of one product keep their order), so two batches on PostgreSQL lock rows in the
 * same order and cannot deadlock each other; the answers are in the order of the items.
 */
import type { ProductChangeSet } from '../../shared/change-set';
import type { Product } from '../../shared/contract';
import type { ProductBatchAnswer, ProductBatchItem } from '../../shared/product-batch';
import { PRODUCT_BATCH_MAX_ITEMS } from '../../shared/product-batch';
import { dbId } from '../../shared/safe-values';
import type { Database } from '../db/connection';
import { sqlStateOf } from '../lib/caught-errors';
import { ApiError, errorBody, refusedValueMessage } from '../http/errors';
import {
  checkIdempotencyKey,
  claimItem,
  finishItem,
  fingerprintOf,
  storedItemAnswers,
  storeItemAnswers,
  type IdempotencyScope,
  type IdempotentAnswer,
  type IdempotentResult,
} from '../http/idempotency';
import { serverSentence } from '../../shared/server-messages';
import { checkChangeSet, refusalError } from './change-set-input';
import { conflictAnswerOf, saveProductChanges, writeProductChanges, writtenHistoryOf, type ChangeWriteOutcome, type WaitingConflicts } from './product-change-save';
import type { DemotedProduct } from './main-product-handover';
import { recordHistory, withRestoredImages } from './product-history';
import { loadProducts, loadProductsForSave } from './product-read-model';

/** The single call's idempotency route: an item and a PATCH with one key are one request. */
export const PATCH_PRODUCT_ROUTE = 'PATCH /product';

/**
 * The batch's items, checked: `{items: [{productId, key, changes}, …]}` with 1 to
 * PRODUCT_BATCH_MAX_ITEMS items. Anything else is a 400 naming the item and the field; what is
 * wrong inside an item's change set is that item's own 400 (checked when it is applied).
 */
export function checkBatchEnvelope(body: unknown): ProductBatchItem[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { items?: unknown }).items)) {
    throw new ApiError(400, 'The batch must be {"items": [{"productId", "key", "changes"}, …]}');
  }
  const items = (body as { items: unknown[] }).items;
  if (items.length === 0 || items.length > PRODUCT_BATCH_MAX_ITEMS) {
    throw new ApiError(400, `items: a batch holds 1 to ${PRODUCT_BATCH_MAX_ITEMS} changes, got ${items.length}`);
  }
  return items.map((item, index) => {
    if (typeof item !== 'object' || item === null) throw new ApiError(400, `items.${index}: must be {"productId", "key", "changes"}`);
    const { productId, key, changes, ...rest } = item as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw new ApiError(400, `items.${index}.${extra.slice(0, 50)}: not a field of a batch item`);
    if (!dbId().safeParse(productId).success) throw new ApiError(400, `items.${index}.productId: must be a positive whole number`);
    if (typeof key !== 'string' || key === '') throw new ApiError(400, `items.${index}.key: the Idempotency-Key of the change is required`);
    try {
      checkIdempotencyKey(key);
    } catch (error) {
      throw new ApiError(400, `items.${index}.key: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (changes === undefined) throw new ApiError(400, `items.${index}.changes: the change set is required`);
    return { productId: productId as number, key, changes };
  });
}

export interface BatchCaller {
  userId: number;
  author: string;
}

/** What the single call answers for a change set it refuses before saving (its body), or null. */
function refusalOf(changes: unknown, now: Date): { message: string } | null {
  const checked = checkChangeSet(changes, now.getTime());
  return checked.ok ? null : errorBody(refusalError(checked));
}

/** Whether a change set touches the family fields: saving it may change other products too (the main product of a family). */
function touchesFamily(changes: unknown): boolean {
  const fields = typeof changes === 'object' && changes !== null ? (changes as { fields?: unknown }).fields : undefined;
  return typeof fields === 'object' && fields !== null && ('mainProduct' in fields || 'familyKey' in fields);
}

/** A written item: its product is read back, its history recorded and its answer stored after the loop. */
interface WrittenItem {
  index: number;
  before: Product;
  demoted: DemotedProduct[];
  set: ProductChangeSet;
  /** The conflicts of the fields not written (answered 409 with the product read back). */
  waiting: WaitingConflicts | null;
}

/** Thrown inside the quick path's transaction to roll it back and redo the batch item by item. */
class RedoItemByItem extends Error {}

type ItemScope = IdempotencyScope & { key: string };

/**
 * Applies the items in one transaction; answers per item, in the items' order. The quick path
 * (saveTogether) takes the usual batch; when it cannot (two items of one product or with one key,
 * a family field, an item refused while being written, a key stored meanwhile), the batch is
 * redone item by item, each exactly as its PATCH, in a savepoint.
 */
export async function saveProductBatch(db: Database, items: readonly ProductBatchItem[], caller: BatchCaller, now: Date): Promise<ProductBatchAnswer[]> {
  const quick =
    new Set(items.map((item) => item.productId)).size === items.length &&
    new Set(items.map((item) => item.key)).size === items.length &&
    !items.some((item) => touchesFamily(item.changes));
  if (quick) {
    const answers = await saveTogether(db, items, caller, now);
    if (answers) return answers;
  }
  return saveItemByItem(db, items, caller, now);
}

/** Items in product-id order (a stable sort: two items of one product keep their order). */
function productOrder(items: readonly ProductBatchItem[]): number[] {
  return items.map((_, index) => index).sort((a, b) => (items[a] as ProductBatchItem).productId - (items[b] as ProductBatchItem).productId || a - b);
}

function scopeOf(item: ProductBatchItem, caller: BatchCaller): ItemScope {
  return { key: item.key, userId: caller.userId, route: PATCH_PRODUCT_ROUTE, fingerprint: fingerprintOf([item.productId, item.changes]) };
}

/**
 * The quick path, for items of different products with different keys and no family field (what
 * the outbox sends): the stored answers of every key (one query), the products read and locked
 * (two), each item's writes, then the saved products read back (one), their history (one insert)
 * and the answers kept with their keys (one insert). The same writes and answers as one PATCH
 * each. Null when an item is refused while being written (everything is rolled back): the caller
 * redoes the batch item by item.
 */
async function saveTogether(db: Database, items: readonly ProductBatchItem[], caller: BatchCaller, now: Date): Promise<ProductBatchAnswer[] | null> {
  const answers: ProductBatchAnswer[] = new Array<ProductBatchAnswer>(items.length);
  const who = { author: caller.author };
  try {
    await db.transaction(async (tx) => {
      const refusals = items.map((item) => refusalOf(item.changes, now));
      const scopes = items.map((item) => scopeOf(item, caller));
      const stored = await storedItemAnswers(tx, scopes.filter((_, index) => refusals[index] === null));
      const locked = await loadProductsForSave(tx, items.map((item) => item.productId));
      const written: WrittenItem[] = [];
      const toStore: { scope: ItemScope; answer: IdempotentAnswer }[] = [];
      for (const index of productOrder(items)) {
        const item = items[index] as ProductBatchItem;
        const refusal = refusals[index] ?? null;
        const replay = stored.get(item.key);
        if (refusal !== null) answers[index] = { key: item.key, status: 400, body: refusal, replayed: false };
        else if (replay) answers[index] = { key: item.key, status: replay.status, body: replay.body as ProductBatchAnswer['body'], replayed: replay.replayed };
        else if (!locked.has(item.productId)) answers[index] = { key: item.key, status: 404, body: serverSentence('productMissing', item.productId), replayed: false };
        else {
          const set = item.changes as ProductChangeSet;
          let outcome: ChangeWriteOutcome;
          try {
            outcome = await writeProductChanges(tx, locked.get(item.productId) ?? null, item.productId, set, now);
          } catch (error) {
            if (error instanceof ApiError || refusedValueMessage(error) !== null) throw new RedoItemByItem();
            throw error;
          }
          if (outcome.kind === 'written') written.push({ index, before: outcome.before, demoted: outcome.demoted, set, waiting: outcome.waiting });
          else if (outcome.kind === 'conflict') answers[index] = { key: item.key, status: 409, body: outcome.answer, replayed: false };
          else {
            answers[index] = { key: item.key, status: 200, body: outcome.product, replayed: false };
            toStore.push({ scope: scopes[index] as ItemScope, answer: { status: 200, body: outcome.product } });
          }
        }
      }
      if (written.length > 0) {
        const productIdOf = (entry: WrittenItem) => (items[entry.index] as ProductBatchItem).productId;
        const saved = new Map((await loadProducts(tx, written.map(productIdOf))).map((product) => [product.productId, product]));
        const productOf = (entry: WrittenItem): Product => {
          const product = saved.get(productIdOf(entry));
          if (!product) throw new Error(`product ${productIdOf(entry)} vanished while saving`);
          return product;
        };
        await recordHistory(tx, await withRestoredImages(tx, written.flatMap((entry) => writtenHistoryOf(entry, productOf(entry), entry.set, who, now))));
        for (const entry of written) {
          const key = (items[entry.index] as ProductBatchItem).key;
          // A 409 is not kept with its key (as the PATCH's): the settled set goes again under it.
          if (entry.waiting) answers[entry.index] = { key, status: 409, body: conflictAnswerOf(productOf(entry), entry.waiting), replayed: false };
          else {
            answers[entry.index] = { key, status: 200, body: productOf(entry), replayed: false };
            toStore.push({ scope: scopes[entry.index] as ItemScope, answer: { status: 200, body: productOf(entry) } });
          }
        }
      }
      await storeItemAnswers(tx, toStore);
    });
  } catch (error) {
    // 23505: a key was stored meanwhile by another request; item by item, that item replays it.
    if (error instanceof RedoItemByItem || sqlStateOf(error) === '23505') return null;
    throw error;
  }
  return answers;
}

/** Each item exactly as its PATCH, in a savepoint of the batch's transaction. */
async function saveItemByItem(db: Database, items: readonly ProductBatchItem[], caller: BatchCaller, now: Date): Promise<ProductBatchAnswer[]> {
  const answers: ProductBatchAnswer[] = new Array<ProductBatchAnswer>(items.length);
  const who = { author: caller.author };
  await db.transaction(async (tx) => {
    for (const index of productOrder(items)) {
      const item = items[index] as ProductBatchItem;
      const refusal = refusalOf(item.changes, now);
      if (refusal !== null) {
        answers[index] = { key: item.key, status: 400, body: refusal, replayed: false };
        continue;
      }
      const scope = scopeOf(item, caller);
      let result: IdempotentResult;
      try {
        result = await tx.transaction(async (savepoint): Promise<IdempotentResult> => {
          const claim = await claimItem(savepoint, scope);
          if (!claim.claimed) return claim.result;
          const outcome = await saveProductChanges(savepoint, item.productId, item.changes as ProductChangeSet, who, now);
          const answer: IdempotentAnswer = outcome.kind === 'saved' ? { status: 200, body: outcome.product } : { status: 409, body: outcome.answer };
          await finishItem(savepoint, claim.storedKey, scope.fingerprint, answer);
          return { ...answer, replayed: false };
        });
      } catch (error) {
        // Refused (404, 400, 422, a value the database refuses): the savepoint is rolled back, the
        // other items go on. Anything else fails the whole batch (500, nothing written), and the
        // client sends it again.
        const refused = refusedValueMessage(error);
        if (refused !== null) result = { status: 400, body: { message: refused }, replayed: false };
        else if (error instanceof ApiError) result = { status: error.status, body: errorBody(error), replayed: false };
        else throw error;
      }
      answers[index] = { key: item.key, status: result.status, body: result.body as ProductBatchAnswer['body'], replayed: result.replayed };
    }
  });
  return answers;
}
