/**
 * The edit controller (docs/architecture.md "Edit screens"): one hook owns what every edit screen
 * does, so the screen only renders. It holds the record (read here, the kept copy first and then
 * the server's, or handed in by a parent that read it), the draft and whether it holds unsaved
 * changes, the save (the screen hands in `send`: through the outbox or a direct call), what became
 * of it and the notice that tells the person. After a save the server has, the screen shows the
 * server's answer as this device keeps it: the record is not read from the server again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceCopySource } from '../db/device-first';
import { FROM_SERVER, WAITING_ON_DEVICE, type KeptCopy } from './kept-copy';
import type { WaitingEntryLike } from '../lib/my-waiting-change';
import { notify } from '../ui/notify';
import { failedNotice, reasonOf, standsOnceSent, toldOf, type EditNotice, type EditOutcome, type OutcomeTexts } from './edit-outcome';
import { useFreshRecord, type FreshOptions } from './use-fresh-record';

export type EditLoad<R> = { status: 'loading' } | { status: 'ready'; record: R; source: DeviceCopySource } | { status: 'error'; message: string };


/** What a sending save tells the controller. */
export interface Sending<R, D> {
  /** Queued: `record` is what this device shows now; the sent draft (and what was typed since) after `update` is no longer unsaved. */
  queued(record: R, update: (draft: D) => D): void;
  /** A change to the draft and to what counts as saved alike (an image whose upload was refused leaves both). */
  amend(update: (draft: D) => D): void;
}

export interface EditControllerOptions<R, D> {
  /** The record as a parent read it (the product page, for its tabs); a newer one refills the draft while nothing is unsaved. */
  record?: R;
  /** Or the read of the record here: `show` is called per copy. It runs again on reload() and when `key` changes. */
  read?: (show: (state: EditLoad<R>) => void) => Promise<void>;
  /** The record's identity (and what its read depends on): the read and the outbox watch start again when it changes. */
  key: string;
  draftOf: (record: R) => D;
  /** Whether the draft holds unsaved changes; `opened` is the draft as last filled or sent. */
  unsaved: (draft: D, opened: D, record: R) => boolean;
  /** Sends the draft made on `base` and follows it to what became of it. */
  send?: (draft: D, base: R, sending: Sending<R, D>) => Promise<EditOutcome<R>>;
  texts: OutcomeTexts<R>;
  /** The record as this device keeps it, read after a settled conflict and once nothing of mine waits any more. */
  readKept?: () => Promise<KeptCopy<R> | null>;
  /** The record's outbox entries (offline-capable screens): my conflict shows from them, and once nothing of mine waits the kept copy shows. */
  watch?: (onEntries: (entries: readonly WaitingEntryLike[]) => void) => () => void;
  author?: string;
  /**
   * The draft `draft` (filled as `opened`) moved onto a newer copy's draft `next`: what was typed
   * since `opened` stays, everything else is `next`'s. Used after a settled conflict, so a choice
   * never eats typing (docs/product-edit.md "Conflicts").
   */
  carryTyped?: (draft: D, opened: D, next: D) => D;
  /** Told of each record shown after a save or from the kept copy (the product page keeps its copy in step). */
  onShown?: (record: R, source: DeviceCopySource) => void;
  /** Keeps the open form fresh while online: a colleague's saved change merges in (use-fresh-record.ts). */
  fresh?: FreshOptions<R, D>;
}

interface Held<R, D> {
  base: R;
  opened: D;
  draft: D;
}

export function useEditController<R, D>(options: EditControllerOptions<R, D>) {
  const given = options.record;
  const [load, setLoad] = useState<EditLoad<R>>(given === undefined ? { status: 'loading' } : { status: 'ready', record: given, source: FROM_SERVER });
  const [held, setHeld] = useState<Held<R, D> | null>(() => (given === undefined ? null : filled(options.draftOf, given)));
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<EditNotice | null>(null);
  const [entries, setEntries] = useState<readonly WaitingEntryLike[]>([]);
  const [reads, setReads] = useState(0);
  // The latest options, for the reads and the watch that outlive a render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /**
   * Shows a copy of the record; it refills the draft when `always`, or while nothing is unsaved;
   * 'carry-typed' refills it with what was typed since it was filled carried over (`carryTyped`).
   */
  const show = useCallback((record: R, source: DeviceCopySource, always: boolean | 'carry-typed' = false) => {
    const { draftOf, unsaved, carryTyped } = latest.current;
    setLoad({ status: 'ready', record, source });
    setHeld((current) => {
      if (!current || always === true || !unsaved(current.draft, current.opened, current.base)) return filled(draftOf, record);
      if (always !== 'carry-typed' || !carryTyped) return current;
      const next = filled(draftOf, record);
      return { ...next, draft: carryTyped(current.draft, current.opened, next.opened) };
    });
  }, []);

  // A newer copy handed in by the parent: looked at once (one that arrived over unsaved edits is not applied later).
  const [seen, setSeen] = useState(given);
  if (given !== undefined && given !== seen) {
    setSeen(given);
    setLoad({ status: 'ready', record: given, source: FROM_SERVER });
    if (!held || !options.unsaved(held.draft, held.opened, held.base)) setHeld(filled(options.draftOf, given));
  }

  const { key, author } = options;
  useEffect(() => {
    const read = latest.current.read;
    if (!read) return;
    let current = true;
    void read((state) => {
      if (!current) return;
      if (state.status === 'ready') show(state.record, state.source);
      else setLoad(state);
    });
    return () => {
      current = false;
    };
  }, [key, reads, show]);

  /** Shows the record as this device keeps it (the drainer stored the server's answer there). */
  const showKept = useCallback(
    async (always: boolean | 'carry-typed' = false) => {
      const kept = await latest.current.readKept?.().catch(() => null);
      if (!kept || !alive.current) return;
      show(kept.record, kept.source, always);
      latest.current.onShown?.(kept.record, kept.source);
    },
    [show],
  );

  const hadWaiting = useRef(false);
  useEffect(() => {
    const watch = latest.current.watch;
    if (!watch) return;
    return watch((next) => {
      setEntries(next);
      const mine = next.filter((entry) => entry.author === author).length;
      if (mine === 0 && hadWaiting.current) {
        setNotice(standsOnceSent);
        void showKept();
      }
      hadWaiting.current = mine > 0;
    });
  }, [key, author, showKept]);

  const setDraft = useCallback((update: (draft: D) => D) => setHeld((current) => current && { ...current, draft: update(current.draft) }), []);
  const amend = useCallback(
    (update: (draft: D) => D) => setHeld((current) => current && { ...current, opened: update(current.opened), draft: update(current.draft) }),
    [],
  );

  // A colleague's newer copy while the form is open; paused while a save of mine is on its way.
  const fresh = useFreshRecord({
    options: options.fresh,
    key,
    held,
    setHeld,
    enabled: load.status === 'ready' && busy === null && entries.length === 0,
    onFresh: (record) => {
      setLoad({ status: 'ready', record, source: FROM_SERVER });
      latest.current.onShown?.(record, FROM_SERVER);
    },
  });

  /** Sends the draft, or `draft` when given (no busy mark: see save), then shows and tells what became of it. */
  async function saveDraft(draft?: D): Promise<EditOutcome<R> | null> {
    const { send, texts } = options;
    if (!send || !held) return null;
    const sentDraft = draft ?? held.draft;
    let queued = false;
    setNotice(null);
    try {
      const outcome = await send(sentDraft, held.base, {
        queued(record, update) {
          queued = true;
          const opened = update(sentDraft);
          // What was typed since the save started stays on top.
          setHeld((current) => ({ base: record, opened, draft: !current || current.draft === sentDraft ? opened : update(current.draft) }));
        },
        amend,
      });
      if (!alive.current) return outcome;
      const told = toldOf(outcome, texts);
      if (told.toast) notify(told.toast);
      setNotice(told.notice);
      if (outcome.kind === 'sent') {
        const saved = outcome.record;
        if (saved) {
          // The server's answer refills the draft unless something was typed since the save began.
          setLoad({ status: 'ready', record: saved, source: FROM_SERVER });
          setHeld((current) =>
            !current || current.draft === sentDraft || !options.unsaved(current.draft, current.opened, current.base) ? filled(options.draftOf, saved) : current,
          );
          options.onShown?.(saved, FROM_SERVER);
        } else setLoad((current) => (current.status === 'ready' ? { ...current, source: FROM_SERVER } : current));
      } else if (queued && outcome.kind !== 'failed') {
        setLoad((current) => (current.status === 'ready' ? { ...current, source: WAITING_ON_DEVICE } : current));
      }
      return outcome;
    } catch (error) {
      if (texts.errorLog) console.error(texts.errorLog, error);
      if (texts.failedToast) notify(texts.failedToast);
      setNotice(failedNotice(reasonOf(error), texts));
      return { kind: 'failed', message: reasonOf(error) };
    }
  }

  /**
   * Runs one action of the screen marked busy with `label`: a failure it does not catch itself
   * becomes the red notice (undefined is returned), a success says `done` when given.
   */
  async function act<T>(label: string, run: () => Promise<T>, done?: (result: T) => string | null): Promise<T | undefined> {
    setBusy(label);
    try {
      const result = await run();
      const text = done?.(result) ?? null;
      if (text !== null && alive.current) setNotice({ kind: 'sent', tone: 'green', text });
      return result;
    } catch (error) {
      if (alive.current) setNotice(failedNotice(reasonOf(error), options.texts));
      return undefined;
    } finally {
      if (alive.current) setBusy(null);
    }
  }

  /** Saves the draft (or `draft`), marked busy with `label`; resolves with what became of it. */
  const save = async (label = 'save', draft?: D): Promise<EditOutcome<R> | null> => (await act(label, () => saveDraft(draft))) ?? null;

  return {
    load,
    /** The record the draft was filled from: what a save is based on. */
    record: held?.base ?? null,
    draft: held?.draft ?? null,
    /** The draft as last filled or saved: what `dirty` compares with. */
    opened: held?.opened ?? null,
    dirty: held ? options.unsaved(held.draft, held.opened, held.base) : false,
    setDraft,
    /** A change to the draft and to what counts as saved alike: the draft stays as unsaved as it was. */
    amend,
    busy,
    notice,
    setNotice,
    entries,
    save,
    saveDraft,
    act,
    /** Shows a copy of the record (e.g. after a call that changed it); `always` refills the draft over unsaved edits. */
    show,
    showKept,
    /** A colleague's changes merged into the open form, and the choice on fields both changed. */
    fresh,
    /** Reads the record again. */
    reload: useCallback(() => setReads((count) => count + 1), []),
  };
}

function filled<R, D>(draftOf: (record: R) => D, record: R): Held<R, D> {
  const opened = draftOf(record);
  return { base: record, opened, draft: opened };
}
