/**
 * When a conflict choice asks first (docs/product-edit.md "Conflicts"): Keep mine / Take theirs on a
 * field the person is still editing (its draft differs from both sides) would replace what they
 * typed, so the screen asks before, naming what is replaced. The same on the General tab and the
 * Bol Model tab. Pure: no React, no I/O.
 */
import type { ConflictChoice } from '../../shared/field-diff';

/** One conflicting field as the form shows it: what is typed there now (null: not on the form), and both sides. */
export interface ConflictOnForm {
  field: string;
  label: string;
  typed: string | null;
  mine: string;
  theirs: string;
}

/** A field whose typing a choice replaces: what was typed, and the value chosen instead. */
export interface TypedOver {
  field: string;
  label: string;
  typed: string;
  chosen: string;
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The fields among `decided` where `choice` replaces what the person typed: their draft is neither mine nor theirs. */
export function typedOverByChoice(decided: readonly ConflictOnForm[], choice: ConflictChoice): TypedOver[] {
  return decided.flatMap((conflict) => {
    const { typed } = conflict;
    if (typed === null || same(typed, conflict.mine) || same(typed, conflict.theirs)) return [];
    return [{ field: conflict.field, label: conflict.label, typed, chosen: choice === 'mine' ? conflict.mine : conflict.theirs }];
  });
}
