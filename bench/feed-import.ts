/**
 * Feed import bench: a generated 100,000-row CSV feed (streamed, never held in memory) imported
 * into a fresh embedded database in a temporary folder. Targets (issue 18): >= 6,000 rows/s and a
 * whole-process peak RSS < 300 MB (the parse worker is a thread of this process, so it is counted).
 * Run alone with `npx tsx bench/feed-import.ts`; bench/run.ts can call runFeedImportBench().
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { importSupplierFeed } from '../src/server/feeds/feed-import';
import { FEED_HEADER, row } from './lib/generated-feed';
import { rerunWithServerFlags } from './lib/server-flags';
import { prepareParseWorker } from '../src/server/feeds/parse-in-worker';

export interface FeedImportBenchResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The same feed imported again with every row changed (stock): updates and their history. */
  reimportRowsPerSecond: number;
  reimportCpuSeconds: number;
  peakRssMb: number;
  /** RSS right after the database was opened: PGlite's own runtime, before any feed row. */
  baselineRssMb: number;
  lines: string[];
}

export { FEED_HEADER, row } from './lib/generated-feed';

/** The feed as a byte stream, produced chunk by chunk as the importer pulls it. */
function feedStream(rows: number, revision = 0): ReadableStream<Uint8Array> {
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
      for (const end = Math.min(rows, next + 200); next < end; next += 1) lines.push(row(next + 1, revision));
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

const TARGET_ROWS_PER_SECOND = 6_000;
const TARGET_PEAK_MB = 300;
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');

export async function runFeedImportBench(rows = 100_000): Promise<FeedImportBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-feed-bench-'));
  createDatabaseInChild(dataDir);
  let peakRss = process.memoryUsage.rss();
  // The import keeps the event loop busy, so samples are rare; getrusage's maximum catches the rest.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  // As the server does when it starts listening (src/server/main.ts): the parse worker's bundle is built.
  await prepareParseWorker();
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  const baselineRss = process.memoryUsage.rss();
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    let revision = 0;
    const fakeFetch = (async () => new Response(feedStream(rows, revision), { headers: { 'Content-Type': 'text/csv' } })) as typeof fetch;
    const started = performance.now();
    const importCpu = process.cpuUsage();
    const { entry } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
    const seconds = (performance.now() - started) / 1000;
    // CPU time of the whole process (database, writer and parse worker): steadier than the wall clock on a busy machine.
    const importCpuUsed = process.cpuUsage(importCpu);
    const importCpuSeconds = (importCpuUsed.user + importCpuUsed.system) / 1e6;
    if (entry.status !== 'success' || entry.created !== rows) throw new Error(`the bench import did not import every row: ${entry.message}`);
    // A re-import where every row changes: each product updated and given one history entry.
    revision = 1;
    const reimportStarted = performance.now();
    const reimportCpu = process.cpuUsage();
    const { entry: again } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
    const reimportSeconds = (performance.now() - reimportStarted) / 1000;
    // CPU time of this process (the embedded database runs in it): steadier than the wall clock on a busy machine.
    const { user, system } = process.cpuUsage(reimportCpu);
    const reimportCpuSeconds = (user + system) / 1e6;
    if (again.status !== 'success' || again.updated !== rows) throw new Error(`the bench re-import did not update every row: ${again.message}`);
    const reimportRowsPerSecond = Math.round(rows / reimportSeconds);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    const rowsPerSecond = Math.round(rows / seconds);
    const peakRssMb = Math.round(peakRss / 1024 / 1024);
    const baselineRssMb = Math.round(baselineRss / 1024 / 1024);
    const lines = [
      `feed import (${rows.toLocaleString('en-US')} CSV rows, embedded database): ${rowsPerSecond.toLocaleString('en-US')} rows/s (${importCpuSeconds.toFixed(1)} s CPU); target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s ${mark(rowsPerSecond >= TARGET_ROWS_PER_SECOND)}`,
      `feed re-import (${rows.toLocaleString('en-US')} CSV rows, every row changed, one history entry each): ${reimportRowsPerSecond.toLocaleString('en-US')} rows/s (${reimportCpuSeconds.toFixed(1)} s CPU)`,
      `feed import peak memory (RSS, whole process, import and re-import): ${peakRssMb} MB; target < ${TARGET_PEAK_MB} MB ${mark(peakRssMb < TARGET_PEAK_MB)}`,
      `feed import memory above the opened database (RSS ${baselineRssMb} MB before the import): ${peakRssMb - baselineRssMb} MB`,
    ];
    return { rows, seconds, rowsPerSecond, reimportRowsPerSecond, reimportCpuSeconds, peakRssMb, baselineRssMb, lines };
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
  rerunWithServerFlags(import.meta.url);
  runFeedImportBench(Number(process.env.FEED_BENCH_ROWS) || undefined)
    .then((result) => {
      for (const line of result.lines) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
