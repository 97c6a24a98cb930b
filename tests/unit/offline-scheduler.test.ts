import { describe, expect, it, vi } from 'vitest';
import type { DrainSummary } from '../../src/app/sync/drainer';
import { createSyncScheduler } from '../../src/app/sync/sync-scheduler';

const summary: DrainSummary = { sent: 0, retried: 0, conflicts: 0, failed: 0, pausedForAuth: false };

function setup(nextWake: number | null) {
  const drain = vi.fn(async () => summary);
  const timers: { fn: () => void; ms: number }[] = [];
  const online = new EventTarget();
  const visibility = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
  const scheduler = createSyncScheduler({
    drain,
    nextWakeAt: async () => nextWake,
    now: () => 1_000,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    onlineTarget: online,
    visibilityTarget: visibility,
  });
  return { drain, timers, online, visibility, scheduler };
}

describe('sync scheduler', () => {
  it('drains on start, when back online, when the tab becomes visible and on Sync now', async () => {
    const { drain, online, visibility, scheduler } = setup(null);
    scheduler.start();
    await scheduler.syncNow();
    const afterStart = drain.mock.calls.length;
    expect(afterStart).toBeGreaterThanOrEqual(1);

    online.dispatchEvent(new Event('online'));
    await scheduler.syncNow();
    visibility.visibilityState = 'visible';
    visibility.dispatchEvent(new Event('visibilitychange'));
    await scheduler.syncNow();
    expect(drain.mock.calls.length).toBeGreaterThanOrEqual(afterStart + 3);

    scheduler.stop();
    const stopped = drain.mock.calls.length;
    online.dispatchEvent(new Event('online'));
    expect(drain.mock.calls.length).toBe(stopped);
  });

  it('sets a timer for the earliest waiting retry', async () => {
    const { timers, scheduler } = setup(6_000);
    scheduler.start();
    await scheduler.syncNow();
    expect(timers.at(-1)?.ms).toBe(5_000);
    scheduler.stop();
  });
});
