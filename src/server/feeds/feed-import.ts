/**
 * The feed import of one supplier: claim the supplier, download its feed as a stream, read it
 * record by record, write batches of rows (each batch one transaction), and keep a
 * parsing-history entry up to date. Never holds the whole feed in memory.
 */
import type { ParsingHistoryEntry } from '../../shared/contract';
import { eq } from 'drizzle-orm';
import { refreshCatalogueStatistics } from '../catalogue/product-maintenance';
import { yieldToEventLoop } from '../db/event-loop-yield';
import { products } from '../db/schema';
import { alwaysWinsOf, mappedFeedFields } from '../../shared/feed-fields';
import { imageBaseOf } from '../../shared/feed-image-addresses';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import { writeFeedBatch, type FeedWriteRules } from './feed-batch-writer';
import { FeedFamilyMains } from './feed-family-mains';
import { readVariantParents } from './variant-parents';
import { mappingReadsParentSku } from '../../shared/feed-attribute-columns';
import { batchesWithIdleFlush, CommitInFlight, COPY_COMMIT_ROWS, COPY_IDLE_FLUSH_MS, FeedCopyWriter } from './feed-copy-writer';
import type { FeedJobDeps } from './feed-deps';
import { FeedFormatError } from './feed-item';
import { feedRowBatches, readFeed, type ParsedBatch } from './feed-row-batches';
import { NameIds } from './name-ids';
import { feedSourceOf, openFeedSource } from './feed-source';
import { DEFAULT_MAX_FEED_BYTES, DownloadError, errorText } from './outbound';
import type { FeedProductRow, FeedRowRefusal } from './parse-feed-row';
import { ParseWorker } from './parse-in-worker';
import { emptyCounts, historyEntry, MAX_STORED_PROBLEMS, recordHistory, startHistoryEntry, type HeldBackItem, type RunCounts } from './parsing-history';
import { claimSupplier, releaseSupplier, type SupplierRecord } from './supplier-lock';
import { storedMapping } from './supplier-store';
import { describeError, isDiskFullError } from '../lib/caught-errors';
import { CollectionEvery } from '../lib/heap-collection';

export interface FeedImportOptions {
  /** Rows per transaction (default: DEFAULT_BATCH_SIZE, and COPY_COMMIT_ROWS with the COPY writer on PostgreSQL). */
  batchSize?: number;
  /** When to start a full garbage collection (default: every COLLECT_EVERY_ROWS rows written, by startFullCollection; tests count the calls). */
  collection?: { everyRows: number; start: () => boolean };
  /** The whole download may take this long. */
  timeoutMs?: number;
  /** Called after every batch, e.g. for log lines during the demo import. */
  onProgress?: (counts: RunCounts) => void;
  /** Parse in a worker thread beside the database writes; default: when the feed is not small. */
  parseInWorker?: boolean;
  /** The job's signal (docs/jobs.md): once aborted, the import stops after the batch being written. */
  signal?: AbortSignal;
  /** Called after every batch, and once when the first rows are read (before they are written), with the counts and how much of the feed was downloaded, for the job's progress. */
  onBatch?: (progress: FeedProgress) => Promise<void>;
  /** Why the signal was aborted (default: cancelled): 'interrupted' when the server stopped. */
  stopReason?: () => 'cancelled' | 'interrupted';
  /** Every refused row (the history keeps only the first MAX_STORED_PROBLEMS). */
  onRefused?: (refusal: FeedRowRefusal) => void;
  /** 'rows': the row-batch writer also on PostgreSQL (default: COPY there, docs/feeds.md "Writing on PostgreSQL"). */
  writer?: 'copy' | 'rows';
}

export interface FeedProgress {
  historyId: number;
  counts: RunCounts;
  bytesRead: number;
  /** The feed's Content-Length, when it sent one. */
  bytesTotal: number | null;
}

/** How a run ended, for the HTTP status: a download or feed problem is the supplier's (502). */
export type RunFailure = 'download' | 'feed' | 'disk-full' | 'server' | 'cancelled' | null;

export interface RunResult {
  entry: ParsingHistoryEntry;
  failure: RunFailure;
  /** The entry's message as a sentence the app words (docs/languages.md); absent: the message alone. */
  sentence?: ServerSentence;
}

/**
 * Rows per transaction. A batch holds the embedded database for its whole transaction (other
 * requests wait), so it is kept small enough that a save waits ~0.1 s at most behind one.
 */
export const DEFAULT_BATCH_SIZE = 250;
const DEFAULT_TIMEOUT_MS = 15 * 60_000;
/** Progress is written to the history entry every this many batches. */
const PROGRESS_EVERY_BATCHES = 40;
/** A full garbage collection is started each time this many more rows are written (lib/heap-collection.ts). */
const COLLECT_EVERY_ROWS = 10_000;
/** Free space on the data disk is checked every this many batches (~2 MB of database each). */
const SPACE_CHECK_EVERY_BATCHES = 8;
/** Below this declared size a worker's start-up (~0.2 s) costs more than parsing beside the writes saves. */
const WORKER_MIN_BYTES = 2 * 1024 * 1024;


/**
 * PGlite has no autovacuum: fresh statistics keep the product filter fast (product-maintenance.ts).
 * With the server's upkeep (catalogue-upkeep.ts) the full refresh waits for a quiet moment.
 */
export async function refreshAfterBulkChange(deps: Pick<FeedJobDeps, 'db' | 'upkeep'>, reason: string): Promise<void> {
  if (deps.upkeep) await deps.upkeep.afterBulkChange(reason);
  else await refreshStatisticsQuietly(deps.db);
}

async function refreshStatisticsQuietly(db: FeedJobDeps['db']): Promise<void> {
  try {
    await refreshCatalogueStatistics(db);
  } catch (error) {
    console.error(`[feeds] refreshing the catalogue statistics failed: ${describeError(error)}`);
  }
}

async function supplierHasProducts(db: FeedJobDeps['db'], supplierId: number): Promise<boolean> {
  const rows = await db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplierId)).limit(1);
  return rows.length > 0;
}

type SummaryCounts = Omit<RunCounts, 'heldBack' | 'unreadableRows'> & { heldBack?: number | undefined; unreadableRows?: number | undefined; skipped?: number | undefined };

/** The run's counts as a sentence the app words in the person's language (docs/languages.md). */
export function summarySentence(counts: SummaryCounts): ServerSentence {
  return serverSentence('feedRunSummary', counts.rowsRead, counts.created, counts.updated, counts.unchanged, counts.refused, counts.skipped ?? 0, counts.heldBack ?? 0, counts.unreadableRows ?? 0);
}

export function summary(counts: SummaryCounts): string {
  return summarySentence(counts).message;
}

/** The job was cancelled (or lost its lease): the loop stops before the next batch. */
class ImportCancelled extends Error {}

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
  /** Rows the mapping's row filter skipped: in the run's message, not a stored count. */
  let skipped = 0;
  const problems: FeedRowRefusal[] = [];
  const refuse = (refusal: FeedRowRefusal) => {
    counts.refused += 1;
    if (problems.length < MAX_STORED_PROBLEMS) problems.push(refusal);
    options.onRefused?.(refusal);
  };
  const names = { brands: new NameIds('brands'), categories: new NameIds('categories') };
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const hasProducts = await supplierHasProducts(deps.db, supplier.supplierId);
  let batches = 0;
  let firstReadShown = false;
  let bytesRead = 0;
  let bytesTotal: number | null = null;
  const rules: FeedWriteRules = { alwaysWins: new Set(alwaysWinsOf(supplier.feedAlwaysWins)), mapped: new Set(mappedFeedFields(storedMapping(supplier.feedMapping))), runId: historyId };
  const heldBack: HeldBackItem[] = [];
  // Each family the import fills gets a main product (docs/feeds.md, "The main product of a family").
  const familyMains = rules.mapped.has('familyKey') ? new FeedFamilyMains(supplier.supplierId) : null;

  // On PostgreSQL the rows are written by COPY, many batches a commit (docs/feeds.md, "Writing on PostgreSQL").
  let copyWriter: FeedCopyWriter | null = null;
  const commitRows = options.batchSize ?? COPY_COMMIT_ROWS;
  let pending: FeedProductRow[] = [];
  const commits = new CommitInFlight();
  // The import's promoted garbage collected every 10,000 rows, not at three times the live heap (docs/feeds.md, "Import memory").
  const collection = new CollectionEvery(options.collection?.everyRows ?? COLLECT_EVERY_ROWS, options.collection?.start);
  const write = async (rows: FeedProductRow[]) => {
    await familyMains?.beforeBatch(deps.db, rows, hasProducts);
    const written = copyWriter
      ? await copyWriter.write(rows, names, now(), hasProducts, rules)
      : await writeFeedBatch(deps.db, supplier.supplierId, rows, names, now(), hasProducts, rules);
    counts.created += written.created;
    counts.updated += written.updated;
    counts.unchanged += written.unchanged;
    counts.heldBack += written.heldBack.length;
    for (const held of written.heldBack) if (heldBack.length < MAX_STORED_PROBLEMS) heldBack.push(held);
    await familyMains?.afterBatch(deps.db, now());
    batches += 1;
    deps.health?.noteProgress();
    options.onProgress?.(counts);
    await options.onBatch?.({ historyId, counts, bytesRead, bytesTotal });
    if (copyWriter || batches % PROGRESS_EVERY_BATCHES === 0) await recordHistory(deps.db, historyId, { counts, problems, heldBack });
    // A COPY commit is many batches: the space is checked after each.
    if (copyWriter || batches % SPACE_CHECK_EVERY_BATCHES === 0) await deps.health?.ensureRoomToContinue();
    collection.tick(rows.length);
    // Let the requests that arrived meanwhile in before the next batch (event-loop-yield.ts).
    await yieldToEventLoop();
  };

  let failure: RunFailure = null;
  let sentence: ServerSentence;
  let worker: ParseWorker | null = null;
  let stop = () => {};
  let onAbort: (() => void) | null = null;
  try {
    if (options.writer !== 'rows') copyWriter = await FeedCopyWriter.open(deps.db, supplier.supplierId);
    const mapping = storedMapping(supplier.feedMapping);
    const maxBytes = deps.outbound?.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES;
    // Magento: a first pass reads which configurable product lists each child, so a child gets its
    // family at any distance from it (docs/feeds.md, "Variants and parent rows"). Not for .xlsx,
    // which is only ever read whole inside the parse worker.
    let variantParents: Map<string, string> | null = null;
    if (mappingReadsParentSku(mapping) && supplier.feedFormat !== 'xlsx') {
      const first = await openFeedSource(deps, feedSourceOf(supplier, deps.selfOrigin), { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
      variantParents = await readVariantParents(supplier.feedFormat, first.body, { mapping, maxBytes, charset: first.charset });
      if (options.signal?.aborted) throw new ImportCancelled();
    }
    const source = await openFeedSource(deps, feedSourceOf(supplier, deps.selfOrigin), { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    // Relative image addresses point at the base URL for images, else at the feed's own address (docs/feeds.md, "Images").
    const imageBase = imageBaseOf({ feedSource: supplier.feedSource, supplierUrlFeed: supplier.supplierUrlFeed, imageBaseUrl: mapping?.imageBaseUrl ?? '' });
    const read = { mapping, maxBytes, charset: source.charset, imageBase, variantParents };
    if (source.declaredBytes !== null && source.declaredBytes > 0) bytesTotal = source.declaredBytes;
    // Counted as downloaded, for the job's percent; a cancel ends the stream at once, even while
    // the parser waits for more bytes of a slow feed.
    const body = source.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          if (options.signal?.aborted) controller.error(new ImportCancelled());
          onAbort = () => controller.error(new ImportCancelled());
          options.signal?.addEventListener('abort', onAbort, { once: true });
        },
        transform(chunk, controller) {
          bytesRead += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    // An .xlsx is read whole and unpacked: always in the worker, whose heap limit protects the server.
    const small = source.declaredBytes !== null && source.declaredBytes < WORKER_MIN_BYTES && supplier.feedFormat !== 'xlsx';
    worker = options.parseInWorker === false || small ? null : await ParseWorker.start();
    let parsed: AsyncGenerator<ParsedBatch>;
    if (worker) {
      parsed = worker.batches(supplier.feedFormat, body, supplier.supplierName, batchSize, read);
    } else {
      const feed = readFeed(supplier.feedFormat, body, read);
      stop = feed.stop;
      parsed = feedRowBatches(feed.items, { supplierName: supplier.supplierName, imageBase }, batchSize, mapping);
    }
    // A COPY commit is written while the next one's rows are gathered: the parse worker keeps
    // parsing while PostgreSQL merges. Commits still run one after the other, each whole or not at all.
    const flushPending = async () => {
      await commits.settled();
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      commits.start(write(rows));
    };
    // With COPY, rows gathered for a commit are written once the parser idles (COPY_IDLE_FLUSH_MS).
    const incoming = copyWriter ? batchesWithIdleFlush(parsed, COPY_IDLE_FLUSH_MS, flushPending) : parsed;
    for await (const batch of incoming) {
      // Stops between batches: every batch is written whole or not at all.
      if (options.signal?.aborted) throw new ImportCancelled();
      counts.rowsRead += batch.rowsRead;
      skipped += batch.skipped;
      counts.unreadableRows += batch.unreadableRows;
      batch.refusals.forEach(refuse);
      // The first rows read show at once, before their batch is written (a job's first progress).
      if (!firstReadShown) {
        firstReadShown = true;
        await options.onBatch?.({ historyId, counts, bytesRead, bytesTotal });
      }
      if (!copyWriter) {
        if (batch.rows.length > 0) await write(batch.rows);
      } else {
        pending.push(...batch.rows);
        if (pending.length >= commitRows) await flushPending();
      }
    }
    await flushPending();
    await commits.settled();
    sentence = summarySentence({ ...counts, skipped });
  } catch (error) {
    stop();
    // A commit under way is written or undone before the run's counts are told.
    await commits.quietlySettled();
    const name = supplier.supplierName;
    const counted = summarySentence({ ...counts, skipped });
    if (error instanceof ImportCancelled || options.signal?.aborted) {
      failure = 'cancelled';
      sentence = serverSentence(options.stopReason?.() === 'interrupted' ? 'feedImportInterrupted' : 'feedImportCancelled', name, counted);
    } else if (isDiskFullError(error)) {
      failure = 'disk-full';
      sentence = serverSentence('feedImportDiskFull', name, counted);
    } else if (error instanceof DownloadError) {
      failure = 'download';
      sentence = serverSentence('feedDownloadFailed', name, error.message);
    } else if (error instanceof FeedFormatError || (error instanceof Error && /premature close|terminated|aborted/i.test(error.message))) {
      failure = 'feed';
      sentence = serverSentence('feedUnreadable', name, (error instanceof FeedFormatError ? error.sentence : null) ?? errorText(error), counted);
    } else {
      failure = 'server';
      console.error(`[feeds] import of supplier ${supplier.supplierId} failed: ${describeError(error)}`);
      sentence = serverSentence('feedImportServerError', name, counted);
    }
  } finally {
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    await worker?.stop();
    await copyWriter?.close();
  }

  // A run that refused rows and wrote none ends failed, not partial (docs/feeds.md, "Refused rows").
  const wroteNothing = counts.refused > 0 && counts.created + counts.updated + counts.unchanged === 0;
  const status = failure || wroteNothing ? 'failed' : counts.refused > 0 ? 'partial' : 'success';
  if (!failure && wroteNothing) sentence = serverSentence('feedNothingImported', supplier.supplierName, sentence);
  await recordHistory(deps.db, historyId, { counts, problems, heldBack, status, message: sentence, finishedAt: now() });
  if (counts.created + counts.updated > 0) await refreshAfterBulkChange(deps, `import of ${supplier.supplierName}`);
  return { entry: await historyEntry(deps.db, historyId), failure, sentence };
}
