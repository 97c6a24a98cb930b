/**
 * `Idempotency-Key` for calls the offline outbox may send more than once (an answer lost on flaky
 * Wi-Fi looks like a failure to the client, which then sends the same request again).
 *
 * - A key is scoped to the user and the route: the stored key is sha256(user, route, key), so the
 *   same key sent by another user or to another call is a different key and never sees this answer.
 * - The first request claims the key (a row with status 0) before it does any work; a repeat that
 *   arrives while the first still runs waits for its answer (up to WAIT_MS), then replays it. So two
 *   requests with one key at the same time do the work once.
 * - Only successful (2xx) answers are kept. A refused or failed request releases its claim, so a
 *   retry runs again (and is refused again if the input is still wrong).
 * - The request's fingerprint (e.g. the file's hash) is stored with the answer: the same key with a
 *   different request is refused with 422 instead of replaying an answer that does not fit.
 * - Answers are kept for RETENTION_DAYS.
 * - A claim is a lease: while the work runs, the claimer renews it (created_at = now()) every
 *   LEASE_RENEW_MS; a claim not renewed for LEASE_SECONDS belongs to a process that died and is
 *   taken over by the next request with that key. At start the server also releases every claim
 *   left "in flight" by an earlier run (releaseAbandonedClaims), so a retry after a crash and restart
 *   runs at once instead of waiting (docs/security.md, "Idempotency after a crash").
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { idempotentRequests } from '../db/schema';
import { ApiError } from './errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
const PENDING = 0;
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** A claim not renewed for this long is abandoned (its process died). */
export const LEASE_SECONDS = 10;
const LEASE_RENEW_MS = 3_000;
const RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

export interface IdempotentResult extends IdempotentAnswer {
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotencyScope {
  /** The header's value; undefined or empty means the request is not idempotent-keyed. */
  key: string | undefined;
  userId: number;
  /** The call, e.g. 'POST /media/save/image'. */
  route: string;
  /** What identifies the request's content (e.g. the uploaded file's SHA-256). */
  fingerprint: string;
}

/** What is kept in idempotent_requests.body. */
interface StoredBody {
  fingerprint: string;
  answer?: unknown;
}

/** The header value, checked: visible ASCII, at most MAX_IDEMPOTENCY_KEY_LENGTH characters. */
export function checkIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ApiError(
      400,
      `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters (for example a UUID)`,
    );
  }
  return value;
}

export function scopedKey(userId: number, route: string, key: string): string {
  return createHash('sha256').update(`${userId}\n${route}\n${key}`).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lastPrune = 0;

async function pruneOldAnswers(db: Database): Promise<void> {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  await db
    .delete(idempotentRequests)
    .where(sql`${idempotentRequests.createdAt} < now() - make_interval(days => ${RETENTION_DAYS})`);
}

/**
 * Runs `work` once per (user, route, key) and answers its result; a repeat answers the stored
 * result. Without a key, simply runs `work`.
 */
export async function runIdempotent(
  db: Database,
  scope: IdempotencyScope,
  work: () => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  const key = checkIdempotencyKey(scope.key);
  if (key === undefined) return { ...(await work()), replayed: false };

  const storedKey = scopedKey(scope.userId, scope.route, key);
  await pruneOldAnswers(db);
  const startedAt = Date.now();

  for (;;) {
    const claimed = await db
      .insert(idempotentRequests)
      .values({
        key: storedKey,
        userId: scope.userId,
        route: scope.route,
        status: PENDING,
        body: { fingerprint: scope.fingerprint } satisfies StoredBody,
      })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (claimed.length > 0) return { ...(await doClaimedWork(db, storedKey, scope.fingerprint, work)), replayed: false };

    const [existing] = await db
      .select({
        userId: idempotentRequests.userId,
        route: idempotentRequests.route,
        status: idempotentRequests.status,
        body: idempotentRequests.body,
        stale: sql<boolean>`${idempotentRequests.createdAt} < now() - make_interval(secs => ${LEASE_SECONDS})`,
      })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.key, storedKey));
    if (!existing) continue; // released by a refused first request: claim it ourselves

    if (existing.status === PENDING && existing.stale) {
      // Abandoned by a process that died: no answer was ever given, so whatever it was, it is gone.
      await releaseClaim(db, storedKey);
      continue;
    }
    const stored = existing.body as StoredBody;
    // The stored key already includes user and route; checked again so that a hash collision can
    // never hand one user another user's answer.
    if (existing.userId !== scope.userId || existing.route !== scope.route || stored.fingerprint !== scope.fingerprint) {
      throw new ApiError(422, 'This Idempotency-Key was already used for a different request; send a new key');
    }
    if (existing.status !== PENDING) return { status: existing.status, body: stored.answer ?? null, replayed: true };

    if (Date.now() - startedAt > WAIT_MS) {
      throw new ApiError(409, 'A request with this Idempotency-Key is still being processed; try again shortly', {
        'Retry-After': '1',
      });
    }
    await sleep(POLL_MS);
  }
}

async function doClaimedWork(
  db: Database,
  storedKey: string,
  fingerprint: string,
  work: () => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer> {
  let answer: IdempotentAnswer;
  const renewal = setInterval(() => {
    void renewClaim(db, storedKey).catch((error: unknown) => console.error('[server] renewing an idempotency claim failed:', error));
  }, LEASE_RENEW_MS);
  try {
    answer = await work();
  } catch (error) {
    clearInterval(renewal);
    await releaseClaim(db, storedKey);
    throw error;
  }
  clearInterval(renewal);
  if (answer.status >= 200 && answer.status < 300) {
    await db
      .update(idempotentRequests)
      .set({ status: answer.status, body: { fingerprint, answer: answer.body } satisfies StoredBody, createdAt: sql`now()` })
      .where(eq(idempotentRequests.key, storedKey));
  } else {
    await releaseClaim(db, storedKey);
  }
  return answer;
}

async function releaseClaim(db: Database, storedKey: string): Promise<void> {
  await db
    .delete(idempotentRequests)
    .where(and(eq(idempotentRequests.key, storedKey), eq(idempotentRequests.status, PENDING)));
}

async function renewClaim(db: Database, storedKey: string): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ createdAt: sql`now()` })
    .where(and(eq(idempotentRequests.key, storedKey), eq(idempotentRequests.status, PENDING)));
}

/**
 * Releases claims left "in flight" by a process that stopped without answering. `everything`:
 * every pending claim (at the start of the embedded database, which one process owns alone);
 * otherwise only those whose lease ran out (PostgreSQL may be shared by live processes).
 * Returns how many were released.
 */
export async function releaseAbandonedClaims(db: Database, everything: boolean): Promise<number> {
  const released = await db
    .delete(idempotentRequests)
    .where(
      everything
        ? eq(idempotentRequests.status, PENDING)
        : and(
            eq(idempotentRequests.status, PENDING),
            sql`${idempotentRequests.createdAt} < now() - make_interval(secs => ${LEASE_SECONDS})`,
          ),
    )
    .returning({ key: idempotentRequests.key });
  return released.length;
}
