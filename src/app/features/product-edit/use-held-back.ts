/**
 * The held-back supplier values of the product on the General tab (held-back-rules.ts): "Take the
 * supplier's" fills the field (Apply saves it through the outbox, and the server ends the hold) or,
 * for the category, saves it through the outbox at once; "Keep mine" queues the end of the hold in
 * the outbox (kind held-back-dismiss, docs/offline.md "Writes"): the note goes at once, also offline.
 */
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { reasonOf } from '../../edit/edit-outcome';
import type { WaitingEntryLike } from '../../lib/my-waiting-change';
import { submit } from '../../sync/app-sync';
import { notify } from '../../ui/notify';
import { heldCategoryNote, heldImagesNote, heldNotes, keptHere, withSupplierCategory, type HeldCategoryNote, type HeldNote } from './held-back-rules';
import type { FormField, ProductForm } from './product-form';

export function useHeldBack(product: Product, form: ProductForm, entries: readonly WaitingEntryLike[], author: string, setField: (field: FormField, value: string) => void) {
  const kept = keptHere(entries);
  const notes = heldNotes(product, form, kept);

  async function keepMine(field: string) {
    try {
      await submit({ kind: 'held-back-dismiss', productId: product.productId, field }, author);
      notify(messages.productEdit.keptMine);
    } catch (error) {
      notify(messages.productEdit.keepMineFailed(reasonOf(error)));
    }
  }

  async function takeCategory(note: HeldCategoryNote) {
    try {
      await submit({ kind: 'product-change', before: product, after: withSupplierCategory(product, note) }, author);
      notify(messages.productEdit.supplierCategoryTaken);
    } catch (error) {
      notify(messages.productEdit.takeSupplierFailed(reasonOf(error)));
    }
  }

  return {
    noteOf: (field: FormField) => notes.get(field) ?? null,
    category: heldCategoryNote(product, kept),
    images: heldImagesNote(product, kept),
    take: (note: HeldNote) => setField(note.field, note.formValue),
    takeCategory: (note: HeldCategoryNote) => void takeCategory(note),
    keepMine: (field: string) => void keepMine(field),
  };
}
