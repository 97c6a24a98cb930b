// @vitest-environment jsdom
/** A new page's rows in two stages: the first screen's at once, the rest after that frame has painted. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenRows, ROW_MIN_HEIGHT_PX, rowsToShowFirst } from '../../src/app/features/products/rows-in-stages';
import { useRowsInStages } from '../../src/app/features/products/use-rows-in-stages';

describe('firstScreenRows', () => {
  it('is the viewport over the lowest row, rounded up', () => {
    expect(ROW_MIN_HEIGHT_PX).toBe(40);
    expect(firstScreenRows(800)).toBe(20);
    expect(firstScreenRows(1024)).toBe(26);
    expect(firstScreenRows(30)).toBe(1);
  });

  it('is every row without a usable height', () => {
    expect(firstScreenRows(0)).toBe(Number.POSITIVE_INFINITY);
    expect(firstScreenRows(Number.NaN)).toBe(Number.POSITIVE_INFINITY);
    expect(firstScreenRows(800, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('rowsToShowFirst', () => {
  it('shows the first screen of a new page, all of a page that fits', () => {
    expect(rowsToShowFirst(100, 0, 20)).toBe(20);
    expect(rowsToShowFirst(20, 0, 20)).toBe(20);
    expect(rowsToShowFirst(12, 0, 20)).toBe(12);
    expect(rowsToShowFirst(100, 0, Number.POSITIVE_INFINITY)).toBe(100);
    expect(rowsToShowFirst(0, 0, 20)).toBe(0);
  });

  it('never shows fewer rows than a moment before (a page replaced by its new answer keeps its length)', () => {
    expect(rowsToShowFirst(100, 100, 20)).toBe(100);
    expect(rowsToShowFirst(100, 50, 20)).toBe(50);
    expect(rowsToShowFirst(30, 100, 20)).toBe(30);
  });
});

describe('useRowsInStages', () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    // A 1280 × 800 screen: its first screen is 20 rows of 40 px.
    window.innerHeight = 800;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const page = (size: number, from = 0) => Array.from({ length: size }, (_, index) => from + index);
  /** The next frame is painted: its callbacks run, then the task queued from them. */
  const paint = async () => {
    await act(async () => {
      for (const frame of frames.splice(0)) frame();
      await vi.advanceTimersByTimeAsync(0);
    });
  };

  it('shows a page of 100 rows as 20 first, not complete, and all 100 after the next paint', async () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows), { initialProps: { rows: page(0) } });
    expect(result.current).toEqual({ shown: 0, complete: true });
    rerender({ rows: page(100) });
    expect(result.current).toEqual({ shown: 20, complete: false });
    await paint();
    expect(result.current).toEqual({ shown: 100, complete: true });
  });

  it('shows a page that fits the screen at once', () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows), { initialProps: { rows: page(0) } });
    rerender({ rows: page(20) });
    expect(result.current).toEqual({ shown: 20, complete: true });
  });

  it('shows every row of a page that replaces a whole page (the device copy replaced by the answer)', async () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows), { initialProps: { rows: page(0) } });
    rerender({ rows: page(100) });
    await paint();
    rerender({ rows: page(100) });
    expect(result.current).toEqual({ shown: 100, complete: true });
  });

  it('a newer page before the paint starts again from its own first screen, and ends complete', async () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows), { initialProps: { rows: page(0) } });
    rerender({ rows: page(100) });
    rerender({ rows: page(0) });
    rerender({ rows: page(50, 1000) });
    expect(result.current).toEqual({ shown: 20, complete: false });
    await paint();
    expect(result.current).toEqual({ shown: 50, complete: true });
  });

  it('completes in a hidden page that paints no frame, after the longest wait', async () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows), { initialProps: { rows: page(0) } });
    rerender({ rows: page(100) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(result.current).toEqual({ shown: 100, complete: true });
  });
});
