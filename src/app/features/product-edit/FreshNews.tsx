/**
 * The product form's notes about a colleague's saved change (docs/product-edit.md "Open forms
 * stay fresh"), with the form's labels; drawn by src/app/ui/FreshNotes.tsx.
 */
import type { FreshConflict, FreshNews } from '../../edit/fresh-merge';
import { fieldValueText } from '../../lib/field-value-text';
import { FreshFieldNote, FreshNewsCallout } from '../../ui/FreshNotes';
import { IMAGES_NEWS } from './fresh-product';
import { fieldLabel, type FormField, type ProductForm } from './product-form';

function newsLabel(field: string, form: ProductForm): string {
  return field === IMAGES_NEWS ? 'Images' : fieldLabel(field as FormField, form);
}

export function FreshNewsNote({ news, form, onDismiss }: { news: FreshNews; form: ProductForm; onDismiss: () => void }) {
  const label = (field: string) => newsLabel(field, form);
  return <FreshNewsCallout by={news.by} updated={news.updated.map(label)} waiting={news.conflicts.map((conflict) => label(conflict.field))} onDismiss={onDismiss} />;
}

export function FreshFieldConflict({ conflict, by, onChoose }: { conflict: FreshConflict; by: readonly string[]; onChoose: (field: string, choice: 'mine' | 'theirs') => void }) {
  return <FreshFieldNote field={conflict.field} theirsText={fieldValueText(conflict.field, conflict.theirs)} by={by} onChoose={onChoose} />;
}
