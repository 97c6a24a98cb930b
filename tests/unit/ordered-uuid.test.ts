import { describe, expect, it } from 'vitest';
import { orderedUuid, orderedUuidGenerator } from '../../src/server/db/ordered-uuid';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('orderedUuid (version 7, for bulk-inserted keys)', () => {
  it('is a version-7 UUID carrying the time in its first 48 bits', () => {
    const id = orderedUuidGenerator({ now: () => 0x0190_1234_5678, random: () => 0 })();
    expect(id).toMatch(UUID_V7);
    expect(id.startsWith('01901234-5678-7')).toBe(true);
  });

  it('grows strictly within one millisecond, across milliseconds and when the clock steps back', () => {
    const times = [1000, 1000, 1000, 1001, 999, 999, 1002];
    let call = 0;
    let seed = 12345;
    const next = orderedUuidGenerator({
      now: () => times[Math.min(call++, times.length - 1)] as number,
      random: (limit) => (seed = (seed * 48271) % 2147483647) % limit,
    });
    const ids = times.map(() => next());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('rolls over to the next millisecond when the counter is full', () => {
    let first = true;
    const next = orderedUuidGenerator({
      now: () => 5000,
      // Start the counter at its top: the second id must move into millisecond 5001.
      random: (limit) => (first ? ((first = false), 2 ** 42 - 1) : limit - 1),
    });
    const a = next();
    const b = next();
    expect(b > a).toBe(true);
    expect(b.replace(/-/g, '').slice(0, 12)).toBe((5001).toString(16).padStart(12, '0'));
  });

  it('the process generator makes unique ids in order', () => {
    const ids = Array.from({ length: 2000 }, () => orderedUuid());
    expect(new Set(ids).size).toBe(2000);
    expect([...ids].sort()).toEqual(ids);
  });
});
