// @vitest-environment jsdom
/**
 * When the product list keeps its snapshot (src/app/boot/list-snapshot-store.ts, docs/offline.md
 * "Cold start on /products"): once a view has stayed for a moment, one write for a run of quick
 * changes (each write reads the whole screen's markup on the main thread), and at once when the
 * page is hidden, so what the person saw last is what the next offline start paints.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepListSnapshot, SETTLE_MS } from '../../src/app/boot/list-snapshot-store';
import { LIST_SNAPSHOT_KEY, type ListSnapshot } from '../../src/app/boot/list-snapshot-rules';

function showList(rows: string[], busy = false): void {
  document.body.innerHTML = `<div id="root"><div class="product-table-area" aria-busy="${busy}"><table><tbody>${rows.map((row) => `<tr><td>${row}</td></tr>`).join('')}</tbody></table></div></div>`;
}

const kept = (): ListSnapshot | null => {
  const raw = localStorage.getItem(LIST_SNAPSHOT_KEY);
  return raw === null ? null : (JSON.parse(raw) as ListSnapshot);
};

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/products');
  localStorage.clear();
});
afterEach(() => {
  setHidden(false);
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe('keeping the list snapshot', () => {
  it('keeps a view once it has stayed, and a run of quick changes only once, at its end', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    for (const view of ['?page=1', '?page=2', '?page=3']) {
      showList([`Boot of ${view}`]);
      keepListSnapshot(view);
      vi.advanceTimersByTime(SETTLE_MS / 2);
      expect(kept()).toBeNull();
    }
    vi.advanceTimersByTime(SETTLE_MS + 500);
    expect(kept()?.view).toBe('?page=3');
    expect(kept()?.html).toContain('Boot of ?page=3');
    expect(setItem.mock.calls.filter(([key]) => key === LIST_SNAPSHOT_KEY)).toHaveLength(1);
    setItem.mockRestore();
  });

  it('keeps what is shown at once when the page is hidden, before the moment has passed', () => {
    showList(['Sock']);
    keepListSnapshot('?keyword=sock');
    setHidden(true);
    expect(kept()?.view).toBe('?keyword=sock');
    // Nothing is written twice afterwards.
    localStorage.clear();
    vi.advanceTimersByTime(SETTLE_MS + 500);
    expect(kept()).toBeNull();
  });

  it('keeps nothing while the list is loading another view, nor off the list', () => {
    showList(['Old row'], true);
    keepListSnapshot('?keyword=boot');
    vi.advanceTimersByTime(SETTLE_MS + 500);
    expect(kept()).toBeNull();

    showList(['Boot']);
    keepListSnapshot('?keyword=boot');
    window.history.replaceState(null, '', '/dashboard');
    setHidden(true);
    expect(kept()).toBeNull();
  });
});
