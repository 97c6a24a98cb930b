/**
 * Sends the outbox to the server, one entry at a time, in order per entity (docs/architecture.md "The offline engine").
 * Everything it needs comes in `DrainDeps`, so tests drive it with a fake transport and clock.
 */
import type { OutboxRequest } from '../api/outbox-requests';
import type { BackofficeDatabase } from '../db/database';
import { classifyAnswer, type AnswerClass, type HeadersLike } from './classify-answer';
import type { OutboxEntry } from './outbox';
import { outboxKindOf } from './outbox-kinds';

export type { OutboxRequest };

/** The part of a fetch Response the drainer reads. */
export interface ResponseLike {
  status: number;
  headers: HeadersLike;
  text(): Promise<string>;
}

export interface DrainDeps {
  db: BackofficeDatabase;
  /** fetch-like; a rejection means no answer (network error, reset, timeout). */
  send: (request: OutboxRequest) => Promise<ResponseLike>;
  token: () => string | null;
  currentUser: () => string | null;
  now: () => number;
  random: () => number;
  /** Runs fn while holding a lock shared by every tab (navigator.locks); see `browserLock`. */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  /** An answer slower than this counts as a timeout (default 30 s). */
  timeoutMs?: number;
}

export interface DrainSummary {
  sent: number;
  retried: number;
  conflicts: number;
  failed: number;
  /** A 401 (or no session) stopped the drain; everything was kept. */
  pausedForAuth: boolean;
}

export const LAST_SYNC_META_KEY = 'lastSyncAt';
const DEFAULT_TIMEOUT_MS = 30_000;

class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Without navigator.locks: at least one drain at a time within this tab. */
const tabQueues = new Map<string, Promise<unknown>>();
function inTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = tabQueues.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  tabQueues.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}

/** One drainer across tabs: navigator.locks when the browser has it, else within this tab. */
export function browserLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(name, () => fn()) as Promise<unknown> as Promise<T>;
  return inTabLock(name, fn);
}

export async function drainOutbox(deps: DrainDeps): Promise<DrainSummary> {
  const lock = deps.lock ?? inTabLock;
  return lock(`outbox-drain:${deps.db.name}`, () => drainWhileLocked(deps));
}

async function drainWhileLocked(deps: DrainDeps): Promise<DrainSummary> {
  const { db } = deps;
  const summary: DrainSummary = { sent: 0, retried: 0, conflicts: 0, failed: 0, pausedForAuth: false };
  // We hold the lock, so an entry still 'sending' belongs to a tab that closed or reloaded
  // mid-request. Sending it again is safe: it carries the same Idempotency-Key.
  await db.outbox.where('status').equals('sending').modify({ status: 'pending' });

  /** Entries that got a "not now" answer in this drain: not tried twice in one drain. */
  const deferred = new Set<string>();
  for (;;) {
    const entries = await db.outbox.orderBy('seq').toArray();
    const present = new Set(entries.map((entry) => entry.id));
    const blocked = new Set<string>();
    let progressed = false;
    for (const entry of entries) {
      if (blocked.has(entry.entityKey)) continue;
      const user = deps.currentUser();
      const token = deps.token();
      const ready =
        entry.status === 'pending' &&
        entry.nextAttemptAt <= deps.now() &&
        !deferred.has(entry.id) &&
        !(entry.dependsOn ?? []).some((id) => present.has(id) && id !== entry.id);
      if (!ready) {
        // The head of an entity that cannot go now holds back everything after it.
        blocked.add(entry.entityKey);
        continue;
      }
      if (!user || !token) {
        summary.pausedForAuth = true;
        return summary;
      }
      if (entry.author !== user) {
        // Another person's change: it waits for them to sign in.
        blocked.add(entry.entityKey);
        continue;
      }
      const outcome = await sendOne(deps, entry, token, summary);
      progressed = true;
      if (outcome === 'paused') {
        summary.pausedForAuth = true;
        return summary;
      }
      if (outcome !== 'done') {
        blocked.add(entry.entityKey);
        if (outcome === 'deferred') deferred.add(entry.id);
      } else {
        present.delete(entry.id);
      }
    }
    if (!progressed) return summary;
  }
}

type SendOutcome = 'done' | 'deferred' | 'stopped' | 'paused' | 'skipped';

async function sendOne(deps: DrainDeps, snapshot: OutboxEntry, token: string, summary: DrainSummary): Promise<SendOutcome> {
  const { db } = deps;
  const now = deps.now();
  // Claim it; an entry changed since the snapshot (merged, discarded) waits for the next pass.
  const claimed = await db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.get(snapshot.id);
    if (!fresh || fresh.status !== 'pending' || fresh.seq !== snapshot.seq) return null;
    const sending: OutboxEntry = { ...fresh, status: 'sending', attempts: fresh.attempts + 1, lastAttemptAt: now, updatedAt: now };
    await db.outbox.put(sending);
    return sending;
  });
  if (!claimed) return 'skipped';

  const kind = outboxKindOf(claimed);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Idempotency-Key': claimed.id };
  if (claimed.baseVersion !== null) headers['If-Match'] = `"${claimed.baseVersion}"`;
  // When the change was made on this device, for the history (docs/security.md, "Authors").
  headers['X-Made-At'] = String(claimed.createdAt);
  const built = await kind.request(db, claimed, headers);
  const { sentProduct: _sent, ...request } = built;
  let response: ResponseLike | null = null;
  let noAnswer: string | null = null;
  try {
    response = await withTimeout(deps.send(request), deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    noAnswer = error instanceof TimeoutError ? error.message : `No connection: ${error instanceof Error ? error.message : String(error)}`;
  }
  const status = response?.status ?? 0;
  const body = response ? await readBody(response) : undefined;
  const answerHeaders: HeadersLike = response?.headers ?? { get: () => null };

  const generic: AnswerClass = classifyAnswer(status, answerHeaders, claimed.attempts, deps.random, deps.now());
  const verdict: AnswerClass = kind.reread?.(generic, status, body, built) ?? generic;

  const later = deps.now();
  switch (verdict.kind) {
    case 'done':
      await applySuccess(db, claimed, body, answerHeaders, later);
      summary.sent += 1;
      return 'done';
    case 'retry':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        nextAttemptAt: later + verdict.delayMs,
        lastError: noAnswer ?? `The server answered ${status}; trying again later`,
        updatedAt: later,
      });
      summary.retried += 1;
      return 'deferred';
    case 'pause-auth':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        attempts: claimed.attempts - 1,
        lastError: 'Sign in again to send this change',
        updatedAt: later,
      });
      return 'paused';
    case 'conflict':
      await db.outbox.update(claimed.id, {
        status: 'conflict',
        serverCopy: body,
        lastError: messageOf(body) ?? 'Someone else changed this in the meantime',
        updatedAt: later,
      });
      summary.conflicts += 1;
      return 'stopped';
    case 'failed':
      await db.outbox.update(claimed.id, {
        status: 'failed',
        lastError: messageOf(body) ?? `The server refused it (${status})`,
        updatedAt: later,
      });
      summary.failed += 1;
      return 'stopped';
  }
}

async function readBody(response: ResponseLike): Promise<unknown> {
  try {
    const text = await response.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return null;
}

async function applySuccess(db: BackofficeDatabase, entry: OutboxEntry, answer: unknown, headers: HeadersLike, now: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.bolModels, db.files, db.meta], async () => {
    await db.outbox.delete(entry.id);
    await db.meta.put({ key: LAST_SYNC_META_KEY, value: now });
    await outboxKindOf(entry).applySuccess(db, entry, answer, headers);
  });
}
