/**
 * A misbehaving connection between the outbox drainer and the real Hono app, for the chaos tests.
 * Every decision comes from a seeded random source. A test's script (what is edited, when the
 * connection drops, when the drainer runs), each connection's faults and the drainer's backoff
 * jitter draw from streams of their own (`chaosStreams`): a drain runs beside the script's next
 * edits, so one shared stream would hand its numbers out in an order that follows the database's
 * speed, and a seed would not replay the run (on a slow database a run once drew far fewer lost
 * answers than the test needs to prove anything).
 *
 * What it injects:
 * - offline periods (`online = false`): every request fails as fetch does without a network;
 * - `503` answered by a "proxy" before the request reaches the server;
 * - a connection reset before the server saw the request;
 * - a lost answer: the server handled (and committed) the request, then the connection broke
 *   before the answer arrived — the case Idempotency-Key exists for.
 */
import type { OutboxRequest, ResponseLike } from '../../../src/app/sync/drainer';

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Independent seeded streams for one chaos run; the same seed gives the same numbers to each. */
export interface ChaosStreams {
  /** The test's script: which product, which edit, when the connection drops, when to drain. */
  script: () => number;
  /** The drainer's backoff jitter. */
  jitter: () => number;
  /** The faults of connection `index` (one per device): its n-th call always gets the same roll. */
  connection(index: number): () => number;
}

export function chaosStreams(seed: number): ChaosStreams {
  return {
    script: seededRandom(seed),
    jitter: seededRandom(seed + 1_000),
    connection: (index) => seededRandom(seed + 1 + index),
  };
}

/** The part of a Hono app (`app.request`) the transport calls. */
export interface RequestTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

export interface ChaosRates {
  /** Share of calls answered 503 before reaching the server. */
  unavailable: number;
  /** Share of calls reset before reaching the server. */
  resetBefore: number;
  /** Share of calls handled by the server whose answer is then lost. */
  lostAfter: number;
}

/** About a third of calls fail, evenly over the three kinds. */
export const DEFAULT_CHAOS_RATES: ChaosRates = { unavailable: 0.11, resetBefore: 0.11, lostAfter: 0.11 };

export interface ChaosStats {
  requests: number;
  /** Calls that reached the server (including those whose answer was then lost). */
  reachedServer: number;
  offline: number;
  unavailable: number;
  resetBefore: number;
  lostAfter: number;
  /** Calls of POST /api/v1/product/batch (several change sets in one). */
  batches: number;
}

export class ChaosTransport {
  online = true;
  /** When false, calls go straight through (used to read the server's state at the end). */
  chaos = true;
  readonly stats: ChaosStats = { requests: 0, reachedServer: 0, offline: 0, unavailable: 0, resetBefore: 0, lostAfter: 0, batches: 0 };

  constructor(
    private readonly target: RequestTarget,
    private readonly random: () => number,
    private readonly rates: ChaosRates = DEFAULT_CHAOS_RATES,
  ) {}

  get injectedFailures(): number {
    const { offline, unavailable, resetBefore, lostAfter } = this.stats;
    return offline + unavailable + resetBefore + lostAfter;
  }

  readonly send = async (request: OutboxRequest): Promise<ResponseLike> => {
    this.stats.requests += 1;
    if (request.url === '/api/v1/product/batch') this.stats.batches += 1;
    if (this.chaos && !this.online) {
      this.stats.offline += 1;
      // What fetch throws when there is no network.
      throw new TypeError('Failed to fetch');
    }
    const roll = this.chaos ? this.random() : 1;
    const { unavailable, resetBefore, lostAfter } = this.rates;
    if (roll < unavailable) {
      this.stats.unavailable += 1;
      return new Response(JSON.stringify({ message: 'Service Unavailable' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (roll < unavailable + resetBefore) {
      this.stats.resetBefore += 1;
      throw new Error('read ECONNRESET (before the server)');
    }
    this.stats.reachedServer += 1;
    const response = await this.target.request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    if (roll < unavailable + resetBefore + lostAfter) {
      // Let the server finish (read the whole answer), then lose it.
      await response.arrayBuffer();
      this.stats.lostAfter += 1;
      throw new Error('read ECONNRESET (after the server answered)');
    }
    return response;
  };
}
