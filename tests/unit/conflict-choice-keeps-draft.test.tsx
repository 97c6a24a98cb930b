// @vitest-environment jsdom
/**
 * A conflict choice keeps the draft (docs/product-edit.md "Conflicts"): the edit controller and the
 * conflict choices wired as the General tab wires them (use-product-editor.ts), over a fake outbox.
 * A choice sets only its own field, asks first when it would replace typing, and after settling the
 * form shows the settled copy with what was typed elsewhere still there and still unsaved.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { typedOverByChoice } from '../../src/app/edit/conflict-choice-rules';
import { FROM_SERVER } from '../../src/app/edit/kept-copy';
import { useConflictChoices } from '../../src/app/edit/use-conflict-choices';
import { useEditController } from '../../src/app/edit/use-edit-controller';
import { conflictsOnForm, formWithChoices } from '../../src/app/features/product-edit/conflict-rules';
import { draftOfProduct, draftUnsaved, draftWithTyped, type ProductDraft } from '../../src/app/features/product-edit/product-draft';
import type { ConflictChoice, FieldConflict } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { makeProduct } from './support/offline-fakes';

vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
// The unit project shares a module cache between the files of a worker (docs/testing.md, "Unit and
// server tests"): the modules this file imports load afresh, with its mock, and afterwards without it.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../src/app/ui/notify');
  vi.resetModules();
});
vi.mock('../../src/app/ui/notify', () => ({ notify: () => undefined }));
afterEach(cleanup);

const TITLE: FieldConflict = { field: 'title', label: 'Title', base: 'Chair', mine: 'Mine', theirs: 'Theirs', changedBy: 'bob', changedAt: null };

/** The device shows my waiting title; the server (theirs) has another one. */
function tablet() {
  const opened = makeProduct({ title: 'Mine', sku: 'A-1', version: 4 });
  const device = { kept: opened, settled: [] as Record<string, ConflictChoice>[] };
  const hook = renderHook(() => {
    const editor = useEditController<Product, ProductDraft>({
      record: opened,
      key: '1',
      draftOf: draftOfProduct,
      unsaved: draftUnsaved,
      readKept: async () => ({ record: device.kept, source: FROM_SERVER }),
      carryTyped: draftWithTyped,
      texts: { sentToast: 'Saved', pendingNotice: 'Saved on this device.', failedToast: 'Failed', failedNotice: (reason) => reason },
    });
    const base = editor.record as Product;
    const form = (editor.draft as ProductDraft).form;
    const choices = useConflictChoices({
      conflict: { entryId: 'e1', conflicts: [TITLE] },
      apply(decided, choice, { settles, choices: chosen }) {
        if (settles) editor.amend((current) => ({ ...current, form: formWithChoices(current.form, base, [TITLE], chosen) }));
        else editor.setDraft((current) => ({ ...current, form: formWithChoices(current.form, base, decided, { [TITLE.field]: choice }) }));
      },
      typedOver: (decided, choice) => typedOverByChoice(conflictsOnForm(form, base, decided), choice),
      async settle(_entryId, chosen) {
        device.settled.push({ ...chosen });
        // The outbox settles: the device now keeps theirs with my kept value on top.
        device.kept = makeProduct({ title: chosen.title === 'mine' ? 'Mine' : 'Theirs', sku: 'A-1', version: 5 });
      },
      settled: () => void editor.showKept('carry-typed'),
      failedToast: 'failed',
      errorLog: 'failed',
    });
    return { editor, choices };
  });
  const type = (field: 'title' | 'sku', value: string) => act(() => hook.result.current.editor.setDraft((current) => ({ ...current, form: { ...current.form, [field]: value } })));
  return { device, hook, type };
}

describe('a conflict choice on the General tab', () => {
  it('Keep mine on a title being typed asks first; once confirmed the title is mine and the typed SKU stays unsaved', async () => {
    const { device, hook, type } = tablet();
    type('title', 'Mine and theirs');
    type('sku', 'B-2');
    act(() => hook.result.current.choices.choose('title', 'mine'));
    // Asked first: nothing decided yet, the typing untouched.
    expect(hook.result.current.choices.question?.replaced).toEqual([{ field: 'title', label: 'Title', typed: 'Mine and theirs', chosen: 'Mine' }]);
    expect(device.settled).toEqual([]);
    expect(hook.result.current.editor.draft?.form.title).toBe('Mine and theirs');

    act(() => hook.result.current.choices.confirmQuestion());
    await waitFor(() => expect(hook.result.current.editor.record?.version).toBe(5));
    expect(device.settled).toEqual([{ title: 'mine' }]);
    const { editor } = hook.result.current;
    expect([editor.draft?.form.title, editor.draft?.form.sku]).toEqual(['Mine', 'B-2']);
    expect(editor.dirty).toBe(true);
  });

  it('a dismissed question changes nothing', () => {
    const { device, hook, type } = tablet();
    type('title', 'Mine and theirs');
    act(() => hook.result.current.choices.choose('title', 'theirs'));
    act(() => hook.result.current.choices.dismissQuestion());
    expect(hook.result.current.choices.question).toBeNull();
    expect(device.settled).toEqual([]);
    expect(hook.result.current.editor.draft?.form.title).toBe('Mine and theirs');
  });

  it('Take theirs on a title not being typed does not ask; the typed SKU stays, nothing else is unsaved once it is cleared', async () => {
    const { device, hook, type } = tablet();
    type('sku', 'B-2');
    act(() => hook.result.current.choices.choose('title', 'theirs'));
    expect(hook.result.current.choices.question).toBeNull();
    await waitFor(() => expect(hook.result.current.editor.record?.version).toBe(5));
    expect(device.settled).toEqual([{ title: 'theirs' }]);
    expect([hook.result.current.editor.draft?.form.title, hook.result.current.editor.draft?.form.sku]).toEqual(['Theirs', 'B-2']);
    type('sku', 'A-1');
    expect(hook.result.current.editor.dirty).toBe(false);
  });
});
