/**
 * Saving from the editor goes through the outbox (DESIGN.md section 4): picked files are kept as
 * uploads (one per file), the product with its new images is queued at once after them, the local
 * copy shows it immediately, and the drainer sends it. The editor then watches what became of it.
 */
import { liveQuery } from 'dexie';
import type { Product } from '../../../shared/contract';
import type { BackofficeDatabase } from '../../db/database';
import { enqueueImageUpload, enqueueProductSave, type OutboxEntry } from '../../sync/outbox';
import { newImage } from './image-list-rules';

export interface PickedFile {
  /** The new image's id (a random UUID, spec section 3). */
  id: string;
  file: File;
}

export interface QueuedSave {
  saveId: string;
  uploadIds: string[];
}

export interface QueuedProductSave extends QueuedSave {
  /** What was queued: the product with the new images (their paths are placeholders until uploaded). */
  product: Product;
}

/**
 * Queues the uploads of `picked` and then the save of `product` with those images appended (in
 * the picked order, after the existing ones). Returns the outbox ids to watch.
 */
export async function queueProductSave(
  db: BackofficeDatabase,
  product: Product,
  picked: readonly PickedFile[],
  author: string,
): Promise<QueuedProductSave> {
  const uploads: { entryId: string; image: Product['productImages'][number] }[] = [];
  for (const { id, file } of picked) {
    const bytes = await file.arrayBuffer();
    const { entry, filePath } = await enqueueImageUpload(db, { productId: product.productId, bytes, name: file.name, type: file.type }, author);
    uploads.push({ entryId: entry.id, image: newImage(id, filePath) });
  }
  const toSave: Product = { ...product, productImages: [...product.productImages, ...uploads.map((upload) => upload.image)] };
  const entry = await enqueueProductSave(db, toSave, product.version, author);
  return { saveId: entry.id, uploadIds: uploads.map((upload) => upload.entryId), product: toSave };
}

export type SaveOutcome =
  /** The save reached the server. */
  | { kind: 'sent' }
  /** Kept on this device; it goes when the connection returns. */
  | { kind: 'queued' }
  /** An upload was refused (its message); the save goes on without that file. */
  | { kind: 'upload-failed'; message: string; uploadId: string }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; entryId: string; serverCopy: unknown };

/**
 * What became of a queued save, from the outbox as it is now; null while it is still on its way.
 * A save that needed a retry (no answer, 5xx, 429) is "queued": the drainer keeps trying.
 */
export function saveOutcome(watched: QueuedSave, entries: ReadonlyMap<string, OutboxEntry>, online: boolean): SaveOutcome | null {
  for (const uploadId of watched.uploadIds) {
    const upload = entries.get(uploadId);
    if (upload?.status === 'failed') return { kind: 'upload-failed', message: upload.lastError ?? '', uploadId };
  }
  const save = entries.get(watched.saveId);
  if (!save) return { kind: 'sent' };
  if (save.status === 'conflict') return { kind: 'conflict', entryId: save.id, serverCopy: save.serverCopy };
  if (save.status === 'failed') return { kind: 'failed', message: save.lastError ?? '' };
  if (!online) return { kind: 'queued' };
  const inBackoff = (entry: OutboxEntry | undefined) => entry !== undefined && entry.status === 'pending' && entry.attempts > 0;
  if (inBackoff(save) || watched.uploadIds.some((id) => inBackoff(entries.get(id)))) return { kind: 'queued' };
  return null;
}

/**
 * Follows the watched entries until saveOutcome decides, or `patienceMs` passes (then "queued":
 * it is safe on the device either way).
 */
export function watchSave(db: BackofficeDatabase, watched: QueuedSave, online: () => boolean, patienceMs = 15_000): Promise<SaveOutcome> {
  const ids = [watched.saveId, ...watched.uploadIds];
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SaveOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'queued' }), patienceMs);
    const subscription = liveQuery(() => db.outbox.bulkGet(ids)).subscribe({
      next: (rows) => {
        const entries = new Map<string, OutboxEntry>();
        for (const row of rows) if (row) entries.set(row.id, row);
        const outcome = saveOutcome(watched, entries, online());
        if (outcome) finish(outcome);
      },
      error: () => finish({ kind: 'queued' }),
    });
  });
}
