/**
 * Streaming CSV feed reader (csv-parse). The first line is the header; records are keyed by its
 * column names in lower case (the supplier's mapping picks the fields, feed-mapping.ts). The delimiter is
 * detected from the header line: whichever of ';', ',' or a tab occurs most often outside quotes
 * (',' on a tie). Only one chunk of the feed is held in memory at a time. A line longer than
 * MAX_CSV_LINE_CHARS, or a header or row of more than MAX_FEED_COLUMNS columns, stops the feed with
 * a message naming the limit (feed-limits.ts); a header that wide is refused from its first 64 KB.
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { serverSentence } from '../../shared/server-messages';
import { FeedFormatError, type FeedItem } from './feed-item';
import { csvLineTooLong, csvRecordTooLong, MAX_CSV_LINE_CHARS, MAX_FEED_COLUMNS, tooManyColumns } from './feed-limits';

const DELIMITERS = [',', ';', '\t'] as const;
/** A header line longer than this is not a feed header. */
const MAX_HEADER_BYTES = 64 * 1024;

/** How often each delimiter occurs outside quotes in (the start of) a header line. */
function delimiterCounts(headerLine: string): Map<string, number> {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return counts;
}

function mostFrequent(counts: Map<string, number>): string {
  let best: string = ',';
  for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** The delimiter of a CSV header line. */
export function detectCsvDelimiter(headerLine: string): string {
  return mostFrequent(delimiterCounts(headerLine));
}

type Chunk = Uint8Array | string;

/** Reads until the first line break (or the header limit) and gives back what it read. */
async function readHead(iterator: AsyncIterator<Chunk>): Promise<{ chunks: Buffer[]; done: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { chunks, done: true };
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(10) || size > MAX_HEADER_BYTES) return { chunks, done: false };
  }
}

async function* replay(head: Buffer[], iterator: AsyncIterator<Chunk>, done: boolean): AsyncGenerator<Buffer> {
  yield* head;
  if (done) return;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    yield typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  }
}

/**
 * Passes the bytes on, stopping once one physical line runs past MAX_CSV_LINE_CHARS bytes: csv-parse
 * bounds the characters of a record's fields, not how many (empty) fields one line holds.
 */
async function* boundedLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let line = 1;
  let lineBytes = 0;
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
      if (lineBytes + (at - from) > MAX_CSV_LINE_CHARS) throw csvLineTooLong(line);
      line += 1;
      lineBytes = 0;
      from = at + 1;
    }
    lineBytes += chunk.length - from;
    if (lineBytes > MAX_CSV_LINE_CHARS) throw csvLineTooLong(line);
    yield chunk;
  }
}

function newlines(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) {
    if (!field.includes('\n')) continue;
    for (const char of field) if (char === '\n') count += 1;
  }
  return count;
}

export interface CsvReadOptions {
  /** Called with the header's column names (as written) and its line; may throw FeedFormatError to refuse the feed. */
  onColumns?: (columns: string[], line: number) => void;
}

export async function* readCsvFeed(source: AsyncIterable<Chunk>, options: CsvReadOptions = {}): AsyncGenerator<FeedItem> {
  const iterator = source[Symbol.asyncIterator]();
  const head = await readHead(iterator);
  const headText = Buffer.concat(head.chunks).toString('utf8').replace(/^\uFEFF/, '');
  const counts = delimiterCounts(headText.split('\n', 1)[0] ?? '');
  const delimiter = mostFrequent(counts);
  // A header that wide is refused before csv-parse builds it.
  if ((counts.get(delimiter) ?? 0) + 1 > MAX_FEED_COLUMNS) throw tooManyColumns({ csvHeader: true });

  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_CSV_LINE_CHARS,
  });
  const input = Readable.from(boundedLines(replay(head.chunks, iterator, head.done)));
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);

  let columns: string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines - newlines(record);
      if (record.length > MAX_FEED_COLUMNS) throw tooManyColumns(columns ? { line } : { csvHeader: true });
      if (!columns) {
        const names = record.map((name) => name.trim());
        options.onColumns?.(names, line);
        columns = names.map((name) => name.toLowerCase());
        continue;
      }
      if (record.length !== columns.length) {
        const sentence = serverSentence('feedFieldCount', record.length, columns.length);
        yield { line, problem: sentence.message, sentence };
        continue;
      }
      const fields: Record<string, string> = {};
      for (let i = 0; i < columns.length; i += 1) {
        const column = columns[i];
        if (column) fields[column] ??= record[i] ?? '';
      }
      yield { line, record: fields };
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') throw csvRecordTooLong(Number((error as CsvError & { lines?: number }).lines) || 1);
    if (error instanceof CsvError) throw new FeedFormatError(serverSentence('feedCsvUnreadable', error.message));
    throw error;
  } finally {
    input.destroy();
  }
}
