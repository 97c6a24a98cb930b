/**
 * npm run bench: the figures with targets (docs/benchmarks.md), one line each (`name: value unit`).
 * The first figures come from the built PWA and a real server on loopback with a fresh data
 * folder; the catalogue benches run as their own processes so their peak memory is their own.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from '../scripts/lib/build';
import { CHROMIUM_ARGS, chromiumVersion, findChromium } from '../scripts/lib/chromium';
import { startServerProcess } from '../scripts/lib/server-process';
import { INITIAL_CSS_BUDGET_KB, INITIAL_JS_BUDGET_KB, measureFirstVisit } from './lib/initial-js';
import { waitForQuietMachine } from './lib/process-cpu';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ADMIN = { username: 'bench', password: 'bench-password-1' };

// The machine the figures are for: docs/benchmarks.md keeps it beside them.
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Chromium ${chromiumVersion()}`,
);
buildIfNeeded();
const startedAt = performance.now();
const server = await startServerProcess({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const coldStartMs = performance.now() - startedAt;

try {
  console.log(`server cold start (new embedded database) to healthy: ${coldStartMs.toFixed(0)} ms`);

  // The demo catalogue fills in the background after the first start; wait for it so the
  // figures below are not measured against a busy database.
  const demoDeadline = Date.now() + 180_000;
  let demoReady: RegExpExecArray | null = null;
  while (!demoReady && Date.now() < demoDeadline) {
    demoReady = /\[demo\] demo catalogue ready in ([\d.]+) s/.exec(server.output());
    if (!demoReady) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!demoReady) throw new Error(`the demo catalogue was not ready within 180 s:\n${server.output()}`);
  const demoMs = performance.now() - startedAt;
  console.log(`demo catalogue (3 feeds imported, images stored) ready after start: ${(demoMs / 1000).toFixed(1)} s`);

  const loginTimes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    await response.arrayBuffer();
    loginTimes.push(performance.now() - t0);
  }
  loginTimes.sort((a, b) => a - b);
  console.log(`POST /auth/login p50: ${percentile(loginTimes, 50).toFixed(1)} ms`);
  console.log(`POST /auth/login p95: ${percentile(loginTimes, 95).toFixed(1)} ms`);

  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    const initial = await measureFirstVisit(browser, `${server.url}/login`);
    const mark = (value: number, target: number) => (value <= target ? 'pass' : 'FAIL');
    console.log(
      `first visit to /login, JavaScript: ${initial.js.gzipKb.toFixed(1)} KB gzipped (${initial.js.rawKb.toFixed(1)} KB raw, ${initial.js.files.length} files); target ≤ ${INITIAL_JS_BUDGET_KB} KB ${mark(initial.js.gzipKb, INITIAL_JS_BUDGET_KB)}`,
    );
    console.log(
      `first visit to /login, CSS: ${initial.css.gzipKb.toFixed(1)} KB gzipped (${initial.css.rawKb.toFixed(1)} KB raw, ${initial.css.files.length} files); target ≤ ${INITIAL_CSS_BUDGET_KB} KB ${mark(initial.css.gzipKb, INITIAL_CSS_BUDGET_KB)}`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

// The load bench runs 20 s windows here (60 s each with `npm run bench:load`) to keep the whole run bounded.
const scriptEnv: Record<string, NodeJS.ProcessEnv> = { 'bench/load.ts': { ...process.env, LOAD_SECONDS: process.env.LOAD_SECONDS ?? '20' } };
for (const script of ['bench/feed-import.ts', 'bench/job-import.ts', 'bench/product-filter.ts', 'bench/export.ts', 'bench/outbox-drain.ts', 'bench/list-paint.ts', 'bench/offline-start.ts', 'bench/load.ts']) {
  const quiet = await waitForQuietMachine();
  console.log(`(${script}: started after ${(quiet.waitedMs / 1000).toFixed(0)} s, the machine ${(quiet.busy * 100).toFixed(0)} % busy over the last second)`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: scriptEnv[script] ?? process.env });
  if (result.status !== 0) {
    console.error(`${script} failed (exit ${result.status ?? result.signal})`);
    process.exitCode = 1;
  }
}
