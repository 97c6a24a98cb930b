/**
 * Image re-export: every feed image of a supplier that has no file on our host yet (file_path '',
 * source_url set) is downloaded, checked to be an image by its content, stored in the media
 * folder, and its file_path set, so the catalogue serves every image from our own host.
 * Downloads run a few at a time; one URL shared by many products is downloaded once per run.
 */
import { sql } from 'drizzle-orm';
import { ImageTooLargeError, MAX_IMAGE_BYTES, NotAnImageError } from '../media/media-store';
import type { ImageJobDeps } from './feed-deps';
import { refreshAfterBulkChange, type RunResult } from './feed-import';
import { DownloadError, download } from './outbound';
import type { FeedRowRefusal } from './parse-feed-row';
import { emptyCounts, historyEntry, MAX_STORED_PROBLEMS, recordHistory, startHistoryEntry } from './parsing-history';
import { queryRows } from '../db/query-rows';
import { claimSupplier, releaseSupplier, type SupplierRecord } from './supplier-lock';
import { describeError, errorMessageOf, isDiskFullError } from '../lib/caught-errors';
import { serverSentence } from '../../shared/server-messages';

export interface ImageReexportOptions {
  concurrency?: number;
  timeoutMs?: number;
}

const PAGE_SIZE = 200;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_TIMEOUT_MS = 30_000;

/** Runs `work` on every item with at most `limit` running at once. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Downloads one image and stores it; answers the /media path or throws with a reason for people. */
async function fetchAndStore(deps: ImageJobDeps, url: string, timeoutMs: number): Promise<string> {
  const response = await download(deps, url, timeoutMs);
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new ImageTooLargeError(MAX_IMAGE_BYTES);
  }
  if (!response.body) throw new DownloadError(`${url} answered without a body`);
  // Streamed: the store stops reading past MAX_IMAGE_BYTES.
  const stored = await deps.media.storeImage(response.body);
  return stored.filePath;
}

export async function reexportSupplierImages(deps: ImageJobDeps, supplierId: number, options: ImageReexportOptions = {}): Promise<RunResult> {
  const supplier = await claimSupplier(deps.db, supplierId);
  try {
    return await runClaimedReexport(deps, supplier, options);
  } finally {
    await releaseSupplier(deps.db, supplier.supplierId);
  }
}

async function runClaimedReexport(deps: ImageJobDeps, supplier: SupplierRecord, options: ImageReexportOptions): Promise<RunResult> {
  const now = () => new Date(deps.now ? deps.now() : Date.now());
  const historyId = await startHistoryEntry(deps.db, supplier.supplierId, 'image-reexport', now());
  const counts = emptyCounts();
  const problems: FeedRowRefusal[] = [];
  /** Per URL: the stored path, or why it failed; a URL shared by many products is fetched once. */
  const outcomes = new Map<string, Promise<{ filePath: string } | { reason: string }>>();
  let downloads = 0;

  const outcomeOf = (url: string) => {
    let outcome = outcomes.get(url);
    if (!outcome) {
      downloads += 1;
      outcome = fetchAndStore(deps, url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS).then(
        (filePath) => ({ filePath }),
        (error: unknown) => {
          if (error instanceof DownloadError || error instanceof NotAnImageError || error instanceof ImageTooLargeError) return { reason: error.message };
          if (isDiskFullError(error)) deps.health?.markDiskFull();
          console.error(`[feeds] storing image ${url} failed: ${describeError(error)}`);
          return { reason: `could not be stored (${errorMessageOf(error)})` };
        },
      );
      outcomes.set(url, outcome);
    }
    return outcome;
  };

  let failed = false;
  let diskFull = false;
  try {
    let after = '';
    for (;;) {
      // Keyset paging: images that fail keep file_path '' and must not be picked up again.
      const page = await queryRows<{ id: string; product_id: number; source_url: string }>(
        deps.db,
        sql`select i.id, i.product_id, i.source_url
              from product_images i join products p on p.product_id = i.product_id
             where p.supplier_id = ${supplier.supplierId} and i.file_path = '' and i.source_url <> '' and i.id > ${after}
             order by i.id limit ${PAGE_SIZE}`,
      );
      if (page.length === 0) break;
      await deps.health?.ensureRoomToContinue();
      after = page[page.length - 1]?.id ?? after;
      const stored: { id: string; file_path: string }[] = [];
      await forEachLimited(page, options.concurrency ?? DEFAULT_CONCURRENCY, async (image) => {
        counts.rowsRead += 1;
        const outcome = await outcomeOf(image.source_url);
        if ('filePath' in outcome) {
          stored.push({ id: image.id, file_path: outcome.filePath });
        } else {
          counts.refused += 1;
          if (problems.length < MAX_STORED_PROBLEMS) problems.push({ line: 0, reason: `Product ${image.product_id}: image ${image.source_url} ${outcome.reason}` });
        }
      });
      if (stored.length > 0) {
        await deps.db.execute(
          sql`with changed as (
                update product_images i set file_path = x.file_path
                  from json_to_recordset(${JSON.stringify(stored)}::json) as x(id text, file_path text)
                 where i.id = x.id and i.file_path = ''
                returning i.product_id)
              -- The product answers other image paths now: a new version, so a device's
              -- conditional GET (ETag = version) and GET /product/changes both see it
              -- (docs/feeds.md, "Image re-export"). Not a change of a field: date_update stays.
              update products p set version = p.version + 1
               where p.product_id in (select product_id from changed)`,
        );
        counts.created += stored.length;
      }
    }
  } catch (error) {
    failed = true;
    diskFull = isDiskFullError(error);
    if (!diskFull) console.error(`[feeds] image re-export of supplier ${supplier.supplierId} failed: ${describeError(error)}`);
  }

  const message = diskFull
    ? serverSentence('imageReexportDiskFull', supplier.supplierName, counts.created)
    : failed
      ? serverSentence('imageReexportServerError', supplier.supplierName, counts.created)
      : serverSentence('imageReexportSummary', counts.created, counts.rowsRead, downloads, counts.refused);
  const status = failed || (counts.refused > 0 && counts.created === 0) ? 'failed' : counts.refused > 0 ? 'partial' : 'success';
  await recordHistory(deps.db, historyId, { counts, problems, status, message, finishedAt: now() });
  if (counts.created > 0) await refreshAfterBulkChange(deps, 'image re-export');
  return { entry: await historyEntry(deps.db, historyId), failure: diskFull ? 'disk-full' : failed ? 'server' : null, sentence: message };
}
