/**
 * From feed bytes to batches of product rows: the reader for the format, parseFeedRow, and the
 * refusal of a key that appeared before in the same feed. Runs in the parse worker (see
 * parse-worker.ts) or, where a worker cannot start, on the main thread.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { readCsvFeed } from './csv-feed-reader';
import type { FeedItem } from './feed-item';
import { parseFeedRow, type FeedProductRow, type FeedRowRefusal, type FeedRowSupplier } from './parse-feed-row';
import { readXmlFeed } from './xml-feed-reader';

export interface ParsedBatch {
  rows: FeedProductRow[];
  /** Refusals of this stretch of the feed (all of them; the import keeps the first 100). */
  refusals: FeedRowRefusal[];
  /** Records read in this stretch (rows + refusals). */
  rowsRead: number;
}

export type FeedFormat = 'csv' | 'xml';

export function readFeed(format: string, body: ReadableStream<Uint8Array>): { items: AsyncGenerator<FeedItem>; stop: () => void } {
  const stream = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  return { items: readFeedBytes(format, stream), stop: () => stream.destroy() };
}

export function readFeedBytes(format: string, bytes: AsyncIterable<Uint8Array>): AsyncGenerator<FeedItem> {
  return format === 'xml' ? readXmlFeed(bytes) : readCsvFeed(bytes);
}

export async function* feedRowBatches(items: AsyncIterable<FeedItem>, supplier: FeedRowSupplier, batchSize: number): AsyncGenerator<ParsedBatch> {
  /** First line of every key seen, so a key repeated in the feed is refused instead of written twice. */
  const seen = new Map<string, number>();
  let batch: ParsedBatch = { rows: [], refusals: [], rowsRead: 0 };
  for await (const item of items) {
    batch.rowsRead += 1;
    if ('problem' in item) {
      batch.refusals.push({ line: item.line, reason: item.problem });
    } else {
      const parsed = parseFeedRow(item.record, item.line, supplier);
      if (!parsed.ok) {
        batch.refusals.push(parsed.refusal);
      } else {
        const firstLine = seen.get(parsed.row.sourceKey);
        if (firstLine !== undefined) {
          const key = parsed.row.ean !== '' ? `EAN ${parsed.row.ean}` : `SKU ${parsed.row.sku}`;
          batch.refusals.push({ line: item.line, reason: `${key} appears again (first on line ${firstLine}); the row is skipped` });
        } else {
          seen.set(parsed.row.sourceKey, item.line);
          batch.rows.push(parsed.row);
        }
      }
    }
    if (batch.rows.length >= batchSize || batch.refusals.length >= batchSize) {
      yield batch;
      batch = { rows: [], refusals: [], rowsRead: 0 };
    }
  }
  if (batch.rowsRead > 0) yield batch;
}
