/**
 * Slows down password guessing (docs/security.md, "Sign-in and tokens"). Every password check, the
 * sign-in's and the current password of a password change (POST /api/v1/me/password), is counted
 * BEFORE the password is checked, in the database, so parallel guesses cannot race past the limit
 * and several processes sharing the database count together. Both count against the same account
 * (the key of its user name), so guesses cannot be spread over the two calls:
 * - per account and address: `maxFailures` attempts within `windowSeconds`;
 * - per address, across every account: `maxFailuresPerAddress` within the same window.
 * Beyond either, the attempt is refused (429) without checking the password. A right password
 * forgets that account's attempts from that address. Attempts older than the window are pruned.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { userNameKey } from '../../shared/accounts';
import type { Database } from '../db/connection';
import { loginAttempts } from '../db/schema';
import { ApiError } from '../http/errors';
import { serverSentence } from '../../shared/server-messages';

export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

const PRUNE_EVERY_MS = 60_000;

export class LoginThrottle {
  private lastPrune = 0;

  constructor(
    readonly maxFailures: number,
    readonly windowSeconds: number,
    readonly maxFailuresPerAddress: number = 20,
  ) {}

  /**
   * The user name as counted: its key (NFKC, trimmed, case folded; userNameKey), the same key sign-in
   * finds the user by, so 'ADMIN' and 'ａｄｍｉｎ' count as guesses at 'admin'.
   */
  static normaliseName(username: string): string {
    return userNameKey(username);
  }

  /**
   * Counts this attempt, unless a limit is already reached: then it is refused and not counted.
   * One address is handled at a time (a transaction-scoped advisory lock), so the check and the count
   * cannot be raced by parallel requests, in this process or another.
   */
  async attempt(db: Database, username: string, address: string, nowMs: number): Promise<ThrottleVerdict> {
    const name = LoginThrottle.normaliseName(username);
    const now = new Date(nowMs);
    const windowStart = new Date(nowMs - this.windowSeconds * 1000);
    await this.prune(db, windowStart, nowMs);
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`backoffice:sign-in:${address}`}))`);
      const [counts] = await tx
        .select({
          forName: sql<number>`count(*) filter (where ${loginAttempts.username} = ${name})::int`,
          oldestForName: sql<number | null>`(extract(epoch from min(${loginAttempts.attemptedAt}) filter (where ${loginAttempts.username} = ${name})) * 1000)::float8`,
          forAddress: sql<number>`count(*)::int`,
          oldestForAddress: sql<number | null>`(extract(epoch from min(${loginAttempts.attemptedAt})) * 1000)::float8`,
        })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.address, address), gt(loginAttempts.attemptedAt, windowStart)));
      const refusedBy =
        (counts?.forName ?? 0) >= this.maxFailures ? counts?.oldestForName : (counts?.forAddress ?? 0) >= this.maxFailuresPerAddress ? counts?.oldestForAddress : undefined;
      if (refusedBy !== undefined) {
        const oldest = refusedBy === null ? nowMs : Number(refusedBy);
        const retryAfterMs = oldest + this.windowSeconds * 1000 - nowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      await tx.insert(loginAttempts).values({ username: name, address, attemptedAt: now });
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  /** After a right password: that name's attempts from that address are forgotten. */
  async succeeded(db: Database, username: string, address: string): Promise<void> {
    await db.delete(loginAttempts).where(and(eq(loginAttempts.address, address), eq(loginAttempts.username, LoginThrottle.normaliseName(username))));
  }

  private async prune(db: Database, windowStart: Date, nowMs: number): Promise<void> {
    if (Math.abs(nowMs - this.lastPrune) < PRUNE_EVERY_MS) return;
    this.lastPrune = nowMs;
    await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
  }
}

/** The 429 answer to a refused attempt: a sign-in's, or a password change's current password. */
export function tooManyAttempts(of: 'tooManySignIns' | 'tooManyCurrentPasswords', verdict: ThrottleVerdict): ApiError {
  const sentence = serverSentence(of, verdict.retryAfterSeconds);
  return ApiError.saying(429, sentence, { 'Retry-After': String(verdict.retryAfterSeconds) });
}
