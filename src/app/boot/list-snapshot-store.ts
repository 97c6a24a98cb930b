/**
 * Keeps what the product list shows as the list snapshot (list-snapshot-rules.ts), after the
 * screen painted and when the browser is idle, so it costs a filter change nothing.
 */
import { currentBuild } from './list-snapshot';
import { isOwnStylesheet, LIST_SNAPSHOT_KEY, MAX_SNAPSHOT_CHARS, type ListSnapshot } from './list-snapshot-rules';
import { keptFrameWords } from './frame-words';
import type { TranslationPack } from '../i18n/translation-pack';

const whenIdle = (work: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
  else setTimeout(work, 200);
};

let pending: string | null = null;

let pendingPack: TranslationPack | null = null;

/**
 * Keeps the screen as the snapshot of `view` (its search string) once the browser is idle, if it
 * still shows the list's rows then, with the frame's words of the language shown (`pack`: null in
 * English; kept-frame-words.ts). The last call before the idle moment wins.
 */
export function keepListSnapshot(view: string, pack: TranslationPack | null = null): void {
  const first = pending === null;
  pending = view;
  pendingPack = pack;
  if (!first) return;
  whenIdle(() => {
    const kept = pending;
    pending = null;
    if (kept === null) return;
    const root = document.getElementById('root');
    // Only the list with its rows, settled (not loading another view).
    if (window.location.pathname !== '/products' || !root?.querySelector('.product-table-area[aria-busy="false"] tbody tr')) return;
    const html = root.innerHTML;
    if (html === '' || html.length > MAX_SNAPSHOT_CHARS) return;
    const styles = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((link) => new URL(link.href, document.baseURI).pathname)
      .filter(isOwnStylesheet);
    const words = keptFrameWords(pendingPack);
    const snapshot: ListSnapshot = { view: kept, build: currentBuild(), html, styles, takenAt: Date.now(), ...(words ? { words } : {}) };
    try {
      localStorage.setItem(LIST_SNAPSHOT_KEY, JSON.stringify(snapshot));
    } catch {
      // Storage full or off: the next cold start loads the list as always.
    }
  });
}

// Forgetting lives with the boot module, so signing out (the app shell) does not load the keeping.
export { forgetListSnapshot } from './list-snapshot';
