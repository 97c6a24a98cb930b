/**
 * The parse worker's bounded queue (docs/feeds.md, "Import memory"): while the writer takes no
 * batch, the main thread stops pulling the feed once MAX_BYTES_AHEAD bytes wait in the worker,
 * instead of reading the whole feed into memory; once the writer takes batches, every row arrives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BYTES_AHEAD, ParseWorker } from '../../src/server/feeds/parse-in-worker';
import { FeedFormatError } from '../../src/server/feeds/feed-item';

const HEADER = 'ean;sku;title;price;stock';
const ROWS = 60_000;
/** Rows of ~100 bytes: a feed of ~6.5 MB, far more than the queue holds. */
const line = (i: number) => `;SKU-${i};Queue product ${i} ${'x'.repeat(70)};12,50;${i % 50}`;

/** The feed as a stream of 64 KB-ish chunks, counting what the reader pulled. */
function countingFeed(pulled: { bytes: number }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0) {
        const head = encoder.encode(`${HEADER}\n`);
        pulled.bytes += head.byteLength;
        controller.enqueue(head);
      }
      if (next >= ROWS) {
        controller.close();
        return;
      }
      const lines: string[] = [];
      for (const end = Math.min(ROWS, next + 600); next < end; next += 1) lines.push(line(next + 1));
      const chunk = encoder.encode(`${lines.join('\n')}\n`);
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const feedBytes = () => {
  const encoder = new TextEncoder();
  let total = encoder.encode(`${HEADER}\n`).byteLength;
  for (let i = 1; i <= ROWS; i += 1) total += encoder.encode(`${line(i)}\n`).byteLength;
  return total;
};

let worker: ParseWorker | null = null;
afterEach(async () => {
  await worker?.stop();
  worker = null;
});

describe('parse worker queue', () => {
  it('stops reading the feed while the writer takes no batch, then delivers every row', async () => {
    worker = await ParseWorker.start();
    expect(worker, 'the parse worker starts in the test runner').not.toBeNull();
    const pulled = { bytes: 0 };
    const batches = worker!.batches('csv', countingFeed(pulled), 'Queue Co', 250);

    // The writer takes the first batch, then "writes" for a long while without asking for more.
    const first = await batches.next();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const total = feedBytes();
    expect(total).toBeGreaterThan(5 * MAX_BYTES_AHEAD);
    // The queue, plus what the worker's stream buffers took off it: far from the whole feed.
    expect(pulled.bytes).toBeLessThan(3 * MAX_BYTES_AHEAD);

    let rows = first.done ? 0 : first.value.rows.length;
    for await (const batch of batches) rows += batch.rows.length + batch.refusals.length;
    expect(rows).toBe(ROWS);
    expect(pulled.bytes).toBe(total);
  });

  it('hands an unreadable feed back with its sentence, which crossed the thread (docs/languages.md)', async () => {
    worker = await ParseWorker.start();
    const feed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<?xml version="1.0"?><products <product>'));
        controller.close();
      },
    });
    const failure = await (async () => {
      try {
        for await (const batch of worker!.batches('xml', feed, 'Broken Co', 250)) void batch;
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(FeedFormatError);
    expect((failure as FeedFormatError).sentence).toMatchObject({ messageId: 'server.feedXmlUnreadable', message: (failure as Error).message });
  });
});
