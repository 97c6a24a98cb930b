/**
 * Feed import bench: a generated 100,000-row CSV feed imported into a fresh embedded database in a
 * temporary folder, then imported again with every row changed. Targets: >= 6,000
 * rows/s and a whole-process peak RSS < 300 MB (the parse worker is a thread of this process, so
 * it is counted). Each figure is the median of IMPORT_BENCH_RUNS runs (3 by default), each run in
 * a process of its own (bench/lib/server-flags.ts builtRuns). The feed is written to a file
 * before the run and read from it as a download is (bench/lib/generated-feed.ts).
 * Run alone with `npx tsx bench/feed-import.ts`; bench/run.ts runs it too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { importSupplierFeed } from '../src/server/feeds/feed-import';
import { keepParseWorkerReady, prepareParseWorker } from '../src/server/feeds/parse-in-worker';
import { fileFeedFetch, writeFeedFile } from './lib/generated-feed';
import { medianOf, medianWithRuns } from './lib/figures';
import { builtRuns, importBenchRuns } from './lib/server-flags';

/** One run's figures. */
export interface FeedImportRun {
  rowsPerSecond: number;
  cpuSeconds: number;
  /** The same feed imported again with every row changed (stock): updates and their history. */
  reimportRowsPerSecond: number;
  reimportCpuSeconds: number;
  peakRssMb: number;
  /** RSS right after the database was opened: PGlite's own runtime, before any feed row. */
  baselineRssMb: number;
}

/**
 * Creates and migrates the database in a child process: PGlite's one-off initdb step loads a
 * second WebAssembly module (~200 MB) that a server opening its existing data folder never has,
 * so the import is measured the way the server runs it. The child also writes the two feed files
 * (feedFiles), whose strings would otherwise stay in the measured process's heap.
 */
function createDatabaseInChild(dataDir: string, rows: number): void {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--init-db', dataDir, String(rows)], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`creating the bench database failed (exit ${result.status})`);
}

/** The feed of the import (revision 0) and of the re-import (revision 1, every row changed). */
const feedFiles = (dataDir: string) => [path.join(dataDir, 'feed-0.csv'), path.join(dataDir, 'feed-1.csv')] as const;

const TARGET_ROWS_PER_SECOND = 6_000;
const TARGET_PEAK_MB = 300;
/** The stricter targets for the embedded default of the million-products work (docs/benchmarks.md). */
const MARGIN_ROWS_PER_SECOND = 7_500;
const MARGIN_PEAK_MB = 280;
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** One run in this process: import, then re-import with every row changed. */
export async function measureFeedImport(rows = 100_000): Promise<FeedImportRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-feed-bench-'));
  createDatabaseInChild(dataDir, rows);
  const feeds = feedFiles(dataDir);
  let peakRss = process.memoryUsage.rss();
  // The import keeps the event loop busy, so samples are rare; getrusage's maximum catches the rest.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  // As the server does when it starts listening (src/server/main.ts): the parse worker's bundle is
  // built and a parser thread is kept ready (its memory counts in the peak).
  await prepareParseWorker();
  keepParseWorkerReady();
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  const baselineRss = process.memoryUsage.rss();
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    let revision = 0;
    const fakeFetch = fileFeedFetch(() => feeds[revision === 0 ? 0 : 1]);
    const started = performance.now();
    const importCpu = process.cpuUsage();
    const { entry } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
    const seconds = (performance.now() - started) / 1000;
    // CPU time of the whole process (database, writer and parse worker): steadier than the wall clock on a busy machine.
    const importCpuUsed = process.cpuUsage(importCpu);
    if (entry.status !== 'success' || entry.created !== rows) throw new Error(`the bench import did not import every row: ${entry.message}`);
    // A re-import where every row changes: each product updated and given one history entry.
    revision = 1;
    const reimportStarted = performance.now();
    const reimportCpu = process.cpuUsage();
    const { entry: again } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
    const reimportSeconds = (performance.now() - reimportStarted) / 1000;
    const reimportCpuUsed = process.cpuUsage(reimportCpu);
    if (again.status !== 'success' || again.updated !== rows) throw new Error(`the bench re-import did not update every row: ${again.message}`);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    return {
      rowsPerSecond: Math.round(rows / seconds),
      cpuSeconds: (importCpuUsed.user + importCpuUsed.system) / 1e6,
      reimportRowsPerSecond: Math.round(rows / reimportSeconds),
      reimportCpuSeconds: (reimportCpuUsed.user + reimportCpuUsed.system) / 1e6,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      baselineRssMb: Math.round(baselineRss / 1024 / 1024),
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's lines: each figure the median of the runs, with every run's figure beside it. */
export function feedImportLines(runs: readonly FeedImportRun[], rows = 100_000): { lines: string[]; ok: boolean } {
  const of = (key: keyof FeedImportRun) => runs.map((run) => run[key]);
  const speed = medianOf(of('rowsPerSecond'));
  const peak = medianOf(of('peakRssMb'));
  const baseline = medianOf(of('baselineRssMb'));
  const count = `${rows.toLocaleString('en-US')} CSV rows`;
  const lines = [
    `feed import (${count}, embedded database, median of ${runs.length} runs): ${medianWithRuns(of('rowsPerSecond'))} rows/s (${medianWithRuns(of('cpuSeconds'), 1)} s CPU); target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s ${mark(speed >= TARGET_ROWS_PER_SECOND)}; with margin ≥ ${MARGIN_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s ${mark(speed >= MARGIN_ROWS_PER_SECOND)}`,
    `feed re-import (${count}, every row changed, one history entry each): ${medianWithRuns(of('reimportRowsPerSecond'))} rows/s (${medianWithRuns(of('reimportCpuSeconds'), 1)} s CPU)`,
    `feed import peak memory (RSS, whole process, import and re-import, median of ${runs.length} runs): ${medianWithRuns(of('peakRssMb'))} MB; target < ${TARGET_PEAK_MB} MB ${mark(peak < TARGET_PEAK_MB)}; with margin < ${MARGIN_PEAK_MB} MB ${mark(peak < MARGIN_PEAK_MB)}`,
    `feed import memory above the opened database (RSS ${baseline} MB before the import): ${peak - baseline} MB`,
  ];
  return { lines, ok: speed >= TARGET_ROWS_PER_SECOND && peak < TARGET_PEAK_MB };
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
const rows = Number(process.env.FEED_BENCH_ROWS) || 100_000;
if (isMain && process.argv[2] === '--init-db') {
  const dataDir = process.argv[3] ?? '';
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  await handle.close();
  for (const [revision, file] of feedFiles(dataDir).entries()) await writeFeedFile(file, Number(process.argv[4]), revision);
} else if (isMain && process.argv[2] === '--one-run') {
  console.log(JSON.stringify(await measureFeedImport(rows)));
} else if (isMain) {
  for (const line of feedImportLines(builtRuns<FeedImportRun>(import.meta.url, importBenchRuns()), rows).lines) console.log(line);
}
