/**
 * What a token bucket of bol's allows at best (src/server/bol/simulator/rate-limiter.ts), checked
 * against the simulator's own limiter on a virtual clock: the bench states these figures beside
 * its target (docs/benchmarks.md, "The offer sync and bol's rate limits").
 */
import { describe, expect, it } from 'vitest';
import { leastSecondsFor, mostCallsWithin, RateLimiter, type RateLimitRule } from '../../src/server/bol/simulator/rate-limiter';

const STOCK: RateLimitRule = { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/stock$/, limit: 50, windowMs: 1_000 };

/** A caller that asks every millisecond and counts what the limiter lets through until `untilMs`. */
function greedyCalls(rule: RateLimitRule, untilMs: number, stopAfter = Infinity): { allowed: number; lastAt: number } {
  const clock = { now: 0 };
  const limiter = new RateLimiter([rule], () => clock.now);
  let allowed = 0;
  let lastAt = 0;
  for (; clock.now <= untilMs && allowed < stopAfter; clock.now += 1) {
    while (allowed < stopAfter && limiter.take('PUT', '/retailer/offers/o-1/stock')?.allowed) {
      allowed += 1;
      lastAt = clock.now;
    }
  }
  return { allowed, lastAt };
}

describe("the best a bol rate limit allows", () => {
  it('50 stock updates a second let at most 3,050 through in 60 s: the bucket of 50 and 50 a second after it', () => {
    expect(mostCallsWithin(STOCK, 60)).toBe(3_050);
    expect(greedyCalls(STOCK, 60_000).allowed).toBe(3_050);
  });

  it('10,000 stock updates at 50 a second take at least 199 s, however they are sent', () => {
    expect(leastSecondsFor(STOCK, 10_000)).toBe(199);
    const { allowed, lastAt } = greedyCalls(STOCK, 250_000, 10_000);
    expect(allowed).toBe(10_000);
    expect(lastAt / 1_000).toBeCloseTo(199, 1);
  });

  it('a budget of 200 a second, or no more calls than the bucket holds, changes the floor accordingly', () => {
    expect(leastSecondsFor({ limit: 200, windowMs: 1_000 }, 10_000)).toBe(49);
    expect(leastSecondsFor(STOCK, 50)).toBe(0);
    expect(mostCallsWithin({ limit: 10, windowMs: 3_600_000 }, 60)).toBe(10);
  });
});
