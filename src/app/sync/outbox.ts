/**
 * The outbox: every write of the app is queued here by its kind (sync/kinds/, listed in
 * sync/outbox-kinds.ts) and applied to the local copy at once (optimistic), then sent by the
 * drainer. Here: what is the same for every kind (discarding, retrying, settling a conflict,
 * counting, listing, when to send next). docs/architecture.md "The offline engine" gives the rules.
 */
import type { ConflictChoice } from '../../shared/field-diff';
import type { BackofficeDatabase } from '../db/database';
import type { OutboxRow, OutboxStatus } from '../db/outbox-entry';
import type { OutboxCounts } from '../state/sync';
import { asEntries, outboxKindOf, writeContext, type OutboxEntry } from './outbox-kinds';

export type { OutboxCounts };
export * from '../db/outbox-entry';
export { isProduct, recordOwnVersion, uploadResultMetaKey } from './outbox-memory';
export type { OutboxEntry, OutboxKind } from './outbox-kinds';
// Each kind's enqueue, for callers that queue an entry of one kind directly (tests, the chaos tests).
export { enqueueBolModelChange } from './kinds/bol-model-change';
export { enqueueBolModelSave, type BolModelPayload } from './kinds/bol-model-save';
export { enqueueImageDelete } from './kinds/image-delete';
export { enqueueImageUpload, type PickedImage } from './kinds/image-upload';
export { enqueueProductChange } from './kinds/product-change';
export { enqueueProductSave } from './kinds/product-save';

/** Drops a waiting change; its kind undoes what it showed on the device (`discarded`). */
export async function discard(db: BackofficeDatabase, id: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.files, db.products, db.bolModels], async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await db.outbox.delete(id);
    await outboxKindOf(entry).discarded(writeContext(db), entry);
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
 * save of the same record by me, which carries the same edits) is dropped. Kinds that settle
 * field by field (`settle`) settle every field the same way.
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
    const kind = outboxKindOf(entry);
    if (kind.settle) {
      await kind.settle(writeContext(db), entry, choice === 'keep-mine' ? 'mine' : 'theirs', now);
      return;
    }
    const server = serverRecord ?? entry.serverCopy;
    if (choice === 'keep-mine') {
      const { serverCopy: _dropped, ...rest } = entry;
      const again: OutboxRow = { ...rest, status: 'pending', baseVersion: versionOf(server) ?? entry.baseVersion, attempts: 0, nextAttemptAt: 0, lastError: null, updatedAt: now };
      await db.outbox.put(again);
      return;
    }
    const later = await db.outbox.where('entityKey').equals(entry.entityKey).toArray();
    for (const other of later) {
      if (other.kind === entry.kind && other.author === entry.author && other.seq >= entry.seq && other.status !== 'sending') {
        await db.outbox.delete(other.id);
      }
    }
    await kind.takeTheirs(writeContext(db), entry, server);
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
    await outboxKindOf(entry).settle?.(writeContext(db), entry, choices, now);
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
  const all = asEntries(await db.outbox.orderBy('seq').toArray());
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
  const heads = new Map<string, OutboxRow>();
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
