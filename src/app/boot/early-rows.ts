/**
 * The early rows of an offline cold start of /products for a view with no snapshot of its own
 * (docs/offline.md "Cold start on /products"): the list's head start reads the view's page from
 * the device (list-head-start.ts, the same read the live list then takes; without Dexie where it
 * can, boot-connection-read.ts), and its rows paint in the kept snapshot of another view, filled for
 * this view (list-frame.ts), over the page like a snapshot (inert, hidden from assistive
 * technology) until the live list has its answer. Loaded
 * by the boot module (early-list-read.ts) only on that path, so /login carries none of it.
 */
import { offlineNote, toFilterQuery } from '../features/products/product-list-rules';
import { startListHeadStart } from '../features/products/list-head-start';
import { readOnBootConnection } from './boot-connection-read';
import { cleanSnapshot } from './clean-snapshot';
import { fillListFrame } from './list-frame';
import { frameWords } from './frame-words';
import { setFormatLanguage } from '../lib/format';
import { loadStyles, showOverPage } from './list-snapshot';
import type { ListSnapshot } from './list-snapshot-rules';

/** Paints the view's first page in `frame` once the device has read it; nothing when it has no rows. */
export async function paintEarlyRows(doc: Document, frame: ListSnapshot): Promise<void> {
  // A view with no snapshot of its own: its page is rarely kept either.
  const read = startListHeadStart(undefined, undefined, { keptPageLikely: false, readFirst: readOnBootConnection });
  if (!read) return;
  // The frame's stylesheets load and are parsed while the device reads (early-list-read.ts).
  void loadStyles(doc, frame.styles);
  const found = await read.answer;
  if (!found || found.page.content.length === 0) return;
  // In the language the frame was drawn in: its kept words, its numbers and dates (frame-words.ts).
  const words = frameWords(frame.words ?? null);
  setFormatLanguage(frame.words?.language ?? 'en');
  const note = offlineNote({ local: found.local, fetchedAt: found.fetchedAt }, toFilterQuery(read.view), words.note);
  await showOverPage(
    doc,
    frame.styles,
    () => {
      const fragment = cleanSnapshot(doc, frame.html);
      return fillListFrame(fragment, { view: read.view, page: found.page, note }, words) ? fragment : null;
    },
    'boot:early-rows',
  );
}
