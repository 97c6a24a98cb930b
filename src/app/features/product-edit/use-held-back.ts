/**
 * The held-back supplier values of the product on the General tab (held-back-rules.ts): "Take the
 * supplier's" fills the field (Apply saves it through the outbox, and the server ends the hold);
 * "Keep mine" asks the server to end the hold, keeps its answer on the device and reloads the page.
 */
import { useState } from 'react';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { keepMineOverSupplier } from '../../api/products';
import { keepProductCopy } from '../../db/device-copies';
import { reasonOf } from '../../edit/edit-outcome';
import { notify } from '../../ui/notify';
import { heldNotes, type HeldNote } from './held-back-rules';
import type { FormField, ProductForm } from './product-form';

export function useHeldBack(product: Product, form: ProductForm, setField: (field: FormField, value: string) => void, onReload: () => void) {
  const [keeping, setKeeping] = useState<FormField | null>(null);
  const notes = heldNotes(product, form);

  async function keepMine(note: HeldNote) {
    setKeeping(note.field);
    try {
      await keepProductCopy(await keepMineOverSupplier(product.productId, note.field));
      notify(messages.productEdit.keptMine);
      onReload();
    } catch (error) {
      notify(messages.productEdit.keepMineFailed(reasonOf(error)));
    } finally {
      setKeeping(null);
    }
  }

  return {
    noteOf: (field: FormField) => notes.get(field) ?? null,
    keeping,
    take: (note: HeldNote) => setField(note.field, note.formValue),
    keepMine: (note: HeldNote) => void keepMine(note),
  };
}
