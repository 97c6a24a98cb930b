/**
 * DELETE /api/v1/image/{imageId} (docs/ean-and-images.md): the call older apps queue to delete a
 * stored image; the current app deletes an image in its change set instead, with a base
 * (docs/products.md "PATCH /product/{id}"). Deletes whatever the image is now, renumbers the rest,
 * raises the product's version and records the delete in the history like any image change
 * ("Image 2 'x.png' deleted by Bram", src/shared/image-history.ts). Runs in the caller's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProductImage } from '../../shared/contract';
import { imageHistoryChanges } from '../../shared/image-history';
import type { Queryable } from '../db/query-rows';
import { productImages, products } from '../db/schema';
import { renumberImages, toProductImage } from './image-rows';
import { loadProductForSave } from './product-read-model';
import { recordHistory } from './product-history';

export interface ImageDeleted {
  images: ProductImage[];
  version: number;
}

/** Deletes one image; null when there is no such image. */
export async function deleteImage(tx: Queryable, imageId: string, author: string, now: Date): Promise<ImageDeleted | null> {
  const [target] = await tx.select({ productId: productImages.productId }).from(productImages).where(eq(productImages.id, imageId));
  if (!target) return null;
  const { productId } = target;
  // Locked and read as every save of the product is: no save of it runs until this one ends.
  const before = (await loadProductForSave(tx, productId))?.product.productImages ?? [];
  const [row] = await tx.delete(productImages).where(eq(productImages.id, imageId)).returning({ productId: productImages.productId });
  if (!row) return null;
  const remaining = (await renumberImages(tx, productId)).map(toProductImage);
  const [product] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, dateUpdate: now })
    .where(eq(products.productId, productId))
    .returning({ version: products.version });
  const version = product?.version ?? 0;
  await recordHistory(tx, [{ productId, author, how: 'editor', deviceAt: null, serverAt: now, version, changes: imageHistoryChanges(before, remaining) }]);
  return { images: remaining, version };
}
