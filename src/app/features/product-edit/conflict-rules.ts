/**
 * A change-set conflict as the editor shows it (docs/product-edit.md "Conflicts"): the conflicting
 * fields of my waiting change, mine beside theirs, the person's choice per field, and what a
 * choice does to the open form. Pure: no React, no I/O.
 */
import { isChangeSetConflict, type ConflictChoice, type FieldConflict } from '../../../shared/change-set';
import type { Product } from '../../../shared/contract';
import { isProductFieldName } from '../../../shared/product-fields';
import type { ConflictOnForm } from '../../edit/conflict-choice-rules';
import { myChangeIsOnItsWay, myConflictOf, type WaitingEntryLike } from '../../lib/my-waiting-change';
import { formFromProduct, type FormField, type ProductForm } from './product-form';

export interface EditorConflict {
  entryId: string;
  conflicts: FieldConflict[];
  theirs: Product;
}

/** My conflicting change of this product, if any (another person's waits for them). */
export function editorConflictOf(entries: readonly WaitingEntryLike[], author: string): EditorConflict | null {
  const mine = myConflictOf(entries, author, 'product-change', (copy) => (isChangeSetConflict(copy) ? copy : null));
  return mine && { entryId: mine.entryId, conflicts: mine.answer.conflicts, theirs: mine.answer.product };
}

/** Whether a change of mine to this product waits or is being sent (the spinner on Apply). */
export const changeIsOnItsWay = myChangeIsOnItsWay;

/** Every conflict decided? Then the choices are settled in one go. */
export function allDecided(conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>): boolean {
  return conflicts.every((conflict) => choices[conflict.field] !== undefined);
}

/** The form field a conflict is shown on, or null (images are shown in the banner only). */
export function formFieldOf(conflict: FieldConflict): FormField | null {
  return isProductFieldName(conflict.field) && conflict.field !== 'categoryId' ? (conflict.field as FormField) : null;
}

/** A side of a conflict as the form shows it. */
function formValueOf(base: Product, field: FormField, value: unknown): ProductForm[FormField] {
  return formFromProduct({ ...base, [field]: value } as Product)[field];
}

/**
 * The open form after these choices (per conflict key; no choice: left as it is): only the chosen
 * fields change, to mine or theirs as the form types them; everything else stays as typed.
 */
export function formWithChoices(form: ProductForm, base: Product, conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>): ProductForm {
  const next: Record<string, unknown> = { ...form };
  for (const conflict of conflicts) {
    const field = formFieldOf(conflict);
    const choice = choices[conflict.field];
    if (!field || !choice) continue;
    next[field] = formValueOf(base, field, choice === 'theirs' ? conflict.theirs : conflict.mine);
  }
  return next as ProductForm;
}

/** The open form after "take theirs" on these conflicts: their values, typed as the form types them. */
export function formWithTheirs(form: ProductForm, base: Product, conflicts: readonly FieldConflict[]): ProductForm {
  return formWithChoices(form, base, conflicts, Object.fromEntries(conflicts.map((conflict) => [conflict.field, 'theirs' as const])));
}

/** The conflicts as the form shows them (what is typed there now, mine, theirs), for the question before a choice replaces typing. */
export function conflictsOnForm(form: ProductForm, base: Product, conflicts: readonly FieldConflict[]): ConflictOnForm[] {
  return conflicts.map((conflict) => {
    const field = formFieldOf(conflict);
    const shown = (value: unknown) => (field ? String(formValueOf(base, field, value)) : '');
    return { field: conflict.field, label: conflict.label, typed: field ? String(form[field]) : null, mine: shown(conflict.mine), theirs: shown(conflict.theirs) };
  });
}
