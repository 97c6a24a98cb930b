/**
 * The product history as the editor's History tab shows it (docs/product-edit.md "History"):
 * field labels from the one field table, readable values, and which earlier values can be
 * restored with one tap (a product field a person edits). Pure: no React, no I/O; the words come
 * in `words` (the language shown, English by default: docs/languages.md).
 */
import { HISTORY_HOW_LABELS, type Product, type ProductHistoryEntry } from '../../../shared/contract';
import { bolHistoryLabel } from '../../../shared/bol-change-set';
import { imageHistoryLines, isImageHistoryField, type ImageChangeWords } from '../../../shared/image-history';
import { historyMessages, messages } from '../../../shared/messages';
import { productFormMessages } from '../../../shared/product-form-messages';
import { productHistoryMessages } from '../../../shared/product-history-messages';
import { isProductFieldName, productField } from '../../../shared/product-fields';
import { ENGLISH_VALUE_WORDS, fieldValueText, VALUE_TEXT_MAX_LENGTH, type FieldValueWords, type ValueNames } from '../../lib/field-value-text';

/** Every word the History tab writes, in one language. */
export interface HistoryWords {
  tab: typeof productHistoryMessages;
  lines: typeof historyMessages;
  how: typeof HISTORY_HOW_LABELS;
  fields: (typeof productFormMessages)['fields'];
  values: FieldValueWords;
  images: ImageChangeWords;
}

export const ENGLISH_HISTORY_WORDS: HistoryWords = {
  tab: productHistoryMessages,
  lines: historyMessages,
  how: HISTORY_HOW_LABELS,
  fields: productFormMessages.fields,
  values: ENGLISH_VALUE_WORDS,
  images: messages.imageChanges,
};

export function historyFieldLabel(field: string, words: HistoryWords = ENGLISH_HISTORY_WORDS): string {
  if (isProductFieldName(field)) return words.fields[field];
  if (field === 'productImages') return words.tab.images;
  return bolHistoryLabel(field, words.tab.bolFields) ?? field;
}

/** A value as the history shows it: the one rule of the history and the conflict tables (lib/field-value-text.ts). */
export function historyValue(field: string, value: unknown, names: ValueNames = {}, words: HistoryWords = ENGLISH_HISTORY_WORDS): string {
  return fieldValueText(field, value, names, VALUE_TEXT_MAX_LENGTH, words.values);
}

/** The sentence of a change that is better said than shown as old → new (a product that stopped being main), or null. */
export function historySentence(change: ProductHistoryEntry['changes'][number], words: HistoryWords = ENGLISH_HISTORY_WORDS): string | null {
  if (change.held) return `${historyFieldLabel(change.field, words)}: ${heldHistoryText(change.field, change.new, words)}`;
  if (change.taken) return words.lines.supplierImagesTaken(historyValue(change.field, change.new, {}, words));
  if (change.field !== 'mainProduct' || !change.becameMain) return null;
  const { productId, title } = change.becameMain;
  return words.lines.noLongerMain(title.trim() === '' ? words.tab.productOfId(productId) : words.tab.namedProduct(title, productId));
}

/** Who made an entry, as people know them (the display name the server sends, else the user name). */
export function historyAuthor(entry: Pick<ProductHistoryEntry, 'author'> & { authorName?: string }): string {
  return entry.authorName || entry.author;
}

/**
 * An image change as the sentences people write ("Image 2 'x.png' deleted by Bram", "Image 2
 * 'x.png': alt text '' → 'Red shoe'"), or null for a change of any other field.
 */
export function historyImageLines(field: string, old: unknown, now: unknown, author: string, restored = false, words: HistoryWords = ENGLISH_HISTORY_WORDS): string[] | null {
  return isImageHistoryField(field) ? imageHistoryLines(field, old, now, author, restored, words.images) : null;
}

/** Whether the old value of this change can be put back with one tap (and differs from now). */
export function canRestore(field: string, old: unknown, current: Product): boolean {
  if (!isProductFieldName(field)) return false;
  const row = productField(field);
  if (!row.editable || !row.saved) return false;
  return JSON.stringify(current[field]) !== JSON.stringify(old);
}

/** The product with one field back at an earlier value. */
export function withRestored(current: Product, field: string, old: unknown): Product {
  return { ...current, [field]: old } as Product;
}

export function howLabel(entry: ProductHistoryEntry, words: HistoryWords = ENGLISH_HISTORY_WORDS): string {
  return words.how[entry.how] ?? entry.how;
}

/** A supplier value a feed import held back, as the history says it. */
export function heldHistoryText(field: string, supplierValue: unknown, words: HistoryWords = ENGLISH_HISTORY_WORDS): string {
  return words.tab.heldBack(historyValue(field, supplierValue, {}, words));
}
