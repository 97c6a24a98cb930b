/**
 * Supplier values a feed held back on this product (docs/product-edit.md "The supplier now says"):
 * where a note shows (under a form field, under the category, at the Images section), how the
 * value reads (one formatter for every field's value, src/app/lib/field-value-text.ts), and what
 * "Take the supplier's" does (the image list: an outbox write of its own). Holds whose "Keep mine" waits in the outbox are not shown. Pure: no
 * React, no I/O; the notes are written in `words` (the language shown, English by default).
 */
import type { Product } from '../../../shared/contract';
import { productEditMessages } from '../../../shared/product-edit-messages';
import type { HeldSupplierValue } from '../../../shared/feed-fields';
import { ENGLISH_VALUE_WORDS, fieldValueText, imageFileName, VALUE_TEXT_MAX_LENGTH, type FieldValueWords } from '../../lib/field-value-text';
import { formFromProduct, type FormField, type ProductForm } from './product-form';

export interface HeldNote {
  field: FormField;
  /** "The supplier now says: …" */
  says: string;
  /** The form's text of the supplier's value: what "Take the supplier's" puts in the field. */
  formValue: string;
  /** The form already holds the supplier's value (taken, not saved yet). */
  taken: boolean;
}

/** The note under the category: "Take the supplier's" saves the category through the outbox. */
export interface HeldCategoryNote {
  field: 'categoryId';
  says: string;
  categoryId: number | null;
  categoryName: string | null;
}

/** One image of the supplier's list, as the note shows it. */
export interface HeldImage {
  address: string;
  name: string;
}

/** The note at the Images section: the supplier's image list, counted and named, with thumbnails. */
export interface HeldImagesNote {
  field: 'images';
  says: string;
  images: HeldImage[];
}

/** The form fields a held value can be shown on (category and images have notes of their own). */
const FORM_FIELDS_OF_FEED: readonly string[] = [
  'sku', 'priceSupplier', 'stock', 'title', 'description', 'brand', 'weight', 'width', 'length', 'height',
  'productSize', 'color', 'material', 'familyKey',
];

/** The waiting outbox entry fields read here (WaitingEntryLike with its payload). */
export interface EntryLike {
  kind: string;
  status: string;
  payload?: unknown;
}

/**
 * The held fields settled on this device while the outbox sends it: a waiting "Keep mine", or a
 * waiting change of the category (a taken supplier category; the server's save ends the hold).
 * Their notes are gone on this device at once.
 */
export function keptHere(entries: readonly EntryLike[]): Set<string> {
  const fields = new Set<string>();
  for (const entry of entries) {
    if (entry.status === 'conflict') continue;
    // A waiting take of the supplier's images (its device copy shows them already).
    if (entry.kind === 'held-back-take-images') fields.add('images');
    if (entry.kind === 'held-back-dismiss') {
      const field = (entry.payload as { field?: unknown } | undefined)?.field;
      if (typeof field === 'string') fields.add(field);
    }
    const changed = (entry.payload as { changes?: { fields?: Record<string, unknown> } } | undefined)?.changes?.fields;
    if (entry.kind === 'product-change' && changed && 'categoryId' in changed) fields.add('categoryId');
  }
  return fields;
}

/** The words of the notes: the sentence, the empty value's name and the values' words. */
export interface HeldWords {
  edit: Pick<typeof productEditMessages, 'supplierSays' | 'emptyValue'>;
  values: FieldValueWords;
}
const ENGLISH_HELD_WORDS: HeldWords = { edit: productEditMessages, values: ENGLISH_VALUE_WORDS };

/** A held supplier value as the note reads it: the field's value as everywhere, empty named. */
export function supplierValueText(held: HeldSupplierValue, words: HeldWords = ENGLISH_HELD_WORDS): string {
  const text = fieldValueText(held.field, held.value, { categoryName: () => held.shown }, VALUE_TEXT_MAX_LENGTH, words.values);
  return text === words.values.value.empty ? words.edit.emptyValue : text;
}

function says(held: HeldSupplierValue, words: HeldWords): string {
  return words.edit.supplierSays(supplierValueText(held, words));
}

const openHolds = (product: Product, kept: ReadonlySet<string>) => (product.heldBack ?? []).filter((held) => !kept.has(held.field));

/** The notes of this product's held values, by form field, against the form as it is now. */
export function heldNotes(product: Product, form: ProductForm, kept: ReadonlySet<string> = new Set(), words: HeldWords = ENGLISH_HELD_WORDS): Map<FormField, HeldNote> {
  const notes = new Map<FormField, HeldNote>();
  for (const held of openHolds(product, kept)) {
    if (!FORM_FIELDS_OF_FEED.includes(held.field)) continue;
    const field = held.field as FormField;
    const formValue = String(formFromProduct({ ...product, [held.field]: held.value } as Product)[field]);
    notes.set(field, { field, says: says(held, words), formValue, taken: String(form[field]) === formValue });
  }
  return notes;
}

/** The note under the category, by the category's name (never its id), or null. */
export function heldCategoryNote(product: Product, kept: ReadonlySet<string> = new Set(), words: HeldWords = ENGLISH_HELD_WORDS): HeldCategoryNote | null {
  const held = openHolds(product, kept).find((candidate) => candidate.field === 'categoryId');
  if (!held) return null;
  const categoryId = typeof held.value === 'number' ? held.value : null;
  return { field: 'categoryId', says: says(held, words), categoryId, categoryName: held.shown ?? null };
}

/** The note at the Images section: what the supplier's images now are, or null. */
export function heldImagesNote(product: Product, kept: ReadonlySet<string> = new Set(), words: HeldWords = ENGLISH_HELD_WORDS): HeldImagesNote | null {
  const held = openHolds(product, kept).find((candidate) => candidate.field === 'images');
  if (!held) return null;
  const addresses = Array.isArray(held.value) ? held.value.filter((address): address is string => typeof address === 'string') : [];
  return { field: 'images', says: says(held, words), images: addresses.map((address) => ({ address, name: imageFileName(address) })) };
}

/**
 * "Take the supplier's" on the image list: the supplier's list as the note shows it, and the
 * product's images as this device shows them (the take's base: the server writes the list only over
 * these, src/shared/held-images-take.ts).
 */
export function takeImagesChange(product: Product, note: HeldImagesNote): { kind: 'held-back-take-images'; productId: number; images: string[]; base: string[] } {
  return { kind: 'held-back-take-images', productId: product.productId, images: note.images.map((image) => image.address), base: product.productImages.map((image) => image.id) };
}

/** The product with the supplier's category: what "Take the supplier's" on the category saves. */
export function withSupplierCategory(product: Product, note: HeldCategoryNote): Product {
  return { ...product, categoryId: note.categoryId, categoryName: note.categoryName };
}
