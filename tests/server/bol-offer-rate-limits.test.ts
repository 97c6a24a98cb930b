/**
 * The offer sync follows the rate limits bol announces in its X-RateLimit-* headers (docs/bol.md,
 * "Rate limits and the bench"), against the simulator: the offer sync's connection hears each
 * offer call's announced budget (here bol's stock budget set to 10 a second, not the modelled 50)
 * while it listens and nothing after, and a run against that budget applies every change once.
 */
import { describe, expect, it } from 'vitest';
import type { AnnouncedRateLimit } from '../../src/server/bol/client/bol-client-options';
import { offerSyncConnection } from '../../src/server/bol/offers/offer-sync-job';
import { offerCallKind, RateGate } from '../../src/server/bol/offers/rate-gate';
import { DEFAULT_RATE_LIMITS, type RateLimitRule } from '../../src/server/bol/simulator/rate-limiter';
import { createBolKit } from './support/bol-fixtures';
import { offerIdOf, simulatorOffer } from './support/offer-sync-kit';

const STOCK_AT_10: RateLimitRule[] = [{ method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/stock$/, limit: 10, windowMs: 1_000 }, ...DEFAULT_RATE_LIMITS];

describe("bol's announced rate limits", () => {
  it("reach the offer sync's gate for the kind of call they speak for, while it listens", async () => {
    const kit = createBolKit({ offers: [simulatorOffer(1, 19.95, 12)], rateLimits: STOCK_AT_10 });
    const connection = offerSyncConnection(kit.client);
    const heard: AnnouncedRateLimit[] = [];
    const stop = connection.announcements?.((announced) => heard.push(announced));
    await connection.port.updateStock(offerIdOf(1), { amount: 5, managedByRetailer: true });
    const stock = heard.filter((announced) => offerCallKind(announced.method, announced.path) === 'stock');
    expect(stock.length).toBeGreaterThan(0);
    expect(stock[0]).toMatchObject({ method: 'PUT', path: `/retailer/offers/${offerIdOf(1)}/stock`, limit: 10, remaining: 9 });

    // The stock gate follows it: from the modelled 50 a second down to bol's 10.
    const gate = new RateGate(50, () => kit.clock.now, async (ms) => {
      kit.clock.now += ms;
    });
    for (const announced of stock) gate.follow(announced);
    expect(gate.rate).toBe(10);

    stop?.();
    const before = heard.length;
    await connection.port.updateStock(offerIdOf(1), { amount: 4, managedByRetailer: true });
    expect(heard.length).toBe(before);
  });
});
