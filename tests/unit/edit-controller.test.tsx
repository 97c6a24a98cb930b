// @vitest-environment jsdom
/**
 * The edit controller (src/app/edit): the record read device first, the draft and its unsaved
 * state, a save followed to its outcome with its notice and toast, and what shows after it. A fake
 * server counts the reads of the record: a save the server has shows the answer kept on the device
 * and never reads the record again.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedNotice, reasonOf, refusal, standsOnceSent, toldOf, type EditOutcome, type OutcomeTexts } from '../../src/app/edit/edit-outcome';
import { FROM_SERVER, readKeptCopy, WAITING_ON_DEVICE } from '../../src/app/edit/kept-copy';
import { useEditController, type EditControllerOptions, type EditLoad } from '../../src/app/edit/use-edit-controller';
import type { WaitingEntryLike } from '../../src/app/lib/my-waiting-change';

const toasts = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  return [] as string[];
});
// The unit project shares a module cache between the files of a worker (docs/testing.md, "Unit and
// server tests"): the modules this file imports load afresh, with its mock, and afterwards without it.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../src/app/ui/notify');
  vi.resetModules();
});
vi.mock('../../src/app/ui/notify', () => ({ notify: (text: string) => void toasts.push(text) }));

interface Note {
  id: number;
  version: number;
  text: string;
}

const TEXTS: OutcomeTexts<Note> = {
  sentToast: 'Note successfully saved!',
  pendingNotice: 'Saved on this device.',
  failedToast: 'Failed to save the note.',
  failedNotice: (reason) => `Failed to save the note. ${reason}`,
};

/** A fake server and device: the kept copy, the server's copy, and how often the server was read. */
function fakes(kept: Note | null, server: Note) {
  const state = { kept, server, reads: 0, entries: [] as WaitingEntryLike[], listener: null as ((entries: readonly WaitingEntryLike[]) => void) | null };
  const read = async (show: (load: EditLoad<Note>) => void) => {
    if (state.kept) show({ status: 'ready', record: state.kept, source: { kind: 'device', fetchedAt: 1, reason: 'loading' } });
    state.reads += 1;
    show({ status: 'ready', record: state.server, source: FROM_SERVER });
  };
  const options = (send: EditControllerOptions<Note, string>['send']): EditControllerOptions<Note, string> => ({
    key: 'note:1',
    read,
    draftOf: (note) => note.text,
    unsaved: (draft, opened) => draft !== opened,
    send,
    texts: TEXTS,
    readKept: () => readKeptCopy(async () => state.kept, async () => state.entries.length > 0),
    watch: (onEntries) => {
      state.listener = onEntries;
      onEntries(state.entries);
      return () => {
        state.listener = null;
      };
    },
    author: 'anna',
  });
  /** The outbox changes: my entries of the record are now `entries`. */
  const outbox = (entries: WaitingEntryLike[]) =>
    act(() => {
      state.entries = entries;
      state.listener?.(entries);
    });
  return { state, options, outbox };
}

const mine = (status = 'pending'): WaitingEntryLike => ({ id: 'e1', kind: 'note-change', status, author: 'anna' });

beforeEach(() => {
  toasts.length = 0;
});
afterEach(cleanup);

describe('useEditController', () => {
  it('shows the kept copy first, then the server copy, and fills the draft from it', async () => {
    const { state, options } = fakes({ id: 1, version: 1, text: 'kept' }, { id: 1, version: 2, text: 'server' });
    const { result } = renderHook(() => useEditController(options(undefined)));
    await waitFor(() => expect(result.current.load).toMatchObject({ status: 'ready', source: FROM_SERVER }));
    expect(result.current.record).toEqual({ id: 1, version: 2, text: 'server' });
    expect(result.current.draft).toBe('server');
    expect(result.current.dirty).toBe(false);
    expect(state.reads).toBe(1);
  });

  it("after a save the server has, shows the answer kept on the device and does not read the record again", async () => {
    const { state, options, outbox } = fakes(null, { id: 1, version: 2, text: 'server' });
    const send = vi.fn(async (draft: string, base: Note, sending: Parameters<NonNullable<EditControllerOptions<Note, string>['send']>>[2]) => {
      sending.queued({ ...base, text: draft }, () => draft);
      await outbox([mine()]);
      // The drainer sent it and stored the server's answer on the device.
      state.kept = { id: 1, version: 3, text: `${draft}!` };
      await outbox([]);
      return { kind: 'sent', record: state.kept } satisfies EditOutcome<Note>;
    });
    const { result } = renderHook(() => useEditController(options(send)));
    await waitFor(() => expect(result.current.draft).toBe('server'));
    act(() => result.current.setDraft(() => 'mine'));
    expect(result.current.dirty).toBe(true);

    let outcome: EditOutcome<Note> | null = null;
    await act(async () => {
      outcome = await result.current.save();
    });

    expect(outcome).toEqual({ kind: 'sent', record: { id: 1, version: 3, text: 'mine!' } });
    expect(send).toHaveBeenCalledWith('mine', { id: 1, version: 2, text: 'server' }, expect.anything());
    await waitFor(() => expect(result.current.record).toEqual({ id: 1, version: 3, text: 'mine!' }));
    expect(result.current.draft).toBe('mine!');
    expect(result.current.dirty).toBe(false);
    expect(result.current.load).toMatchObject({ status: 'ready', source: FROM_SERVER });
    expect(toasts).toEqual(['Note successfully saved!']);
    expect(result.current.notice).toBeNull();
    expect(result.current.busy).toBeNull();
    // One read: when the screen opened. None after the save.
    expect(state.reads).toBe(1);
  });

  it('a save kept on the device says so, and once nothing of mine waits shows the kept copy without reading the server', async () => {
    const { state, options, outbox } = fakes(null, { id: 1, version: 2, text: 'server' });
    const { result } = renderHook(() =>
      useEditController(
        options(async (draft, base, sending) => {
          sending.queued({ ...base, text: draft }, () => draft);
          return { kind: 'pending' };
        }),
      ),
    );
    await waitFor(() => expect(result.current.draft).toBe('server'));
    act(() => result.current.setDraft(() => 'offline'));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.notice).toEqual({ kind: 'pending', tone: 'amber', text: 'Saved on this device.' });
    expect(result.current.load).toMatchObject({ source: WAITING_ON_DEVICE });
    expect(result.current.dirty).toBe(false);

    await outbox([mine()]);
    state.kept = { id: 1, version: 3, text: 'offline' };
    await outbox([]);
    await waitFor(() => expect(result.current.record).toEqual({ id: 1, version: 3, text: 'offline' }));
    expect(result.current.notice).toBeNull();
    expect(result.current.load).toMatchObject({ source: FROM_SERVER });
    expect(state.reads).toBe(1);
    expect(result.current.entries).toEqual([]);
  });

  it("a refused save keeps the draft unsaved and tells the server's reason; a save that throws says the same", async () => {
    const { options } = fakes(null, { id: 1, version: 2, text: 'server' });
    let answer: () => Promise<EditOutcome<Note>> = async () => ({ kind: 'failed', message: 'Too long.' });
    const { result } = renderHook(() => useEditController(options(() => answer())));
    await waitFor(() => expect(result.current.draft).toBe('server'));
    act(() => result.current.setDraft(() => 'x'.repeat(10)));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.notice).toEqual({ kind: 'failed', tone: 'red', text: 'Failed to save the note. Too long.' });
    expect(result.current.dirty).toBe(true);
    expect(toasts).toEqual(['Failed to save the note.']);

    answer = async () => Promise.reject(new Error('Database is closed'));
    let outcome: EditOutcome<Note> | null = null;
    await act(async () => {
      outcome = await result.current.save();
    });
    expect(outcome).toEqual({ kind: 'failed', message: 'Database is closed' });
    expect(result.current.notice?.text).toBe('Failed to save the note. Database is closed');
  });

  it('keeps what was typed over a newer copy, and takes the newer copy while nothing is unsaved', async () => {
    const first = { id: 1, version: 1, text: 'first' };
    const { result, rerender } = renderHook(({ record }) => useEditController<Note, string>({ record, key: '1', draftOf: (note) => note.text, unsaved: (d, o) => d !== o, texts: TEXTS }), {
      initialProps: { record: first },
    });
    expect(result.current.draft).toBe('first');
    rerender({ record: { id: 1, version: 2, text: 'second' } });
    expect(result.current.draft).toBe('second');
    act(() => result.current.setDraft(() => 'typed'));
    rerender({ record: { id: 1, version: 3, text: 'third' } });
    expect(result.current.draft).toBe('typed');
    // The save is still based on the version the form was filled from.
    expect(result.current.record).toEqual({ id: 1, version: 2, text: 'second' });
  });

  it('runs an action marked busy; its failure becomes the red notice, its success says what it did', async () => {
    const record = { id: 1, version: 1, text: '' };
    const { result } = renderHook(() => useEditController<Note, string>({ record, key: '1', draftOf: (note) => note.text, unsaved: () => false, texts: {} }));
    let release: () => void = () => undefined;
    let running: Promise<unknown> = Promise.resolve();
    act(() => {
      running = result.current.act('run', () => new Promise<void>((resolve) => (release = resolve)), () => 'Done.');
    });
    expect(result.current.busy).toBe('run');
    await act(async () => {
      release();
      await running;
    });
    expect(result.current.busy).toBeNull();
    expect(result.current.notice).toEqual({ kind: 'sent', tone: 'green', text: 'Done.' });
    await act(async () => {
      expect(await result.current.act('run', async () => Promise.reject(new Error('No connection to the server')))).toBeUndefined();
    });
    expect(result.current.notice).toEqual({ kind: 'failed', tone: 'red', text: 'No connection to the server' });
  });
});

describe('what an outcome tells', () => {
  it('toasts and notices per outcome; a conflict says nothing (the screen shows it from the outbox)', () => {
    expect(toldOf({ kind: 'sent', record: null }, TEXTS)).toEqual({ toast: 'Note successfully saved!', notice: null });
    expect(toldOf({ kind: 'sent', record: { id: 1, version: 1, text: 'a' } }, { sentNotice: (note) => `Saved ${note?.text}.` })).toEqual({
      toast: null,
      notice: { kind: 'sent', tone: 'green', text: 'Saved a.' },
    });
    expect(toldOf({ kind: 'pending' }, TEXTS)).toEqual({ toast: null, notice: { kind: 'pending', tone: 'amber', text: 'Saved on this device.' } });
    expect(toldOf({ kind: 'conflict', message: 'Changed meanwhile', theirs: null }, TEXTS)).toEqual({ toast: null, notice: null });
    expect(toldOf({ kind: 'failed', message: 'Bad' }, {})).toEqual({ toast: null, notice: { kind: 'failed', tone: 'red', text: 'Bad' } });
    expect(failedNotice('Bad', TEXTS).text).toBe('Failed to save the note. Bad');
  });

  it('drops the amber notes once nothing waits, keeps the others', () => {
    expect(standsOnceSent({ kind: 'pending', tone: 'amber', text: 'Saved on this device.' })).toBeNull();
    expect(standsOnceSent(refusal('Needs a connection.', 'amber'))).toBeNull();
    expect(standsOnceSent(refusal('Fill the title.'))).toEqual({ kind: 'refused', tone: 'red', text: 'Fill the title.' });
    expect(standsOnceSent(null)).toBeNull();
  });

  it('reads the reason of an error', () => {
    expect(reasonOf(new Error('Gone'))).toBe('Gone');
    expect(reasonOf('plain')).toBe('plain');
  });

  it('marks the kept copy as waiting while a change of it waits, as the server answer otherwise', async () => {
    const note = { id: 1, version: 3, text: 'a' };
    expect(await readKeptCopy(async () => note, async () => true)).toEqual({ record: note, source: WAITING_ON_DEVICE });
    expect(await readKeptCopy(async () => note, async () => false)).toEqual({ record: note, source: FROM_SERVER });
    expect(await readKeptCopy(async () => note, async () => Promise.reject(new Error('closed')))).toEqual({ record: note, source: FROM_SERVER });
    expect(await readKeptCopy(async () => null, async () => true)).toBeNull();
  });
});
