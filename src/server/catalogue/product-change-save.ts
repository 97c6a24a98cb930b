/**
 * PATCH /api/v1/product/{id}: a change set merged three ways with the product as it is now
 * (src/shared/change-set-merge.ts), in one transaction. The merged fields and images are written at
 * once, the version goes up by one and the history records the change; only the conflicting fields
 * wait: the answer (409) names each with base, mine and theirs and who changed theirs when (from
 * the history), with the product as it is now and what of the set is written, and the person
 * decides per field (docs/products.md, docs/offline.md "Conflicts").
 */
import { serverMessages, serverSentence } from '../../shared/server-messages';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writtenKeys, type ChangeSetConflict, type FieldConflict, type ProductChangeSet } from '../../shared/change-set';
import { mergeChangeSet, mergeWritesNothing, type ImageMerge, type MergeConflict } from '../../shared/change-set-merge';
import type { HistoryHow, Product, ProductImage } from '../../shared/contract';
import { isProductFieldName } from '../../shared/product-fields';
import { writeProtocolOf } from '../../shared/write-protocol';
import { productImages, products } from '../db/schema';
import { ApiError } from '../http/errors';
import { productColumns } from './product-field-columns';
import { lastChanges, recordHistory, withRestoredImages, type HistoryChange, type HistoryRecord } from './product-history';
import { loadProduct, loadProductForSave, type ImageRow, type ProductForSave } from './product-read-model';
import type { Queryable } from '../db/query-rows';
import { checkProductSaveInput } from './product-save-input';
import { checkNewImages, savedFieldChanges } from './product-save';
import { imageHistoryChanges } from '../../shared/image-history';
import { withImageConflictDetails } from './image-conflicts';
import { demotedHistory, demoteOtherMains, type DemotedProduct } from './main-product-handover';

export type ChangeSaveOutcome = { kind: 'saved'; product: Product } | { kind: 'conflict'; answer: ChangeSetConflict };

export const CHANGE_CONFLICT_MESSAGE = serverMessages.changeConflict;
/** The message of a conflict answer whose other fields were written. */
export const CHANGE_CONFLICT_REST_SAVED_MESSAGE = serverMessages.changeConflictRestSaved;

/** The history's name of a conflict key: a product field, or the images. */
function historyFieldOf(key: string): string {
  return isProductFieldName(key) ? key : 'productImages';
}

/**
 * Writes an image merge. `rows`: the image rows as read for the save (their stored position and
 * main flag), so a row whose place and flag stay is not written again.
 */
async function applyImageMerge(tx: Queryable, productId: number, current: readonly ProductImage[], rows: readonly ImageRow[], merge: ImageMerge): Promise<number> {
  if (merge.deletes.length > 0) {
    await tx.delete(productImages).where(and(eq(productImages.productId, productId), inArray(productImages.id, merge.deletes)));
  }
  for (const edit of merge.edits) {
    const { id, ...fields } = edit;
    await tx.update(productImages).set(fields).where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
  }
  const remaining = current.filter((image) => !merge.deletes.includes(image.id)).map((image) => image.id);
  const inserted = merge.inserts.map((image) => ({ ...image, id: /^[0-9a-f-]{36}$/i.test(image.id) ? image.id.toLowerCase() : randomUUID() }));
  let ids = [...remaining, ...inserted.map((image) => image.id)];
  if (merge.order) {
    const order = merge.order;
    ids = [...order.filter((id) => ids.includes(id)), ...ids.filter((id) => !order.includes(id))];
  }
  const mainOf = (id: string, wasMain: boolean) => (merge.main === undefined ? wasMain : merge.main === id);
  if (inserted.length > 0) {
    await tx.insert(productImages).values(
      inserted.map((image) => ({
        id: image.id,
        productId,
        filePath: image.filePath.trim(),
        name: image.name,
        altImage: image.altImage,
        isMainImage: mainOf(image.id, false),
        position: ids.indexOf(image.id) + 1,
      })),
    );
  }
  const stored = new Map(rows.map((row) => [row.id, row]));
  for (const image of current) {
    if (merge.deletes.includes(image.id)) continue;
    const position = ids.indexOf(image.id) + 1;
    const isMainImage = mainOf(image.id, image.isMainImage);
    const row = stored.get(image.id);
    if (row && row.position === position && row.isMainImage === isMainImage) continue;
    await tx
      .update(productImages)
      .set({ position, isMainImage: mainOf(image.id, image.isMainImage) })
      .where(and(eq(productImages.id, image.id), eq(productImages.productId, productId)));
  }
  return ids.length;
}

export interface ChangeAuthor {
  author: string;
}

/** Conflicts that wait for the person, with who changed theirs when, and the keys of the set on the server now. */
export interface WaitingConflicts {
  conflicts: FieldConflict[];
  written: string[];
}

/**
 * What writing a change set did: a conflict with nothing to write, nothing to write, or written
 * (`waiting`: the conflicts of the fields not written, answered once the product is read back).
 */
export type ChangeWriteOutcome =
  | { kind: 'conflict'; answer: ChangeSetConflict }
  | { kind: 'unchanged'; product: Product }
  /** `demoted`: other products of the family that stopped being main (main-product-handover.ts). */
  | { kind: 'written'; before: Product; demoted: DemotedProduct[]; waiting: WaitingConflicts | null };

/** The 409 answer: the conflicts that wait, the product as it is now, what of the set it has. */
export function conflictAnswerOf(product: Product, waiting: WaitingConflicts): ChangeSetConflict {
  const sentence = serverSentence(waiting.written.length > 0 ? 'changeConflictRestSaved' : 'changeConflict');
  return { ...sentence, conflicts: waiting.conflicts, product, written: waiting.written };
}

/** The merge's conflicts with who changed theirs last and when (read before this save writes its own history). */
async function waitingConflictsOf(tx: Queryable, productId: number, set: ProductChangeSet, conflicts: readonly MergeConflict[]): Promise<WaitingConflicts> {
  const who = await lastChanges(tx, productId, [...new Set(conflicts.map((conflict) => historyFieldOf(conflict.field)))]);
  const answered = conflicts.map((conflict) => {
    const last = who.get(historyFieldOf(conflict.field));
    return { ...conflict, changedBy: last?.author ?? null, changedAt: last?.at ?? null };
  });
  return {
    // Image conflicts: who changed that image, and the sides of an image someone else deleted (image-conflicts.ts).
    conflicts: await withImageConflictDetails(tx, productId, answered),
    written: writtenKeys(set, conflicts),
  };
}

/** Runs inside the caller's transaction (the route's, which also holds the Idempotency-Key record). */
export async function saveProductChanges(tx: Queryable, productId: number, set: ProductChangeSet, who: ChangeAuthor, now: Date): Promise<ChangeSaveOutcome> {
  // Read and locked in one query: no other save of this product runs until the transaction ends.
  const outcome = await writeProductChanges(tx, await loadProductForSave(tx, productId), productId, set, now);
  if (outcome.kind === 'conflict') return outcome;
  if (outcome.kind === 'unchanged') return { kind: 'saved', product: outcome.product };
  const saved = await loadProduct(tx, productId);
  if (!saved) throw new Error(`product ${productId} vanished while saving`);
  await recordHistory(tx, await withRestoredImages(tx, writtenHistoryOf(outcome, saved, set, who, now)));
  return outcome.waiting ? { kind: 'conflict', answer: conflictAnswerOf(saved, outcome.waiting) } : { kind: 'saved', product: saved };
}

/** Whether a change set asks for any change to the images (add, delete, edit, order or main image). */
function touchesImages(set: ProductChangeSet): boolean {
  const { added, deleted, edited, order, main } = set.images;
  return added.length > 0 || deleted.length > 0 || edited.length > 0 || order !== undefined || main !== undefined;
}

/**
 * The history record of a written change set: the fields and images it changed, by whom, how, when.
 * Only what the set itself names can be recorded (docs/products.md, "`GET /product/{id}/history`"): the product read
 * back after the write is compared with the product as read for the save for those fields alone,
 * so nothing another save wrote (a brand it created, a category it set) is ever put in this save's
 * name.
 */
export function changeHistoryOf(before: Product, saved: Product, set: ProductChangeSet, who: ChangeAuthor, now: Date): HistoryRecord {
  const named = new Set<string>(Object.keys(set.fields));
  const changes: HistoryChange[] = savedFieldChanges(before, saved).filter((change) => named.has(change.field));
  // Images: one change per image that changed (src/shared/image-history.ts).
  if (touchesImages(set)) changes.push(...imageHistoryChanges(before.productImages, saved.productImages));
  const how: HistoryHow = set.offline ? 'offline-sync' : 'editor';
  return { productId: saved.productId, author: who.author, how, deviceAt: new Date(set.madeAt), serverAt: now, version: saved.version, changes };
}

/** The history of a written change set: its own entry, and one per product it made stop being main. */
export function writtenHistoryOf(written: { before: Product; demoted: readonly DemotedProduct[] }, saved: Product, set: ProductChangeSet, who: ChangeAuthor, now: Date): HistoryRecord[] {
  const own = changeHistoryOf(written.before, saved, set, who, now);
  return [own, ...demotedHistory(written.demoted, saved, own, now)];
}

/**
 * Merges a change set into the product as read (and locked) for the save, `found`, and writes the
 * merge, conflicts or not (the conflicting fields keep theirs); the caller reads the product back,
 * records the history (changeHistoryOf) and answers the conflicts, so a batch can do that for many
 * products at once. Throws 404 when there is no product, 400 when the result would be invalid.
 */
export async function writeProductChanges(tx: Queryable, found: ProductForSave | null, productId: number, set: ProductChangeSet, now: Date): Promise<ChangeWriteOutcome> {
  const current = found?.product;
  if (!found || !current) throw ApiError.saying(404, serverSentence('productMissing', productId));

  const merged = mergeChangeSet(current, set, writeProtocolOf(set));
  const waiting = merged.conflicts.length > 0 ? await waitingConflictsOf(tx, productId, set, merged.conflicts) : null;
  // Only conflicts (the rest already as asked: a repeat): nothing to write, nothing to check.
  if (waiting && mergeWritesNothing(merged)) return { kind: 'conflict', answer: conflictAnswerOf(current, waiting) };
  // The product as it would be: it must pass the same checks as a whole-product save.
  const checked = checkProductSaveInput({ ...current, ...merged.writes });
  if (!checked.ok) throw new ApiError(400, checked.message);
  if (mergeWritesNothing(merged)) return { kind: 'unchanged', product: current };

  await checkNewImages(tx, merged.images.inserts);
  const columns = await productColumns(tx, merged.writes);
  const imageCount = await applyImageMerge(tx, productId, current.productImages, found.images, merged.images);
  await tx
    .update(products)
    .set({ ...columns, numberOfImages: imageCount, version: sql`${products.version} + 1`, dateUpdate: now })
    .where(eq(products.productId, productId));

  const familyKey = checked.input.familyKey;
  const demoted = merged.writes.mainProduct === true && familyKey !== null ? await demoteOtherMains(tx, familyKey, productId, now) : [];
  return { kind: 'written', before: current, demoted, waiting };
}
