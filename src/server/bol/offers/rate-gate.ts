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

export class RateGate {
  private nextAt = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Waits for this call's turn. */
  async take(): Promise<void> {
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1_000 / this.perSecond;
    if (at > now) await this.sleep(at - now);
  }
}
