/**
 * "Test feed" (docs/feeds.md): reads only the first rows of a feed with the settings on the form
 * (saved or not) and answers them as they would be imported, each with its problems. Writes
 * nothing; the download is cancelled once enough rows are read.
 */
import { applyMapping, compileMapping, guessMapping, mappingProblem, type FeedMapping } from '../../shared/feed-mapping';
import { TEST_FEED_ROWS, type TestFeedReport, type TestFeedRow } from '../../shared/suppliers';
import { ApiError } from '../http/errors';
import type { FeedItem } from './feed-item';
import { FeedFormatError } from './feed-item';
import { parseMappedRow, readFeed } from './feed-row-batches';
import { feedAddressProblem, openFeedSource, type FeedSourceSettings, type OpenedFeed } from './feed-source';
import { DEFAULT_MAX_FEED_BYTES, DownloadError, RefusedTargetError, type OutboundDeps } from './outbound';
import type { Database } from '../db/connection';

/** The whole preview (download and reading) may take this long. */
const TEST_FEED_TIMEOUT_MS = 30_000;
/** A workbook larger than this is not previewed (Run reads it in full in the parse worker). */
export const TEST_FEED_MAX_BYTES = 20 * 1024 * 1024;

export interface TestFeedInput {
  source: FeedSourceSettings;
  /** An uploaded file sent with the request (instead of the stored one). */
  file: Uint8Array | null;
  feedFormat: string;
  mapping: FeedMapping | null;
  supplierName: string;
}

function display(value: string | readonly string[] | undefined): string {
  if (value === undefined) return '';
  return (typeof value === 'string' ? value : value.join(' | ')).slice(0, 500);
}

function openFile(bytes: Uint8Array): OpenedFeed {
  return { body: new Blob([new Uint8Array(bytes)]).stream() as ReadableStream<Uint8Array>, declaredBytes: bytes.length };
}

export async function testFeed(deps: OutboundDeps & { db: Database }, input: TestFeedInput): Promise<TestFeedReport> {
  if (!input.file && input.source.feedSource === 'url') {
    const problem = feedAddressProblem(input.source.supplierUrlFeed, deps);
    if (problem) throw new ApiError(422, problem);
  }
  let opened: OpenedFeed;
  try {
    opened = input.file ? openFile(input.file) : await openFeedSource(deps, input.source, { timeoutMs: TEST_FEED_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof RefusedTargetError) throw new ApiError(422, `The feed address is refused: ${error.message}`);
    if (error instanceof DownloadError) throw new ApiError(502, `The feed could not be downloaded: ${error.message}`);
    throw error;
  }

  let headerColumns: string[] | null = null;
  const feed = readFeed(input.feedFormat, opened.body, {
    mapping: input.mapping,
    // Only the first rows are read, on this thread: a workbook (read whole) is previewed up to this size.
    maxBytes: Math.min(deps.outbound?.maxFeedBytes ?? DEFAULT_MAX_FEED_BYTES, TEST_FEED_MAX_BYTES),
    checkColumns: false,
    raw: true,
    onColumns: (columns) => {
      headerColumns = columns;
    },
  });
  const items: FeedItem[] = [];
  let more = false;
  const timer = setTimeout(feed.stop, TEST_FEED_TIMEOUT_MS);
  try {
    for await (const item of feed.items) {
      if (items.length >= TEST_FEED_ROWS) {
        more = true;
        break;
      }
      items.push(item);
    }
  } catch (error) {
    if (error instanceof FeedFormatError) throw new ApiError(422, error.message);
    if (error instanceof DownloadError) throw new ApiError(502, `The feed could not be downloaded: ${error.message}`);
    throw new ApiError(502, `The feed stopped being readable: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    feed.stop();
  }

  // XML has no header: its columns are the element paths met in the first records, in order.
  const columns: string[] = headerColumns ?? [];
  if (headerColumns === null) {
    const seen = new Set<string>();
    for (const item of items) {
      if (!('record' in item)) continue;
      for (const key of Object.keys(item.record)) {
        if (seen.has(key)) continue;
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const nameOf = new Map(columns.map((name) => [name.toLowerCase(), name]));
  const compiled = compileMapping(input.mapping);
  const supplier = { supplierName: input.supplierName || 'this supplier' };
  const seenKeys = new Map<string, number>();

  const rows: TestFeedRow[] = items.map((item) => {
    if ('problem' in item) return { line: item.line, values: {}, product: null, problems: [item.problem] };
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(item.record)) values[nameOf.get(key) ?? key] = display(value);
    const parsed = parseMappedRow({ line: item.line, record: applyMapping(item.record, compiled) }, supplier, input.mapping);
    if (!parsed.ok) return { line: item.line, values, product: null, problems: [parsed.refusal.reason] };
    const row = parsed.row;
    const problems: string[] = [];
    const first = seenKeys.get(row.sourceKey);
    if (first !== undefined) problems.push(`${row.ean !== '' ? `EAN ${row.ean}` : `SKU ${row.sku}`} appears again (first on line ${first}); the row is skipped`);
    else seenKeys.set(row.sourceKey, item.line);
    return {
      line: item.line,
      values,
      product: {
        ean: row.ean,
        sku: row.sku,
        title: row.title,
        brand: row.brand,
        category: row.category,
        priceSupplier: row.priceSupplier,
        sellingPrice: row.sellingPrice,
        deliveryCode: row.deliveryCode,
        stock: row.stock,
        productSize: row.productSize,
        images: row.images.slice(0, 5),
      },
      problems,
    };
  });

  return {
    columns,
    guessedMapping: guessMapping(columns),
    mappingProblem: columns.length === 0 && rows.length === 0 ? 'The feed has no rows' : mappingProblem(columns, compiled),
    rows,
    more,
  };
}
