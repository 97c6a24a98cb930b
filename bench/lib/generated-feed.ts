/**
 * The generated CSV feed of the import benches: its header, row i, the feed as a stream or a file.
 * Kept apart from the bench files so a bench bundled on its own (bench/lib/server-flags.ts) does
 * not carry another bench's main block.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { gtinCheckDigit } from '../../src/shared/rules/ean';

export const FEED_HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;width;length;height;size;color;material;familyKey;images';

/**
 * Row i of the generated feed; `revision` changes its stock, so a re-import updates every row, or
 * with `changedEvery` n only every n-th row (10: a tenth of the rows).
 */
export function row(i: number, revision = 0, changedEvery = 1): string {
  const body = `87150${String(i).padStart(7, '0')}`;
  const ean = `${body}${gtinCheckDigit(body)}`;
  const images = Array.from({ length: 1 + (i % 3) }, (_, k) => `https://images.example.com/p/${(i * 7 + k) % 5_000}.jpg`).join('|');
  return [
    ean,
    `SKU-${i}`,
    `Bench product ${i} ${['Green', 'Black', 'White'][i % 3]}`,
    `"<p>Product <strong>${i}</strong> with a short description.</p><ul><li>Feature ${i % 17}</li></ul>"`,
    `Brand ${i % 50}`,
    `Category ${i % 30}`,
    `${(5 + (i % 900) / 10).toFixed(2).replace('.', ',')}`,
    `${(9 + (i % 900) / 5).toFixed(2).replace('.', ',')}`,
    '1-2d',
    String((i + (i % changedEvery === 0 ? revision : 0)) % 300),
    '1,25',
    '20',
    '30',
    '10',
    ['S', 'M', 'L', ''][i % 4],
    ['Green', 'Black', 'White'][i % 3],
    'Plastic',
    i % 4 === 0 ? `FAM-${Math.floor(i / 4)}` : '',
    images,
  ].join(';');
}


/** The generated feed as a byte stream, produced chunk by chunk as the importer pulls it. */
export function feedStream(rows: number, revision = 0, changedEvery = 1): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode(`${FEED_HEADER}\n`));
      if (next >= rows) {
        controller.close();
        return;
      }
      const lines: string[] = [];
      for (const end = Math.min(rows, next + 200); next < end; next += 1) lines.push(row(next + 1, revision, changedEvery));
      controller.enqueue(encoder.encode(`${lines.join('\n')}\n`));
    },
  });
}

/**
 * Writes the generated feed to `file` before it is measured: an import then reads bytes the way a
 * download delivers them, instead of the measured process also making every row (about 4 % of its
 * main thread in a CPU profile).
 */
export async function writeFeedFile(file: string, rows: number, revision = 0, changedEvery = 1): Promise<void> {
  await pipeline(Readable.fromWeb(feedStream(rows, revision, changedEvery) as WebReadableStream), createWriteStream(file));
}

/** A fetch that answers every request with the feed file, its size in Content-Length (so a job knows its percent). */
export function fileFeedFetch(file: () => string): typeof fetch {
  return (async () => {
    const current = file();
    const body = Readable.toWeb(createReadStream(current, { highWaterMark: 64 * 1024 })) as ReadableStream<Uint8Array>;
    return new Response(body, { headers: { 'Content-Type': 'text/csv', 'Content-Length': String(statSync(current).size) } });
  }) as typeof fetch;
}
