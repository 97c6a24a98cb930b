/**
 * What an answer from the server means for an outbox entry (docs/architecture.md "The offline engine"). Pure: the
 * drainer passes the attempt count, a random source and the time.
 */

export type AnswerClass =
  | { kind: 'done' }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'pause-auth' }
  | { kind: 'conflict' }
  | { kind: 'failed' };

export interface HeadersLike {
  get(name: string): string | null;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A Retry-After further away than this is not believed (a broken proxy); we try again then. */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;

/** Exponential backoff with full jitter: a random delay up to base·2^(attempts-1), capped. */
export function backoffDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(RETRY_AFTER_CAP_MS, Number(text) * 1_000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, date - now));
}

/**
 * @param status HTTP status, or 0 when no answer came (network error, timeout).
 * @param attempts attempts made so far, this one included.
 */
export function classifyAnswer(
  status: number,
  headers: HeadersLike,
  attempts: number,
  random: () => number,
  now: number = Date.now(),
): AnswerClass {
  if (status >= 200 && status < 300) return { kind: 'done' };
  if (status === 401) return { kind: 'pause-auth' };
  const retryAfter = parseRetryAfter(headers.get('Retry-After'), now);
  if (status === 429) {
    return { kind: 'retry', delayMs: Math.max(retryAfter ?? 0, backoffDelay(attempts, random)) };
  }
  // 409 with Retry-After: the same Idempotency-Key is being worked on (docs/ean-and-images.md);
  // it is not a conflict of versions.
  if (status === 409 && retryAfter !== null) return { kind: 'retry', delayMs: retryAfter };
  if (status === 409 || status === 412) return { kind: 'conflict' };
  if (status === 0 || status === 408 || status >= 500) {
    return { kind: 'retry', delayMs: Math.max(retryAfter ?? 0, backoffDelay(attempts, random)) };
  }
  return { kind: 'failed' };
}
