/**
 * PATCH /api/v1/product/{id}: a change set merged three ways with the product as it is now
 * (product-merge.ts), in one transaction. A save with any conflict writes nothing: the answer names
 * each conflicting field with base, mine and theirs and who changed theirs when (from the history),
 * and the person decides per field (docs/products.md). Otherwise only the merged fields and images
 * are written, the version goes up by one, and the history records the change.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChangeSetConflict, ProductChangeSet } from '../../shared/change-set';
import type { HistoryHow, Product, ProductImage } from '../../shared/contract';
import { isProductFieldName } from '../../shared/product-fields';
import type { Database } from '../db/connection';
import { productImages, products } from '../db/schema';
import { ApiError } from '../http/errors';
import { productColumns } from './product-field-columns';
import { lastChanges, recordHistory, type HistoryChange } from './product-history';
import { mergeChangeSet, mergeWritesNothing, type ImageMerge } from './product-merge';
import { loadProduct, type Queryable } from './product-read-model';
import { checkProductSaveInput } from './product-save-input';
import { checkNewImages, imageHistoryValue, savedFieldChanges } from './product-save';

export type ChangeSaveOutcome = { kind: 'saved'; product: Product } | { kind: 'conflict'; answer: ChangeSetConflict };

export const CHANGE_CONFLICT_MESSAGE = 'Someone else changed some of these fields meanwhile; nothing was saved. Choose per field.';

/** The history's name of a conflict key: a product field, or the images. */
function historyFieldOf(key: string): string {
  return isProductFieldName(key) ? key : 'productImages';
}

async function applyImageMerge(tx: Queryable, productId: number, current: readonly ProductImage[], merge: ImageMerge): Promise<number> {
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
  for (const image of current) {
    if (merge.deletes.includes(image.id)) continue;
    const position = ids.indexOf(image.id) + 1;
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

export async function saveProductChanges(db: Database, productId: number, set: ProductChangeSet, who: ChangeAuthor, now: Date): Promise<ChangeSaveOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ version: products.version }).from(products).where(eq(products.productId, productId)).for('update');
    if (!row) throw new ApiError(404, `Product ${productId} does not exist`);
    const current = await loadProduct(tx, productId);
    if (!current) throw new ApiError(404, `Product ${productId} does not exist`);

    const merged = mergeChangeSet(current, set);
    if (merged.conflicts.length > 0) {
      const who = await lastChanges(tx, productId, [...new Set(merged.conflicts.map((conflict) => historyFieldOf(conflict.field)))]);
      return {
        kind: 'conflict',
        answer: {
          message: CHANGE_CONFLICT_MESSAGE,
          product: current,
          conflicts: merged.conflicts.map((conflict) => {
            const last = who.get(historyFieldOf(conflict.field));
            return { ...conflict, changedBy: last?.author ?? null, changedAt: last?.at ?? null };
          }),
        },
      };
    }
    // The product as it would be: it must pass the same checks as a whole-product save.
    const checked = checkProductSaveInput({ ...current, ...merged.writes });
    if (!checked.ok) throw new ApiError(400, checked.message);
    if (mergeWritesNothing(merged)) return { kind: 'saved', product: current };

    await checkNewImages(tx, merged.images.inserts);
    const columns = await productColumns(tx, merged.writes);
    const imageCount = await applyImageMerge(tx, productId, current.productImages, merged.images);
    await tx
      .update(products)
      .set({ ...columns, numberOfImages: imageCount, version: sql`${products.version} + 1`, dateUpdate: now })
      .where(eq(products.productId, productId));

    const familyKey = checked.input.familyKey;
    if (merged.writes.mainProduct === true && familyKey !== null) {
      await tx
        .update(products)
        .set({ mainProduct: false, version: sql`${products.version} + 1`, dateUpdate: now })
        .where(and(eq(products.familyKey, familyKey), eq(products.mainProduct, true), ne(products.productId, productId)));
    }

    const saved = await loadProduct(tx, productId);
    if (!saved) throw new Error(`product ${productId} vanished while saving`);
    const changes: HistoryChange[] = savedFieldChanges(current, saved);
    const imagesBefore = imageHistoryValue(current.productImages);
    const imagesAfter = imageHistoryValue(saved.productImages);
    if (JSON.stringify(imagesBefore) !== JSON.stringify(imagesAfter)) changes.push({ field: 'productImages', old: imagesBefore, new: imagesAfter });
    const how: HistoryHow = set.offline ? 'offline-sync' : 'editor';
    await recordHistory(tx, [{ productId, author: who.author, how, deviceAt: new Date(set.madeAt), serverAt: now, version: saved.version, changes }]);
    return { kind: 'saved', product: saved };
  });
}
