/**
 * Shows a new list of rows in two stages (rows-in-stages.ts): the first screen's rows at once, the
 * rest after that frame has painted. `complete` is false until every row is shown: the list stays
 * busy (aria-busy) until then, so nothing reads or keeps a page that is half there.
 */
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import { firstScreenRows, rowsToShowFirst } from './rows-in-stages';

interface Stage<T> {
  rows: readonly T[];
  shown: number;
}

const viewportHeight = (): number => (typeof window === 'undefined' ? Number.NaN : window.innerHeight);

export function useRowsInStages<T>(rows: readonly T[]): { shown: number; complete: boolean } {
  const [stage, setStage] = useState<Stage<T>>(() => ({ rows, shown: rowsToShowFirst(rows.length, 0, firstScreenRows(viewportHeight())) }));
  let current = stage;
  if (stage.rows !== rows) {
    // A new list: decided while rendering (React's way to adjust state to a new prop), so its
    // first frame already has only the first screen's rows.
    current = { rows, shown: rowsToShowFirst(rows.length, Math.min(stage.shown, stage.rows.length), firstScreenRows(viewportHeight())) };
    setStage(current);
  }
  const complete = current.shown >= rows.length;
  useEffect(() => {
    if (complete) return;
    let cancelled = false;
    void afterNextPaint().then(() => {
      if (!cancelled) setStage((now) => (now.rows === rows ? { rows, shown: rows.length } : now));
    });
    return () => {
      cancelled = true;
    };
  }, [rows, complete]);
  return { shown: Math.min(current.shown, rows.length), complete };
}
