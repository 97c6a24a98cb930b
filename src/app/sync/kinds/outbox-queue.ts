/**
 * What the write kinds share when they queue and answer entries (docs/offline.md "Writes"): the
 * send order, a new entry's bookkeeping (with the write protocol's version), the record's last
 * entry (what a new change may merge into), the paths uploads answered, and moving later entries
 * along my own versions.
 */
import type { ProductImage } from '../../../shared/contract';
import { WRITE_PROTOCOL_VERSION } from '../../../shared/write-protocol';
import type { BackofficeDatabase } from '../../db/database';
import { uploadIdOfPlaceholder, type OutboxRow } from '../../db/outbox-entry';
import type { HeadersLike } from '../classify-answer';
import { uploadedPath } from '../outbox-memory';
import type { WriteContext } from './write-kind';

const SEQ_META_KEY = 'outboxSeq';

/** The next send order number; call inside a transaction that includes `meta`. */
export async function nextSeq(db: BackofficeDatabase): Promise<number> {
  const row = await db.meta.get(SEQ_META_KEY);
  let highest = typeof row?.value === 'number' ? row.value : 0;
  // After a migration or a cleared meta table, never hand out a number already in use.
  const last = await db.outbox.orderBy('seq').last();
  if (last && last.seq > highest) highest = last.seq;
  const seq = highest + 1;
  await db.meta.put({ key: SEQ_META_KEY, value: seq });
  return seq;
}

/** The bookkeeping of a new entry: a new id, due at once, stamped with the protocol version this build writes. */
export function newEntryFields(now: number) {
  return {
    id: crypto.randomUUID(),
    protocol: WRITE_PROTOCOL_VERSION,
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
 * Adds a new entry of a kind that sends one request about a record without a base version (a
 * delete, a Keep mine) at the end of the send order. Call inside a transaction with `outbox` and `meta`.
 */
export async function addEntry<E extends OutboxRow>(db: BackofficeDatabase, fields: Pick<E, 'kind' | 'entityKey' | 'author' | 'payload'>, now: number): Promise<E> {
  const entry = { ...newEntryFields(now), ...fields, seq: await nextSeq(db), baseVersion: null } as E;
  await db.outbox.add(entry);
  return entry;
}

/** The record's last entry in send order (what a new change of it may merge into). */
export async function lastEntryOf(db: BackofficeDatabase, entityKey: string): Promise<OutboxRow | undefined> {
  const entries = await db.outbox.where('entityKey').equals(entityKey).sortBy('seq');
  return entries[entries.length - 1];
}

/**
 * A whole-record save that a new save of the same record by the same author may replace: the
 * record's last entry (so nothing queued after it is overtaken), of that kind, never sent (a sent
 * one may have been applied with its answer lost, and its replay must stay the same request).
 */
export async function unsentSaveToReplace(db: BackofficeDatabase, entityKey: string, kind: string, author: string): Promise<OutboxRow | undefined> {
  const last = await lastEntryOf(db, entityKey);
  return last && last.kind === kind && last.status === 'pending' && last.attempts === 0 && last.author === author ? last : undefined;
}

/**
 * A change-set entry of this kind by this author that a new change of the record composes into:
 * the record's last entry, still waiting (not being sent, no conflict). It may have been tried.
 */
export async function waitingChangeSetOf<E extends OutboxRow>(
  db: BackofficeDatabase,
  entityKey: string,
  isOfKind: (row: OutboxRow | undefined) => row is E,
  author: string,
): Promise<E | undefined> {
  const last = await lastEntryOf(db, entityKey);
  return isOfKind(last) && last.status === 'pending' && last.author === author ? last : undefined;
}

/**
 * The bookkeeping of an entry that replaces `existing` with a composed change: its id and creation
 * time are kept while it was never tried; a tried one may have reached the server, so the composed
 * change is a new request.
 */
export function composedEntryFields(existing: OutboxRow | undefined, now: number) {
  return { ...newEntryFields(now), ...(existing && existing.attempts === 0 ? { id: existing.id, createdAt: existing.createdAt } : {}) };
}

/** Puts `entry` in the place of `existing` (if any). */
export async function replaceEntry(db: BackofficeDatabase, existing: OutboxRow | undefined, entry: OutboxRow): Promise<void> {
  if (existing) await db.outbox.delete(existing.id);
  await db.outbox.put(entry);
}

/** The images with the placeholders of uploads that already succeeded replaced by the paths the server gave. */
export async function withUploadedPaths(db: BackofficeDatabase, images: readonly ProductImage[]): Promise<ProductImage[]> {
  return Promise.all(
    images.map(async (image) => {
      const uploadId = uploadIdOfPlaceholder(image.filePath);
      const path = uploadId ? await uploadedPath(db, uploadId) : null;
      return path === null ? image : { ...image, filePath: path };
    }),
  );
}

/** Upload entries (still in the outbox) whose placeholder one of the images carries. */
export async function pendingUploadsOf(db: BackofficeDatabase, images: readonly ProductImage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const image of images) {
    const uploadId = uploadIdOfPlaceholder(image.filePath);
    if (uploadId && (await db.outbox.get(uploadId))) ids.push(uploadId);
  }
  return ids;
}

/** The entries of the same record queued after `done` (any kind, any status), in send order. */
export async function laterEntriesOf(db: BackofficeDatabase, done: OutboxRow): Promise<OutboxRow[]> {
  const others = await db.outbox.where('entityKey').equals(done.entityKey).toArray();
  return others.filter((other) => other.id !== done.id && other.seq > done.seq).sort((a, b) => a.seq - b.seq);
}

/**
 * Later waiting entries of the same record by the same author that are sent with If-Match now
 * build on `version` (conflicts stay as they are). Answers whether there were any.
 */
export async function rebaseLater(ctx: WriteContext, done: OutboxRow, version: number): Promise<boolean> {
  const others = await ctx.db.outbox.where('entityKey').equals(done.entityKey).toArray();
  let later = false;
  for (const other of others) {
    if (other.id === done.id || !ctx.kindOf(other).sentWithIfMatch || other.author !== done.author || other.seq < done.seq) continue;
    if (other.status === 'conflict') continue;
    later = true;
    if (other.baseVersion === null || other.baseVersion < version) await ctx.db.outbox.update(other.id, { baseVersion: version });
  }
  return later;
}

/** The version an answer's ETag names, or null. */
export function versionFromEtag(headers: HeadersLike): number | null {
  const match = /(\d+)/.exec(headers.get('ETag') ?? '');
  return match ? Number(match[1]) : null;
}
