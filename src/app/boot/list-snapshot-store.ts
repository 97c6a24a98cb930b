/**
 * Keeps what the product list shows as the list snapshot (list-snapshot-rules.ts): once the view
 * has stayed the same for SETTLE_MS and the browser is idle, and at once when the page is hidden
 * or left (the app sent to the background, the tab closed), so a person paging or filtering
 * quickly pays for one snapshot at the end, not one per change (docs/offline.md "Cold start on
 * /products": reading the screen's markup and writing it to localStorage took ~35 ms of the main
 * thread per change).
 */
import { currentBuild } from './list-snapshot';
import { isOwnStylesheet, LIST_SNAPSHOT_KEY, MAX_SNAPSHOT_CHARS, type ListSnapshot } from './list-snapshot-rules';
import { keptFrameWords } from './frame-words';
import type { TranslationPack } from '../i18n/translation-pack';

/** How long a view must stay before it is kept (unless the page is hidden first). */
export const SETTLE_MS = 1_000;

const whenIdle = (work: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
  else setTimeout(work, 200);
};

let pending: string | null = null;
let pendingPack: TranslationPack | null = null;
let settling: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** Keeps the pending view now, if the screen still shows the list's rows, settled. */
function keepPending(): void {
  if (settling !== null) clearTimeout(settling);
  settling = null;
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
}

/** A page hidden may not come back (an app in the background is ended to free memory): keep what is pending. */
function keepWhenHidden(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepPending();
  });
  window.addEventListener('pagehide', keepPending);
}

/**
 * Keeps the screen as the snapshot of `view` (its search string) once it has stayed SETTLE_MS and
 * the browser is idle, or at once when the page is hidden, if it still shows the list's rows then,
 * with the frame's words of the language shown (`pack`: null in English; kept-frame-words.ts).
 * The last call wins.
 */
export function keepListSnapshot(view: string, pack: TranslationPack | null = null): void {
  pending = view;
  pendingPack = pack;
  keepWhenHidden();
  if (settling !== null) clearTimeout(settling);
  settling = setTimeout(() => {
    settling = null;
    whenIdle(keepPending);
  }, SETTLE_MS);
}

// Forgetting lives with the boot module, so signing out (the app shell) does not load the keeping.
export { forgetListSnapshot } from './list-snapshot';
