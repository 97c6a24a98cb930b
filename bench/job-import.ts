/**
 * Feed import through the job path (docs/jobs.md): POST /api/v1/feed/parse/{id} on the app (202 at
 * once), the job runner runs the generated 100,000-row CSV feed, and GET /api/v1/jobs/{id} is polled
 * as the browser does. Reports rows/s, peak memory, how long the POST took to answer and the time
 * from pressing Run to the first progress update (rows read > 0 in the job), each beside its
 * target, each the median of IMPORT_BENCH_RUNS runs (3 by default), each run in a process of its
 * own (bench/lib/server-flags.ts builtRuns). The job is polled finely until its first progress (that figure's resolution), then at the
 * browser's own interval: polling every 50 ms for the whole run made the bench's own requests a
 * share of the work it measures. Rows/s runs from Run to the job's recorded end, so the poll
 * interval does not add to it. Run alone with `npx tsx bench/job-import.ts`; bench/run.ts runs it too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app';
import { LoginThrottle } from '../src/server/auth/login-throttle';
import { TokenService } from '../src/server/auth/tokens';
import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { keepParseWorkerReady, prepareParseWorker } from '../src/server/feeds/parse-in-worker';
import { DiskMediaStore } from '../src/server/media/disk-media-store';
import { JOB_POLL_MS } from '../src/app/features/jobs/follow-cadence';
import type { Job, JobStartAnswer } from '../src/shared/jobs';
import { fileFeedFetch, writeFeedFile } from './lib/generated-feed';
import { benchToken } from './lib/bench-token';
import { medianOf, medianWithRuns } from './lib/figures';
import { builtRuns, importBenchRuns } from './lib/server-flags';

const TARGET_ROWS_PER_SECOND = 5_000;
const TARGET_PEAK_MB = 300;
const TARGET_FIRST_PROGRESS_MS = 1_000;
/** Until the first progress: fine enough to measure it. */
const FIRST_PROGRESS_POLL_MS = 50;

/** In a child (as bench/feed-import.ts does, and why): the database, and the feed file. */
function createDatabaseInChild(dataDir: string, rows: number): void {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--init-db', dataDir, String(rows)], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`creating the bench database failed (exit ${result.status})`);
}

const FEED_FILE = 'feed.csv';
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** One run's figures. */
export interface JobImportRun {
  rowsPerSecond: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** The job's own start to end, as the runner recorded them. */
  jobSeconds: number;
  peakRssMb: number;
  answeredMs: number;
  firstProgressMs: number;
}

/** One run in this process: press Run, follow the job to its end. */
export async function measureJobImport(rows = 100_000): Promise<JobImportRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-job-bench-'));
  createDatabaseInChild(dir, rows);
  const feed = path.join(dir, FEED_FILE);
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  // As the server does when it starts listening (src/server/main.ts): the parse worker's bundle is
  // built and a parser thread is kept ready (its memory counts in the peak).
  await prepareParseWorker();
  keepParseWorkerReady();
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256', 3_600);
    const app = createApp({ db: handle.db, tokens, throttle: new LoginThrottle(5, 60), media: new DiskMediaStore(handle.db, path.join(dir, 'media')), fetch: fileFeedFetch(() => feed) });
    const headers = { Authorization: `Bearer ${await benchToken(handle.db, tokens)}` };

    const pressed = performance.now();
    const pressedAt = Date.now();
    // CPU time of the whole process (database, runner, parse worker): steadier than the wall clock on a busy machine.
    const cpuAtRun = process.cpuUsage();
    const started = await app.request(`/api/v1/feed/parse/${supplier.supplierId}`, { method: 'POST', headers });
    const answeredMs = performance.now() - pressed;
    if (started.status !== 202) throw new Error(`POST /feed/parse answered ${started.status}: ${await started.text()}`);
    const jobId = ((await started.json()) as JobStartAnswer).jobs[0]?.id;
    let firstProgressMs: number | null = null;
    let job: Job;
    for (;;) {
      job = (await (await app.request(`/api/v1/jobs/${jobId}`, { headers })).json()) as Job;
      if (firstProgressMs === null && job.read > 0) firstProgressMs = performance.now() - pressed;
      if (job.status !== 'queued' && job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, firstProgressMs === null ? FIRST_PROGRESS_POLL_MS : JOB_POLL_MS));
    }
    const finishedAt = Date.parse(job.finishedAt ?? '');
    const cpuUsed = process.cpuUsage(cpuAtRun);
    if (job.status !== 'success' || job.written !== rows) throw new Error(`the bench job did not import every row: ${job.status} ${job.message}`);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    // The job's end as the runner recorded it (this process's clock), not when the poll saw it.
    const wallSeconds = (finishedAt - pressedAt) / 1000;
    return {
      rowsPerSecond: Math.round(rows / wallSeconds),
      wallSeconds,
      cpuSeconds: (cpuUsed.user + cpuUsed.system) / 1e6,
      jobSeconds: (finishedAt - Date.parse(job.startedAt ?? '')) / 1000,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      answeredMs,
      firstProgressMs: firstProgressMs ?? Number.POSITIVE_INFINITY,
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's lines: each figure the median of the runs, with every run's figure beside it. */
export function jobImportLines(runs: readonly JobImportRun[], rows = 100_000): { lines: string[]; ok: boolean } {
  const of = (key: keyof JobImportRun) => runs.map((run) => run[key]);
  const speed = medianOf(of('rowsPerSecond'));
  const peak = medianOf(of('peakRssMb'));
  const first = medianOf(of('firstProgressMs'));
  const lines = [
    `job import (${rows.toLocaleString('en-US')} CSV rows through POST /feed/parse and the job runner, embedded database, median of ${runs.length} runs): ${medianWithRuns(of('rowsPerSecond'))} rows/s from Run to the end (${medianWithRuns(of('wallSeconds'), 1)} s, ${medianWithRuns(of('cpuSeconds'), 1)} s CPU; the job's own start to end ${medianOf(of('jobSeconds')).toFixed(1)} s); target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s ${mark(speed >= TARGET_ROWS_PER_SECOND)}`,
    `job import peak memory (RSS, whole process, median of ${runs.length} runs): ${medianWithRuns(of('peakRssMb'))} MB; target < ${TARGET_PEAK_MB} MB ${mark(peak < TARGET_PEAK_MB)}`,
    `job import POST /feed/parse answered (202) in: ${medianWithRuns(of('answeredMs'))} ms`,
    `job import from Run to the first progress update (rows read > 0 in GET /jobs/{id}, median of ${runs.length} runs): ${medianWithRuns(of('firstProgressMs'))} ms; target < ${TARGET_FIRST_PROGRESS_MS} ms ${mark(first < TARGET_FIRST_PROGRESS_MS)}`,
  ];
  return { lines, ok: speed >= TARGET_ROWS_PER_SECOND && peak < TARGET_PEAK_MB && first < TARGET_FIRST_PROGRESS_MS };
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain && process.argv[2] === '--init-db') {
  const dataDir = process.argv[3] ?? '';
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  await handle.close();
  await writeFeedFile(path.join(dataDir, FEED_FILE), Number(process.argv[4]));
} else if (isMain && process.argv[2] === '--one-run') {
  console.log(JSON.stringify(await measureJobImport()));
} else if (isMain) {
  for (const line of jobImportLines(builtRuns<JobImportRun>(import.meta.url, importBenchRuns())).lines) console.log(line);
}
