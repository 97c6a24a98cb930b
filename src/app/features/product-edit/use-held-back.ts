/**
 * The held-back supplier values of the product on the General tab (held-back-rules.ts): "Take the
 * supplier's" fills the field (Apply saves it through the outbox, and the server ends the hold) or,
 * for the category, saves it through the outbox at once; for the image list, queues the take in the
 * outbox (kind held-back-take-images), the supplier's images showing at once; "Keep mine" queues the end of the hold in
 * the outbox (kind held-back-dismiss, docs/offline.md "Writes"): the note goes at once, also offline.
 */
import { useState } from 'react';
import type { Product } from '../../../shared/contract';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { heldImagesMessages } from '../../../shared/held-images-messages';
import { reasonOf } from '../../edit/edit-outcome';
import { useMessages } from '../../i18n/language';
import { useFieldValueWords } from '../../i18n/value-words';
import type { WaitingEntryLike } from '../../lib/my-waiting-change';
import { submit } from '../../sync/app-sync';
import { notify, notifyDone } from '../../ui/notify';
import { heldCategoryNote, heldImagesNote, heldNotes, keptHere, takeImagesChange, withSupplierCategory, type HeldCategoryNote, type HeldImagesNote, type HeldNote } from './held-back-rules';
import type { FormField, ProductForm } from './product-form';

/** What taking the supplier's images needs of the form: whether its images are unsaved, and how it shows the device's copy. */
export interface ImagesOfForm {
  unsaved: boolean;
  showDeviceCopy: () => void;
}

export function useHeldBack(product: Product, form: ProductForm, entries: readonly WaitingEntryLike[], author: string, setField: (field: FormField, value: string) => void, images: ImagesOfForm) {
  const kept = keptHere(entries);
  const editWords = useMessages(productEditMessages, 'productEdit');
  const imagesWords = useMessages(heldImagesMessages, 'heldImages');
  const words = { edit: editWords, values: useFieldValueWords() };
  const notes = heldNotes(product, form, kept, words);
  const [takingImages, setTakingImages] = useState(false);

  async function keepMine(field: string) {
    try {
      await submit({ kind: 'held-back-dismiss', productId: product.productId, field }, author);
      notifyDone(editWords.keptMine);
    } catch (error) {
      notify(editWords.keepMineFailed(reasonOf(error)));
    }
  }

  async function takeCategory(note: HeldCategoryNote) {
    try {
      await submit({ kind: 'product-change', before: product, after: withSupplierCategory(product, note) }, author);
      notifyDone(editWords.supplierCategoryTaken);
    } catch (error) {
      notify(editWords.takeSupplierFailed(reasonOf(error)));
    }
  }

  async function takeImages(note: HeldImagesNote) {
    // The form's own image changes would be saved over the supplier's list: they go first.
    if (images.unsaved) {
      notify(imagesWords.saveImagesFirst);
      return;
    }
    setTakingImages(true);
    try {
      await submit(takeImagesChange(product, note), author);
      images.showDeviceCopy();
      notifyDone(imagesWords.supplierImagesTaken);
    } catch (error) {
      notify(editWords.takeSupplierFailed(reasonOf(error)));
    } finally {
      setTakingImages(false);
    }
  }

  return {
    noteOf: (field: FormField) => notes.get(field) ?? null,
    category: heldCategoryNote(product, kept, words),
    images: heldImagesNote(product, kept, words),
    take: (note: HeldNote) => setField(note.field, note.formValue),
    takeCategory: (note: HeldCategoryNote) => void takeCategory(note),
    takeImages: (note: HeldImagesNote) => void takeImages(note),
    takingImages,
    keepMine: (field: string) => void keepMine(field),
  };
}
