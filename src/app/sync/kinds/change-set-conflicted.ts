/**
 * The `conflicted` step of the change-set kinds (docs/offline.md "Change sets", "Conflicts"): the
 * server wrote the rest of a change set and answered the conflicting fields. What still waits is
 * the conflicting part of the set; the device shows the server's record with that part (and my
 * later entries) on top. A server that writes nothing on a conflict (no `written`), or a set that
 * is all conflicts, keeps the whole set waiting and the device as it is. One step for products and
 * Bol models alike; each kind names its conflict answer, its record and its conflicting part.
 */
import type { FieldConflict } from '../../../shared/field-diff';
import type { BackofficeDatabase } from '../../db/database';
import type { OutboxRow } from '../../db/outbox-entry';
import type { WriteContext } from './write-kind';

/** A conflict answer of a change-set write: the conflicts, and (from servers that write the rest) what was written. */
export interface PartlyWrittenConflict {
  conflicts: FieldConflict[];
  written?: unknown;
}

/** An entry whose payload carries a change set `S`. */
export type ChangeSetEntry<S> = OutboxRow & { payload: { changes: S } };

/** What one change-set kind tells the step. */
export interface ChangeSetConflictRule<E extends ChangeSetEntry<S>, S, A extends PartlyWrittenConflict, R> {
  isConflict(answer: unknown): answer is A;
  /** The record as the server has it now (the product, the Bol model). */
  recordOf(answer: A): R;
  /** The part of a set that names one of the conflicts. */
  conflictingPart(changes: S, conflicts: A['conflicts']): S;
  /** Shows `record` on the device with `waiting` (and my later entries) on top. */
  showWithMineOnTop(db: BackofficeDatabase, entry: E, record: R, waiting: S): Promise<void>;
}

/** The `conflicted` step of a change-set kind (write-kind.ts), built from its rule. */
export function changeSetConflicted<E extends ChangeSetEntry<S>, S, A extends PartlyWrittenConflict, R>(
  rule: ChangeSetConflictRule<E, S, A, R>,
): (ctx: WriteContext, entry: E, answer: unknown) => Promise<E['payload'] | null> {
  return async (ctx, entry, answer) => {
    if (!rule.isConflict(answer) || !Array.isArray(answer.written) || answer.written.length === 0) return null;
    const waiting = rule.conflictingPart(entry.payload.changes, answer.conflicts);
    await rule.showWithMineOnTop(ctx.db, entry, rule.recordOf(answer), waiting);
    return { ...entry.payload, changes: waiting };
  };
}
