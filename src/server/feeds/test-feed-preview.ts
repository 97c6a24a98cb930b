/**
 * The reading half of "Test feed" (docs/feeds.md): the first rows of a feed's bytes as they would
 * be imported, each with its problems, as the report the Parser screen shows. Runs in the parse
 * worker (parse-worker.ts), with the import's memory cap and the feed limits of feed-limits.ts, so
 * a hostile feed can end only that worker; where no worker can start, on the calling thread.
 */
import { applyMapping, compileMapping, feedValueFormat, guessMapping, learnDecimalMark, mappingProblem, type FeedMapping } from '../../shared/feed-mapping';
import { TEST_FEED_ROWS, type FeedEncoding, type TestFeedReport, type TestFeedRow } from '../../shared/suppliers';
import type { FeedItem } from './feed-item';
import type { FeedRecord } from './parse-feed-row';
import { keyAgain, parseMappedRow, prepareFeedItems, readRawFeed } from './feed-row-batches';
import { feedReadingMessages } from '../../shared/feed-reading-messages';
import { recordHasUnreadableCharacters } from './feed-text-encoding';
import type { ImageBase } from '../../shared/feed-image-addresses';
import { serverSentence } from '../../shared/server-messages';

export interface PreviewRequest {
  format: string;
  mapping: FeedMapping | null;
  /** Unpacked bytes of a gzip feed, and the bytes of a workbook, may not pass this. */
  maxBytes: number;
  supplierName: string;
  /** The charset of the HTTP answer's Content-Type, when the feed was fetched. */
  charset?: string | null;
  /** Where relative image addresses point (docs/feeds.md, "Images"); default: paths on this server. */
  imageBase?: ImageBase;
}

/** How the feed was read, for the report: its encoding and XML record element. */
export interface FeedReading {
  encoding: FeedEncoding | null;
  recordElement: TestFeedReport['recordElement'];
}


function display(value: string | readonly string[] | undefined): string {
  if (value === undefined) return '';
  return (typeof value === 'string' ? value : value.join(' | ')).slice(0, 500);
}

/** Reads the first TEST_FEED_ROWS records (and whether there are more), then stops reading. */
export async function previewFeedBytes(bytes: AsyncIterable<Uint8Array>, request: PreviewRequest): Promise<TestFeedReport> {
  let headerColumns: string[] | null = null;
  const items: FeedItem[] = [];
  let more = false;
  const reading: FeedReading = { encoding: null, recordElement: null };
  const feed = readRawFeed(request.format, bytes, {
    mapping: request.mapping,
    maxBytes: request.maxBytes,
    checkColumns: false,
    charset: request.charset,
    onColumns: (columns) => {
      headerColumns = columns;
    },
    onEncoding: (encoding) => {
      reading.encoding = encoding;
    },
    onRecordElement: (path, found) => {
      reading.recordElement = { path, found };
    },
  });
  for await (const item of prepareFeedItems(feed, request.mapping)) {
    if (items.length >= TEST_FEED_ROWS) {
      more = true;
      break;
    }
    items.push(item);
  }
  return previewReport(items, headerColumns, more, request, reading);
}

/** The report of the records read: columns, guessed mapping, each row as it would be imported. Pure. */
export function previewReport(
  items: readonly FeedItem[],
  headerColumns: readonly string[] | null,
  more: boolean,
  request: Pick<PreviewRequest, 'mapping' | 'supplierName' | 'imageBase'>,
  reading: FeedReading = { encoding: null, recordElement: null },
): TestFeedReport {
  // XML has no header: its columns are the element paths met in the first records, in order. Columns
  // read out of others (Magento's `additional_attributes/size`, `parent_sku`) follow the header's.
  const columns: string[] = headerColumns ? [...headerColumns] : [];
  const seen = new Set(columns.map((name) => name.toLowerCase()));
  for (const item of items) {
    const record = 'record' in item ? item.record : 'skipped' in item ? item.skippedRecord : null;
    if (!record) continue;
    for (const key of Object.keys(record)) {
      if (seen.has(key)) continue;
      seen.add(key);
      columns.push(key);
    }
  }
  const nameOf = new Map(columns.map((name) => [name.toLowerCase(), name]));
  const compiled = compileMapping(request.mapping);
  // The values of all rows read decide the decimal mark and the guess (docs/feeds.md, "Prices").
  const samples = items.flatMap((item) => ('record' in item ? [item.record] : 'skipped' in item ? [item.skippedRecord] : []));
  learnDecimalMark(compiled, samples);
  const supplier = { supplierName: request.supplierName || 'this supplier', ...(request.imageBase ? { imageBase: request.imageBase } : {}) };
  const seenKeys = new Map<string, number>();

  const rows: TestFeedRow[] = items.map((item) => {
    if ('problem' in item) return { line: item.line, values: {}, product: null, problems: [item.problem], ...(item.sentence ? { problemSentences: [item.sentence] } : {}), warnings: [] };
    const valuesOf = (record: FeedRecord) => {
      const values: Record<string, string> = {};
      for (const [key, value] of Object.entries(record)) values[nameOf.get(key) ?? key] = display(value);
      return values;
    };
    if ('skipped' in item) return { line: item.line, values: valuesOf(item.skippedRecord), product: null, skipped: true, problems: [], warnings: [] };
    const values = valuesOf(item.record);
    const unreadable = recordHasUnreadableCharacters(item.record);
    const warnings = unreadable ? [feedReadingMessages.unreadable(item.line.toLocaleString('en-US'), reading.encoding?.name ?? null)] : [];
    const parsed = parseMappedRow({ line: item.line, record: applyMapping(item.record, compiled) }, supplier, request.mapping);
    if (!parsed.ok) return { line: item.line, values, product: null, problems: [parsed.refusal.reason], ...(parsed.refusal.sentence ? { problemSentences: [parsed.refusal.sentence] } : {}), warnings };
    if (parsed.warnings) warnings.push(...parsed.warnings);
    const row = parsed.row;
    const first = seenKeys.get(row.sourceKey);
    const again = first === undefined ? null : keyAgain(row, first);
    if (first === undefined) seenKeys.set(row.sourceKey, item.line);
    const problems: string[] = again ? [again.message] : [];
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
        familyKey: row.familyKey,
        images: row.images.slice(0, 5),
      },
      problems,
      ...(again ? { problemSentences: [again] } : {}),
      warnings,
    };
  });

  const guessed = guessMapping(columns, samples);
  const problem = columns.length === 0 && rows.length === 0 ? serverSentence('feedNoRows') : mappingProblem(columns, compiled);
  return {
    columns,
    encoding: reading.encoding,
    recordElement: reading.recordElement,
    guessedMapping: guessed,
    valueFormat: feedValueFormat(columns, samples, request.mapping ?? guessed),
    mappingProblem: problem?.message ?? null,
    ...(problem ? { mappingProblemSaid: problem } : {}),
    rows,
    more,
  };
}
