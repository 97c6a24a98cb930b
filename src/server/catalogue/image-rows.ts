/** Product images as the API shows them, and the bookkeeping that keeps products in step with them. */
import { asc, eq } from 'drizzle-orm';
import type { ProductImage } from '../../shared/contract';
import type { Queryable } from '../db/query-rows';
import { productImages, products } from '../db/schema';

type ImageRow = typeof productImages.$inferSelect;

/** One image row as a ProductImage: our own file once stored, the supplier's URL until then. */
export function toProductImage(row: Pick<ImageRow, 'id' | 'filePath' | 'sourceUrl' | 'name' | 'altImage' | 'isMainImage'>): ProductImage {
  return {
    id: row.id,
    filePath: row.filePath !== '' ? row.filePath : row.sourceUrl,
    name: row.name,
    altImage: row.altImage,
    isMainImage: row.isMainImage,
  };
}

/** The images of one product in their order (position, then age, then id for a stable order). */
export async function imagesOfProduct(db: Queryable, productId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
}

/**
 * Numbers the product's images 1..n in their current order and sets number_of_images to n. Call
 * inside the transaction that changed the images.
 */
export async function renumberImages(db: Queryable, productId: number): Promise<ImageRow[]> {
  const rows = await imagesOfProduct(db, productId);
  const renumbered: ImageRow[] = [];
  for (const [index, row] of rows.entries()) {
    const position = index + 1;
    if (row.position !== position) {
      await db.update(productImages).set({ position }).where(eq(productImages.id, row.id));
    }
    renumbered.push({ ...row, position });
  }
  await db.update(products).set({ numberOfImages: rows.length }).where(eq(products.productId, productId));
  return renumbered;
}
