/**
 * Pacing of the offer sync's calls (docs/bol.md, "Rate limits and the bench"): each kind of call is
 * spaced evenly at the rate bol announces for it in its X-RateLimit-* headers (the modelled rate
 * until the first answer), so a run of thousands of changes stays inside bol's budget instead of
 * running into 429s, and speeds up by itself when bol grants more; a 429 that comes anyway is
 * waited out by the transport (Retry-After).
 */
import type { AnnouncedRateLimit } from '../client/bol-client-options';

/** Calls a second per kind of offer call. */
export interface OfferRates {
  price: number;
  stock: number;
  /** Create, read, update (hold, unhold, reference, delivery code). */
  offer: number;
}

export type OfferCallKind = keyof OfferRates;

/** The limits the simulator models (docs/bol.md, "Offers in the simulator"): price and stock 50 a second, the other offer calls 25. */
export const MODELLED_OFFER_RATES: OfferRates = { price: 50, stock: 50, offer: 25 };

/** Which gate an answer of bol's speaks for: the offer calls by path and method; null for any other call. */
export function offerCallKind(method: string, path: string): OfferCallKind | null {
  if (method === 'PUT' && /^\/retailer\/offers\/[^/]+\/price$/.test(path)) return 'price';
  if (method === 'PUT' && /^\/retailer\/offers\/[^/]+\/stock$/.test(path)) return 'stock';
  if (method === 'POST' && path === '/retailer/offers') return 'offer';
  if (['GET', 'PUT', 'DELETE'].includes(method) && /^\/retailer\/offers\/[^/]+$/.test(path) && path !== '/retailer/offers/export') return 'offer';
  return null;
}

/**
 * What bol's headers allow a second. The budget is `limit` and `reset` the seconds until it is whole
 * again, so the longest reset seen (an almost empty budget) is the window the limit is for: the
 * rate is limit / window. A reset rounded up to whole seconds only makes the window longer (slower,
 * never over the budget).
 */
export class AnnouncedRate {
  private window = 0;
  private limit = 0;

  /** Takes one answer's headers; answers the rate they allow, a second. */
  take(announced: Pick<AnnouncedRateLimit, 'limit' | 'resetSeconds'>): number {
    if (announced.limit !== this.limit) {
      // A new limit (bol changed it): learn its window again.
      this.limit = announced.limit;
      this.window = 0;
    }
    this.window = Math.max(this.window, announced.resetSeconds, 1);
    return this.limit / this.window;
  }
}

/**
 * A token bucket of its own, filled at `perSecond` and holding at most a fifth of a second's calls:
 * a worker checks for a token when it wakes, so a stalled event loop (a busy machine) does not
 * release a burst of overdue calls that bol's own bucket would refuse.
 */
export class RateGate {
  private tokens: number;
  private at: number;
  private capacity: number;
  private readonly announced = new AnnouncedRate();

  constructor(
    private perSecond: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.capacity = RateGate.capacityOf(perSecond);
    this.tokens = this.capacity;
    this.at = now();
  }

  private static capacityOf(perSecond: number): number {
    return Math.max(1, Math.floor(perSecond / 5));
  }

  /** The rate the gate spaces its calls at now. */
  get rate(): number {
    return this.perSecond;
  }

  /**
   * Follows bol's announced budget: the rate becomes what the headers allow, and an answer that
   * says the budget is used up (remaining 0) empties the bucket, so the next call waits a token's time.
   */
  follow(announced: Pick<AnnouncedRateLimit, 'limit' | 'remaining' | 'resetSeconds'>): void {
    this.refill();
    this.perSecond = this.announced.take(announced);
    this.capacity = RateGate.capacityOf(this.perSecond);
    this.tokens = announced.remaining <= 0 ? Math.min(this.tokens, 0) : Math.min(this.tokens, this.capacity);
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) * this.perSecond) / 1_000);
    this.at = now;
  }

  /** Waits for this call's turn. */
  async take(): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.max(1, Math.ceil(((1 - this.tokens) * 1_000) / this.perSecond)));
    }
  }
}
