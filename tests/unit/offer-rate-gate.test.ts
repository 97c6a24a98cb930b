/** The offer sync's pacing (src/server/bol/offers/rate-gate.ts): never more calls a second than the rate, however many wait. */
import { describe, expect, it } from 'vitest';
import { AnnouncedRate, offerCallKind, RateGate } from '../../src/server/bol/offers/rate-gate';

describe('the offer rate gate', () => {
  it('lets 400 waiting callers through at 50 a second, in bursts of at most 10', async () => {
    const clock = { now: 0 };
    const gate = new RateGate(50, () => clock.now, async (ms) => {
      await new Promise((resolve) => setImmediate(resolve));
      clock.now += ms / 400;
    });
    const times: number[] = [];
    await Promise.all(Array.from({ length: 400 }, async () => {
      await gate.take();
      times.push(clock.now);
    }));
    expect(times).toHaveLength(400);
    for (let index = 60; index < times.length; index += 1) {
      // Within any second, at most 50 calls plus the bucket's 10.
      const windowStart = (times[index] ?? 0) - 1_000;
      expect(times.filter((at) => at > windowStart && at <= (times[index] ?? 0)).length).toBeLessThanOrEqual(60);
    }
    expect(clock.now).toBeGreaterThanOrEqual((400 - 10) * 20 - 1);
  });

  it('releases no burst after a stall longer than the bucket', async () => {
    const clock = { now: 0 };
    const gate = new RateGate(50, () => clock.now, async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    for (let i = 0; i < 10; i += 1) await gate.take();
    clock.now += 5_000;
    let taken = 0;
    const race = Promise.all(Array.from({ length: 30 }, async () => {
      await gate.take();
      taken += 1;
    }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken).toBe(10);
    // 200 ms later the bucket is full again: ten more, not twenty.
    clock.now += 200;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken).toBe(20);
    clock.now += 200;
    await race;
    expect(taken).toBe(30);
  });

  it("follows the rate bol's headers announce: faster when bol grants more, slower when it grants less", async () => {
    const clock = { now: 0 };
    const gate = new RateGate(50, () => clock.now, async (ms) => {
      await new Promise((resolve) => setImmediate(resolve));
      clock.now += ms;
    });
    // 200 a second: 1,000 calls in about 5 seconds instead of 20.
    gate.follow({ limit: 200, remaining: 199, resetSeconds: 1 });
    expect(gate.rate).toBe(200);
    for (let i = 0; i < 1_000; i += 1) await gate.take();
    expect(clock.now).toBeGreaterThan(4_500);
    expect(clock.now).toBeLessThan(5_500);
    // 10 a second: 50 calls take about 5 seconds.
    gate.follow({ limit: 10, remaining: 9, resetSeconds: 1 });
    const from = clock.now;
    for (let i = 0; i < 50; i += 1) await gate.take();
    expect(clock.now - from).toBeGreaterThanOrEqual(4_800);
  });

  it('waits a token after an answer that says the budget is used up', async () => {
    const clock = { now: 0 };
    const gate = new RateGate(50, () => clock.now, async (ms) => {
      clock.now += ms;
    });
    gate.follow({ limit: 50, remaining: 0, resetSeconds: 1 });
    await gate.take();
    expect(clock.now).toBeGreaterThanOrEqual(20);
  });
});

describe("bol's announced rate", () => {
  it('is the limit over the longest reset seen (the window), learned again when the limit changes', () => {
    const rate = new AnnouncedRate();
    // A budget of 100 a minute: the reset grows as the budget is spent.
    expect(rate.take({ limit: 100, resetSeconds: 1 })).toBe(100);
    expect(rate.take({ limit: 100, resetSeconds: 30 })).toBeCloseTo(100 / 30);
    expect(rate.take({ limit: 100, resetSeconds: 60 })).toBeCloseTo(100 / 60);
    // A short reset later (budget refilled) does not speed it up again.
    expect(rate.take({ limit: 100, resetSeconds: 2 })).toBeCloseTo(100 / 60);
    // bol changed the limit.
    expect(rate.take({ limit: 300, resetSeconds: 1 })).toBe(300);
    // A reset of 0 (a full budget) counts as a second.
    expect(rate.take({ limit: 300, resetSeconds: 0 })).toBe(300);
  });

  it('speaks for the offer calls only, by path and method', () => {
    expect(offerCallKind('PUT', '/retailer/offers/abc/price')).toBe('price');
    expect(offerCallKind('PUT', '/retailer/offers/abc/stock')).toBe('stock');
    expect(offerCallKind('POST', '/retailer/offers')).toBe('offer');
    expect(offerCallKind('GET', '/retailer/offers/abc')).toBe('offer');
    expect(offerCallKind('PUT', '/retailer/offers/abc')).toBe('offer');
    expect(offerCallKind('POST', '/retailer/offers/export')).toBeNull();
    expect(offerCallKind('GET', '/retailer/offers/export')).toBeNull();
    expect(offerCallKind('GET', '/shared/process-status/1')).toBeNull();
    expect(offerCallKind('GET', '/retailer/orders/1')).toBeNull();
  });
});
