/**
 * Supplier values a feed held back on this product (docs/product-edit.md "The supplier now says"):
 * which form field shows one, how the value reads (formatted as everywhere in the app,
 * src/app/lib/format.ts), and what "Take the supplier's" puts in the form. Pure: no React, no I/O.
 */
import type { Product } from '../../../shared/contract';
import type { HeldSupplierValue } from '../../../shared/feed-fields';
import { messages } from '../../../shared/messages';
import { countText, decimalInputText, priceText } from '../../lib/format';
import { formFromProduct, MEASURE_FIELDS, PRICE_FIELDS, type FormField, type ProductForm } from './product-form';

export interface HeldNote {
  field: FormField;
  /** "The supplier now says: …" */
  says: string;
  /** The form's text of the supplier's value: what "Take the supplier's" puts in the field. */
  formValue: string;
  /** The form already holds the supplier's value (taken, not saved yet). */
  taken: boolean;
}

/** The form fields a held value can be shown on (category and images are not fields of the form). */
const FORM_FIELDS_OF_FEED: readonly string[] = [
  'sku', 'priceSupplier', 'stock', 'title', 'description', 'brand', 'weight', 'width', 'length', 'height',
  'productSize', 'color', 'material', 'familyKey',
];

/** A held supplier value as the app shows values: prices "€ 12,50", measures "0,75", counts "1,234", HTML as text. */
export function supplierValueText(held: HeldSupplierValue): string {
  const { field, value } = held;
  if (value === null || value === undefined || value === '') return messages.productEdit.emptyValue;
  if ((PRICE_FIELDS as readonly string[]).includes(field) && typeof value === 'number') return priceText(value);
  if ((MEASURE_FIELDS as readonly string[]).includes(field) && typeof value === 'number') return decimalInputText(value);
  if (field === 'stock' && typeof value === 'number') return countText(value);
  if (typeof value !== 'string') return String(value);
  const text = field === 'description' ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : value;
  if (text === '') return messages.productEdit.emptyValue;
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The notes of this product's held values, by form field, against the form as it is now. */
export function heldNotes(product: Product, form: ProductForm): Map<FormField, HeldNote> {
  const notes = new Map<FormField, HeldNote>();
  for (const held of product.heldBack ?? []) {
    if (!FORM_FIELDS_OF_FEED.includes(held.field)) continue;
    const field = held.field as FormField;
    const formValue = String(formFromProduct({ ...product, [held.field]: held.value } as Product)[field]);
    notes.set(field, { field, says: messages.productEdit.supplierSays(supplierValueText(held)), formValue, taken: String(form[field]) === formValue });
  }
  return notes;
}
