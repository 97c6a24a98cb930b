/**
 * bol limits requests per endpoint and HTTP method with token buckets; the most specific path
 * pattern wins. Every answer carries X-RateLimit-Limit / -Remaining / -Reset, and a request over
 * the limit gets 429 with Retry-After (whole seconds).
 */
export interface RateLimitRule {
  method: string;
  /** Matched against the path without query. The first matching rule applies, so list specific ones first. */
  pattern: RegExp;
  /** Requests per window (the bucket size). */
  limit: number;
  windowMs: number;
}

/**
 * bol does not publish its production limits in the API description; these follow what is known
 * (docs/bol.md, "The simulator"): order details 25 a second, the order list 25 a minute, and the
 * offer export far tighter than the rest: 10 requests an hour; offer price and stock updates 50 a
 * second, the other offer calls 25 a second.
 */
export const DEFAULT_RATE_LIMITS: RateLimitRule[] = [
  { method: 'GET', pattern: /^\/retailer\/orders\/[^/]+$/, limit: 25, windowMs: 1_000 },
  { method: 'GET', pattern: /^\/retailer\/orders$/, limit: 25, windowMs: 60_000 },
  { method: 'PUT', pattern: /^\/retailer\/orders\/cancellation$/, limit: 25, windowMs: 1_000 },
  { method: 'POST', pattern: /^\/retailer\/content\/products$/, limit: 20, windowMs: 1_000 },
  { method: 'POST', pattern: /^\/retailer\/content\/chunk-recommendations$/, limit: 20, windowMs: 1_000 },
  { method: 'GET', pattern: /^\/retailer\/content\/upload-report\/[^/]+$/, limit: 20, windowMs: 1_000 },
  { method: 'GET', pattern: /^\/retailer\/content\/catalog-products\/[^/]+$/, limit: 20, windowMs: 1_000 },
  { method: 'GET', pattern: /^\/shared\/process-status\/[^/]+$/, limit: 50, windowMs: 1_000 },
  { method: '*', pattern: /^\/shared\/process-status$/, limit: 50, windowMs: 1_000 },
  { method: 'POST', pattern: /^\/retailer\/offers\/export$/, limit: 10, windowMs: 3_600_000 },
  { method: 'GET', pattern: /^\/retailer\/offers\/export\/[^/]+$/, limit: 10, windowMs: 60_000 },
  // Offers: bol gives price and stock changes more room than the other offer calls.
  { method: 'POST', pattern: /^\/retailer\/offers$/, limit: 25, windowMs: 1_000 },
  { method: 'GET', pattern: /^\/retailer\/offers\/[^/]+$/, limit: 25, windowMs: 1_000 },
  { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/price$/, limit: 50, windowMs: 1_000 },
  { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/stock$/, limit: 50, windowMs: 1_000 },
  { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+$/, limit: 25, windowMs: 1_000 },
  { method: 'DELETE', pattern: /^\/retailer\/offers\/[^/]+$/, limit: 25, windowMs: 1_000 },
  { method: '*', pattern: /^\//, limit: 50, windowMs: 1_000 },
];

/**
 * The most calls a rule lets through within `seconds`, its bucket full at the start: the bucket's
 * size plus what refills meanwhile (docs/benchmarks.md, "The offer sync and bol's rate limits").
 */
export function mostCallsWithin(rule: Pick<RateLimitRule, 'limit' | 'windowMs'>, seconds: number): number {
  return rule.limit + Math.floor((seconds * 1_000 * rule.limit) / rule.windowMs);
}

/** The least seconds `count` calls take under a rule, its bucket full at the start: the calls beyond the bucket wait for refills. */
export function leastSecondsFor(rule: Pick<RateLimitRule, 'limit' | 'windowMs'>, count: number): number {
  return (Math.max(0, count - rule.limit) * rule.windowMs) / rule.limit / 1_000;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    private readonly rules: readonly RateLimitRule[],
    private readonly now: () => number,
  ) {}

  take(method: string, path: string): RateDecision | null {
    const index = this.rules.findIndex((rule) => (rule.method === '*' || rule.method === method) && rule.pattern.test(path));
    const rule = this.rules[index];
    if (!rule) return null;
    const now = this.now();
    const perMs = rule.limit / rule.windowMs;
    const bucket = this.buckets.get(index) ?? { tokens: rule.limit, at: now };
    bucket.tokens = Math.min(rule.limit, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(index, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(Math.floor(bucket.tokens)),
      // Seconds until the bucket is full again.
      'X-RateLimit-Reset': String(Math.ceil((rule.limit - bucket.tokens) / perMs / 1_000)),
    };
    if (!allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1_000)));
    return { allowed, headers };
  }
}
