/**
 * Watches a server process while a test or bench sends it heavy requests: /healthz is asked every
 * ~100 ms (one request at a time; a request still unanswered counts with its time so far), and the
 * process's resident memory (VmRSS in /proc/<pid>/status, Linux) is sampled as often.
 *
 * The /healthz poller runs in a thread of its own: the caller's thread is busy sending the heavy
 * requests (a test sending four 9 MB uploads at once stalled its own event loop for 747 ms), and a
 * poller on it would count that stall as the server's. The figures are the server's answers as a
 * client on an idle thread sees them.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** The process's resident memory in bytes, or null where /proc cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export interface WatchFigures {
  /** Slowest /healthz answer (or wait for one still open at the end), ms. */
  maxHealthMs: number;
  /** /healthz answers that were not 200 (or no answer at all). */
  unhealthy: number;
  /** Why, for each of them: the status and body, or the error (a failing check can say what it saw). */
  unhealthyReasons: string[];
  /** How many /healthz answers came in. */
  healthAnswers: number;
  /** Resident memory when the watch started, and its peak while it ran, bytes. */
  rssStart: number;
  rssPeak: number;
}

export interface ServerWatch {
  stop(): Promise<WatchFigures>;
}

type HealthFigures = Pick<WatchFigures, 'maxHealthMs' | 'unhealthy' | 'unhealthyReasons' | 'healthAnswers'>;

/**
 * The poller's thread (plain JavaScript, evaluated as the worker's script): polls until told
 * 'stop', then answers its figures, counting a request still open with its time so far.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { origin, intervalMs } = workerData;
let running = true;
let openSince = null;
const figures = { maxHealthMs: 0, unhealthy: 0, unhealthyReasons: [], healthAnswers: 0 };
const poll = (async () => {
  while (running) {
    const started = performance.now();
    openSince = started;
    try {
      const response = await fetch(origin + '/healthz', { signal: AbortSignal.timeout(60000) });
      const body = await response.text();
      if (response.status !== 200) {
        figures.unhealthy += 1;
        figures.unhealthyReasons.push(response.status + ' ' + body.slice(0, 200));
      }
    } catch (error) {
      figures.unhealthy += 1;
      const cause = error instanceof Error && error.cause instanceof Error ? ': ' + error.cause.message : '';
      figures.unhealthyReasons.push('no answer: ' + (error instanceof Error ? error.message : String(error)) + cause);
    }
    openSince = null;
    figures.healthAnswers += 1;
    const took = performance.now() - started;
    figures.maxHealthMs = Math.max(figures.maxHealthMs, took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
  }
})();
parentPort.on('message', async () => {
  running = false;
  const waiting = openSince === null ? 0 : performance.now() - openSince;
  figures.maxHealthMs = Math.max(figures.maxHealthMs, waiting);
  await Promise.race([poll, new Promise((resolve) => setTimeout(resolve, 100))]);
  parentPort.postMessage(figures);
});
`;

export function watchServer(origin: string, pid: number, intervalMs = 100): ServerWatch {
  const rssStart = residentBytes(pid) ?? 0;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytes(pid) ?? 0);
  }, intervalMs);
  const poller = new Worker(POLLER, { eval: true, workerData: { origin, intervalMs } });

  return {
    async stop() {
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, residentBytes(pid) ?? 0);
      const health = await new Promise<HealthFigures>((resolve, reject) => {
        poller.once('message', resolve);
        poller.once('error', reject);
        poller.postMessage('stop');
      });
      await poller.terminate();
      return { ...health, rssStart, rssPeak };
    },
  };
}
