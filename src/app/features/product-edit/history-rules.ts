/**
 * The product history as the editor's History tab shows it (docs/product-edit.md "History"):
 * field labels from the one field table, readable values, and which earlier values can be
 * restored with one tap (a product field a person edits). Pure: no React, no I/O.
 */
import { HISTORY_HOW_LABELS, type Product, type ProductHistoryEntry } from '../../../shared/contract';
import { bolHistoryLabel } from '../../../shared/bol-change-set';
import { imageHistoryLines, isImageHistoryField } from '../../../shared/image-history';
import { historyMessages } from '../../../shared/messages';
import { isProductFieldName, productField } from '../../../shared/product-fields';
import { fieldValueText, type ValueNames } from '../../lib/field-value-text';

export function historyFieldLabel(field: string): string {
  if (isProductFieldName(field)) return productField(field).label;
  if (field === 'productImages') return 'Images';
  return bolHistoryLabel(field) ?? field;
}

/** A value as the history shows it: the one rule of the history and the conflict tables (lib/field-value-text.ts). */
export function historyValue(field: string, value: unknown, names: ValueNames = {}): string {
  return fieldValueText(field, value, names);
}

/** The sentence of a change that is better said than shown as old → new (a product that stopped being main), or null. */
export function historySentence(change: ProductHistoryEntry['changes'][number]): string | null {
  if (change.held) return `${historyFieldLabel(change.field)}: ${heldHistoryText(change.field, change.new)}`;
  if (change.taken) return historyMessages.supplierImagesTaken(historyValue(change.field, change.new));
  if (change.field !== 'mainProduct' || !change.becameMain) return null;
  const { productId, title } = change.becameMain;
  return historyMessages.noLongerMain(title.trim() === '' ? `product ${productId}` : `${title} (${productId})`);
}

/** Who made an entry, as people know them (the display name the server sends, else the user name). */
export function historyAuthor(entry: Pick<ProductHistoryEntry, 'author'> & { authorName?: string }): string {
  return entry.authorName || entry.author;
}

/**
 * An image change as the sentences people write ("Image 2 'x.png' deleted by Bram", "Image 2
 * 'x.png': alt text '' → 'Red shoe'"), or null for a change of any other field.
 */
export function historyImageLines(field: string, old: unknown, now: unknown, author: string, restored = false): string[] | null {
  return isImageHistoryField(field) ? imageHistoryLines(field, old, now, author, restored) : null;
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

export function howLabel(entry: ProductHistoryEntry): string {
  return HISTORY_HOW_LABELS[entry.how] ?? entry.how;
}

/** A supplier value a feed import held back, as the history says it. */
export function heldHistoryText(field: string, supplierValue: unknown): string {
  return `held back: the supplier now says ${historyValue(field, supplierValue)}`;
}
