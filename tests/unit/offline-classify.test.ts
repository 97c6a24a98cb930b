import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, classifyAnswer, parseRetryAfter } from '../../src/app/sync/classify-answer';

const headers = (values: Record<string, string> = {}) => ({ get: (name: string) => values[name] ?? null });
const half = () => 0.5;

describe('classifyAnswer', () => {
  it.each([
    [200, 'done'],
    [204, 'done'],
    [0, 'retry'],
    [408, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [429, 'retry'],
    [401, 'pause-auth'],
    [409, 'conflict'],
    [412, 'conflict'],
    [400, 'failed'],
    [404, 'failed'],
    [415, 'failed'],
    [422, 'failed'],
  ])('classifies %i as %s', (status, kind) => {
    expect(classifyAnswer(status, headers(), 1, half, 0).kind).toBe(kind);
  });

  it('retries a 409 that carries Retry-After (the same Idempotency-Key still being worked on)', () => {
    expect(classifyAnswer(409, headers({ 'Retry-After': '1' }), 1, half, 0)).toEqual({ kind: 'retry', delayMs: 1_000 });
  });

  it('honours Retry-After as seconds or as a date', () => {
    expect(classifyAnswer(429, headers({ 'Retry-After': '30' }), 1, half, 0)).toEqual({ kind: 'retry', delayMs: 30_000 });
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffDelay(1, () => 0.999)).toBe(999);
    expect(backoffDelay(4, () => 0.5)).toBe(4_000);
    expect(backoffDelay(40, () => 0.999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(3, () => 0)).toBe(0);
  });
});
