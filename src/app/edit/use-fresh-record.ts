/**
 * Keeps an open form fresh while online (docs/product-edit.md "Open forms stay fresh"): every few
 * seconds, while the page is visible, the server is asked whether the record changed (a
 * conditional GET: 304 when not, so cheap that two server processes on one database need no
 * notification between them). A newer copy is merged into the form by the screen's rule
 * (edit/fresh-merge.ts): untouched fields update in place with a note, touched ones get a
 * conflict note with a choice. The edit controller runs this hook; the screen hands in the poll,
 * the merge and the choice.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onlineAtom } from '../state/sync';
import { addNews, withoutConflict, type FreshConflict, type FreshNews } from './fresh-merge';

/** How often an open form asks the server for a newer copy (a colleague's save shows within about 5 s). */
export const FRESH_POLL_MS = 3_000;

export interface HeldRecord<R, D> {
  base: R;
  opened: D;
  draft: D;
}

/** A newer copy of the record and who made the changes since `base` (empty when not known). */
export interface FreshCopy<R> {
  record: R;
  by: string[];
}

export interface FreshOptions<R, D> {
  /** Asks the server for the record if it changed since `base` (null: unchanged). */
  poll: (base: R) => Promise<FreshCopy<R> | null>;
  /** Merges a newer copy into the held form (edit/fresh-merge.ts). */
  merge: (held: HeldRecord<R, D>, fresh: R) => { held: HeldRecord<R, D>; updated: string[]; conflicts: FreshConflict[] };
  /** The person's choice on a field both changed, given the colleague's copy. */
  choose: (held: HeldRecord<R, D>, field: string, choice: 'mine' | 'theirs', theirs: R) => HeldRecord<R, D>;
  /** The person's own name: a change only they made brings no note. */
  me?: string;
  /** How often to ask (default FRESH_POLL_MS). */
  intervalMs?: number;
}

export interface FreshRecordInput<R, D> {
  options: FreshOptions<R, D> | undefined;
  /** The record's identity: polling starts again when it changes. */
  key: string;
  held: HeldRecord<R, D> | null;
  setHeld: (held: HeldRecord<R, D>) => void;
  /** False while a save of mine is under way or waits in the outbox: its answer refreshes the form. */
  enabled: boolean;
  /** Told of each newer copy merged (the controller shows it as the server's). */
  onFresh: (record: R) => void;
}

export interface FreshRecord {
  /** What changed under the open form, or null. */
  news: FreshNews | null;
  dismiss: () => void;
  /** Settles a field both changed: 'mine' keeps the draft, 'theirs' takes the colleague's value. */
  choose: (field: string, choice: 'mine' | 'theirs') => void;
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** Whether the page is visible, kept fresh. */
function useVisible(): boolean {
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const update = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export function useFreshRecord<R, D>({ options, key, held, setHeld, enabled, onFresh }: FreshRecordInput<R, D>): FreshRecord {
  const online = useAtomValue(onlineAtom);
  const visible = useVisible();
  const [news, setNews] = useState<FreshNews | null>(null);
  const theirs = useRef<R | null>(null);
  const latest = useRef({ options, held, setHeld, onFresh });
  useEffect(() => {
    latest.current = { options, held, setHeld, onFresh };
  });

  const polling = options !== undefined && enabled && online && visible;
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = async () => {
      const { options: fresh, held: asked } = latest.current;
      if (fresh && asked) {
        const found = await fresh.poll(asked.base).catch(() => null);
        const now = latest.current;
        // The form moved on while the poll was out (a save, a refill): the next poll asks again.
        if (!stopped && found && now.held && now.held.base === asked.base) {
          const merged = fresh.merge(now.held, found.record);
          theirs.current = found.record;
          now.setHeld(merged.held);
          const others = found.by.filter((who) => who !== fresh.me);
          if (others.length > 0 || found.by.length === 0) setNews((previous) => addNews(previous, others, merged));
          now.onFresh(found.record);
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), latest.current.options?.intervalMs ?? FRESH_POLL_MS);
    };
    timer = setTimeout(() => void tick(), latest.current.options?.intervalMs ?? FRESH_POLL_MS);
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [polling, key]);

  // Another record: no news of the last one.
  const [newsFor, setNewsFor] = useState(key);
  if (newsFor !== key) {
    setNewsFor(key);
    setNews(null);
  }

  const choose = useCallback((field: string, choice: 'mine' | 'theirs') => {
    const { options: fresh, held: current, setHeld: set } = latest.current;
    if (!fresh || !current || theirs.current === null) return;
    set(fresh.choose(current, field, choice, theirs.current));
    setNews((previous) => withoutConflict(previous, field));
  }, []);
  const dismiss = useCallback(() => setNews((previous) => (previous && previous.conflicts.length > 0 ? { ...previous, updated: [] } : null)), []);
  return { news, dismiss, choose };
}
