/**
 * The product form's notes about a colleague's saved change (docs/product-edit.md "Open forms
 * stay fresh"), with the form's labels; drawn by src/app/ui/FreshNotes.tsx.
 */
import { productFormMessages } from '../../../shared/product-form-messages';
import type { FreshConflict, FreshNews } from '../../edit/fresh-merge';
import { useMessages } from '../../i18n/language';
import { useFieldValueWords } from '../../i18n/value-words';
import { fieldValueText, VALUE_TEXT_MAX_LENGTH } from '../../lib/field-value-text';
import { FreshFieldNote, FreshNewsCallout } from '../../ui/FreshNotes';
import { IMAGES_NEWS } from './fresh-product';
import { fieldLabel, type FormField, type ProductForm } from './product-form';

type FormWords = typeof productFormMessages;

function newsLabel(field: string, form: ProductForm, words: FormWords): string {
  return field === IMAGES_NEWS ? words.images.heading : fieldLabel(field as FormField, form, words);
}

export function FreshNewsNote({ news, form, onDismiss }: { news: FreshNews; form: ProductForm; onDismiss: () => void }) {
  const words = useMessages(productFormMessages, 'productForm');
  const label = (field: string) => newsLabel(field, form, words);
  return <FreshNewsCallout by={news.by} updated={news.updated.map(label)} waiting={news.conflicts.map((conflict) => label(conflict.field))} onDismiss={onDismiss} />;
}

export function FreshFieldConflict({ conflict, by, onChoose }: { conflict: FreshConflict; by: readonly string[]; onChoose: (field: string, choice: 'mine' | 'theirs') => void }) {
  const words = useFieldValueWords();
  return <FreshFieldNote field={conflict.field} theirsText={fieldValueText(conflict.field, conflict.theirs, {}, VALUE_TEXT_MAX_LENGTH, words)} by={by} onChoose={onChoose} />;
}
