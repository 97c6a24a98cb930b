/**
 * When to drain the outbox: on start, when the browser comes back online, when the tab becomes
 * visible, when the earliest waiting retry is due, and on "Sync now". Drains never overlap; a
 * trigger during a drain runs one more drain afterwards.
 */
import type { DrainSummary } from './drainer';

export interface SchedulerDeps {
  drain: () => Promise<DrainSummary>;
  /** Earliest nextAttemptAt of a pending entry (ms since epoch), or null when nothing waits. */
  nextWakeAt: () => Promise<number | null>;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Where `online` is announced (window); omitted in tests that do not need it. */
  onlineTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` is announced (document) and whether the tab is visible. */
  visibilityTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string };
  onDrained?: (summary: DrainSummary) => void;
  onError?: (error: unknown) => void;
  /** Upper bound of the timer, so a clock change or a lost event never stalls sync for long. */
  maxSleepMs?: number;
}

export interface SyncScheduler {
  start(): void;
  stop(): void;
  /** Drains now (or right after the running drain); resolves with that drain's summary. */
  syncNow(): Promise<DrainSummary | null>;
}

export function createSyncScheduler(deps: SchedulerDeps): SyncScheduler {
  const maxSleep = deps.maxSleepMs ?? 5 * 60_000;
  let running: Promise<DrainSummary | null> | null = null;
  let again = false;
  let timer: unknown = null;
  let started = false;

  const arm = async () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (!started) return;
    const wake = await deps.nextWakeAt();
    if (wake === null || !started) return;
    const delay = Math.min(maxSleep, Math.max(0, wake - deps.now()));
    timer = deps.setTimer(() => {
      timer = null;
      void syncNow();
    }, delay);
  };

  const runOnce = async (): Promise<DrainSummary | null> => {
    let summary: DrainSummary | null = null;
    do {
      again = false;
      try {
        summary = await deps.drain();
        deps.onDrained?.(summary);
      } catch (error) {
        deps.onError?.(error);
      }
    } while (again && started);
    await arm();
    return summary;
  };

  function syncNow(): Promise<DrainSummary | null> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => void syncNow();
  const onVisibility = () => {
    if (deps.visibilityTarget?.visibilityState === 'visible') void syncNow();
  };

  return {
    start() {
      if (started) return;
      started = true;
      deps.onlineTarget?.addEventListener('online', onOnline);
      deps.visibilityTarget?.addEventListener('visibilitychange', onVisibility);
      void syncNow();
    },
    stop() {
      started = false;
      deps.onlineTarget?.removeEventListener('online', onOnline);
      deps.visibilityTarget?.removeEventListener('visibilitychange', onVisibility);
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
    syncNow,
  };
}
