/**
 * What the catalogue's calls take from the app (routes/products.ts, images.ts, ean.ts, reports.ts,
 * public-files.ts; docs/architecture.md, "Layers of the server"): main.ts makes the real ones,
 * tests their own.
 */
import type { Database } from '../db/connection';
import type { MediaStore } from '../media/media-store';
import type { EanSheetReader } from './ean-sheet-in-worker';
import type { ExportGate } from './export-gate';

export interface CatalogueDeps {
  db: Database;
  /** Product images: stored, served and their public addresses (docs/media-store.md). */
  media: MediaStore;
  now?: () => number;
  /** Reads EAN sheets in worker threads (default: EAN_SHEET_WORKER_LIMITS); tests pass their own limits. */
  eanSheetReader?: EanSheetReader;
  /** How many product exports read at once (default: EXPORT_LIMITS); tests pass their own limits. */
  exportGate?: ExportGate;
}
