/**
 * Saving the supplier form (docs/feeds.md, "The Parser screen"): straight to the server, which
 * checks the feed address and keeps the login (the Parser screen is online only). A new supplier
 * is added, a known one saved against the version the form was filled from (If-Match); a picked
 * feed file is uploaded after it. A save over someone else's newer one (412) is a conflict with
 * their supplier; any other refusal is thrown with the server's sentence.
 */
import type { SupplierDetails, SupplierInput, SupplierStaleAnswer } from '../../../shared/suppliers';
import { ApiFailure } from '../../api/client';
import type { EditOutcome } from '../../edit/edit-outcome';
import { formOf, inputOf, type SupplierForm } from './supplier-form';

export interface SupplierSaveDeps {
  addSupplier(input: SupplierInput): Promise<SupplierDetails>;
  saveSupplier(id: number, input: SupplierInput, version: number | null): Promise<SupplierDetails>;
  uploadFeedFile(id: number, file: File): Promise<SupplierDetails>;
}

/**
 * The server's answer to a save over someone else's newer one (412), or null for any other
 * failure: its sentence as the failure reads it (in the language shown, toApiFailure) and their supplier.
 */
export function staleAnswerOf(failure: unknown): { message: string; supplier: SupplierDetails } | null {
  if (!(failure instanceof ApiFailure) || failure.status !== 412) return null;
  const data = failure.body as Partial<SupplierStaleAnswer> | undefined;
  return data?.supplier && typeof data.message === 'string' ? { message: failure.message, supplier: data.supplier } : null;
}

/** Saves the form (and the picked feed file); `sent` carries the form of the supplier as saved. */
export async function saveSupplierForm(form: SupplierForm, file: File | null, deps: SupplierSaveDeps): Promise<EditOutcome<SupplierForm>> {
  try {
    let saved = form.supplierId === null ? await deps.addSupplier(inputOf(form)) : await deps.saveSupplier(form.supplierId, inputOf(form), form.version);
    if (form.feedSource === 'upload' && file) saved = await deps.uploadFeedFile(saved.supplierId, file);
    return { kind: 'sent', record: formOf(saved) };
  } catch (failure) {
    const stale = staleAnswerOf(failure);
    if (stale) return { kind: 'conflict', message: stale.message, theirs: stale.supplier };
    throw failure;
  }
}
