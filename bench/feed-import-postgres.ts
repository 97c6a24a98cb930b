/**
 * Feed import bench on PostgreSQL (docs/feeds.md, "Writing on PostgreSQL"): a generated CSV feed
 * of 1,000,000 rows (FEED_BENCH_ROWS) imported into an empty database of a throw-away PostgreSQL
 * cluster this bench starts (bench/lib/throwaway-postgres.ts), written by COPY; then the same feed
 * with a tenth of the rows changed (their stock) imported again. Targets: import ≥ 30,000 rows/s,
 * re-import ≥ 60,000 rows/s, peak RSS of the importing process < 400 MB (PostgreSQL's own
 * processes are not in it). Each run is a process of its own with the server's flags
 * (bench/lib/server-flags.ts), IMPORT_BENCH_RUNS runs (default 3), each figure their median.
 * Run alone with `npx tsx bench/feed-import-postgres.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { importSupplierFeed } from '../src/server/feeds/feed-import';
import { keepParseWorkerReady, prepareParseWorker } from '../src/server/feeds/parse-in-worker';
import { medianOf, medianWithRuns } from './lib/figures';
import { fileFeedFetch, writeFeedFile } from './lib/generated-feed';
import { builtRuns, importBenchRuns } from './lib/server-flags';
import { startThrowawayPostgres } from './lib/throwaway-postgres';

export const POSTGRES_IMPORT_TARGETS = { rowsPerSecond: 30_000, reimportRowsPerSecond: 60_000, peakRssMb: 400 } as const;
/** The re-import changes every n-th row. */
const CHANGED_EVERY = 10;

interface PostgresImportRun {
  rowsPerSecond: number;
  cpuSeconds: number;
  reimportRowsPerSecond: number;
  reimportCpuSeconds: number;
  peakRssMb: number;
}

const rows = Number(process.env.FEED_BENCH_ROWS) || 1_000_000;
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** One run in this process, on a new database of the cluster (BENCH_DATABASE_URL), the feeds from BENCH_FEED_DIR. */
async function oneRun(): Promise<PostgresImportRun> {
  const cluster = await startThrowawayPostgres();
  const dir = process.env.BENCH_FEED_DIR ?? '';
  const feeds = [path.join(dir, 'feed-0.csv'), path.join(dir, 'feed-1.csv')];
  const url = await cluster.createDatabase('bench_feed_import');
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  await prepareParseWorker();
  keepParseWorkerReady();
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    let revision = 0;
    const fakeFetch = fileFeedFetch(() => feeds[revision] ?? '');
    const timed = async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { entry } = await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier.supplierId);
      const used = process.cpuUsage(cpu);
      return { entry, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
    };
    const first = await timed();
    if (first.entry.status !== 'success' || first.entry.created !== rows) throw new Error(`the bench import did not import every row: ${first.entry.message}`);
    revision = 1;
    const again = await timed();
    const changed = Math.floor(rows / CHANGED_EVERY);
    if (again.entry.status !== 'success' || again.entry.updated !== changed) throw new Error(`the bench re-import did not update a tenth of the rows: ${again.entry.message}`);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    return {
      rowsPerSecond: Math.round(rows / first.seconds),
      cpuSeconds: first.cpuSeconds,
      reimportRowsPerSecond: Math.round(rows / again.seconds),
      reimportCpuSeconds: again.cpuSeconds,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
    await cluster.dropDatabase('bench_feed_import');
  }
}

function lines(runs: readonly PostgresImportRun[]): { lines: string[]; ok: boolean } {
  const of = (key: keyof PostgresImportRun) => runs.map((run) => run[key]);
  const speed = medianOf(of('rowsPerSecond'));
  const again = medianOf(of('reimportRowsPerSecond'));
  const peak = medianOf(of('peakRssMb'));
  const count = `${rows.toLocaleString('en-US')} CSV rows`;
  const t = POSTGRES_IMPORT_TARGETS;
  const ok = speed >= t.rowsPerSecond && again >= t.reimportRowsPerSecond && peak < t.peakRssMb;
  return {
    ok,
    lines: [
      `feed import on PostgreSQL (${count}, COPY, median of ${runs.length} runs): ${medianWithRuns(of('rowsPerSecond'))} rows/s (${medianWithRuns(of('cpuSeconds'), 1)} s CPU of the importing process); target ≥ ${t.rowsPerSecond.toLocaleString('en-US')} rows/s ${mark(speed >= t.rowsPerSecond)}`,
      `feed re-import on PostgreSQL (${count}, a tenth changed): ${medianWithRuns(of('reimportRowsPerSecond'))} rows/s (${medianWithRuns(of('reimportCpuSeconds'), 1)} s CPU); target ≥ ${t.reimportRowsPerSecond.toLocaleString('en-US')} rows/s ${mark(again >= t.reimportRowsPerSecond)}`,
      `feed import on PostgreSQL peak memory (RSS of the importing process, import and re-import): ${medianWithRuns(of('peakRssMb'))} MB; target < ${t.peakRssMb} MB ${mark(peak < t.peakRssMb)}`,
    ],
  };
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain && process.argv[2] === '--one-run') {
  console.log(JSON.stringify(await oneRun()));
} else if (isMain) {
  const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-feed-bench-'));
  const cluster = await startThrowawayPostgres();
  try {
    await writeFeedFile(path.join(dir, 'feed-0.csv'), rows, 0);
    await writeFeedFile(path.join(dir, 'feed-1.csv'), rows, 1, CHANGED_EVERY);
    // The runs use this cluster: each child finds it by BENCH_DATABASE_URL.
    process.env.BENCH_DATABASE_URL = cluster.url;
    process.env.BENCH_FEED_DIR = dir;
    const before = load();
    const result = lines(builtRuns<PostgresImportRun>(import.meta.url, importBenchRuns()));
    for (const line of result.lines) console.log(line);
    console.log(`load average (1, 5, 15 min) before the runs: ${before}; after: ${load()}`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
