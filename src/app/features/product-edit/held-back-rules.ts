/**
 * Supplier values a feed held back on this product (docs/product-edit.md "The supplier now says"):
 * which form field shows one, how the value reads (formatted as everywhere in the app,
 * src/app/lib/format.ts), and what "Take the supplier's" puts in the form. Pure: no React, no I/O.
 */
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { supplierValueText } from '../../lib/supplier-value-text';
import { formFromProduct, type FormField, type ProductForm } from './product-form';

export { supplierValueText };

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
