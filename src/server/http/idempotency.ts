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
 * - Saves that only write the database (PUT /product, PATCH /product/{id}, the Bol model) use
 *   runIdempotentTransaction instead: the claim, the work and the stored answer are ONE
 *   transaction, so a save is never committed without its answer (a crash after the commit gives
 *   the retry the stored answer, not a 412 against the version the save itself made), nothing is
 *   left "in flight" by a crash (the database rolls the claim back with the work), and a repeat
 *   that arrives while the first runs waits on the claim's row lock instead of polling.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/connection';
import { idempotentRequests } from '../db/schema';
import { ApiError } from './errors';
import type { AuthEnv } from './require-token';
import { describeError } from '../lib/caught-errors';

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

/**
 * The idempotency scope of a request: its Idempotency-Key header, the signed-in user, the call and
 * a fingerprint of what identifies its content (hashed from `content`, e.g. [If-Match, body]).
 */
export function idempotencyOf(c: Context<AuthEnv>, route: string, content: unknown): IdempotencyScope {
  return {
    key: c.req.header(IDEMPOTENCY_HEADER),
    userId: c.get('user').userId,
    route,
    fingerprint: createHash('sha256').update(JSON.stringify(content)).digest('hex'),
  };
}

/** A transaction of the database (what runIdempotentTransaction's work runs in). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Test seam: called after runIdempotentTransaction's transaction committed and before its answer
 * is returned, as a crash at that moment would be (tests/server/idempotency-crash.test.ts).
 */
export const idempotencyFaults: { afterCommit: ((route: string) => void) | null } = { afterCommit: null };

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

    const [existing] = await db.select(storedRowColumns).from(idempotentRequests).where(eq(idempotentRequests.key, storedKey));
    const outcome = storedOutcome(existing, scope);
    if (typeof outcome === 'object') return outcome;
    // Abandoned by a process that died: no answer was ever given, so whatever it was, it is gone.
    if (outcome === 'abandoned') await releaseClaim(db, storedKey);
    if (outcome !== 'wait') continue; // released by a refused first request: claim it ourselves

    if (Date.now() - startedAt > WAIT_MS) {
      throw new ApiError(409, 'A request with this Idempotency-Key is still being processed; try again shortly', {
        'Retry-After': '1',
      });
    }
    await sleep(POLL_MS);
  }
}

type StoredRow = { userId: number; route: string; status: number; body: unknown; stale: boolean };

/**
 * What a request with a stored key gets: the stored answer (replayed), or 'retry' when the row was
 * released or abandoned meanwhile, or 'wait' while another request still holds it; 422 when the
 * stored request was a different one.
 */
function storedOutcome(existing: StoredRow | undefined, scope: IdempotencyScope): IdempotentResult | 'retry' | 'wait' | 'abandoned' {
  if (!existing) return 'retry';
  if (existing.status === PENDING && existing.stale) return 'abandoned';
  const stored = existing.body as StoredBody;
  // The stored key already includes user and route; checked again so that a hash collision can
  // never hand one user another user's answer.
  if (existing.userId !== scope.userId || existing.route !== scope.route || stored.fingerprint !== scope.fingerprint) {
    throw new ApiError(422, 'This Idempotency-Key was already used for a different request; send a new key');
  }
  if (existing.status !== PENDING) return { status: existing.status, body: stored.answer ?? null, replayed: true };
  return 'wait';
}

const storedRowColumns = {
  userId: idempotentRequests.userId,
  route: idempotentRequests.route,
  status: idempotentRequests.status,
  body: idempotentRequests.body,
  stale: sql<boolean>`${idempotentRequests.createdAt} < now() - make_interval(secs => ${LEASE_SECONDS})`,
};

/**
 * Claims `storedKey` in `tx` ('claimed': the work is this request's), or says what the row already
 * there gives instead (storedOutcome). The claim of runIdempotentTransaction and of a batch item.
 */
async function claimInTransaction(tx: Transaction, storedKey: string, scope: IdempotencyScope): Promise<'claimed' | ReturnType<typeof storedOutcome>> {
  const claimed = await tx
    .insert(idempotentRequests)
    .values({ key: storedKey, userId: scope.userId, route: scope.route, status: PENDING, body: { fingerprint: scope.fingerprint } satisfies StoredBody })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length > 0) return 'claimed';
  // Read in this transaction: under READ COMMITTED the statement sees the row the insert waited for.
  const [existing] = await tx.select(storedRowColumns).from(idempotentRequests).where(eq(idempotentRequests.key, storedKey));
  return storedOutcome(existing, scope);
}

/**
 * Like runIdempotent, for work that only writes the database: the claim, `work` and the stored
 * answer are one transaction (`work` gets it). A 2xx answer is stored in that transaction; any
 * other answer removes the claim in it, and a thrown error rolls everything back. A repeat waits
 * for the first request's transaction (the claim's unique key is locked until it ends) and then
 * replays its answer. Without a key, `work` runs in a transaction of its own.
 */
export async function runIdempotentTransaction(
  db: Database,
  scope: IdempotencyScope,
  work: (tx: Transaction) => Promise<IdempotentAnswer>,
): Promise<IdempotentResult> {
  const key = checkIdempotencyKey(scope.key);
  if (key === undefined) return { ...(await db.transaction((tx) => work(tx))), replayed: false };

  const storedKey = scopedKey(scope.userId, scope.route, key);
  await pruneOldAnswers(db);
  const startedAt = Date.now();

  for (;;) {
    const outcome = await db.transaction(async (tx): Promise<IdempotentResult | 'retry' | 'wait' | 'abandoned'> => {
      const claim = await claimInTransaction(tx, storedKey, scope);
      if (claim !== 'claimed') return claim;
      const answer = await work(tx);
      await finishItem(tx, storedKey, scope.fingerprint, answer);
      return { ...answer, replayed: false };
    });
    if (typeof outcome === 'object') {
      if (!outcome.replayed) idempotencyFaults.afterCommit?.(scope.route);
      return outcome;
    }
    // Only a claim of runIdempotent (an earlier version of this server) is ever seen pending here.
    if (outcome === 'abandoned') await releaseClaim(db, storedKey);
    if (outcome === 'wait') {
      if (Date.now() - startedAt > WAIT_MS) {
        throw new ApiError(409, 'A request with this Idempotency-Key is still being processed; try again shortly', { 'Retry-After': '1' });
      }
      await sleep(POLL_MS);
    }
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
    void renewClaim(db, storedKey).catch((error: unknown) => console.error(`[server] renewing an idempotency claim failed: ${describeError(error)}`));
  }, LEASE_RENEW_MS);
  try {
    answer = await work();
  } catch (error) {
    clearInterval(renewal);
    await releaseClaim(db, storedKey);
    throw error;
  }
  clearInterval(renewal);
  if (isStored(answer)) await storeAnswer(db, storedKey, fingerprint, answer);
  else await releaseClaim(db, storedKey);
  return answer;
}

/** Only a 2xx answer is kept for a repeat of its key; any other lets the key be tried again. */
const isStored = (answer: IdempotentAnswer) => answer.status >= 200 && answer.status < 300;

/** Keeps `answer` with its claim, for a repeat of the key with the same body. */
async function storeAnswer(db: Database | Transaction, storedKey: string, fingerprint: string, answer: IdempotentAnswer): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ status: answer.status, body: { fingerprint, answer: answer.body } satisfies StoredBody, createdAt: sql`now()` })
    .where(eq(idempotentRequests.key, storedKey));
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

/**
 * runIdempotentTransaction for the items of a batch (POST /product/batch, docs/offline.md
 * "Batches"), in two halves: claimItem claims the key in `tx` (a savepoint inside the batch's
 * transaction), and finishItem stores the answer (or removes the claim) in the same transaction,
 * possibly after other items ran. Same keys as the single call's (scopedKey of user, route and
 * key, the same fingerprint), so an item and a single call with one key are one request: either
 * replays the other's stored answer. A thrown error is the caller's to roll back (the savepoint).
 * A claim another request still holds (only a runIdempotent claim of an older server can be seen
 * so) answers 503: the batch cannot wait for it.
 */
export async function claimItem(tx: Transaction, scope: IdempotencyScope & { key: string }): Promise<ItemClaim> {
  const storedKey = scopedKey(scope.userId, scope.route, scope.key);
  const outcome = await claimInTransaction(tx, storedKey, scope);
  if (outcome === 'claimed') return { claimed: true, storedKey };
  if (typeof outcome === 'object') return { claimed: false, result: outcome };
  return {
    claimed: false,
    result: { status: 503, body: { message: 'A request with this Idempotency-Key is still being processed; try again shortly' }, replayed: false },
  };
}

/** A batch item's key: claimed (the work is this request's), or the answer it gets instead. */
export type ItemClaim = { claimed: true; storedKey: string } | { claimed: false; result: IdempotentResult };

/**
 * The second half (also runIdempotentTransaction's): a 2xx answer is stored with the claim (same
 * transaction); any other removes the claim.
 */
export async function finishItem(tx: Transaction, storedKey: string, fingerprint: string, answer: IdempotentAnswer): Promise<void> {
  if (isStored(answer)) await storeAnswer(tx, storedKey, fingerprint, answer);
  else await tx.delete(idempotentRequests).where(eq(idempotentRequests.key, storedKey));
}

/** The fingerprint idempotencyOf gives `content` (for calls that build their scope themselves). */
export function fingerprintOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * The stored answers of several keys at once (the quick path of POST /product/batch): per key
 * (scope.key) that was used before, what the request gets instead of running: the stored answer,
 * 422 when it was used for another request, 503 while another request holds it. New keys are
 * not in the map. One query.
 */
export async function storedItemAnswers(tx: Transaction, scopes: readonly (IdempotencyScope & { key: string })[]): Promise<Map<string, IdempotentResult>> {
  const answers = new Map<string, IdempotentResult>();
  if (scopes.length === 0) return answers;
  const storedKeys = scopes.map((scope) => scopedKey(scope.userId, scope.route, scope.key));
  const rows = await tx
    .select({ ...storedRowColumns, key: idempotentRequests.key })
    .from(idempotentRequests)
    .where(inArray(idempotentRequests.key, storedKeys));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  scopes.forEach((scope, index) => {
    const row = byKey.get(storedKeys[index] as string);
    if (!row) return;
    try {
      const outcome = storedOutcome(row, scope);
      answers.set(
        scope.key,
        typeof outcome === 'object'
          ? outcome
          : { status: 503, body: { message: 'A request with this Idempotency-Key is still being processed; try again shortly' }, replayed: false },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answers.set(scope.key, { status: error.status, body: { message: error.message }, replayed: false });
    }
  });
  return answers;
}

/**
 * Stores the 2xx answers of several new keys at once, in the transaction that did their work. A
 * key stored meanwhile by another request fails the insert (unique key): the caller then redoes
 * its batch item by item, and that item replays the other request's answer.
 */
export async function storeItemAnswers(tx: Transaction, stored: readonly { scope: IdempotencyScope & { key: string }; answer: IdempotentAnswer }[]): Promise<void> {
  if (stored.length === 0) return;
  await tx.insert(idempotentRequests).values(
    stored.map(({ scope, answer }) => ({
      key: scopedKey(scope.userId, scope.route, scope.key),
      userId: scope.userId,
      route: scope.route,
      status: answer.status,
      body: { fingerprint: scope.fingerprint, answer: answer.body } satisfies StoredBody,
    })),
  );
}
