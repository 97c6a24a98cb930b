/**
 * The registry of write kinds (docs/architecture.md "The offline engine", "Write kinds"): every kind
 * of outbox entry is one module in sync/kinds/ (its entry, the change a feature submits for it, its
 * enqueue and compose rule, its request and how its answers are read, what success, discarding and
 * settling do, and the name the status panel shows), listed here. The outbox, the drainer, the
 * submit entry point and the status panel look kinds up here and have no per-kind code of their
 * own. Adding a kind: its module, its line below, and its server route.
 */
import type { BackofficeDatabase } from '../db/database';
import type { OutboxRow } from '../db/outbox-entry';
import { bolModelChange } from './kinds/bol-model-change';
import { bolModelSave } from './kinds/bol-model-save';
import { heldBackDismiss } from './kinds/held-back-dismiss';
import { heldBackTakeImages } from './kinds/held-back-take-images';
import { imageDelete } from './kinds/image-delete';
import { imageUpload } from './kinds/image-upload';
import { offerSendAnyway } from './kinds/offer-send-anyway';
import { productChange } from './kinds/product-change';
import { productSave } from './kinds/product-save';
import type { ChangeOfKind, EntryOfKind, WriteContext, WriteKind } from './kinds/write-kind';
import type { FieldDifference } from './record-diff';

export { conflictDifferences } from './record-diff';
export type { BuiltRequest, PickedFile, Submitted, WriteContext, WriteKind } from './kinds/write-kind';

/** Every kind of write the outbox knows. */
export const WRITE_KINDS = [productChange, productSave, bolModelChange, bolModelSave, imageUpload, imageDelete, heldBackDismiss, heldBackTakeImages, offerSendAnyway] as const;

type AnyKind = (typeof WRITE_KINDS)[number];
/** An outbox entry of any kind: the row with its kind's name and payload. */
export type OutboxEntry = EntryOfKind<AnyKind>;
export type OutboxKind = OutboxEntry['kind'];
/** A change a feature submits: one variant per kind a person starts (sync/submit.ts). */
export type Change = ChangeOfKind<AnyKind>;

/**
 * The kinds by name, each standing for any row: every stored row was written by its kind's
 * module, so the kind named on it reads its payload.
 */
const KINDS_BY_NAME = new Map<string, WriteKind>(WRITE_KINDS.map((kind) => [kind.name, kind as unknown as WriteKind]));

/** The kind of an entry, typed for that entry. */
export function outboxKindOf<E extends OutboxRow>(entry: E): WriteKind<E> {
  const kind = KINDS_BY_NAME.get(entry.kind);
  if (!kind) throw new Error(`The outbox holds an entry of a kind this version does not know: ${entry.kind}`);
  return kind as unknown as WriteKind<E>;
}

/** The kind that queues a feature's change. */
export function kindOfChange(change: Change): WriteKind<OutboxRow, Change> {
  const kind = KINDS_BY_NAME.get(change.kind);
  if (!kind) throw new Error(`No write kind queues a change of kind ${change.kind}`);
  return kind as unknown as WriteKind<OutboxRow, Change>;
}

/** What a kind's code works with, for one database. */
export function writeContext(db: BackofficeDatabase): WriteContext {
  return { db, kindOf: outboxKindOf };
}

/** The rows of the outbox as entries of their kinds (each row was written by its kind's module). */
export function asEntries(rows: readonly OutboxRow[]): OutboxEntry[] {
  return rows as OutboxEntry[];
}

/** The fields where a conflicting entry's record and the server's copy differ, mine beside theirs. */
export function entryDifferences(entry: OutboxRow, serverCopy: unknown = entry.serverCopy): FieldDifference[] {
  const kind = outboxKindOf(entry);
  return kind.diff(kind.mine(entry), serverCopy);
}

/** Whether a conflict of this entry is settled field by field (kinds with change sets), not for the whole record. */
export function settlesPerField(entry: OutboxRow): boolean {
  return outboxKindOf(entry).settle !== undefined;
}
