/** The content languages bol takes (BOL_CONTENT_LANGUAGE). */
export type BolLanguage = 'nl' | 'nl-BE' | 'fr' | 'fr-BE';

/** How the Retailer API client reaches bol and how patient it is; tests shrink every wait to milliseconds. */
export interface BolClientOptions {
  /** e.g. https://api.bol.com (or the simulator's http://127.0.0.1:port). */
  apiUrl: string;
  /** e.g. https://login.bol.com/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The content language (BOL_CONTENT_LANGUAGE, default nl): sent as Accept-Language where bol
   * reads one (catalog products), so Node's default `*` is never what bol sees.
   */
  language?: BolLanguage;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timing?: Partial<BolClientTiming>;
}

/** What one answer's X-RateLimit-Limit, -Remaining and -Reset say about its endpoint. */
export interface AnnouncedRateLimit {
  method: string;
  /** The request's path, without the query. */
  path: string;
  limit: number;
  remaining: number;
  /** Seconds until the budget is replenished. */
  resetSeconds: number;
}

export interface BolClientTiming {
  /** Renew the token when it has less than this left (bol's tokens live about 5 minutes). */
  renewBeforeMs: number;
  /** Give up on one HTTP exchange after this long. */
  requestTimeoutMs: number;
  /** Retries of one request after a 429 (each waits Retry-After). */
  max429Retries: number;
  /** Retries of one request after a 5xx or a network failure (exponential backoff with jitter). */
  max5xxRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** What one second of Retry-After is worth: 1000 in production, 1 in tests. */
  retryAfterUnitMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with bol's message. */
  maxRetryAfterMs: number;
  /** Process status: time between polls, and when to stop waiting. */
  pollIntervalMs: number;
  pollTimeoutMs: number;
  /** Offer processes (offer port): the time between polls doubles from pollIntervalMs up to this. */
  pollMaxIntervalMs: number;
}

export const DEFAULT_BOL_TIMING: BolClientTiming = {
  renewBeforeMs: 30_000,
  requestTimeoutMs: 30_000,
  max429Retries: 5,
  max5xxRetries: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 8_000,
  retryAfterUnitMs: 1_000,
  maxRetryAfterMs: 120_000,
  pollIntervalMs: 1_000,
  pollTimeoutMs: 120_000,
  pollMaxIntervalMs: 8_000,
};

/** Timings for tests against the simulator: every wait in milliseconds. */
export const FAST_BOL_TIMING: BolClientTiming = {
  renewBeforeMs: 30_000,
  requestTimeoutMs: 5_000,
  max429Retries: 5,
  max5xxRetries: 4,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  retryAfterUnitMs: 1,
  maxRetryAfterMs: 5_000,
  pollIntervalMs: 1,
  pollTimeoutMs: 5_000,
  pollMaxIntervalMs: 8,
};
