/**
 * The outbox: every write of the app (product saves, Bol-model saves, image uploads and deletes)
 * is queued here and applied to the local copy at once (optimistic), then sent by the drainer.
 * docs/architecture.md "The offline engine" gives the rules.
 */
import { composeBolChangeSets, isEmptyBolChangeSet, type BolModelChangeSet } from '../../shared/bol-change-set';
import { composeChangeSets, isEmptyChangeSet, type ConflictChoice, type ProductChangeSet } from '../../shared/change-set';
import type { Product } from '../../shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../db/database';
import { withQuotaFallback } from '../db/storage';
import type { OutboxCounts } from '../state/sync';
import { outboxKindOf } from './outbox-kinds';
import { followOwnVersions, uploadResultMetaKey } from './outbox-memory';

export type { OutboxCounts };
import {
  bolModelEntityKey,
  placeholderPath,
  productEntityKey,
  uploadIdOfPlaceholder,
  type BolModelPayload,
  type OutboxEntry,
  type OutboxStatus,
} from '../db/outbox-entry';

export * from '../db/outbox-entry';
export { isProduct, recordOwnVersion, uploadResultMetaKey } from './outbox-memory';

const SEQ_META_KEY = 'outboxSeq';
function newId(): string {
  return crypto.randomUUID();
}

/** The next send order number; call inside a transaction that includes `meta`. */
async function nextSeq(db: BackofficeDatabase): Promise<number> {
  const row = await db.meta.get(SEQ_META_KEY);
  let highest = typeof row?.value === 'number' ? row.value : 0;
  // After a migration or a cleared meta table, never hand out a number already in use.
  const last = await db.outbox.orderBy('seq').last();
  if (last && last.seq > highest) highest = last.seq;
  const seq = highest + 1;
  await db.meta.put({ key: SEQ_META_KEY, value: seq });
  return seq;
}

/** Replaces placeholders of uploads that already succeeded by the path the server gave. */
async function withKnownUploadPaths(db: BackofficeDatabase, product: Product): Promise<Product> {
  let changed = false;
  const images = await Promise.all(
    product.productImages.map(async (image) => {
      const uploadId = uploadIdOfPlaceholder(image.filePath);
      if (!uploadId) return image;
      const path = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
      if (typeof path !== 'string') return image;
      changed = true;
      return { ...image, filePath: path };
    }),
  );
  return changed ? { ...product, productImages: images } : product;
}

/** Upload entries (still in the outbox) whose placeholder the product carries. */
async function pendingUploadsReferencedBy(db: BackofficeDatabase, product: Product): Promise<string[]> {
  const ids: string[] = [];
  for (const image of product.productImages) {
    const uploadId = uploadIdOfPlaceholder(image.filePath);
    if (uploadId && (await db.outbox.get(uploadId))) ids.push(uploadId);
  }
  return ids;
}

/** A pending entry that was never sent, by the same author, that a new change may replace. */
async function findMergeable(
  db: BackofficeDatabase,
  entityKey: string,
  kind: OutboxEntry['kind'],
  author: string,
): Promise<OutboxEntry | undefined> {
  const entries = await db.outbox.where('entityKey').equals(entityKey).sortBy('seq');
  const last = entries[entries.length - 1];
  // Only the entity's last entry, so nothing queued after it is overtaken; and only when it was
  // never sent: a sent one may have been applied with its answer lost, and its replay must stay
  // the same request.
  if (last && last.kind === kind && last.status === 'pending' && last.attempts === 0 && last.author === author) return last;
  return undefined;
}

function baseEntry(now: number) {
  return {
    id: newId(),
    status: 'pending' as const,
    attempts: 0,
    // Due at once: 0 rather than now, so a clock that differs between tabs never delays it.
    nextAttemptAt: 0,
    lastAttemptAt: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
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
): Promise<OutboxEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const toSend = fromCachedProduct(await withKnownUploadPaths(db, product));
      await db.products.put(toCachedProduct(toSend));
      const entityKey = productEntityKey(toSend.productId);
      const dependsOn = await pendingUploadsReferencedBy(db, toSend);
      const seq = await nextSeq(db);
      const existing = await findMergeable(db, entityKey, 'product-save', author);
      if (existing && existing.kind === 'product-save') {
        const merged: OutboxEntry = { ...existing, payload: { product: toSend }, seq, dependsOn, updatedAt: now };
        await db.outbox.put(merged);
        return merged;
      }
      const entry: OutboxEntry = {
        ...baseEntry(now),
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
 * Queues a change set of one product and shows `local` (the product as the person now sees it) on
 * the device at once. Consecutive change sets of one person on one product merge into one
 * (docs/offline.md "Change sets"): the first base stays, the last value wins, and a field edited
 * back to its base drops out. A set merged into an entry that was already tried goes under a new
 * Idempotency-Key, carrying the values the earlier attempt may have written (`via`). Answers the
 * entry, or null when nothing is left to send.
 */
export async function enqueueProductChange(
  db: BackofficeDatabase,
  changes: ProductChangeSet,
  local: Product,
  author: string,
  now: number = Date.now(),
): Promise<OutboxEntry | null> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const shown = fromCachedProduct(await withKnownUploadPaths(db, local));
      await db.products.put(toCachedProduct(shown));
      const known = await withKnownUploadPaths(db, { ...shown, productImages: changes.images.added });
      const set: ProductChangeSet = { ...changes, images: { ...changes.images, added: known.productImages } };
      const entityKey = productEntityKey(shown.productId);
      const existing = await findChangeSetToMerge(db, entityKey, author);
      const merged = existing ? composeChangeSets(existing.payload.changes, set, existing.attempts > 0) : set;
      const dependsOn = await pendingUploadsReferencedBy(db, { ...shown, productImages: merged.images.added });
      if (isEmptyChangeSet(merged)) {
        if (existing) await db.outbox.delete(existing.id);
        return null;
      }
      const seq = await nextSeq(db);
      const entry: OutboxEntry = {
        ...baseEntry(now),
        // Kept while never tried; a tried one may have reached the server, so the merged set is a new request.
        ...(existing && existing.attempts === 0 ? { id: existing.id, createdAt: existing.createdAt } : {}),
        kind: 'product-change',
        entityKey,
        seq,
        baseVersion: null,
        author,
        payload: { productId: shown.productId, changes: merged },
        dependsOn,
      };
      if (existing) await db.outbox.delete(existing.id);
      await db.outbox.put(entry);
      return entry;
    }),
  );
}

/** The product's last entry when it is a waiting change set of this author (not being sent, no conflict). */
async function findChangeSetToMerge(db: BackofficeDatabase, entityKey: string, author: string): Promise<Extract<OutboxEntry, { kind: 'product-change' }> | undefined> {
  const entries = await db.outbox.where('entityKey').equals(entityKey).sortBy('seq');
  const last = entries[entries.length - 1];
  if (last?.kind === 'product-change' && last.status === 'pending' && last.author === author) return last;
  return undefined;
}

/**
 * Queues a Bol-model change set and shows `local` (the model as the person now sees it) on the
 * device at once. Consecutive sets of one person on one model merge into one, like product change
 * sets: the first base stays, the last value wins, an attribute edited back to its base drops out.
 * Answers the entry, or null when nothing is left to send.
 */
export async function enqueueBolModelChange(
  db: BackofficeDatabase,
  changes: BolModelChangeSet,
  local: BolModelPayload,
  author: string,
  now: number = Date.now(),
): Promise<OutboxEntry | null> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.bolModels, db.meta], async () => {
      await db.bolModels.put(local);
      const entityKey = bolModelEntityKey(local.productId);
      const entries = await db.outbox.where('entityKey').equals(entityKey).sortBy('seq');
      const last = entries[entries.length - 1];
      const existing = last?.kind === 'bol-model-change' && last.status === 'pending' && last.author === author ? last : undefined;
      const merged = existing ? composeBolChangeSets(existing.payload.changes, changes, existing.attempts > 0) : changes;
      // Edits that undo a waiting change leave nothing to send. A first Apply without changes
      // still goes: the server then keeps a never-saved model's prefilled values (docs/bol.md).
      if (existing && isEmptyBolChangeSet(merged)) {
        await db.outbox.delete(existing.id);
        return null;
      }
      const entry: OutboxEntry = {
        ...baseEntry(now),
        // Kept while never tried; a tried one may have reached the server, so the merged set is a new request.
        ...(existing && existing.attempts === 0 ? { id: existing.id, createdAt: existing.createdAt } : {}),
        kind: 'bol-model-change',
        entityKey,
        seq: await nextSeq(db),
        baseVersion: null,
        author,
        payload: { productId: local.productId, changes: merged },
      };
      if (existing) await db.outbox.delete(existing.id);
      await db.outbox.put(entry);
      return entry;
    }),
  );
}

/** Queues a Bol-model save (merged like product saves) and shows it locally at once. */
export async function enqueueBolModelSave(
  db: BackofficeDatabase,
  model: BolModelPayload,
  baseVersion: number | null,
  author: string,
  now: number = Date.now(),
): Promise<OutboxEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.bolModels, db.meta], async () => {
      await db.bolModels.put(model);
      const entityKey = bolModelEntityKey(model.productId);
      const seq = await nextSeq(db);
      const existing = await findMergeable(db, entityKey, 'bol-model-save', author);
      if (existing && existing.kind === 'bol-model-save') {
        const merged: OutboxEntry = { ...existing, payload: { model }, seq, updatedAt: now };
        await db.outbox.put(merged);
        return merged;
      }
      const entry: OutboxEntry = {
        ...baseEntry(now),
        kind: 'bol-model-save',
        entityKey,
        seq,
        baseVersion: baseVersion === null ? null : await followOwnVersions(db, entityKey, author, baseVersion),
        author,
        payload: { model },
      };
      await db.outbox.add(entry);
      return entry;
    }),
  );
}

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
): Promise<{ entry: OutboxEntry; filePath: string }> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.files, db.meta], async () => {
      const base = baseEntry(now);
      await db.files.put({ id: base.id, bytes: image.bytes, name: image.name, type: image.type, createdAt: now });
      const entry: OutboxEntry = {
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

/** Queues the deletion of a stored image and removes it from the local copy at once. */
export async function enqueueImageDelete(
  db: BackofficeDatabase,
  target: { productId: number; imageId: string },
  author: string,
  now: number = Date.now(),
): Promise<OutboxEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const local = await db.products.get(target.productId);
      if (local) {
        await db.products.put({ ...local, productImages: local.productImages.filter((image) => image.id !== target.imageId) });
      }
      const entry: OutboxEntry = {
        ...baseEntry(now),
        kind: 'image-delete',
        entityKey: productEntityKey(target.productId),
        seq: await nextSeq(db),
        baseVersion: null,
        author,
        payload: target,
      };
      await db.outbox.add(entry);
      return entry;
    }),
  );
}

/**
 * Drops a waiting change. A discarded upload also leaves the product's waiting saves and its
 * local copy; a discarded save with a known server copy (a conflict) restores that copy.
 */
export async function discard(db: BackofficeDatabase, id: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.files, db.products, db.bolModels], async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await db.outbox.delete(id);
    await outboxKindOf(entry).discarded(db, entry);
  });
}

/** Sends a failed (or waiting) change again on the next drain. */
export async function retry(db: BackofficeDatabase, id: string, now: number = Date.now()): Promise<void> {
  await db.outbox.update(id, { status: 'pending', attempts: 0, nextAttemptAt: 0, updatedAt: now });
}

function versionOf(record: unknown): number | null {
  if (typeof record !== 'object' || record === null) return null;
  const version = (record as { version?: unknown }).version;
  return typeof version === 'number' ? version : null;
}

/**
 * Settles a conflict. 'keep-mine': my change is sent again, based on the server's version.
 * 'take-theirs': the server's copy replaces mine locally and my change (with any later waiting
 * save of the same record by me, which carries the same edits) is dropped.
 */
export async function resolveConflict(
  db: BackofficeDatabase,
  id: string,
  choice: 'keep-mine' | 'take-theirs',
  serverRecord?: unknown,
  now: number = Date.now(),
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.bolModels], async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    const settle = outboxKindOf(entry).settle;
    if (settle) {
      await settle(db, entry, choice === 'keep-mine' ? 'mine' : 'theirs', now);
      return;
    }
    const server = serverRecord ?? entry.serverCopy;
    if (choice === 'keep-mine') {
      const { serverCopy: _dropped, ...rest } = entry;
      await db.outbox.put({
        ...rest,
        status: 'pending',
        baseVersion: versionOf(server) ?? entry.baseVersion,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        updatedAt: now,
      } as OutboxEntry);
      return;
    }
    const later = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    for (const other of later) {
      if (other.kind === entry.kind && other.author === entry.author && other.seq >= entry.seq && other.status !== 'sending') {
        await db.outbox.delete(other.id);
      }
    }
    await outboxKindOf(entry).takeTheirs(db, entry, server);
  });
}

/**
 * Settles a change-set conflict field by field: per conflicting field (or key) 'mine' or 'theirs'
 * (docs/offline.md "Conflicts"). What is left goes again at once.
 */
export async function settleConflict(db: BackofficeDatabase, id: string, choices: Readonly<Record<string, ConflictChoice>>, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.bolModels], async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.status !== 'conflict') return;
    const settle = outboxKindOf(entry).settle;
    if (settle) await settle(db, entry, choices, now);
  });
}

export async function countOutbox(db: BackofficeDatabase): Promise<OutboxCounts> {
  const [pending, sending, failed, conflict] = await Promise.all(
    (['pending', 'sending', 'failed', 'conflict'] as const).map((status) => db.outbox.where('status').equals(status).count()),
  );
  return {
    waiting: (pending ?? 0) + (sending ?? 0) + (failed ?? 0) + (conflict ?? 0),
    pending: pending ?? 0,
    sending: sending ?? 0,
    failed: failed ?? 0,
    conflict: conflict ?? 0,
  };
}

/** Entries in send order, optionally only those with the given statuses (for the status panel). */
export async function listOutbox(db: BackofficeDatabase, statuses?: readonly OutboxStatus[]): Promise<OutboxEntry[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return statuses ? all.filter((entry) => statuses.includes(entry.status)) : all;
}

/**
 * When the drainer can next send something (the scheduler's timer), or null when waiting would
 * not help. Only the first entry of each entity counts: the entries behind it wait for it
 * whatever their own time says. (Counting them answered 0 for a new edit queued behind a save in
 * backoff, so the scheduler drained again at once, again and again, until the backoff ended.)
 * With `user`, only that user's entries count, as only they are sent under that user's token;
 * `null` (signed out) means nothing can be sent: a sign-in starts a drain anyway.
 */
export async function earliestNextAttempt(db: BackofficeDatabase, user?: string | null): Promise<number | null> {
  if (user === null) return null;
  const heads = new Map<string, OutboxEntry>();
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (!heads.has(entry.entityKey)) heads.set(entry.entityKey, entry);
  }
  let earliest: number | null = null;
  for (const head of heads.values()) {
    if (head.status !== 'pending' || (user !== undefined && head.author !== user)) continue;
    earliest = earliest === null ? head.nextAttemptAt : Math.min(earliest, head.nextAttemptAt);
  }
  return earliest;
}
