/**
 * Paints the kept list snapshot on an offline cold start of /products (docs/offline.md "Cold start
 * on /products"). Run by the boot entry (boot.ts) before the app's modules are loaded and
 * evaluated; it imports nothing heavy (it is in the first visit's JavaScript). The snapshot
 * shows over the page, inert and hidden from assistive technology, until the live list has its
 * answer (dropListSnapshot, called by the list page) or another screen takes over.
 */
import { cleanSnapshot } from './clean-snapshot';
import { frameSnapshot, LIST_SNAPSHOT_KEY, REMEMBERED_VIEW_KEY, snapshotToShow, type ListSnapshot, type StartPlace } from './list-snapshot-rules';
import { isOnline } from '../lib/online';

const OVERLAY_CLASS = 'list-snapshot';
/** However the start goes, the snapshot never stays longer than this. */
const LONGEST_SHOWN_MS = 10_000;

/** The app waits at most this long for the snapshot's paint before it starts. */
const LONGEST_WAIT_MS = 300;

let overlay: HTMLElement | null = null;
let cancelled = false;
let painted: Promise<void> = Promise.resolve();

/**
 * Resolves once the snapshot of this start has painted (at once when there is none): boot.ts
 * evaluates the app's modules after it, so the app's module evaluation does not hold back the snapshot's frame.
 */
export function listSnapshotPainted(): Promise<void> {
  return painted;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The build this page runs: its module scripts, as written in index.html (one, the boot entry
 * boot.ts, whose chunk names every chunk it loads, so its path changes with any of them).
 */
export function currentBuild(doc: Document = document): string {
  return [...doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => new URL(script.src, doc.baseURI).pathname).join(' ');
}

/** Resolves once the document is parsed: the boot script is async, it may run while the head still is. */
export function documentParsed(doc: Document = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stylesheets added by this module, with their loads (a second caller waits for the same load). */
const styleLoads = new Map<string, Promise<void>>();

/**
 * Adds the stylesheets the page does not have yet (index.html's are in and loaded); resolves when
 * each is in (or failed). Called early by the early rows (early-list-read.ts) and again when they show.
 */
export function loadStyles(doc: Document, paths: readonly string[]): Promise<void> {
  const present = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href, doc.baseURI).pathname));
  const loads = paths.map((path) => {
    const known = styleLoads.get(path);
    if (known) return known;
    if (present.has(path)) return Promise.resolve();
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = path;
    const loaded = new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    doc.head.append(link);
    styleLoads.set(path, loaded);
    return loaded;
  });
  return Promise.all(loads).then(() => undefined);
}

/**
 * Shows `content()` over the page once `styles` are in, inert and hidden from assistive
 * technology, until dropListSnapshot; resolves after its frame has painted. Also the early rows'
 * way onto the screen (early-rows.ts); nothing shows when `content` gives null.
 */
export function showOverPage(doc: Document, styles: readonly string[], content: () => Node | null, mark = 'boot:snapshot'): Promise<void> {
  // Styled before it is in the page: it shows once, as it looked.
  return Promise.all([loadStyles(doc, styles), doc.body ? undefined : documentParsed(doc)]).then(() => {
    if (cancelled) return undefined;
    const shown = content();
    if (shown === null) return undefined;
    const element = doc.createElement('div');
    element.className = OVERLAY_CLASS;
    element.setAttribute('aria-hidden', 'true');
    element.inert = true;
    element.style.cssText = 'position:fixed;inset:0;z-index:2147483000;overflow:hidden;background:#fff';
    element.append(shown);
    doc.body.append(element);
    overlay = element;
    performance.mark(mark);
    setTimeout(dropListSnapshot, LONGEST_SHOWN_MS);
    return nextFrame();
  });
}

/** The app starts once `shown` has painted, or after `atMostMs` (boot.ts waits for listSnapshotPainted). */
export function holdAppUntil(shown: Promise<void>, atMostMs: number): void {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, atMostMs));
  painted = Promise.race([shown.catch(() => undefined), timeout]);
}

/** Where this start is, as the snapshot rules read it. */
export function startPlace(doc: Document = document): StartPlace {
  return {
    pathname: doc.location.pathname,
    search: doc.location.search,
    rememberedView: readStorage(REMEMBERED_VIEW_KEY),
    online: isOnline(),
    build: currentBuild(doc),
  };
}

/** Forgets the kept snapshot (signing out). */
export function forgetListSnapshot(): void {
  try {
    localStorage.removeItem(LIST_SNAPSHOT_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Removes the snapshot (or stops it from showing): the live screen has taken over. */
export function dropListSnapshot(): void {
  cancelled = true;
  overlay?.remove();
  overlay = null;
}

/** On start: paint the kept snapshot when it fits this start (list-snapshot-rules.ts); whether one shows. */
export function showListSnapshotOnStart(doc: Document = document): boolean {
  try {
    const snapshot = snapshotToShow(readStorage(LIST_SNAPSHOT_KEY), startPlace(doc));
    if (!snapshot) return false;
    performance.mark('boot:snapshot-start');
    holdAppUntil(
      showOverPage(doc, snapshot.styles, () => cleanSnapshot(doc, snapshot.html)),
      LONGEST_WAIT_MS,
    );
    return true;
  } catch {
    // A snapshot is only a head start: without it the list loads as always.
    return false;
  }
}

/** The kept snapshot of another view, as the frame of the early rows on this start (frameSnapshot), or null. */
export function keptFrameOnStart(doc: Document = document): ListSnapshot | null {
  try {
    return frameSnapshot(readStorage(LIST_SNAPSHOT_KEY), startPlace(doc));
  } catch {
    return null;
  }
}
