/**
 * The feed import of one supplier: claim the supplier, download its feed as a stream, read it
 * record by record, write batches of rows (each batch one transaction), and keep a
 * parsing-history entry up to date. Never holds the whole feed in memory.
 */
import type { ParsingHistoryEntry } from '../../shared/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import { refreshCatalogueStatistics } from '../catalogue/product-maintenance';
import { yieldToEventLoop } from '../db/event-loop-yield';
import { isDiskFullError } from '../http/server-health';
import { products } from '../db/schema';
import { writeFeedBatch } from './feed-batch-writer';
import { FeedFormatError } from './feed-item';
import { feedRowBatches, readFeed, type ParsedBatch } from './feed-row-batches';
import { NameIds } from './name-ids';
import { DEFAULT_MAX_FEED_BYTES, DownloadError, download, errorText } from './outbound';
import type { FeedProductRow, FeedRowRefusal } from './parse-feed-row';
import { ParseWorker } from './parse-in-worker';
import { emptyCounts, historyEntry, MAX_STORED_PROBLEMS, recordHistory, startHistoryEntry, type RunCounts } from './parsing-history';
import { claimSupplier, releaseSupplier, type SupplierRecord } from './supplier-lock';

export type FeedJobDeps = Pick<AppDeps, 'db' | 'fetch' | 'selfOrigin' | 'outbound' | 'health' | 'now'>;

export interface FeedImportOptions {
  /** Rows per transaction. */
  batchSize?: number;
  /** The whole download may take this long. */
  timeoutMs?: number;
  /** Called after every batch, e.g. for log lines during the demo import. */
  onProgress?: (counts: RunCounts) => void;
  /** Parse in a worker thread beside the database writes; default: when the feed is not small. */
  parseInWorker?: boolean;
}

/** How a run ended, for the HTTP status: a download or feed problem is the supplier's (502). */
export type RunFailure = 'download' | 'feed' | 'disk-full' | 'server' | null;

export interface RunResult {
  entry: ParsingHistoryEntry;
  failure: RunFailure;
}

/**
 * Rows per transaction. A batch holds the embedded database for its whole transaction (other
 * requests wait), so it is kept small enough that a save waits ~0.1 s at most behind one.
 */
export const DEFAULT_BATCH_SIZE = 250;
const DEFAULT_TIMEOUT_MS = 15 * 60_000;
/** Progress is written to the history entry every this many batches. */
const PROGRESS_EVERY_BATCHES = 40;
/** Free space on the data disk is checked every this many batches (~2 MB of database each). */
const SPACE_CHECK_EVERY_BATCHES = 8;
/** Below this declared size a worker's start-up (~0.2 s) costs more than parsing beside the writes saves. */
const WORKER_MIN_BYTES = 2 * 1024 * 1024;


/** PGlite has no autovacuum: fresh statistics keep the product filter fast (product-maintenance.ts). */
export async function refreshStatisticsQuietly(db: FeedJobDeps['db']): Promise<void> {
  try {
    await refreshCatalogueStatistics(db);
  } catch (error) {
    console.error('[feeds] refreshing the catalogue statistics failed:', error);
  }
}

async function supplierHasProducts(db: FeedJobDeps['db'], supplierId: number): Promise<boolean> {
  const rows = await db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplierId)).limit(1);
  return rows.length > 0;
}

export function summary(counts: RunCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `Read ${n(counts.rowsRead)} rows: ${n(counts.created)} new, ${n(counts.updated)} updated, ${n(counts.unchanged)} unchanged, ${n(counts.refused)} refused`;
}

/** Imports one supplier's feed. Throws 404/409 (ApiError) before anything starts; otherwise always answers a history entry. */
export async function importSupplierFeed(deps: FeedJobDeps, supplierId: number, options: FeedImportOptions = {}): Promise<RunResult> {
  const supplier = await claimSupplier(deps.db, supplierId);
  try {
    return await runClaimedImport(deps, supplier, options);
  } finally {
    await releaseSupplier(deps.db, supplier.supplierId);
  }
}

async function runClaimedImport(deps: FeedJobDeps, supplier: SupplierRecord, options: FeedImportOptions): Promise<RunResult> {
  const now = () => new Date(deps.now ? deps.now() : Date.now());
  const historyId = await startHistoryEntry(deps.db, supplier.supplierId, 'feed-import', now());
  const counts = emptyCounts();
  const problems: FeedRowRefusal[] = [];
  const refuse = (refusal: FeedRowRefusal) => {
    counts.refused += 1;
    if (problems.length < MAX_STORED_PROBLEMS) problems.push(refusal);
  };
  const names = { brands: new NameIds('brands'), categories: new NameIds('categories') };
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const hasProducts = await supplierHasProducts(deps.db, supplier.supplierId);
  let batches = 0;

  const write = async (rows: FeedProductRow[]) => {
    const written = await writeFeedBatch(deps.db, supplier.supplierId, rows, names, now(), hasProducts);
    counts.created += written.created;
    counts.updated += written.updated;
    counts.unchanged += written.unchanged;
    batches += 1;
    deps.health?.noteProgress();
    options.onProgress?.(counts);
    if (batches % PROGRESS_EVERY_BATCHES === 0) await recordHistory(deps.db, historyId, { counts, problems });
    if (batches % SPACE_CHECK_EVERY_BATCHES === 0) await deps.health?.ensureRoomToContinue();
    // Let the requests that arrived meanwhile in before the next batch (event-loop-yield.ts).
    await yieldToEventLoop();
  };

  let failure: RunFailure = null;
  let message: string;
  let worker: ParseWorker | null = null;
  let stop = () => {};
  try {
    const response = await download(deps, supplier.supplierUrlFeed, {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: deps.outbound?.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES,
      what: 'feed',
    });
    if (!response.body) throw new DownloadError('the answer has no body');
    const declaredBytes = Number(response.headers.get('content-length') ?? Number.NaN);
    const small = Number.isFinite(declaredBytes) && declaredBytes < WORKER_MIN_BYTES;
    worker = options.parseInWorker === false || small ? null : await ParseWorker.start();
    let parsed: AsyncGenerator<ParsedBatch>;
    if (worker) {
      parsed = worker.batches(supplier.feedFormat, response.body, supplier.supplierName, batchSize);
    } else {
      const feed = readFeed(supplier.feedFormat, response.body);
      stop = feed.stop;
      parsed = feedRowBatches(feed.items, supplier, batchSize);
    }
    for await (const batch of parsed) {
      counts.rowsRead += batch.rowsRead;
      batch.refusals.forEach(refuse);
      if (batch.rows.length > 0) await write(batch.rows);
    }
    message = summary(counts);
  } catch (error) {
    stop();
    if (isDiskFullError(error)) {
      failure = 'disk-full';
      message = `The import of supplier '${supplier.supplierName}' stopped because the disk of the data folder is full; rows before were imported. Free disk space and import again. ${summary(counts)}`;
    } else if (error instanceof DownloadError) {
      failure = 'download';
      message = `The feed of supplier '${supplier.supplierName}' could not be downloaded: ${error.message}`;
    } else if (error instanceof FeedFormatError || (error instanceof Error && /premature close|terminated|aborted/i.test(error.message))) {
      failure = 'feed';
      message = `The feed of supplier '${supplier.supplierName}' stopped being readable; rows before were imported. ${errorText(error)}. ${summary(counts)}`;
    } else {
      failure = 'server';
      console.error(`[feeds] import of supplier ${supplier.supplierId} failed:`, error);
      message = `The import of supplier '${supplier.supplierName}' stopped because of a server error; rows before were imported. ${summary(counts)}`;
    }
  } finally {
    await worker?.stop();
  }

  const status = failure ? 'failed' : counts.refused > 0 ? 'partial' : 'success';
  await recordHistory(deps.db, historyId, { counts, problems, status, message, finishedAt: now() });
  if (counts.created + counts.updated > 0) await refreshStatisticsQuietly(deps.db);
  return { entry: await historyEntry(deps.db, historyId), failure };
}
