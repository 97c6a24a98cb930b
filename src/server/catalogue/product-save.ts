/**
 * PUT /api/v1/product: saves a whole product and its image list in one transaction. The version
 * goes up by one and date_update becomes now on every save; the product row is locked when it is
 * read (FOR UPDATE), so the version checked against If-Match is the one updated and a concurrent
 * save cannot be overwritten unseen.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HistoryHow, Product, ProductImage } from '../../shared/contract';
import { categories, mediaFiles, productImages, products } from '../db/schema';
import { ApiError } from '../http/errors';
import { headerMatchesVersion } from '../http/version-etag';
import { productColumns } from './product-field-columns';
import { SAVED_PRODUCT_FIELDS, sameFieldValue, type ProductFieldValues } from '../../shared/product-fields';
import { recordHistory, type HistoryChange } from './product-history';
import { demotedHistory, demoteOtherMains } from './main-product-handover';
import { SAVED_FIELDS } from '../../shared/change-set';
import { diffFields } from '../../shared/field-diff';
import { imageHistoryChanges } from '../../shared/image-history';
import { isMediaPath, planImages, type ImagePlan, type ImageUpdate } from './product-image-plan';
import { loadImages, loadProductForSave, productDto } from './product-read-model';
import type { Queryable } from '../db/query-rows';
import type { ProductSaveInput } from './product-save-input';

/** The values of every field a product save writes (src/shared/product-fields.ts). */
export function savedFieldValues(product: ProductFieldValues): Partial<ProductFieldValues> {
  return Object.fromEntries(SAVED_PRODUCT_FIELDS.map((name) => [name, product[name]])) as Partial<ProductFieldValues>;
}

/** The saved fields whose value differs between two versions of a product, old and new (the history; src/shared/field-diff.ts). */
export function savedFieldChanges(before: Product, after: Product): HistoryChange[] {
  return Object.entries(diffFields(SAVED_FIELDS, before, after)).map(([field, change]) => ({ field, old: change?.base, new: change?.value }));
}


/** Who saves, for the history. */
export interface SaveAuthor {
  author: string;
  how?: HistoryHow;
  /** When the change was made on the device (src/server/http/author.ts); null: not known. */
  deviceAt?: Date | null;
}

export type ProductSaveOutcome =
  | { kind: 'saved'; product: Product }
  /** If-Match named another version, or another save won the race: nothing was written. */
  | { kind: 'stale'; product: Product };

/** New images must use files stored on this server and ids no other product uses. */
export async function checkNewImages(tx: Queryable, inserts: readonly Pick<ProductImage, 'id' | 'filePath'>[]): Promise<void> {
  const plan = { inserts };
  if (plan.inserts.length === 0) return;
  for (const image of plan.inserts) {
    if (!isMediaPath(image.filePath)) {
      throw new ApiError(400, `New image '${image.id}' must use a file uploaded to this server (/media/…), got '${image.filePath}'`);
    }
  }
  const paths = [...new Set(plan.inserts.map((image) => image.filePath))];
  const stored = await tx.select({ filePath: mediaFiles.filePath }).from(mediaFiles).where(inArray(mediaFiles.filePath, paths));
  const known = new Set(stored.map((row) => row.filePath));
  const unknown = paths.find((p) => !known.has(p));
  if (unknown !== undefined) throw new ApiError(400, `Image file ${unknown} does not exist on this server; upload it first`);

  const taken = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(inArray(productImages.id, plan.inserts.map((image) => image.id)));
  if (taken.length > 0) throw new ApiError(400, `Image id '${taken[0]?.id}' belongs to another product`);
}

/**
 * Writes the image plan; true when anything was written. An image whose name, alt text, main flag and position are as stored is
 * not written again: most saves change product fields only, and one UPDATE per unchanged image
 * was a good part of a save's time on the embedded database (bench/load.ts).
 */
async function applyImages(tx: Queryable, productId: number, plan: ImagePlan, stored: readonly ImageUpdate[]): Promise<boolean> {
  let written = plan.deletes.length > 0 || plan.inserts.length > 0;
  if (plan.deletes.length > 0) await tx.delete(productImages).where(inArray(productImages.id, plan.deletes));
  const storedById = new Map(stored.map((image) => [image.id, image]));
  for (const image of plan.updates) {
    const { id, ...fields } = image;
    const current = storedById.get(id);
    const unchanged =
      current !== undefined &&
      current.name === fields.name &&
      current.altImage === fields.altImage &&
      current.isMainImage === fields.isMainImage &&
      current.position === fields.position;
    if (unchanged) continue;
    written = true;
    await tx.update(productImages).set(fields).where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
  }
  if (plan.inserts.length > 0) {
    await tx.insert(productImages).values(plan.inserts.map((image) => ({ ...image, productId })));
  }
  return written;
}

/**
 * The saved fields as columns, leaving out every field whose value is exactly what is stored: the
 * update writes only what changed, and an unchanged brand, category or description costs no
 * lookup or sanitising (most saves change one or two fields; bench/load.ts).
 */
async function changedColumns(tx: Queryable, input: ProductSaveInput, before: Product) {
  const values = savedFieldValues({ ...input.product, brand: input.brand, familyKey: input.familyKey });
  for (const name of Object.keys(values) as (keyof typeof values)[]) {
    const stored = before[name];
    if (Object.is(values[name], stored) || ((name === 'brand' || name === 'categoryId') && sameFieldValue(name, values[name], stored))) delete values[name];
  }
  return productColumns(tx, values);
}

/**
 * Saves inside the caller's transaction (the route's, which also holds the Idempotency-Key record:
 * src/server/http/idempotency.ts). A save that changes product fields only is five statements:
 * read and lock the product, read its images, update it (returning the new row), the history row;
 * more only for images, a new brand or category, or the family's main product.
 * @param ifMatch the If-Match header, or null when the client did not send one (then the save
 * applies to whatever version is current: last write wins).
 */
export async function saveProduct(tx: Queryable, input: ProductSaveInput, ifMatch: string | null, now: Date, who: SaveAuthor): Promise<ProductSaveOutcome> {
  const { product } = input;
  const loaded = await loadProductForSave(tx, product.productId);
  if (!loaded) throw new ApiError(404, `Product ${product.productId} does not exist`);
  const before = loaded.product;
  if (ifMatch !== null && !headerMatchesVersion(ifMatch, before.version)) return { kind: 'stale', product: before };

  const columns = await changedColumns(tx, input, before);
  const existingImages: ImageUpdate[] = loaded.images;
  const plan = planImages(
    existingImages.map((row) => row.id),
    input.images,
    randomUUID,
  );
  await checkNewImages(tx, plan.inserts);

  // The row is locked: the version read is the version updated.
  const [updated] = await tx
    .update(products)
    .set({
      ...columns,
      numberOfImages: plan.updates.length + plan.inserts.length,
      version: sql`${products.version} + 1`,
      dateUpdate: now,
    })
    .where(eq(products.productId, product.productId))
    .returning();
  if (!updated) throw new Error(`product ${product.productId} vanished while saving`);

  const imagesWritten = await applyImages(tx, product.productId, plan, existingImages);

  // One main product per family: the one saved as main takes over from any other.
  const demoted = product.mainProduct && input.familyKey !== null ? await demoteOtherMains(tx, input.familyKey, product.productId, now) : [];

  const names = {
    supplierName: loaded.row.supplierName,
    brandName: 'brandId' in columns ? input.brand : loaded.row.brandName,
    categoryName: 'categoryId' in columns ? await categoryNameOf(tx, updated.categoryId) : loaded.row.categoryName,
  };
  const images = imagesWritten ? (await loadImages(tx, [product.productId])).get(product.productId) ?? [] : before.productImages;
  const saved = productDto({ product: updated, ...names }, images);
  // Images: one change per image that changed (src/shared/image-history.ts).
  const changes = [...savedFieldChanges(before, saved), ...imageHistoryChanges(before.productImages, saved.productImages)];
  const how = who.how ?? 'editor';
  const deviceAt = who.deviceAt ?? null;
  await recordHistory(tx, [
    { productId: product.productId, author: who.author, how, deviceAt, serverAt: now, version: saved.version, changes },
    ...demotedHistory(demoted, saved, { author: who.author, how, deviceAt }, now),
  ]);
  return { kind: 'saved', product: saved };
}

async function categoryNameOf(tx: Queryable, categoryId: number | null): Promise<string | null> {
  if (categoryId === null) return null;
  const [row] = await tx.select({ name: categories.categoryName }).from(categories).where(eq(categories.categoryId, categoryId));
  return row?.name ?? null;
}
