/**
 * The one way features write: `submitChange` queues a change in the outbox (applied to the device's
 * copy at once) and `followSave` tells what became of it. Features call these through
 * `sync/app-sync.ts` and never touch the outbox table or its entries themselves
 * (docs/architecture.md "The offline engine").
 */
import { liveQuery } from 'dexie';
import type { Product } from '../../shared/contract';
import { newImage } from '../../shared/rules/new-image';
import type { BackofficeDatabase } from '../db/database';
import type { BolModelPayload, OutboxEntry } from '../db/outbox-entry';
import { enqueueBolModelChange, enqueueBolModelSave, enqueueImageDelete, enqueueImageUpload, enqueueProductChange, enqueueProductSave } from './outbox';
import { buildBolChangeSet } from '../../shared/bol-change-set';
import type { BolModel } from '../../shared/bol-contract';
import { buildChangeSet } from '../../shared/change-set';
import { isOnline } from '../lib/online';

export interface PickedFile {
  /** The new image's id (a random UUID, docs/requirements.md §3). */
  id: string;
  file: File;
}

/** A change a feature makes; one variant per outbox kind a person starts. */
export type Change =
  /** The whole product, with picked files uploaded first (one upload each) and appended as images. */
  | { kind: 'product-save'; product: Product; baseVersion: number; files?: readonly PickedFile[] }
  /**
   * What the person changed from `before` (the product as the form was filled) to `after`, as a
   * change set (docs/offline.md "Change sets"); picked files are uploaded first and added.
   */
  | { kind: 'product-change'; before: Product; after: Product; files?: readonly PickedFile[] }
  | { kind: 'bol-model-save'; model: BolModelPayload; baseVersion: number | null }
  /** What the person changed in the Bol model from `before` (as the form was filled) to `after`, as a change set. */
  | { kind: 'bol-model-change'; before: BolModel; after: BolModel }
  | { kind: 'image-delete'; productId: number; imageId: string };

/** What was queued: the outbox ids to follow, and the record as queued (for a product save). */
export interface Submitted {
  saveId: string;
  uploadIds: string[];
  product?: Product;
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
  const uploads: { entryId: string; image: Product['productImages'][number] }[] = [];
  for (const { id, file } of picked) {
    const bytes = await file.arrayBuffer();
    const { entry, filePath } = await enqueueImageUpload(db, { productId: product.productId, bytes, name: file.name, type: file.type }, author);
    uploads.push({ entryId: entry.id, image: newImage(id, filePath) });
  }
  const toSave: Product = { ...product, productImages: [...product.productImages, ...uploads.map((upload) => upload.image)] };
  const entry = await enqueueProductSave(db, toSave, baseVersion, author);
  return { saveId: entry.id, uploadIds: uploads.map((upload) => upload.entryId), product: toSave };
}

/** Queues the uploads of `picked`, then the change set from `before` to `after` with those images added. */
export async function queueProductChange(
  db: BackofficeDatabase,
  before: Product,
  after: Product,
  picked: readonly PickedFile[],
  author: string,
  now: number = Date.now(),
): Promise<Submitted & { product: Product }> {
  const uploads: { entryId: string; image: Product['productImages'][number] }[] = [];
  for (const { id, file } of picked) {
    const bytes = await file.arrayBuffer();
    const { entry, filePath } = await enqueueImageUpload(db, { productId: after.productId, bytes, name: file.name, type: file.type }, author);
    uploads.push({ entryId: entry.id, image: newImage(id, filePath) });
  }
  const images = [...after.productImages, ...uploads.map((upload) => upload.image)];
  const shown: Product = { ...after, productImages: images, numberOfImages: images.length };
  const changes = buildChangeSet(before, shown, now, !isOnline());
  const entry = await enqueueProductChange(db, changes, shown, author, now);
  return { saveId: entry?.id ?? '', uploadIds: uploads.map((upload) => upload.entryId), product: shown };
}

export async function submitChange(db: BackofficeDatabase, change: Change, author: string): Promise<Submitted> {
  switch (change.kind) {
    case 'product-change':
      return queueProductChange(db, change.before, change.after, change.files ?? [], author);
    case 'product-save':
      return queueProductSave(db, change.product, change.files ?? [], author, change.baseVersion);
    case 'bol-model-change': {
      const changes = buildBolChangeSet(change.before, change.after, Date.now(), !isOnline());
      const entry = await enqueueBolModelChange(db, changes, change.after, author);
      return { saveId: entry?.id ?? '', uploadIds: [] };
    }
    case 'bol-model-save': {
      const entry = await enqueueBolModelSave(db, change.model, change.baseVersion, author);
      return { saveId: entry.id, uploadIds: [] };
    }
    case 'image-delete': {
      const entry = await enqueueImageDelete(db, { productId: change.productId, imageId: change.imageId }, author);
      return { saveId: entry.id, uploadIds: [] };
    }
  }
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
 * What became of a submitted change, from the outbox as it is now; null while it is still on its
 * way. A save that needed a retry (no answer, 5xx, 429) is "queued": the drainer keeps trying.
 */
export function saveOutcome(watched: Submitted, entries: ReadonlyMap<string, OutboxEntry>, online: boolean): SaveOutcome | null {
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
 * Follows the submitted entries until saveOutcome decides, or `patienceMs` passes (then "queued":
 * it is safe on the device either way).
 */
export async function followSave(db: BackofficeDatabase, watched: Submitted, online: () => boolean, patienceMs = 15_000): Promise<SaveOutcome> {
  const ids = [watched.saveId, ...watched.uploadIds];
  const decide = (rows: readonly (OutboxEntry | undefined)[]) => {
    const entries = new Map<string, OutboxEntry>();
    for (const row of rows) if (row) entries.set(row.id, row);
    return saveOutcome(watched, entries, online());
  };
  // The outbox as it is now first: a change that already ended needs no watching.
  const now = decide(await db.outbox.bulkGet(ids));
  if (now) return now;
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
        const outcome = decide(rows);
        if (outcome) finish(outcome);
      },
      error: () => finish({ kind: 'queued' }),
    });
  });
}
