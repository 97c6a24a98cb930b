// @vitest-environment jsdom
/**
 * The edit controller keeping an open form fresh (src/app/edit/use-fresh-record.ts,
 * docs/product-edit.md "Open forms stay fresh"): it polls while visible and nothing of mine
 * waits, merges a colleague's newer copy by the field rule, tells who, and lets the person choose
 * on a field both changed.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeFreshForm } from '../../src/app/edit/fresh-merge';
import { FROM_SERVER } from '../../src/app/edit/kept-copy';
import { useEditController, type EditControllerOptions } from '../../src/app/edit/use-edit-controller';
import type { HeldRecord } from '../../src/app/edit/use-fresh-record';
import type { WaitingEntryLike } from '../../src/app/lib/my-waiting-change';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Card {
  version: number;
  title: string;
  sku: string;
}
type Form = Pick<Card, 'title' | 'sku'>;

const formOf = (card: Card): Form => ({ title: card.title, sku: card.sku });

function setup(first: Card) {
  const server = { card: first, by: ['bram'], polls: 0 };
  let listener: ((entries: readonly WaitingEntryLike[]) => void) | null = null;
  const options: EditControllerOptions<Card, Form> = {
    key: 'card:1',
    read: async (show) => show({ status: 'ready', record: first, source: FROM_SERVER }),
    draftOf: formOf,
    unsaved: (draft, opened) => draft.title !== opened.title || draft.sku !== opened.sku,
    texts: { sentToast: 'Saved', pendingNotice: 'Waiting', failedToast: 'Failed', failedNotice: (reason) => reason },
    watch: (onEntries) => {
      listener = onEntries;
      return () => {
        listener = null;
      };
    },
    author: 'anna',
    fresh: {
      poll: async (base) => {
        server.polls += 1;
        return server.card.version > base.version ? { record: server.card, by: server.by } : null;
      },
      merge: (held: HeldRecord<Card, Form>, fresh: Card) => {
        const merged = mergeFreshForm(held.opened, held.draft, formOf(fresh));
        const base = { ...fresh };
        for (const conflict of merged.conflicts) base[conflict.field as keyof Form] = held.base[conflict.field as keyof Form];
        return { held: { base, opened: formOf(base), draft: merged.draft }, updated: merged.updated, conflicts: merged.conflicts };
      },
      choose: (held, field, choice, theirs) => {
        const name = field as keyof Form;
        return { base: { ...held.base, [name]: theirs[name] }, opened: { ...held.opened, [name]: theirs[name] }, draft: choice === 'theirs' ? { ...held.draft, [name]: theirs[name] } : held.draft };
      },
      me: 'anna',
      intervalMs: 20,
    },
  };
  const outbox = (entries: WaitingEntryLike[]) => act(() => listener?.(entries));
  return { server, options, outbox };
}

afterEach(cleanup);

/** The form opened on a shoe, `typed` typed into it, then a colleague saves `theirs` on the server. */
async function typedThenSaved(typed: Partial<Form>, theirs: Card) {
  const { server, options } = setup({ version: 1, title: 'Shoe', sku: 'A1' });
  const { result } = renderHook(() => useEditController(options));
  await waitFor(() => expect(result.current.draft).not.toBeNull());
  act(() => result.current.setDraft((draft) => ({ ...draft, ...typed })));
  server.card = theirs;
  return result;
}

describe('an open form kept fresh', () => {
  it("takes a colleague's title into the untouched field, keeps the typed SKU, and names who and what", async () => {
    const result = await typedThenSaved({ sku: 'B2' }, { version: 2, title: 'Better shoe', sku: 'A1' });
    await waitFor(() => expect(result.current.draft?.title).toBe('Better shoe'));
    expect(result.current.draft?.sku).toBe('B2');
    expect(result.current.record?.version).toBe(2);
    expect(result.current.dirty).toBe(true);
    expect(result.current.fresh.news).toEqual({ by: ['bram'], updated: ['title'], conflicts: [] });
  });

  it('a field both changed keeps the typing with a conflict; "Take theirs" settles it', async () => {
    const result = await typedThenSaved({ title: 'Mine' }, { version: 2, title: 'Theirs', sku: 'A1' });
    await waitFor(() => expect(result.current.fresh.news?.conflicts).toEqual([{ field: 'title', mine: 'Mine', theirs: 'Theirs' }]));
    expect(result.current.draft?.title).toBe('Mine');
    act(() => result.current.fresh.choose('title', 'theirs'));
    expect(result.current.draft?.title).toBe('Theirs');
    expect(result.current.dirty).toBe(false);
    expect(result.current.fresh.news).toBeNull();
  });

  it('does not poll while a change of mine waits in the outbox, nor while the page is hidden', async () => {
    const { server, options, outbox } = setup({ version: 1, title: 'Shoe', sku: 'A1' });
    const { result } = renderHook(() => useEditController(options));
    await waitFor(() => expect(server.polls).toBeGreaterThan(0));
    await outbox([{ id: 'e1', kind: 'card-change', status: 'pending', author: 'anna' }]);
    const during = server.polls;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(server.polls).toBe(during);
    await outbox([]);
    await waitFor(() => expect(server.polls).toBeGreaterThan(during));

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const hidden = server.polls;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(server.polls).toBe(hidden);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(server.polls).toBeGreaterThan(hidden));
    expect(result.current.fresh.news).toBeNull();
  });

  it('a change only I made (another tab) updates the form without a note', async () => {
    const { server, options } = setup({ version: 1, title: 'Shoe', sku: 'A1' });
    server.by = ['anna'];
    const { result } = renderHook(() => useEditController(options));
    await waitFor(() => expect(result.current.draft).not.toBeNull());
    server.card = { version: 2, title: 'From my other tab', sku: 'A1' };
    await waitFor(() => expect(result.current.draft?.title).toBe('From my other tab'));
    expect(result.current.fresh.news).toBeNull();
  });
});
