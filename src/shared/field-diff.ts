/**
 * The field-diff algebra (docs/offline.md "Change sets"): one diff, apply, compose, three-way merge,
 * settle and revert for every record type saved field by field (products, Bol models). A record
 * type describes its fields once (`RecordFields`: how a field is read, written, compared and named);
 * a diff maps field keys to `FieldChange`s (the value when the person started, and the new one).
 * The change sets (change-set.ts, bol-change-set.ts), their merge (change-set-merge.ts), the conflict
 * views and the history all compute "what differs" here. Pure: no DOM, no Node.
 */

/** One changed value: what it was when the person started, what they made it. */
export interface FieldChange<T = unknown> {
  base: T;
  value: T;
  /**
   * Values this person's own earlier edits of the field may already have written (an earlier
   * attempt of the same change whose answer was lost): the merge treats them like the base.
   */
  via?: T[];
}

export type Same<T> = (a: T, b: T) => boolean;

/** One field that someone else changed to another value. `field` is the field's conflict key. */
export interface FieldConflict {
  field: string;
  label: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Who wrote their value and when (server time, ISO), from the product history; null when not known. */
  changedBy: string | null;
  changedAt: string | null;
}

/**
 * What every 409 answer of a change set carries (docs/offline.md "Conflicts"): the conflicting
 * parts wait for the person; the rest of the set is on the server now. Each kind of record adds
 * itself as it is now under its own name (`product`, `model`).
 */
export interface ConflictAnswer {
  message: string;
  /** The message's catalog id and arguments (docs/languages.md, "Sentences the server writes"). */
  messageId?: string;
  messageArgs?: readonly (string | number)[];
  conflicts: FieldConflict[];
  /**
   * The parts of the set that are on the server now (written by this request, or already so: a
   * repeat), by key; everything of the set but the conflicts. Absent from servers that wrote
   * nothing on a conflict: then the whole set still waits.
   */
  written?: string[];
}

/** Whether `value` is a conflict answer holding its record (an object) under `recordKey`. */
export function isConflictAnswerWith(value: unknown, recordKey: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return Array.isArray(answer.conflicts) && typeof answer[recordKey] === 'object' && answer[recordKey] !== null;
}

/** A conflict as the merge finds it; the server adds who wrote theirs and when. */
export type MergeConflict = Omit<FieldConflict, 'changedBy' | 'changedAt'>;

/** Per conflicting field: 'mine' writes my value over theirs, 'theirs' drops my change of it. */
export type ConflictChoice = 'mine' | 'theirs';

// ---- one value ----

/** The values of a `via`, each once, without the base (the merge takes the base anyway). */
function distinctVia<T>(values: readonly T[], base: T, same: Same<T>): T[] {
  return values.filter((value, index, all) => !same(value, base) && all.findIndex((other) => same(other, value)) === index);
}

/**
 * One value changed twice by the same person: the first base stays, the second value wins. Back
 * at the base the change drops out (null), unless the first change may already be on the server
 * (`firstMayBeApplied`): then it stays, to write the base back over it.
 */
export function composeChange<T>(first: FieldChange<T>, second: FieldChange<T>, same: Same<T>, firstMayBeApplied: boolean): FieldChange<T> | null {
  const via = distinctVia([...(first.via ?? []), ...(firstMayBeApplied ? [first.value] : []), ...(second.via ?? [])], first.base, same);
  if (same(second.value, first.base) && via.length === 0) return null;
  return via.length > 0 ? { base: first.base, value: second.value, via } : { base: first.base, value: second.value };
}

/**
 * A change of a set that may already be on the server, kept in a merged set: its value joins
 * `via`. Needed also when the next edit leaves the field alone: the merged set goes under a new
 * key and is never tried, so a later edit merged into it would otherwise lose the value and meet
 * my own earlier write as someone else's (docs/offline.md "Change sets").
 */
export function mayBeApplied<T>(change: FieldChange<T>, same: Same<T>): FieldChange<T> {
  const via = distinctVia([...(change.via ?? []), change.value], change.base, same);
  return via.length > 0 ? { ...change, via } : change;
}

/** One value of a set composed with the next set's, either of which may be missing (null: no change left). */
export function composeOptionalChange<T>(first: FieldChange<T> | undefined, second: FieldChange<T> | undefined, same: Same<T>, firstMayBeApplied: boolean): FieldChange<T> | null {
  const earlier = first && firstMayBeApplied ? mayBeApplied(first, same) : first;
  return earlier && second ? composeChange(earlier, second, same, firstMayBeApplied) : (earlier ?? second ?? null);
}

export type MergeVerdict = 'write' | 'same' | 'conflict';

/**
 * The three-way merge of one value: now equal to my value -> nothing to do; now equal to the base
 * (or to a value this person's own earlier attempt wrote) -> my value is written; else a conflict.
 */
export function mergeVerdict<T>(current: T, change: FieldChange<T>, same: Same<T>): MergeVerdict {
  if (same(current, change.value)) return 'same';
  if (same(current, change.base) || (change.via ?? []).some((value) => same(current, value))) return 'write';
  return 'conflict';
}

/**
 * A conflicting change after the person chose: 'mine' keeps my value with theirs as the new base
 * (so it is written over theirs); 'theirs' drops it (null).
 */
export function settleChange<T>(change: FieldChange<T>, choice: ConflictChoice, theirs: T): FieldChange<T> | null {
  return choice === 'theirs' ? null : { base: theirs, value: change.value };
}

/** The change that undoes `change` (discarding a waiting change on the device). */
export function revertChange<T>(change: FieldChange<T>): FieldChange<T> {
  return { base: change.value, value: change.base };
}

// ---- the fields of a record ----

/** A diff: the changed fields of one record, by key. */
export type FieldDiff<K extends string = string> = Partial<Record<K, FieldChange>>;

/** How a record type's fields are read, written, compared and named: all the algebra needs. */
export interface RecordFields<R, K extends string = string> {
  /** The keys a diff of two versions looks at, in order. */
  keys(before: R, after: R): readonly K[];
  /** Whether the record has the field at all (a merge leaves a field the record lacks to its caller). */
  has(record: R, key: K): boolean;
  read(record: R, key: K): unknown;
  /** The record with these values written; keys it does not know are left out. */
  write(record: R, values: Readonly<Partial<Record<K, unknown>>>): R;
  same(key: K, a: unknown, b: unknown): boolean;
  /** The field's name in conflicts and choices, and back (null: not a field of this record type). */
  conflictKey(key: K): string;
  keyOfConflict(conflictKey: string): K | null;
  /** How the field is labelled in a conflict on `record`. */
  label(record: R, key: K): string;
  /** Their value as the base of a kept change ("keep mine"); default: as it came. */
  asBase?(key: K, theirs: unknown): unknown;
}

function entriesOf<K extends string>(diff: FieldDiff<K>): [K, FieldChange][] {
  return (Object.entries(diff) as [K, FieldChange | undefined][]).filter((entry): entry is [K, FieldChange] => entry[1] !== undefined);
}

export function isEmptyDiff(diff: FieldDiff): boolean {
  return entriesOf(diff).length === 0;
}

/** What changed from `before` to `after`: every compared field whose values differ, with both. */
export function diffFields<R, K extends string>(fields: RecordFields<R, K>, before: R, after: R): FieldDiff<K> {
  const diff: FieldDiff<K> = {};
  for (const key of fields.keys(before, after)) {
    const [base, value] = [fields.read(before, key), fields.read(after, key)];
    if (!fields.same(key, base, value)) diff[key] = { base, value };
  }
  return diff;
}

/** The record with the diff's new values written (how the device shows a waiting change). */
export function applyFields<R, K extends string>(fields: RecordFields<R, K>, record: R, diff: FieldDiff<K>): R {
  return fields.write(record, Object.fromEntries(entriesOf(diff).map(([key, change]) => [key, change.value])) as Partial<Record<K, unknown>>);
}

/** The diff that undoes `diff`: every field back to its base. */
export function revertFields<K extends string>(diff: FieldDiff<K>): FieldDiff<K> {
  return Object.fromEntries(entriesOf(diff).map(([key, change]) => [key, revertChange(change)])) as FieldDiff<K>;
}

/**
 * Two consecutive diffs of one person on one record as one: per field the first base stays and the
 * last value wins; a field back at its base drops out (see composeChange for `firstMayBeApplied`).
 */
export function composeFields<R, K extends string>(fields: RecordFields<R, K>, first: FieldDiff<K>, second: FieldDiff<K>, firstMayBeApplied: boolean): FieldDiff<K> {
  const composed: FieldDiff<K> = {};
  for (const [key, change] of entriesOf(first)) composed[key] = firstMayBeApplied ? mayBeApplied(change, (a, b) => fields.same(key, a, b)) : change;
  for (const [key, change] of entriesOf(second)) {
    const earlier = composed[key];
    const next = earlier ? composeChange(earlier, change, (a, b) => fields.same(key, a, b), firstMayBeApplied) : change;
    if (next) composed[key] = next;
    else delete composed[key];
  }
  return composed;
}

export interface FieldsMerge<K extends string> {
  /** The values to write, by key. */
  writes: Partial<Record<K, unknown>>;
  conflicts: MergeConflict[];
}

/**
 * The three-way merge of a diff with the record as it is now, field by field (mergeVerdict). Fields
 * not in the diff are never touched; a field the record lacks is left to the caller.
 */
export function mergeFields<R, K extends string>(fields: RecordFields<R, K>, current: R, diff: FieldDiff<K>): FieldsMerge<K> {
  const merge: FieldsMerge<K> = { writes: {}, conflicts: [] };
  for (const [key, change] of entriesOf(diff)) {
    if (!fields.has(current, key)) continue;
    const now = fields.read(current, key);
    const verdict = mergeVerdict(now, change, (a, b) => fields.same(key, a, b));
    if (verdict === 'write') merge.writes[key] = change.value;
    else if (verdict === 'conflict') {
      merge.conflicts.push({ field: fields.conflictKey(key), label: fields.label(current, key), base: change.base, mine: change.value, theirs: now });
    }
  }
  return merge;
}

/**
 * The diff after the person chose per conflicting field (settleChange; no choice means 'mine').
 * Conflicts about other parts of the record, and fields without a conflict, are left as they are.
 */
export function settleFields<R, K extends string>(
  fields: RecordFields<R, K>,
  diff: FieldDiff<K>,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): FieldDiff<K> {
  const settled: FieldDiff<K> = { ...diff };
  for (const conflict of conflicts) {
    const key = fields.keyOfConflict(conflict.field);
    const change = key === null ? undefined : settled[key];
    if (key === null || !change) continue;
    const theirs = fields.asBase ? fields.asBase(key, conflict.theirs) : conflict.theirs;
    const next = settleChange(change, choices[conflict.field] ?? 'mine', theirs);
    if (next) settled[key] = next;
    else delete settled[key];
  }
  return settled;
}

/**
 * The part of a diff the conflicts name: what still waits for the person once the server wrote the
 * rest of the set (docs/offline.md "Conflicts"). Conflicts about other parts of the record are
 * ignored; fields without a conflict leave the diff.
 */
export function conflictingFields<R, K extends string>(fields: RecordFields<R, K>, diff: FieldDiff<K>, conflicts: readonly Pick<FieldConflict, 'field'>[]): FieldDiff<K> {
  const named = new Set(conflicts.map((conflict) => fields.keyOfConflict(conflict.field)));
  return Object.fromEntries(entriesOf(diff).filter(([key]) => named.has(key))) as FieldDiff<K>;
}

/** The conflict keys of a diff's fields (what a conflict answer names as written: the keys without a conflict). */
export function diffConflictKeys<R, K extends string>(fields: RecordFields<R, K>, diff: FieldDiff<K>): string[] {
  return entriesOf(diff).map(([key]) => fields.conflictKey(key));
}
