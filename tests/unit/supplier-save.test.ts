/**
 * Saving the supplier form straight to the server (src/app/features/parser/save-supplier.ts): a new
 * supplier is added, a known one saved against the version it was filled from, a picked feed file
 * uploaded after it; a save over someone else's newer one is a conflict carrying their supplier.
 */
import { describe, expect, it } from 'vitest';
import type { SupplierDetails, SupplierInput } from '../../src/shared/suppliers';
import { ApiFailure } from '../../src/app/api/client';
import { saveSupplierForm, staleAnswerOf, type SupplierSaveDeps } from '../../src/app/features/parser/save-supplier';
import { formOf, newSupplierForm } from '../../src/app/features/parser/supplier-form';
import { supplier } from './support/supplier-details';


/** Calls recorded as "name args"; each answers `answer` or throws it when it is an error. */
function fakeCalls(answer: SupplierDetails | Error) {
  const calls: string[] = [];
  const reply = async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const deps: SupplierSaveDeps = {
    addSupplier: (input: SupplierInput) => (calls.push(`add ${input.supplierName}`), reply()),
    saveSupplier: (id, input, version) => (calls.push(`save ${id} ${input.supplierName} v${version}`), reply()),
    uploadFeedFile: (id, file) => (calls.push(`upload ${id} ${file.name}`), reply()),
  };
  return { calls, deps };
}

describe('saving the supplier form', () => {
  it('adds a new supplier and answers with the form of the supplier as saved', async () => {
    const { calls, deps } = fakeCalls(supplier({ version: 1 }));
    const outcome = await saveSupplierForm({ ...newSupplierForm(), supplierName: ' Tuin BV ', supplierUrlFeed: 'https://tuin.example/feed.csv' }, null, deps);
    expect(calls).toEqual(['add Tuin BV']);
    expect(outcome).toEqual({ kind: 'sent', record: formOf(supplier({ version: 1 })) });
  });

  it('saves a known supplier against the version it was filled from, then uploads the picked feed file', async () => {
    const saved = supplier({ feedSource: 'upload', version: 4 });
    const { calls, deps } = fakeCalls(saved);
    const file = new File(['ean;title'], 'feed.csv', { type: 'text/csv' });
    await saveSupplierForm({ ...formOf(supplier()), feedSource: 'upload' }, file, deps);
    expect(calls).toEqual(['save 7 Tuin BV v3', 'upload 7 feed.csv']);
  });

  it("is a conflict with their supplier when someone else saved first, and throws any other refusal", async () => {
    const theirs = supplier({ version: 5, supplierName: 'Tuin en Zo' });
    const stale = new ApiFailure('Someone else saved this supplier meanwhile.', 412, { message: 'Someone else saved this supplier meanwhile.', supplier: theirs });
    expect(await saveSupplierForm(formOf(supplier()), null, fakeCalls(stale).deps)).toEqual({
      kind: 'conflict',
      message: 'Someone else saved this supplier meanwhile.',
      theirs,
    });
    const refused = new ApiFailure('The feed address must be http or https.', 400, { message: 'The feed address must be http or https.' });
    await expect(saveSupplierForm(formOf(supplier()), null, fakeCalls(refused).deps)).rejects.toBe(refused);
  });

  it("gives the stale answer's sentence as the failure reads it, in the language shown", () => {
    const english = { message: 'Someone else saved this supplier after you opened it.', messageId: 'server.supplierChanged', messageArgs: [], supplier: supplier() };
    const worded = new ApiFailure('Iemand anders heeft deze leverancier opgeslagen nadat jij hem opende.', 412, english);
    expect(staleAnswerOf(worded)).toEqual({ message: 'Iemand anders heeft deze leverancier opgeslagen nadat jij hem opende.', supplier: supplier() });
  });

  it('reads a stale answer only from a 412 that carries the supplier', () => {
    expect(staleAnswerOf(new ApiFailure('x', 412, { message: 'x' }))).toBeNull();
    expect(staleAnswerOf(new ApiFailure('x', 409, { message: 'x', supplier: supplier() }))).toBeNull();
    expect(staleAnswerOf(new Error('x'))).toBeNull();
  });
});
