/**
 * The one way features write: `submitChange` queues a change in the outbox (applied to the device's
 * copy at once) and `followSave` tells what became of it. Features call these through
 * `sync/app-sync.ts` and never touch the outbox table or its entries themselves
 * (docs/architecture.md "The offline engine").
 */
import { liveQuery } from 'dexie';
import type { BackofficeDatabase } from '../db/database';
import type { OutboxRow } from '../db/outbox-entry';
import { kindOfChange, writeContext, type Change, type Submitted } from './outbox-kinds';

export type { Change, PickedFile, Submitted } from './outbox-kinds';
export { queueProductChange } from './kinds/product-change';
export { queueProductSave } from './kinds/product-save';

/** Queues a feature's change by its kind (the kind's `submit`: sync/kinds/). */
export async function submitChange(db: BackofficeDatabase, change: Change, author: string): Promise<Submitted> {
  const kind = kindOfChange(change);
  if (!kind.submit) throw new Error(`Changes of kind ${change.kind} are queued by another kind, not submitted`);
  return kind.submit(writeContext(db), change, author);
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
export function saveOutcome(watched: Submitted, entries: ReadonlyMap<string, OutboxRow>, online: boolean): SaveOutcome | null {
  for (const uploadId of watched.uploadIds) {
    const upload = entries.get(uploadId);
    if (upload?.status === 'failed') return { kind: 'upload-failed', message: upload.lastError ?? '', uploadId };
  }
  const save = entries.get(watched.saveId);
  if (!save) return { kind: 'sent' };
  if (save.status === 'conflict') return { kind: 'conflict', entryId: save.id, serverCopy: save.serverCopy };
  if (save.status === 'failed') return { kind: 'failed', message: save.lastError ?? '' };
  if (!online) return { kind: 'queued' };
  const inBackoff = (entry: OutboxRow | undefined) => entry !== undefined && entry.status === 'pending' && entry.attempts > 0;
  if (inBackoff(save) || watched.uploadIds.some((id) => inBackoff(entries.get(id)))) return { kind: 'queued' };
  return null;
}

/**
 * Follows the submitted entries until saveOutcome decides, or `patienceMs` passes (then "queued":
 * it is safe on the device either way).
 */
export async function followSave(db: BackofficeDatabase, watched: Submitted, online: () => boolean, patienceMs = 15_000): Promise<SaveOutcome> {
  const ids = [watched.saveId, ...watched.uploadIds];
  const decide = (rows: readonly (OutboxRow | undefined)[]) => {
    const entries = new Map<string, OutboxRow>();
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
