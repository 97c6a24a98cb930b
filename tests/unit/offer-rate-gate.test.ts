/** The offer sync's pacing (src/server/bol/offers/rate-gate.ts): never more calls a second than the rate, however many wait. */
import { describe, expect, it } from 'vitest';
import { RateGate } from '../../src/server/bol/offers/rate-gate';

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
});
