/**
 * The write kind `image-upload` (docs/ean-and-images.md): a picked image's bytes, kept in the
 * `files` table until POST /api/v1/media/save/image takes them. Queued by the product saves that
 * add the image (never by a feature on its own); until it is sent, their images carry its
 * placeholder path, which its answer swaps for the real one.
 */
import type { Product } from '../../../shared/contract';
import type { OutboxRequest } from '../../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { placeholderPath, productEntityKey, type KindEntry } from '../../db/outbox-entry';
import { uploadResultMetaKey } from '../outbox-memory';
import { newEntryFields, nextSeq } from './outbox-queue';
import type { WriteContext, WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface ImageUploadPayload {
  productId: number;
  /** Key of the bytes in the `files` table (the entry's own id). */
  fileId: string;
  name: string;
  type: string;
}
export type ImageUploadEntry = KindEntry<'image-upload', ImageUploadPayload>;

export interface PickedImage {
  productId: number;
  bytes: ArrayBuffer;
  name: string;
  type: string;
}

/**
 * Keeps a picked image's bytes and queues its upload. The answer's `filePath` is a placeholder
 * the product's image may carry until the upload succeeds; the drainer swaps it for the real path.
 */
export async function enqueueImageUpload(
  db: BackofficeDatabase,
  image: PickedImage,
  author: string,
  now: number = Date.now(),
): Promise<{ entry: ImageUploadEntry; filePath: string }> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.files, db.meta], async () => {
      const base = newEntryFields(now);
      await db.files.put({ id: base.id, bytes: image.bytes, name: image.name, type: image.type, createdAt: now });
      const entry: ImageUploadEntry = {
        ...base,
        kind: 'image-upload',
        entityKey: productEntityKey(image.productId),
        seq: await nextSeq(db),
        baseVersion: null,
        author,
        payload: { productId: image.productId, fileId: base.id, name: image.name, type: image.type },
      };
      await db.outbox.add(entry);
      return { entry, filePath: placeholderPath(entry.id) };
    }),
  );
}

/** Queues the upload of each picked file of one product; answers their entries and the placeholder each image carries. */
export async function enqueuePickedFiles(
  db: BackofficeDatabase,
  productId: number,
  picked: readonly { file: File }[],
  author: string,
): Promise<{ entryId: string; filePath: string }[]> {
  const uploads: { entryId: string; filePath: string }[] = [];
  for (const { file } of picked) {
    const bytes = await file.arrayBuffer();
    const { entry, filePath } = await enqueueImageUpload(db, { productId, bytes, name: file.name, type: file.type }, author);
    uploads.push({ entryId: entry.id, filePath });
  }
  return uploads;
}

/** The multipart field the server reads for an image (docs/requirements.md §7). */
const IMAGE_UPLOAD_FIELD = 'multipartFile';

/** POST /api/v1/media/save/image: one file. */
function imageUploadRequest(file: Blob, name: string, headers: Record<string, string>): OutboxRequest {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file, name);
  return { method: 'POST', url: '/api/v1/media/save/image', headers, body: form };
}

/**
 * Tells the other waiting entries of the product that the upload answered `path` (or was
 * discarded: null), through their kinds' `withUpload`; they no longer wait for it.
 */
async function tellWaitingEntries(ctx: WriteContext, upload: ImageUploadEntry, path: string | null): Promise<void> {
  const waiting = await ctx.db.outbox.where('entityKey').equals(upload.entityKey).toArray();
  for (const other of waiting) {
    const withUpload = ctx.kindOf(other).withUpload;
    if (!withUpload) continue;
    await ctx.db.outbox.put({ ...other, payload: withUpload(other, upload.id, path), dependsOn: (other.dependsOn ?? []).filter((id) => id !== upload.id) });
  }
}

/** The device's copy of the product with the placeholder's image given `path`, or without it (null). */
async function changeLocalCopy(db: BackofficeDatabase, productId: number, uploadId: string, path: string | null): Promise<void> {
  const placeholder = placeholderPath(uploadId);
  const local = await db.products.get(productId);
  if (!local) return;
  const product = fromCachedProduct(local);
  const productImages: Product['productImages'] =
    path === null
      ? product.productImages.filter((image) => image.filePath !== placeholder)
      : product.productImages.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image));
  await db.products.put(toCachedProduct({ ...product, productImages }));
}

export const imageUpload: WriteKind<ImageUploadEntry> = {
  name: 'image-upload',
  label: syncPanelMessages.kinds.imageUpload,
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry) => entry.payload.name,
  mine: () => null,
  diff: () => [],
  async request(ctx, entry, headers) {
    const file = await ctx.db.files.get(entry.payload.fileId);
    return imageUploadRequest(new Blob([file?.bytes ?? new ArrayBuffer(0)], { type: entry.payload.type }), entry.payload.name, headers);
  },
  async applySuccess(ctx, entry, answer) {
    const path = typeof answer === 'string' ? answer : null;
    await ctx.db.files.delete(entry.payload.fileId);
    if (path === null) return;
    await ctx.db.meta.put({ key: uploadResultMetaKey(entry.id), value: path });
    await tellWaitingEntries(ctx, entry, path);
    await changeLocalCopy(ctx.db, entry.payload.productId, entry.id, path);
  },
  // A discarded upload also leaves the product's waiting saves and its local copy.
  async discarded(ctx, entry) {
    await ctx.db.files.delete(entry.payload.fileId);
    await changeLocalCopy(ctx.db, entry.payload.productId, entry.id, null);
    await tellWaitingEntries(ctx, entry, null);
  },
  takeTheirs: async () => undefined,
};

