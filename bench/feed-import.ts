/**
 * Feed import bench: a generated 100,000-row CSV feed (streamed, never held in memory) imported
 * into a fresh embedded database in a temporary folder. Target: >= 5,000 rows/s, peak RSS < 300 MB.
 * Run alone with `npx tsx bench/feed-import.ts`; bench/run.ts can call runFeedImportBench().
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gtinCheckDigit } from '../src/shared/rules/ean';
import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { importSupplierFeed } from '../src/server/feeds/feed-import';

export interface FeedImportBenchResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  /** RSS right after the database was opened: PGlite's own runtime, before any feed row. */
  baselineRssMb: number;
  lines: string[];
}

export const FEED_HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;width;length;height;size;color;material;familyKey;images';

/** Row i of the generated feed; `revision` changes price and stock, so a re-import updates every row. */
export function row(i: number, revision = 0): string {
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
    String((i + revision) % 300),
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

/** The feed as a byte stream, produced chunk by chunk as the importer pulls it. */
function feedStream(rows: number): ReadableStream<Uint8Array> {
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
      for (const end = Math.min(rows, next + 200); next < end; next += 1) lines.push(row(next + 1));
      controller.enqueue(encoder.encode(`${lines.join('\n')}\n`));
    },
  });
}

/**
 * Creates and migrates the database in a child process: PGlite's one-off initdb step loads a
 * second WebAssembly module (~200 MB) that a server opening its existing data folder never has,
 * so the import is measured the way the server runs it.
 */
function createDatabaseInChild(dataDir: string): void {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--init-db', dataDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`creating the bench database failed (exit ${result.status})`);
}

export async function runFeedImportBench(rows = 100_000): Promise<FeedImportBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-feed-bench-'));
  createDatabaseInChild(dataDir);
  let peakRss = process.memoryUsage.rss();
  // The import keeps the event loop busy, so samples are rare; getrusage's maximum catches the rest.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  const baselineRss = process.memoryUsage.rss();
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    const fakeFetch = (async () => new Response(feedStream(rows), { headers: { 'Content-Type': 'text/csv' } })) as typeof fetch;
    const started = performance.now();
    const { entry } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
    const seconds = (performance.now() - started) / 1000;
    if (entry.status !== 'success' || entry.created !== rows) throw new Error(`the bench import did not import every row: ${entry.message}`);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    const rowsPerSecond = Math.round(rows / seconds);
    const peakRssMb = Math.round(peakRss / 1024 / 1024);
    const baselineRssMb = Math.round(baselineRss / 1024 / 1024);
    const lines = [
      `feed import (${rows.toLocaleString('en-US')} CSV rows, embedded database): ${rowsPerSecond.toLocaleString('en-US')} rows/s`,
      `feed import peak memory (RSS): ${peakRssMb} MB`,
      `feed import memory above the opened database (RSS ${baselineRssMb} MB before the import): ${peakRssMb - baselineRssMb} MB`,
    ];
    return { rows, seconds, rowsPerSecond, peakRssMb, baselineRssMb, lines };
  } finally {
    clearInterval(sampler);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--init-db') {
  const handle = await openDatabase({ kind: 'pglite', dataDir: process.argv[3] ?? '' });
  await handle.close();
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFeedImportBench()
    .then((result) => {
      for (const line of result.lines) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
