/**
 * A colleague's newer copy of the record someone has open (docs/product-edit.md "Open forms stay
 * fresh"), merged into the open form field by field. Pure: no React, no I/O.
 *
 * Per field, with `opened` the form as filled from the copy the person started on:
 * - the colleague did not change it (fresh equals opened): what the person has stays;
 * - the person did not touch it (draft equals opened): it takes the colleague's value, in place,
 *   and is named in the note ("Updated by anna just now: Title");
 * - both changed it to the same value: nothing to tell;
 * - both changed it differently: the person's draft stays and the field shows a conflict note
 *   with the colleague's value and a choice. It is never overwritten silently.
 */

/** A field both changed: the person's value beside the colleague's (as the form holds them). */
export interface FreshConflict {
  field: string;
  mine: unknown;
  theirs: unknown;
}

export interface FreshFormMerge<F> {
  /** The form after the merge: untouched fields updated, touched fields as typed. */
  draft: F;
  /** The fields updated in place, in the form's order. */
  updated: string[];
  /** The fields both changed differently. */
  conflicts: FreshConflict[];
}

export function mergeFreshForm<F extends object>(opened: F, draft: F, fresh: F, same: (a: unknown, b: unknown) => boolean = Object.is): FreshFormMerge<F> {
  const merged: Record<string, unknown> = { ...(draft as Record<string, unknown>) };
  const updated: string[] = [];
  const conflicts: FreshConflict[] = [];
  const was = opened as Record<string, unknown>;
  const typed = draft as Record<string, unknown>;
  for (const [field, theirs] of Object.entries(fresh)) {
    if (same(theirs, was[field])) continue;
    if (same(typed[field], was[field])) {
      merged[field] = theirs;
      updated.push(field);
    } else if (!same(typed[field], theirs)) conflicts.push({ field, mine: typed[field], theirs });
  }
  return { draft: merged as F, updated, conflicts };
}

/** What the open form tells the person about colleagues' changes since it was opened. */
export interface FreshNews {
  /** Who made them (history authors), or empty when not known. */
  by: string[];
  /** Fields updated in place. */
  updated: string[];
  /** Fields waiting for the person's choice. */
  conflicts: FreshConflict[];
}

/**
 * The news after one more fresh copy: the people and updated fields add up while the note shows;
 * the conflicts are the latest merge's (it sees every field still undecided).
 */
export function addNews(previous: FreshNews | null, by: readonly string[], merge: Pick<FreshFormMerge<unknown>, 'updated' | 'conflicts'>): FreshNews | null {
  const conflicted = new Set(merge.conflicts.map((conflict) => conflict.field));
  const updated = [...new Set([...(previous?.updated ?? []), ...merge.updated])].filter((field) => !conflicted.has(field));
  if (updated.length === 0 && merge.conflicts.length === 0) return previous && { ...previous, conflicts: [] };
  return { by: [...new Set([...(previous?.by ?? []), ...by])], updated, conflicts: merge.conflicts };
}

/** The news once the person chose on one field: its conflict goes; the note goes once nothing is left. */
export function withoutConflict(news: FreshNews | null, field: string): FreshNews | null {
  if (!news) return null;
  const conflicts = news.conflicts.filter((conflict) => conflict.field !== field);
  return conflicts.length === 0 && news.updated.length === 0 ? null : { ...news, conflicts };
}
