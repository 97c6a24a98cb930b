import { describe, expect, it } from 'vitest';
import { upkeepDue } from '../../src/server/catalogue/catalogue-upkeep';

const base = { quietMs: 2_000, maxDelayMs: 300_000 };

describe('upkeepDue: when the deferred catalogue upkeep runs', () => {
  it('waits while the server was busy within the quiet period', () => {
    expect(upkeepDue({ ...base, requestedAt: 0, lastBusyAt: 9_000, now: 10_000 })).toBe(false);
  });
  it('runs once the server has been quiet for the quiet period', () => {
    expect(upkeepDue({ ...base, requestedAt: 0, lastBusyAt: 8_000, now: 10_000 })).toBe(true);
  });
  it('counts the quiet period from the request when the server was idle before it', () => {
    expect(upkeepDue({ ...base, requestedAt: 9_000, lastBusyAt: 1_000, now: 10_000 })).toBe(false);
    expect(upkeepDue({ ...base, requestedAt: 9_000, lastBusyAt: 1_000, now: 11_000 })).toBe(true);
  });
  it('runs after the longest delay on a server that is never quiet', () => {
    expect(upkeepDue({ ...base, requestedAt: 0, lastBusyAt: 299_999, now: 299_999 })).toBe(false);
    expect(upkeepDue({ ...base, requestedAt: 0, lastBusyAt: 300_000, now: 300_000 })).toBe(true);
  });
});
