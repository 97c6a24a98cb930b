/**
 * "Make available offline": downloads the whole catalogue (or one supplier's) onto the device
 * (the first download as blocks of products, a refresh as records; db/product-blocks.ts), page
 * by page from GET /api/v1/product/changes, so the product screens work without a connection.
 * After every page the cursor is kept in meta, so a reload (or a lost connection) continues where
 * it stopped; once finished, the same cursor later fetches only what changed.
 * A product with a change still waiting in the outbox is never overwritten: the local edit wins
 * until it reaches the server (its answer then brings the server's copy).
 */
import { ALL_SUPPLIERS_NAME } from '../../shared/constants';
import type { Product } from '../../shared/contract';
import { toCachedProduct, type BackofficeDatabase } from '../db/database';
import { withQuotaFallback } from '../db/storage';
import { productEntityKey } from '../db/outbox-entry';
import { collectPage, finishCollectingColumns, startCollectingColumns, type ColumnsCollector } from '../db/kept-columns-store';
import { keepReferenceLists, type ReferenceListTags, type ReferenceLists } from '../db/kept-reference-lists';
import { keepProductsAsBlocks, keptProductTables } from '../db/product-blocks-store';

export const DOWNLOAD_META_PREFIX = 'offlineDownload:';
export const DEFAULT_DOWNLOAD_PAGE_SIZE = 500;

/** What is kept in meta per scope (one supplier, or 'All'). */
export interface DownloadRecord {
  scope: string;
  /** The last cursor the server gave; null before the first page. */
  cursor: string | null;
  /** Products received by the first (full) download so far. */
  received: number;
  /** Products expected by the first download, when known. */
  total: number | null;
  /** True once the first download reached the end; later runs only fetch changes. */
  complete: boolean;
  startedAt: number;
  /** When the last full download or refresh reached the end. */
  finishedAt: number | null;
}

export interface ChangesAnswer {
  products: Product[];
  cursor: string | null;
  hasMore: boolean;
}

export interface DownloadTransport {
  changes(query: { cursor: string | null; limit: number; supplierName: string }): Promise<ChangesAnswer>;
  /** The number of products in scope (cheap: the filter's total); optional. */
  total?(supplierName: string): Promise<number>;
  /**
   * The lists the list's filters choose from, to keep beside the products (those the server
   * answered), with the tags they were answered with; optional.
   */
  referenceLists?(): Promise<{ lists: Partial<ReferenceLists>; tags: ReferenceListTags }>;
}

export interface DownloadProgress {
  scope: string;
  /** Products received: cumulative for a first download (also across reloads), per run for a refresh. */
  received: number;
  total: number | null;
  refreshing: boolean;
}

export interface DownloadDeps {
  db: BackofficeDatabase;
  transport: DownloadTransport;
  now?: () => number;
  pageSize?: number;
  onProgress?: (progress: DownloadProgress) => void;
  /** Aborting stops after the page in flight; the cursor kept so far stays valid. */
  signal?: AbortSignal;
}

export interface DownloadResult {
  record: DownloadRecord;
  /** Products received in this run. */
  receivedThisRun: number;
  /** Products left as they were because a change of theirs is waiting. */
  keptLocal: number;
  /** False when stopped by the signal before the end. */
  finished: boolean;
}

/** 'All' and an empty name mean the whole catalogue. */
export function downloadScope(supplierName: string | null | undefined): string {
  const name = supplierName?.trim() ?? '';
  return name === '' ? ALL_SUPPLIERS_NAME : name;
}

export function downloadMetaKey(scope: string): string {
  return `${DOWNLOAD_META_PREFIX}${downloadScope(scope)}`;
}

function isDownloadRecord(value: unknown): value is DownloadRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<DownloadRecord>;
  return typeof record.scope === 'string' && typeof record.received === 'number' && typeof record.complete === 'boolean';
}

export async function readDownloadRecord(db: BackofficeDatabase, scope: string): Promise<DownloadRecord | null> {
  const row = await db.meta.get(downloadMetaKey(scope));
  return isDownloadRecord(row?.value) ? row.value : null;
}

/** Every scope ever downloaded (to resume an unfinished one, or refresh the finished ones). */
export async function listDownloadRecords(db: BackofficeDatabase): Promise<DownloadRecord[]> {
  const rows = await db.meta.where('key').startsWith(DOWNLOAD_META_PREFIX).toArray();
  return rows.map((row) => row.value).filter(isDownloadRecord);
}

/**
 * Keeps one page of products and the cursor after it, in one transaction: a reload never finds
 * a cursor past products that were not stored. Answers how many were left as they were; the
 * products written go to `collector` with their write stamp (db/kept-columns-store.ts). A first
 * download keeps its pages as blocks of products (`asBlocks`, db/product-blocks.ts: a record per
 * product costs the device most of the download's time); a refresh writes each product's record.
 */
export async function storeDownloadedPage(
  db: BackofficeDatabase,
  products: readonly Product[],
  record: DownloadRecord,
  collector?: ColumnsCollector,
  asBlocks = false,
): Promise<number> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [...keptProductTables(db), db.outbox, db.meta], async () => {
      const keys = products.map((product) => productEntityKey(product.productId));
      const waiting = new Set((await db.outbox.where('entityKey').anyOf(keys).toArray()).map((entry) => entry.entityKey));
      const fresh = products.filter((product) => !waiting.has(productEntityKey(product.productId)));
      let stamp: number | undefined;
      if (asBlocks) stamp = await keepProductsAsBlocks(db, fresh.map(toCachedProduct));
      else if (fresh.length > 0) {
        await db.products.bulkPut(fresh.map(toCachedProduct));
        // One put, one stamp (database.ts): the highest now.
        stamp = (await db.products.orderBy('keptAt').last())?.keptAt;
      }
      await db.meta.put({ key: downloadMetaKey(record.scope), value: record });
      if (collector && stamp !== undefined) collectPage(collector, fresh, stamp);
      return products.length - fresh.length;
    }),
  );
}

/**
 * Downloads (or continues, or refreshes) one scope to the end. A first download asks for the
 * total once; a refresh (the scope finished before) fetches only the changes since its cursor.
 */
export async function runOfflineDownload(deps: DownloadDeps, supplierName: string): Promise<DownloadResult> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const limit = deps.pageSize ?? DEFAULT_DOWNLOAD_PAGE_SIZE;
  const scope = downloadScope(supplierName);
  let record: DownloadRecord = (await readDownloadRecord(db, scope)) ?? {
    scope,
    cursor: null,
    received: 0,
    total: null,
    complete: false,
    startedAt: now(),
    finishedAt: null,
  };
  const refreshing = record.complete;
  if (!refreshing && record.cursor === null && record.total === null && transport.total) {
    record = { ...record, total: await transport.total(scope).catch(() => null) };
    await db.meta.put({ key: downloadMetaKey(scope), value: record });
  }

  let receivedThisRun = 0;
  let keptLocal = 0;
  const report = () =>
    deps.onProgress?.({ scope, received: refreshing ? receivedThisRun : record.received, total: refreshing ? null : record.total, refreshing });
  report();

  const ask = (cursor: string | null) => {
    const asked = transport.changes({ cursor, limit, supplierName: scope });
    // Awaited on the next turn; a page asked for and then not wanted (stopped, or the store failed) must not be an unhandled rejection.
    asked.catch(() => undefined);
    return asked;
  };
  let next = ask(record.cursor);
  // The list's columns of the kept products gather the pages as they are written (db/kept-columns-store.ts).
  const collector = await startCollectingColumns(db);
  for (;;) {
    if (deps.signal?.aborted) {
      await finishCollectingColumns(db, collector);
      return { record, receivedThisRun, keptLocal, finished: false };
    }
    const page = await next;
    const advanced = page.cursor !== null && page.cursor !== record.cursor;
    receivedThisRun += page.products.length;
    record = {
      ...record,
      cursor: page.cursor ?? record.cursor,
      received: refreshing ? record.received : record.received + page.products.length,
    };
    // An answer that says "more" but neither moves the cursor nor brings products would loop forever.
    const done = !page.hasMore || (!advanced && page.products.length === 0);
    if (done) record = { ...record, complete: true, finishedAt: now() };
    // The next page is asked for before this one is stored: the server's work on it and the
    // device's write overlap. Pages are still stored in order, each with the cursor after it.
    if (!done) next = ask(record.cursor);
    keptLocal += await storeDownloadedPage(db, page.products, record, collector, !refreshing);
    // The list's columns, so views never opened are quick offline, and the lists the filters
    // choose from (docs/offline.md "Reads", "Reference lists").
    if (done) await finishCollectingColumns(db, collector);
    if (done && transport.referenceLists) {
      const answered = await transport.referenceLists().catch(() => ({ lists: {}, tags: {} }));
      await keepReferenceLists(db, answered.lists, answered.tags);
    }
    report();
    if (done) return { record, receivedThisRun, keptLocal, finished: true };
  }
}

/** The share of a first download done, 0..100, or null when the total is unknown (or a refresh). */
export function downloadPercent(progress: Pick<DownloadProgress, 'received' | 'total' | 'refreshing'>): number | null {
  if (progress.refreshing || progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.received / progress.total) * 100));
}
