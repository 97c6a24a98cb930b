/**
 * Feed import through the job path (docs/jobs.md): POST /api/v1/feed/parse/{id} on the app (202 at
 * once), the job runner runs the generated 100,000-row CSV feed, and GET /api/v1/jobs/{id} is polled
 * as the browser does. Reports rows/s, peak memory, how long the POST took to answer and the time
 * from pressing Run to the first progress update (rows read > 0 in the job), each beside its
 * target. Run alone with `npx tsx bench/job-import.ts`; bench/run.ts runs it too.
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
import { prepareParseWorker } from '../src/server/feeds/parse-in-worker';
import { DiskMediaStore } from '../src/server/media/disk-media-store';
import type { Job, JobStartAnswer } from '../src/shared/jobs';
import { FEED_HEADER, row } from './lib/generated-feed';
import { benchToken } from './lib/bench-token';
import { rerunWithServerFlags } from './lib/server-flags';

const TARGET_ROWS_PER_SECOND = 5_000;
const TARGET_PEAK_MB = 300;
const TARGET_FIRST_PROGRESS_MS = 1_000;
/** The browser's poll interval (src/app/features/jobs/job-rules.ts JOB_POLL_MS is 700; polled finer here to measure). */
const POLL_MS = 50;

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

function createDatabaseInChild(dataDir: string): void {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--init-db', dataDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`creating the bench database failed (exit ${result.status})`);
}

const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');

export async function runJobImportBench(rows = 100_000): Promise<{ lines: string[]; ok: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-job-bench-'));
  createDatabaseInChild(dir);
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 25);
  // As the server does when it starts listening (src/server/main.ts): the parse worker's bundle is built.
  await prepareParseWorker();
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Bench supplier', supplierUrlFeed: 'https://feeds.example.com/bench.csv', feedFormat: 'csv' }).returning();
    if (!supplier) throw new Error('no supplier');
    const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256', 3_600);
    const fakeFetch = (async () => new Response(feedStream(rows), { headers: { 'Content-Type': 'text/csv' } })) as typeof fetch;
    const app = createApp({ db: handle.db, tokens, throttle: new LoginThrottle(5, 60), media: new DiskMediaStore(handle.db, path.join(dir, 'media')), fetch: fakeFetch });
    const headers = { Authorization: `Bearer ${await benchToken(handle.db, tokens)}` };

    const pressed = performance.now();
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
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (Date.parse(job.finishedAt ?? '') - Date.parse(job.startedAt ?? '')) / 1000;
    const wallSeconds = (performance.now() - pressed) / 1000;
    const cpuUsed = process.cpuUsage(cpuAtRun);
    const cpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
    if (job.status !== 'success' || job.written !== rows) throw new Error(`the bench job did not import every row: ${job.status} ${job.message}`);
    peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    const rowsPerSecond = Math.round(rows / wallSeconds);
    const peakMb = Math.round(peakRss / 1024 / 1024);
    const first = firstProgressMs ?? Number.POSITIVE_INFINITY;
    const lines = [
      `job import (${rows.toLocaleString('en-US')} CSV rows through POST /feed/parse and the job runner, embedded database): ${rowsPerSecond.toLocaleString('en-US')} rows/s from Run to the end (${wallSeconds.toFixed(1)} s, ${cpuSeconds.toFixed(1)} s CPU; the job's own start to end ${seconds.toFixed(1)} s); target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en-US')} rows/s ${mark(rowsPerSecond >= TARGET_ROWS_PER_SECOND)}`,
      `job import peak memory (RSS, whole process): ${peakMb} MB; target < ${TARGET_PEAK_MB} MB ${mark(peakMb < TARGET_PEAK_MB)}`,
      `job import POST /feed/parse answered (202) in: ${answeredMs.toFixed(0)} ms`,
      `job import from Run to the first progress update (rows read > 0 in GET /jobs/{id}): ${first.toFixed(0)} ms; target < ${TARGET_FIRST_PROGRESS_MS} ms ${mark(first < TARGET_FIRST_PROGRESS_MS)}`,
    ];
    return { lines, ok: rowsPerSecond >= TARGET_ROWS_PER_SECOND && peakMb < TARGET_PEAK_MB && first < TARGET_FIRST_PROGRESS_MS };
  } finally {
    clearInterval(sampler);
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--init-db') {
  const handle = await openDatabase({ kind: 'pglite', dataDir: process.argv[3] ?? '' });
  await handle.close();
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rerunWithServerFlags(import.meta.url);
  runJobImportBench()
    .then((result) => {
      for (const line of result.lines) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
