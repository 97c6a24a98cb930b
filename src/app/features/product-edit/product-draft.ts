/**
 * The General tab's draft (docs/product-edit.md): the form as typed, the images as arranged and the
 * files picked but not saved yet; what counts as unsaved, and the product a save sends. Pure: no
 * React, no I/O.
 */
import type { Product, ProductImage } from '../../../shared/contract';
import type { PickedFile } from '../../sync/app-sync';
import { imagesChanged } from './image-list-rules';
import { formChanged, formFromProduct, productFromForm, type ProductForm } from './product-form';

export interface ProductDraft {
  form: ProductForm;
  images: ProductImage[];
  picked: PickedFile[];
}

/** The draft a product opens as: its form and its images, nothing picked. */
export function draftOfProduct(product: Product): ProductDraft {
  return { form: formFromProduct(product), images: product.productImages, picked: [] };
}

/** Unsaved: the form or the images differ from what was last filled or saved, or files wait to be added. */
export function draftUnsaved(draft: ProductDraft, opened: ProductDraft): boolean {
  return formChanged(draft.form, opened.form) || imagesChanged(draft.images, opened.images) || draft.picked.length > 0;
}

/** The product a save sends: the one the form was filled from, with the form's values and images. */
export function productOfDraft(draft: ProductDraft, base: Product): Product {
  return productFromForm(draft.form, { ...base, productImages: draft.images });
}

/** The draft once the save is queued: the images as queued (picked files now among them), nothing picked. */
export function draftAsQueued(draft: ProductDraft, queued: Product): ProductDraft {
  return { ...draft, images: queued.productImages, picked: [] };
}

/** The draft without the image whose upload was refused (`uploadOf` tells an image's waiting upload). */
export function draftWithoutUpload(draft: ProductDraft, uploadId: string, uploadOf: (filePath: string) => string | null): ProductDraft {
  return { ...draft, images: draft.images.filter((image) => uploadOf(image.filePath) !== uploadId) };
}

/**
 * The draft moved onto a newer copy's draft `next` (after a settled conflict): each form field typed
 * since `opened` keeps what was typed, the others take `next`'s value; images arranged since keep
 * their arrangement; picked files stay.
 */
export function draftWithTyped(draft: ProductDraft, opened: ProductDraft, next: ProductDraft): ProductDraft {
  const form = { ...next.form } as Record<keyof ProductForm, unknown>;
  for (const key of Object.keys(next.form) as (keyof ProductForm)[]) if (draft.form[key] !== opened.form[key]) form[key] = draft.form[key];
  return { form: form as ProductForm, images: imagesChanged(draft.images, opened.images) ? draft.images : next.images, picked: draft.picked };
}
