/**
 * Whether the server can be reached (docs/offline.md "Reaching the server"): the rule, pure. The
 * browser's own idea of being online says only that a network is there; the server is reachable
 * while requests get an answer from it. Every answer (or its absence) is heard here, from the API
 * client, the outbox drainer and the probe that runs while the server cannot be reached.
 */

export type Reach = 'reachable' | 'unreachable';

export interface ReachState {
  reach: Reach;
  /** When the last answer from the server arrived (ms since epoch); 0 before any. */
  lastAnswerAt: number;
  /** Probes that got no answer in a row while unreachable: the next probe waits longer. */
  failedProbes: number;
}

/** Until a request says otherwise the server counts as reachable: a start online tries it. */
export const FIRST_REACH: ReachState = { reach: 'reachable', lastAnswerAt: 0, failedProbes: 0 };

/** One request's outcome as the rule reads it. */
export interface Heard {
  /** HTTP status, or 0 when no answer came (network error, reset, timeout). */
  status: number;
  /** When the request was sent (ms since epoch). */
  sentAt: number;
  /** When its answer (or its failure) came. */
  at: number;
  /** A probe of the server (its failures make the next probe wait longer). */
  probe?: boolean;
  /** The answer carries the server's own mark (src/shared/server-answer.ts). */
  fromServer?: boolean;
}

/**
 * Whether a status came from the server itself: any answer but none at all (0) and the 502, 503
 * and 504 a proxy or gateway gives when the server behind it does not answer (the outbox retries
 * these the same way, classify-answer.ts), unless the answer carries the server's own mark: then
 * the server answered, and refused (busy, no bol connection, bol failed).
 */
export function reachedServer(status: number, fromServer = false): boolean {
  if (status === 0) return false;
  return fromServer || (status !== 502 && status !== 503 && status !== 504);
}

/**
 * The state after one request: an answer makes the server reachable at once; no answer makes it
 * unreachable, unless another answer arrived after this request was sent (then the server is
 * there and this one was only slow or lost).
 */
export function nextReach(state: ReachState, heard: Heard): ReachState {
  if (reachedServer(heard.status, heard.fromServer)) {
    const lastAnswerAt = Math.max(state.lastAnswerAt, heard.at);
    return state.reach === 'reachable' && state.failedProbes === 0 && state.lastAnswerAt === lastAnswerAt ? state : { reach: 'reachable', lastAnswerAt, failedProbes: 0 };
  }
  if (heard.sentAt < state.lastAnswerAt) return state;
  return { reach: 'unreachable', lastAnswerAt: state.lastAnswerAt, failedProbes: state.failedProbes + (heard.probe ? 1 : 0) };
}

/** What the top bar says: offline (no network), the server cannot be reached, or online. */
export type Connection = 'online' | 'offline' | 'unreachable';

export function connectionOf(browserOnline: boolean, reach: Reach): Connection {
  if (!browserOnline) return 'offline';
  return reach === 'unreachable' ? 'unreachable' : 'online';
}

/** The first probe after the server stopped answering, and the longest wait between probes. */
export const PROBE_FIRST_MS = 2_000;
export const PROBE_CAP_MS = 30_000;

/** How long to wait before the next probe: doubling from 2 s with every probe that got no answer, at most 30 s. */
export function probeDelay(failedProbes: number): number {
  return Math.min(PROBE_CAP_MS, PROBE_FIRST_MS * 2 ** Math.max(0, Math.min(failedProbes, 20)));
}
