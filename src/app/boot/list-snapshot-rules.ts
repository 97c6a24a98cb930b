/**
 * The list snapshot (docs/offline.md "Cold start on /products"): what the screen showed of the
 * product list last time, kept in localStorage, so an offline cold start paints the last view's
 * page before the rest of the app has loaded. Pure rules: whether a kept snapshot may be shown for
 * this start, and which of its stylesheets may be added. Shown by list-snapshot.ts, written by
 * keepListSnapshot (list-snapshot-store.ts).
 */
import { isKeptFrameWords, type KeptFrameWords } from './kept-frame-words';

export const LIST_SNAPSHOT_KEY = 'productListSnapshot';
/** The list's remembered view (product-list-state.ts keeps it under this key, as a search string). */
export const REMEMBERED_VIEW_KEY = 'productListView';
/** Bigger snapshots are not kept (a page of 100 rows is about 150 KB of markup). */
export const MAX_SNAPSHOT_CHARS = 600_000;

export interface ListSnapshot {
  /** The view as the list's search string (toSearchString: '' or '?…'). */
  view: string;
  /** The app build it was taken with (its module scripts): another build's markup and styles may not fit. */
  build: string;
  /** The markup of the app's root element then. */
  html: string;
  /** Stylesheets the screen used then (paths under /assets/), added before the snapshot shows. */
  styles: string[];
  takenAt: number;
  /** The words of the language it was drawn in, when not English (frame-words.ts): the frame writes the view's parts in them. */
  words?: KeptFrameWords;
}

export interface StartPlace {
  pathname: string;
  search: string;
  /** The remembered view's search string, or null when none is kept. */
  rememberedView: string | null;
  online: boolean;
  build: string;
}

/** The view the list will show on this start: the address's, else the remembered one. */
export function viewOnStart(search: string, rememberedView: string | null): string {
  return search !== '' && search !== '?' ? search : (rememberedView ?? '');
}

/** Only our own built stylesheets: same-origin paths under /assets/ ending in .css. */
export function isOwnStylesheet(path: string): boolean {
  return /^\/assets\/[\w.-]+\.css$/.test(path);
}

function readSnapshot(raw: string | null): ListSnapshot | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<ListSnapshot> | null;
    if (
      typeof value?.view !== 'string' ||
      typeof value.build !== 'string' ||
      typeof value.html !== 'string' ||
      typeof value.takenAt !== 'number' ||
      !Array.isArray(value.styles) ||
      !value.styles.every((path) => typeof path === 'string')
    ) {
      return null;
    }
    const words = isKeptFrameWords(value.words) ? { words: value.words } : {};
    return { view: value.view, build: value.build, html: value.html, styles: value.styles, takenAt: value.takenAt, ...words };
  } catch {
    return null;
  }
}

/**
 * The snapshot to paint on this start, or null: only offline (online, the server's answer is on its
 * way and the kept page shows at once anyway), only on /products, only for the view the list will
 * show, and only from this build of the app.
 */
export function snapshotToShow(raw: string | null, place: StartPlace): ListSnapshot | null {
  if (place.online || place.pathname !== '/products' || place.build === '') return null;
  const snapshot = readSnapshot(raw);
  if (!snapshot || snapshot.build !== place.build || snapshot.html === '' || snapshot.html.length > MAX_SNAPSHOT_CHARS) return null;
  if (snapshot.view !== viewOnStart(place.search, place.rememberedView)) return null;
  return { ...snapshot, styles: snapshot.styles.filter(isOwnStylesheet) };
}

/**
 * A kept snapshot of another view that may serve as the frame of the early rows (early-rows.ts):
 * on an offline start of /products whose view has no snapshot of its own, the page around the
 * list is the same for every view, so the snapshot's markup (same build) is filled with the
 * view's fields and rows. Null where snapshotToShow would show one, or where it may not be used.
 */
export function frameSnapshot(raw: string | null, place: StartPlace): ListSnapshot | null {
  if (place.online || place.pathname !== '/products' || place.build === '') return null;
  const snapshot = readSnapshot(raw);
  if (!snapshot || snapshot.build !== place.build || snapshot.html === '' || snapshot.html.length > MAX_SNAPSHOT_CHARS) return null;
  if (snapshot.view === viewOnStart(place.search, place.rememberedView)) return null;
  return { ...snapshot, styles: snapshot.styles.filter(isOwnStylesheet) };
}
