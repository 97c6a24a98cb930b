/**
 * Whether the server can be reached (docs/offline.md "Reaching the server"): the rule
 * (src/app/lib/reachability-rule.ts), the holder that probes while it cannot
 * (src/app/lib/reachability.ts), and the top bar's word for it.
 */
import { describe, expect, it } from 'vitest';
import { connectionText, indicatorState } from '../../src/app/features/sync/sync-rules';
import { createReachability } from '../../src/app/lib/reachability';
import { connectionOf, FIRST_REACH, nextReach, PROBE_CAP_MS, PROBE_FIRST_MS, probeDelay, reachedServer, type ReachState } from '../../src/app/lib/reachability-rule';

const unreachable: ReachState = { reach: 'unreachable', lastAnswerAt: 1_000, failedProbes: 2 };

describe('reachedServer', () => {
  it('counts every answer of the server, refusals and errors included', () => {
    for (const status of [200, 204, 304, 400, 401, 404, 409, 412, 429, 500]) expect(reachedServer(status), String(status)).toBe(true);
  });

  it('does not count no answer at all, nor a proxy saying the server behind it does not answer', () => {
    for (const status of [0, 502, 503, 504]) expect(reachedServer(status), String(status)).toBe(false);
  });

  it('counts a 502, 503 or 504 that carries the server\'s own mark: the server answered, and refused', () => {
    for (const status of [502, 503, 504]) expect(reachedServer(status, true), String(status)).toBe(true);
    expect(reachedServer(0, true)).toBe(false);
  });
});

describe('nextReach', () => {
  it('a request without an answer makes a reachable server unreachable', () => {
    expect(nextReach(FIRST_REACH, { status: 0, sentAt: 5_000, at: 6_000 }).reach).toBe('unreachable');
    expect(nextReach(FIRST_REACH, { status: 504, sentAt: 5_000, at: 6_000 }).reach).toBe('unreachable');
  });

  it('a 503 the server wrote keeps it reachable, and makes an unreachable one reachable', () => {
    expect(nextReach(FIRST_REACH, { status: 503, sentAt: 5_000, at: 6_000, fromServer: true }).reach).toBe('reachable');
    expect(nextReach(unreachable, { status: 503, sentAt: 9_000, at: 9_500, fromServer: true }).reach).toBe('reachable');
  });

  it('any answer makes it reachable again, and forgets the failed probes', () => {
    expect(nextReach(unreachable, { status: 404, sentAt: 9_000, at: 9_500 })).toEqual({ reach: 'reachable', lastAnswerAt: 9_500, failedProbes: 0 });
  });

  it('a request that failed after an answer came in since it was sent does not count: the server is there', () => {
    const answered: ReachState = { reach: 'reachable', lastAnswerAt: 10_000, failedProbes: 0 };
    expect(nextReach(answered, { status: 0, sentAt: 9_000, at: 39_000 })).toBe(answered);
    expect(nextReach(answered, { status: 0, sentAt: 10_001, at: 40_000 }).reach).toBe('unreachable');
  });

  it('counts failed probes while unreachable, not failed requests of the app', () => {
    expect(nextReach(unreachable, { status: 0, sentAt: 5_000, at: 5_100, probe: true }).failedProbes).toBe(3);
    expect(nextReach(unreachable, { status: 0, sentAt: 5_000, at: 5_100 }).failedProbes).toBe(2);
  });

  it('keeps the same state object for an answer that changes nothing', () => {
    const state: ReachState = { reach: 'reachable', lastAnswerAt: 7_000, failedProbes: 0 };
    expect(nextReach(state, { status: 200, sentAt: 6_000, at: 6_500 })).toBe(state);
  });
});

describe('connectionOf', () => {
  it('is offline without a network whatever the server did, unreachable with a network and no answer, else online', () => {
    expect(connectionOf(false, 'reachable')).toBe('offline');
    expect(connectionOf(false, 'unreachable')).toBe('offline');
    expect(connectionOf(true, 'unreachable')).toBe('unreachable');
    expect(connectionOf(true, 'reachable')).toBe('online');
  });
});

describe('probeDelay', () => {
  it('starts at 2 s and doubles with each probe without an answer, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 60].map(probeDelay)).toEqual([PROBE_FIRST_MS, 4_000, 8_000, 16_000, PROBE_CAP_MS, PROBE_CAP_MS, PROBE_CAP_MS]);
  });
});

describe('the top bar', () => {
  it("says \"Can't reach the server\" with a network and no answer, and keeps the waiting count", () => {
    expect(connectionText('unreachable')).toBe("Can't reach the server");
    expect(connectionText('online')).toBe('Online');
    expect(connectionText('offline')).toBe('Offline');
    const state = indicatorState({ online: false, unreachable: true, counts: { waiting: 1, pending: 1, sending: 0, failed: 0, conflict: 0 }, pausedForSignIn: false, draining: false });
    expect(state).toEqual({ tone: 'unreachable', label: "Can't reach the server, 1 change waiting", badge: 1 });
  });
});

/** A holder on a fake clock: timers run when `advance` passes them. */
function fakeHolder(probeAnswers: number[], browserOnline = () => true) {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const probes: number[] = [];
  const holder = createReachability({
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
    browserOnline,
  });
  holder.setProbe(async () => {
    probes.push(now);
    return probeAnswers.shift() ?? 0;
  });
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    now = until;
  };
  return { holder, probes, advance, pending: () => timers.size, at: (ms: number) => (now = ms) };
}

describe('the reachability holder', () => {
  it('probes nothing while the server answers', async () => {
    const { holder, probes, advance } = fakeHolder([]);
    holder.heard(200, 0);
    await advance(120_000);
    expect(probes).toEqual([]);
    expect(holder.state().reach).toBe('reachable');
  });

  it('while unreachable probes with growing waits, and an answer ends the probing and tells the watchers', async () => {
    const { holder, probes, advance, pending } = fakeHolder([0, 0, 503, 200]);
    const told: boolean[] = [];
    holder.watch((reachable) => told.push(reachable));
    holder.heard(0, 0);
    expect(told).toEqual([false]);
    await advance(60_000);
    // 2 s, then 4 s, 8 s and 16 s after each probe without an answer.
    expect(probes).toEqual([2_000, 6_000, 14_000, 30_000]);
    expect(told).toEqual([false, true]);
    expect(holder.state().reach).toBe('reachable');
    expect(pending()).toBe(0);
  });

  it('an answer to any other request ends the probing too', async () => {
    const { holder, probes, advance, pending } = fakeHolder([]);
    holder.heard(0, 0);
    await advance(1_000);
    holder.heard(200, 1_000);
    await advance(60_000);
    expect(probes).toEqual([]);
    expect(pending()).toBe(0);
  });

  it('probes soon when asked (the browser came back online) and never without a network', async () => {
    let network = false;
    const { holder, probes, advance } = fakeHolder([200], () => network);
    holder.heard(0, 0);
    await advance(10_000);
    expect(probes).toEqual([]);
    network = true;
    holder.probeSoon();
    await advance(0);
    expect(probes).toEqual([10_000]);
    expect(holder.state().reach).toBe('reachable');
  });
});
