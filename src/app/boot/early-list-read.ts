/**
 * An offline cold start of /products with no snapshot to paint (a view never opened on this
 * device, docs/offline.md "Cold start on /products"): the device database is opened, and the
 * list page's read and the chunks it renders with are started from here, before main.tsx's
 * modules are loaded (boot.ts loads them once the early rows painted, or at once when there is no
 * frame to paint them in) and React has not started. Imported by the boot module, so it
 * stays tiny: the read itself is in the lazily loaded list-head-start chunk, the early rows in
 * the early-rows chunk.
 */

import { openDeviceDatabaseAsItIs } from '../db/device-connection';
import { holdAppUntil, keptFrameOnStart } from './list-snapshot';
import { isOnline } from '../lib/online';

/**
 * The app waits at most this long for the early rows (early-rows.ts) before it starts: the read
 * and the rows' paint then have the main thread to themselves, and the live list takes the same
 * read, so it could not show rows before it anyway. As long as main.tsx holds the sync engine
 * back for the list's first rows; only a read that never answers makes the app wait that long.
 */
const EARLY_ROWS_WAIT_MS = 1_000;

/**
 * On an offline start of /products: warm the database and start the list's read and chunk; with a
 * kept snapshot of another view as the frame, the read's rows paint in it before React starts.
 */
export function startListReadEarly(doc: Document = document): void {
  if (isOnline() || doc.location.pathname !== '/products') return;
  performance.mark('boot:early-read');
  // The browser opens the database while the scripts load; the early rows read on this connection.
  void openDeviceDatabaseAsItIs();
  const frame = keptFrameOnStart(doc);
  if (frame) {
    // Its stylesheets are asked for once the read has started (early-rows.ts): parsed now, ~35 ms
    // of the main thread, they held back the read's start; parsed while the device database opens
    // and reads, they cost the rows nothing.
    holdAppUntil(
      import('./early-rows').then(({ paintEarlyRows }) => paintEarlyRows(doc, frame)),
      EARLY_ROWS_WAIT_MS,
    );
    // The list page's and the router's chunks are asked for by main.tsx once the early rows
    // painted: evaluated now, they would take the main thread from the read and the paint.
    return;
  }
  void Promise.all([import('../features/products/list-head-start'), import('./boot-connection-read')])
    .then(([{ startListHeadStart }, { readOnBootConnection }]) => startListHeadStart(undefined, undefined, { keptPageLikely: false, readFirst: readOnBootConnection }))
    .catch(() => undefined);
  void import('../features/products/ProductListPage').catch(() => undefined);
  // The router and layout (main.tsx's loadApp), which the list renders in.
  void import('../App').catch(() => undefined);
}
