/**
 * Whether the server answers, for the whole app (docs/offline.md "Reaching the server"): one
 * holder of the state that the API client, the outbox drainer and a probe report to, and that
 * lib/online.ts combines with the browser's own idea of being online. While the server cannot be
 * reached a light probe (handed in by the sync engine) asks it again, waiting longer each time
 * (reachability-rule.ts).
 */
import { FIRST_REACH, nextReach, PROBE_CAP_MS, probeDelay, type ReachState } from './reachability-rule';

export interface ReachabilityDeps {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Whether the browser says a network is there (no probe without one). */
  browserOnline: () => boolean;
}

export interface Reachability {
  state(): ReachState;
  /**
   * Records one request's outcome: status 0 for no answer; `sentAt` when it was sent; `fromServer`
   * when the answer carries the server's mark (a 503 of its own is an answer).
   */
  heard(status: number, sentAt: number, how?: { probe?: boolean; fromServer?: boolean }): void;
  /** Calls `onChange` whenever the server becomes reachable or unreachable; returns the unsubscribe. */
  watch(onChange: (reachable: boolean) => void): () => void;
  /** The call that asks the server (its status, 0 for none); probing runs only once one is handed in. */
  setProbe(probe: () => Promise<number>): void;
  /** Probes now when the server counts as unreachable (the browser came back online). */
  probeSoon(): void;
}

export function createReachability(deps: ReachabilityDeps): Reachability {
  let state: ReachState = FIRST_REACH;
  let probe: (() => Promise<number>) | null = null;
  let timer: unknown = null;
  let probing = false;
  const listeners = new Set<(reachable: boolean) => void>();

  const schedule = (delay: number) => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (state.reach === 'reachable' || !probe || probing) return;
    timer = deps.setTimer(() => {
      timer = null;
      void runProbe();
    }, delay);
  };

  const runProbe = async () => {
    if (!probe || state.reach === 'reachable') return;
    if (!deps.browserOnline()) {
      // No network at all: asked again later (or at once when the browser comes back online).
      schedule(PROBE_CAP_MS);
      return;
    }
    probing = true;
    const sentAt = deps.now();
    const status = await probe().catch(() => 0);
    probing = false;
    heard(status, sentAt, { probe: true });
    schedule(probeDelay(state.failedProbes));
  };

  function heard(status: number, sentAt: number, how: { probe?: boolean; fromServer?: boolean } = {}): void {
    const before = state.reach;
    state = nextReach(state, { status, sentAt, at: deps.now(), probe: how.probe === true, fromServer: how.fromServer === true });
    if (state.reach === before) return;
    if (state.reach === 'unreachable') schedule(probeDelay(state.failedProbes));
    else schedule(0);
    for (const listener of [...listeners]) listener(state.reach === 'reachable');
  }

  return {
    state: () => state,
    heard,
    watch(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    setProbe(next) {
      probe = next;
      schedule(probeDelay(state.failedProbes));
    },
    probeSoon() {
      schedule(0);
    },
  };
}
