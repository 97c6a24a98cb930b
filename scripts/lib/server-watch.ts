/**
 * Watches a server process while a test or bench sends it heavy requests: /healthz is asked every
 * ~100 ms (one request at a time; a request still unanswered counts with its time so far), and the
 * process's resident memory (VmRSS in /proc/<pid>/status, Linux) is sampled as often.
 */
import { readFileSync } from 'node:fs';

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

export function watchServer(origin: string, pid: number, intervalMs = 100): ServerWatch {
  const rssStart = residentBytes(pid) ?? 0;
  let rssPeak = rssStart;
  let maxHealthMs = 0;
  let unhealthy = 0;
  const unhealthyReasons: string[] = [];
  let healthAnswers = 0;
  let running = true;
  let openSince: number | null = null;

  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytes(pid) ?? 0);
  }, intervalMs);

  const poll = (async () => {
    while (running) {
      const started = performance.now();
      openSince = started;
      try {
        const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(60_000) });
        const body = await response.text();
        if (response.status !== 200) {
          unhealthy += 1;
          unhealthyReasons.push(`${response.status} ${body.slice(0, 200)}`);
        }
      } catch (error) {
        unhealthy += 1;
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        unhealthyReasons.push(`no answer: ${error instanceof Error ? error.message : String(error)}${cause}`);
      }
      openSince = null;
      healthAnswers += 1;
      const took = performance.now() - started;
      maxHealthMs = Math.max(maxHealthMs, took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
    }
  })();

  return {
    async stop() {
      running = false;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, residentBytes(pid) ?? 0);
      // A /healthz still unanswered now counts with how long it has waited so far.
      const waiting = openSince === null ? 0 : performance.now() - openSince;
      maxHealthMs = Math.max(maxHealthMs, waiting);
      await Promise.race([poll, new Promise((resolve) => setTimeout(resolve, 100))]);
      return { maxHealthMs, unhealthy, unhealthyReasons, healthAnswers, rssStart, rssPeak };
    },
  };
}
