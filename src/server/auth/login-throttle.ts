/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for one user name from one
 * address within `windowSeconds`, further attempts are refused until the oldest failure ages out.
 * Kept in memory: a restart forgets it, which is acceptable for a single-node back office.
 */
export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
  ) {}

  static key(username: string, address: string): string {
    return `${username.trim().toLowerCase()}\u0000${address}`;
  }

  check(key: string, nowMs: number): ThrottleVerdict {
    const recent = this.recent(key, nowMs);
    if (recent.length < this.maxFailures) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = recent[0] ?? nowMs;
    const retryAfterMs = oldest + this.windowSeconds * 1000 - nowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  recordFailure(key: string, nowMs: number): void {
    const recent = this.recent(key, nowMs);
    recent.push(nowMs);
    this.failures.set(key, recent);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, nowMs: number): number[] {
    const cutoff = nowMs - this.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}
