/**
 * The open product form and a colleague's newer copy of the product (docs/product-edit.md "Open
 * forms stay fresh"): the field rule of edit/fresh-merge.ts applied to the form and the images,
 * and the person's choice on a field both changed. Pure: no React, no I/O.
 *
 * The form is kept on the new copy (its version), except that a field still waiting for the
 * person's choice keeps the value it was opened with as its base: a save before choosing sends
 * that base, and the server's merge reports the conflict instead of overwriting the colleague.
 */
import type { Product, ProductHistoryEntry } from '../../../shared/contract';
import { mergeFreshForm, type FreshConflict } from '../../edit/fresh-merge';
import { imagesChanged } from './image-list-rules';
import type { ProductDraft } from './product-draft';
import { formFromProduct, type FormField, type ProductForm } from './product-form';

/** The editor's held state: the product a save builds on, the draft as filled, the draft as typed. */
export interface HeldProduct {
  base: Product;
  opened: ProductDraft;
  draft: ProductDraft;
}

/** The name the images go by in the news ("Updated by anna just now: Images"). */
export const IMAGES_NEWS = 'productImages';

export interface FreshProductMerge {
  held: HeldProduct;
  /** Form fields (and IMAGES_NEWS) updated in place. */
  updated: string[];
  conflicts: FreshConflict[];
}

export function mergeFreshProduct(held: HeldProduct, fresh: Product): FreshProductMerge {
  const freshForm = formFromProduct(fresh);
  const form = mergeFreshForm(held.opened.form, held.draft.form, freshForm);
  const waiting = form.conflicts.map((conflict) => conflict.field as FormField);

  const imagesTouched = imagesChanged(held.draft.images, held.opened.images);
  const imagesNews = !imagesTouched && imagesChanged(fresh.productImages, held.opened.images);

  const base: Product = { ...fresh };
  const openedForm: ProductForm = { ...freshForm };
  for (const field of waiting) {
    (base as Record<string, unknown>)[field] = held.base[field];
    (openedForm as Record<string, unknown>)[field] = held.opened.form[field];
  }
  // Images the person rearranged keep their old base: the server merges the image changes.
  if (imagesTouched) base.productImages = held.base.productImages;
  return {
    held: {
      base,
      opened: { form: openedForm, images: base.productImages, picked: [] },
      draft: { form: form.draft, images: imagesTouched ? held.draft.images : fresh.productImages, picked: held.draft.picked },
    },
    updated: imagesNews ? [...form.updated, IMAGES_NEWS] : form.updated,
    conflicts: form.conflicts,
  };
}

/**
 * The person's choice on a field both changed: either way the colleague's value becomes the
 * field's base (the choice is made, nothing to report any more); "theirs" also puts it in the
 * form, "mine" keeps what was typed (a save then writes it over the colleague's, knowingly).
 */
export function chooseFreshField(held: HeldProduct, field: string, choice: 'mine' | 'theirs', theirs: Product): HeldProduct {
  const name = field as FormField;
  const theirsForm = formFromProduct(theirs);
  const base = { ...held.base, [name]: theirs[name] } as Product;
  const opened: ProductDraft = { ...held.opened, form: { ...held.opened.form, [name]: theirsForm[name] } };
  const draft: ProductDraft = choice === 'theirs' ? { ...held.draft, form: { ...held.draft.form, [name]: theirsForm[name] } } : held.draft;
  return { base, opened, draft };
}

/** Who changed the product after `version`, newest first, each once, by display name as the history shows them. */
export function authorsSince(entries: readonly Pick<ProductHistoryEntry, 'author' | 'authorName' | 'version'>[], version: number): string[] {
  const newer = entries.filter((entry) => entry.version > version).sort((a, b) => b.version - a.version);
  return [...new Set(newer.map((entry) => entry.authorName || entry.author))];
}
