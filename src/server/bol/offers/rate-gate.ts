/**
 * Pacing of the offer sync's calls (docs/bol.md, "Offers follow the catalogue"): each kind of call
 * is spaced evenly at the rate modelled for it, so a run of thousands of changes stays under bol's
 * limits instead of running into 429s; a 429 that comes anyway is waited out by the transport
 * (Retry-After).
 */

/** Calls a second per kind of offer call. */
export interface OfferRates {
  price: number;
  stock: number;
  /** Create, read, update (hold, unhold, reference, delivery code). */
  offer: number;
}

/** The limits the simulator models (docs/bol.md, "Offers in the simulator"): price and stock 50 a second, the other offer calls 25. */
export const MODELLED_OFFER_RATES: OfferRates = { price: 50, stock: 50, offer: 25 };

/**
 * A token bucket of its own, filled at `perSecond` and holding at most a fifth of a second's calls:
 * a worker checks for a token when it wakes, so a stalled event loop (a busy machine) does not
 * release a burst of overdue calls that bol's own bucket would refuse.
 */
export class RateGate {
  private tokens: number;
  private at: number;
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.capacity = Math.max(1, Math.floor(perSecond / 5));
    this.tokens = this.capacity;
    this.at = now();
  }

  /** Waits for this call's turn. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) * this.perSecond) / 1_000);
      this.at = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.max(1, Math.ceil(((1 - this.tokens) * 1_000) / this.perSecond)));
    }
  }
}
