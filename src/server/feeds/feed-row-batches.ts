/**
 * From feed bytes to batches of product rows: gzip is unpacked when the bytes start with its
 * signature (with a running limit on the unpacked bytes), the reader for the format reads raw
 * records, the supplier's mapping turns them into our fields (src/shared/feed-mapping.ts),
 * parseFeedRow checks them, and a key that appeared before in the same feed is refused. Runs in
 * the parse worker (see parse-worker.ts) or, where a worker cannot start, on the main thread.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { applyMapping, compileMapping, derivedSellingPrice, mappingProblem, type CompiledMapping, type FeedMapping } from '../../shared/feed-mapping';
import { readCsvFeed } from './csv-feed-reader';
import { FeedFormatError, type FeedItem } from './feed-item';
import { decodeFeedText, recordHasUnreadableCharacters, type FeedEncoding } from './feed-text-encoding';
import { parseFeedRow, type FeedProductRow, type FeedRecord, type FeedRowRefusal, type FeedRowSupplier } from './parse-feed-row';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import { rowPreparationFor, type RowPreparation } from '../../shared/feed-row-preparation';
import { readXlsxFeed } from './xlsx-feed-reader';
import { readXmlFeed } from './xml-feed-reader';

export interface ParsedBatch {
  rows: FeedProductRow[];
  /** Refusals of this stretch of the feed (all of them; the import keeps the first 100). */
  refusals: FeedRowRefusal[];
  /** Records read in this stretch (rows + refusals + skipped). */
  rowsRead: number;
  /** Records the mapping's row filter skipped (docs/feeds.md, "Variants and parent rows"). */
  skipped: number;
  /** Of them, records with characters the encoding could not read (U+FFFD). */
  unreadableRows: number;
}

export type FeedFormat = 'csv' | 'xml' | 'xlsx';

export interface FeedReadOptions {
  /** The supplier's mapping; null = columns named like our fields. */
  mapping?: FeedMapping | null;
  /** The unpacked bytes of a gzip feed, and the bytes of an .xlsx (read whole), may not pass this. */
  maxBytes?: number;
  /** Told the feed's column names once they are known (CSV header, first sheet row). */
  onColumns?: (columns: string[]) => void;
  /** false: do not refuse a header the mapping cannot use (the Test feed reports it instead). */
  checkColumns?: boolean;
  /** The charset of the HTTP answer's Content-Type, when the feed was fetched (feed-text-encoding.ts). */
  charset?: string | null;
  /** Told the encoding the feed is read in (CSV and XML), before its first record. */
  onEncoding?: (encoding: FeedEncoding) => void;
  /** Told the XML record element used, and whether it was found in the feed (the mapping names none). */
  onRecordElement?: (recordElement: string, found: boolean) => void;
  /** Magento: the feed's child -> parent SKUs, read in a first pass (variant-parents.ts). */
  variantParents?: ReadonlyMap<string, string> | null;
}

/** Gzip's first two bytes. */
const GZIP_MAGIC = [0x1f, 0x8b];
/** Default bound on unpacked / collected bytes when the caller sets none. */
export const DEFAULT_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** An .xlsx is read whole: at most this much (of its zip), and its parts may inflate to 4× the feed limit. */
export const MAX_XLSX_FEED_BYTES = 200 * 1024 * 1024;

/** Records with our field names (`raw`: with the feed's own column names, in lower case). */
export function readFeed(
  format: string,
  body: ReadableStream<Uint8Array>,
  options: FeedReadOptions & { raw?: boolean } = {},
): { items: AsyncGenerator<FeedItem>; stop: () => void } {
  const stream = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  return { items: options.raw ? readRawFeed(format, stream, options) : readFeedBytes(format, stream, options), stop: () => stream.destroy() };
}

/** The bytes, unpacked when they are gzip; stops with FeedFormatError once the unpacked bytes pass maxBytes. */
export async function* gunzipIfNeeded(bytes: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  const iterator = bytes[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const rest = async function* () {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  };
  if (head.byteLength < 2 || head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* rest();
    return;
  }
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  const input = Readable.from(rest(), { objectMode: false });
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let unpacked = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > maxBytes) throw new FeedFormatError(serverSentence('feedUnpacksTooLarge', Math.round(maxBytes / 1024 / 1024)));
      yield chunk;
    }
  } catch (error) {
    if (error instanceof FeedFormatError) throw error;
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) throw new FeedFormatError(serverSentence('feedGzipDamaged', error.message));
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function collect(bytes: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new FeedFormatError(serverSentence('feedWorkbookTooLarge', Math.round(maxBytes / 1024 / 1024)));
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Raw records (keys: the feed's column names in lower case). */
export async function* readRawFeed(format: string, bytes: AsyncIterable<Uint8Array>, options: FeedReadOptions = {}): AsyncGenerator<FeedItem> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UNPACKED_BYTES;
  const compiled = compileMapping(options.mapping ?? null);
  const plain = gunzipIfNeeded(bytes, maxBytes);
  const onColumns = (columns: string[], line: number) => {
    options.onColumns?.(columns);
    if (options.checkColumns === false) return;
    const problem = headerProblem(columns, line, compiled, options.mapping ?? null);
    if (problem) throw new FeedFormatError(problem);
  };
  if (format === 'xlsx') {
    const limit = Math.min(maxBytes, MAX_XLSX_FEED_BYTES);
    yield* readXlsxFeed(await collect(plain, limit), { maxInflatedBytes: 4 * limit, onColumns });
    return;
  }
  // Text feeds are read in the encoding their bytes say or show (docs/feeds.md, "Encodings").
  const text = decodeFeedText(plain, { httpCharset: options.charset, xml: format === 'xml', onEncoding: options.onEncoding });
  if (format === 'xml') {
    yield* readXmlFeed(text, { recordElement: compiled.mapping.recordElement, onRecordElement: options.onRecordElement });
  } else {
    yield* readCsvFeed(text, { onColumns });
  }
}

/** Why a header cannot be imported with the mapping; the message of feeds without a mapping is kept as it was. */
function headerProblem(columns: string[], line: number, compiled: CompiledMapping, mapping: FeedMapping | null): ServerSentence | null {
  const problem = mappingProblem(columns, compiled);
  if (!problem) return null;
  if (mapping === null && !columns.some((c) => c.toLowerCase() === 'title')) {
    return serverSentence('feedHeaderNoTitle', line, Object.keys(compiled.mapping.columns).join(', '));
  }
  if (mapping === null) return null;
  return serverSentence('feedHeaderMapping', problem, line);
}

/**
 * Raw records as the mapping reads them: Magento's attribute columns, fill-down and the row filter
 * (feed-row-preparation.ts), each handed to `each`. Judged on the first record; a feed and mapping
 * that need none of it pass straight through, with no step of their own per record.
 */
async function* preparedItems(
  items: AsyncIterable<FeedItem>,
  mapping: FeedMapping | null,
  each: (item: FeedItem) => FeedItem,
  variantParents: ReadonlyMap<string, string> | null = null,
): AsyncGenerator<FeedItem> {
  let preparation: RowPreparation | null | undefined;
  for await (const item of items) {
    if (!('record' in item)) {
      yield item;
      continue;
    }
    if (preparation === undefined) preparation = rowPreparationFor(mapping, item.record, variantParents);
    if (preparation === null) yield each(item);
    else for (const prepared of preparation.push(item)) yield each(prepared);
  }
  if (preparation) for (const prepared of preparation.end()) yield each(prepared);
}

/** Raw records prepared for the mapping (the Test feed preview shows them before it maps them). */
export function prepareFeedItems(items: AsyncIterable<FeedItem>, mapping: FeedMapping | null): AsyncGenerator<FeedItem> {
  return preparedItems(items, mapping, (item) => item);
}

/** Records with our field names, by the mapping, prepared as prepareFeedItems says. */
export function mapFeedItems(items: AsyncIterable<FeedItem>, mapping: FeedMapping | null, variantParents: ReadonlyMap<string, string> | null = null): AsyncGenerator<FeedItem> {
  const compiled = compileMapping(mapping);
  return preparedItems(
    items,
    mapping,
    (item) => {
      if (!('record' in item)) return item;
      if (recordHasUnreadableCharacters(item.record)) return { line: item.line, record: applyMapping(item.record, compiled), unreadable: true };
      return { line: item.line, record: applyMapping(item.record, compiled) };
    },
    variantParents,
  );
}

export function readFeedBytes(format: string, bytes: AsyncIterable<Uint8Array>, options: FeedReadOptions = {}): AsyncGenerator<FeedItem> {
  return mapFeedItems(readRawFeed(format, bytes, options), options.mapping ?? null, options.variantParents ?? null);
}

/** parseFeedRow, then the mapping's selling price for rows without one. */
export function parseMappedRow(item: { line: number; record: FeedRecord }, supplier: FeedRowSupplier, mapping: FeedMapping | null) {
  const parsed = parseFeedRow(item.record, item.line, supplier, {
    foreignCurrency: mapping?.foreignCurrency ?? 'refuse',
    imageSeparator: mapping?.imageSeparator ?? '|',
    imageBase: supplier.imageBase,
  });
  if (parsed.ok && mapping && parsed.row.sellingPrice === 0) {
    const derived = derivedSellingPrice(parsed.row.priceSupplier, mapping);
    if (derived !== null) parsed.row.sellingPrice = derived;
  }
  return parsed;
}

/** The refusal of a row whose key (its EAN, else its SKU) the row on `firstLine` had already. */
export function keyAgain(row: Pick<FeedProductRow, 'ean' | 'sku'>, firstLine: number): ServerSentence {
  return serverSentence('feedKeyAgain', row.ean !== '' ? `EAN ${row.ean}` : `SKU ${row.sku}`, firstLine);
}

export async function* feedRowBatches(
  items: AsyncIterable<FeedItem>,
  supplier: FeedRowSupplier,
  batchSize: number,
  mapping: FeedMapping | null = null,
): AsyncGenerator<ParsedBatch> {
  /** First line of every key seen, so a key repeated in the feed is refused instead of written twice. */
  const seen = new Map<string, number>();
  let batch: ParsedBatch = { rows: [], refusals: [], rowsRead: 0, skipped: 0, unreadableRows: 0 };
  for await (const item of items) {
    batch.rowsRead += 1;
    if ('record' in item) {
      if (item.unreadable) batch.unreadableRows += 1;
      const parsed = parseMappedRow(item, supplier, mapping);
      if (!parsed.ok) {
        batch.refusals.push(parsed.refusal);
      } else {
        const firstLine = seen.get(parsed.row.sourceKey);
        if (firstLine !== undefined) {
          const sentence = keyAgain(parsed.row, firstLine);
          batch.refusals.push({ line: item.line, reason: sentence.message, sentence });
        } else {
          seen.set(parsed.row.sourceKey, item.line);
          batch.rows.push(parsed.row);
        }
      }
    } else if ('skipped' in item) {
      batch.skipped += 1;
    } else {
      batch.refusals.push({ line: item.line, reason: item.problem, ...(item.sentence ? { sentence: item.sentence } : {}) });
    }
    if (batch.rows.length >= batchSize || batch.refusals.length >= batchSize) {
      yield batch;
      batch = { rows: [], refusals: [], rowsRead: 0, skipped: 0, unreadableRows: 0 };
    }
  }
  if (batch.rowsRead > 0) yield batch;
}
