/**
 * The write kind `product-save`: the whole product, PUT /api/v1/product with If-Match
 * (docs/products.md). The editor now sends change sets (kinds/product-change.ts); whole-product
 * saves stay for the features that still submit them and for entries queued before.
 */
import type { Product } from '../../../shared/contract';
import { SAVED_FIELDS } from '../../../shared/change-set';
import { diffFields, isEmptyDiff } from '../../../shared/field-diff';
import { newImage } from '../../../shared/rules/new-image';
import type { OutboxRequest } from '../../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { placeholderPath, productEntityKey, type KindEntry } from '../../db/outbox-entry';
import { followOwnVersions, isProduct, recordOwnVersion } from '../outbox-memory';
import { conflictFields } from '../record-diff';
import { enqueuePickedFiles } from './image-upload';
import { laterEntriesOf, newEntryFields, nextSeq, pendingUploadsOf, rebaseLater, unsentSaveToReplace, versionFromEtag, withUploadedPaths } from './outbox-queue';
import type { PickedFile, Submitted, WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface ProductSavePayload {
  product: Product;
}
export type ProductSaveEntry = KindEntry<'product-save', ProductSavePayload>;

/** The change a feature submits: the whole product, with picked files uploaded first (one upload each) and appended as images. */
export interface ProductSaveChange {
  kind: 'product-save';
  product: Product;
  baseVersion: number;
  files?: readonly PickedFile[];
}

/**
 * Queues a save of the whole product and shows it locally at once. A second save of the same
 * product by the same author, while the first has not been sent, replaces the first's payload
 * (keeping its id and base version) and moves it to the end of the queue.
 */
export async function enqueueProductSave(
  db: BackofficeDatabase,
  product: Product,
  baseVersion: number,
  author: string,
  now: number = Date.now(),
): Promise<ProductSaveEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const toSend = fromCachedProduct({ ...product, productImages: await withUploadedPaths(db, product.productImages) });
      await db.products.put(toCachedProduct(toSend));
      const entityKey = productEntityKey(toSend.productId);
      const dependsOn = await pendingUploadsOf(db, toSend.productImages);
      const seq = await nextSeq(db);
      const existing = await unsentSaveToReplace(db, entityKey, 'product-save', author);
      if (existing) {
        const merged: ProductSaveEntry = { ...(existing as ProductSaveEntry), payload: { product: toSend }, seq, dependsOn, updatedAt: now };
        await db.outbox.put(merged);
        return merged;
      }
      const entry: ProductSaveEntry = {
        ...newEntryFields(now),
        kind: 'product-save',
        entityKey,
        seq,
        baseVersion: await followOwnVersions(db, entityKey, author, baseVersion),
        author,
        payload: { product: toSend },
        dependsOn,
      };
      await db.outbox.add(entry);
      return entry;
    }),
  );
}

/**
 * Queues the uploads of `picked` and then the save of `product` with those images appended (in
 * the picked order, after the existing ones).
 */
export async function queueProductSave(
  db: BackofficeDatabase,
  product: Product,
  picked: readonly PickedFile[],
  author: string,
  baseVersion: number = product.version,
): Promise<Submitted & { product: Product }> {
  const uploads = await enqueuePickedFiles(db, product.productId, picked, author);
  const added = uploads.map((upload, index) => newImage((picked[index] as PickedFile).id, upload.filePath));
  const toSave: Product = { ...product, productImages: [...product.productImages, ...added] };
  const entry = await enqueueProductSave(db, toSave, baseVersion, author);
  return { saveId: entry.id, uploadIds: uploads.map((upload) => upload.entryId), product: toSave };
}

/** PUT /api/v1/product: the whole product. */
function productSaveRequest(product: Product, headers: Record<string, string>): OutboxRequest {
  return { method: 'PUT', url: '/api/v1/product', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(product) };
}

/**
 * Whether the server's product already carries my save: every field PUT /product saves
 * (src/shared/product-fields.ts), compared as the server stores them, and the images.
 */
export function carriesChange(server: Product, mine: Product | undefined): boolean {
  if (!mine) return false;
  if (!isEmptyDiff(diffFields(SAVED_FIELDS, server, mine))) return false;
  if (server.productImages.length !== mine.productImages.length) return false;
  return server.productImages.every((image, index) => {
    const other = mine.productImages[index];
    return other !== undefined && image.id === other.id && image.filePath === other.filePath && image.name === other.name && image.altImage === other.altImage;
  });
}

export const productSave: WriteKind<ProductSaveEntry, ProductSaveChange> = {
  name: 'product-save',
  label: syncPanelMessages.kinds.product,
  sentWithIfMatch: true,
  submit: (ctx, change, author) => queueProductSave(ctx.db, change.product, change.files ?? [], author, change.baseVersion),
  productIdOf: (entry) => entry.payload.product.productId,
  detail: () => null,
  titleOf: (entry) => entry.payload.product.title,
  mine: (entry) => entry.payload.product,
  diff: conflictFields,
  async request(ctx, entry, headers) {
    const stored = entry.payload.product;
    const product = fromCachedProduct({ ...stored, productImages: await withUploadedPaths(ctx.db, stored.productImages) });
    return { ...productSaveRequest(product, headers), sent: product };
  },
  // A save sent again after its answer was lost meets its own new version: the 412 body then
  // already carries exactly our change, so it is a success, not a conflict.
  reread: (verdict, _status, body, sent) =>
    verdict.kind === 'conflict' && isProduct(body) && isProduct(sent.sent) && carriesChange(body, sent.sent) ? { kind: 'done' } : null,
  async applySuccess(ctx, entry, answer, headers) {
    const { db } = ctx;
    const server = isProduct(answer) ? answer : null;
    const version = server?.version ?? versionFromEtag(headers);
    // Later saves are rebased before any later product-save may race in (same transaction).
    const laterSaves = version === null ? false : await rebaseLater(ctx, entry, version);
    // Sent with If-Match, so the server went from exactly baseVersion to version.
    if (version !== null && entry.baseVersion !== null) await recordOwnVersion(db, entry.entityKey, entry.author, entry.baseVersion, version);
    if (!server) return;
    const local = await db.products.get(server.productId);
    // With more changes of this product waiting (saves, but also image deletes and uploads,
    // which the local copy already shows), the local copy stays mine, only on the new version.
    // Taking the server's copy here brought back an image whose delete was still waiting, and
    // the next save built on that copy re-created the image after the delete.
    const laterChanges = laterSaves || (await laterEntriesOf(db, entry)).length > 0;
    if (laterChanges && local) await db.products.put({ ...local, version: server.version, dateUpdate: server.dateUpdate });
    else await db.products.put(toCachedProduct(server));
  },
  // A discarded save with a known server copy (a conflict) restores that copy.
  async discarded(ctx, entry) {
    if (isProduct(entry.serverCopy)) await ctx.db.products.put(toCachedProduct(entry.serverCopy));
  },
  async takeTheirs(ctx, _entry, server) {
    if (isProduct(server)) await ctx.db.products.put(toCachedProduct(server));
  },
  withUpload(entry, uploadId, path) {
    const placeholder = placeholderPath(uploadId);
    const images = entry.payload.product.productImages;
    const productImages =
      path === null ? images.filter((image) => image.filePath !== placeholder) : images.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image));
    return { product: { ...entry.payload.product, productImages } };
  },
};
