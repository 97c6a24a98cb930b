/**
 * Sends the outbox to the server: a few products in parallel, each product's entries one at a time in
 * order (docs/architecture.md "The offline engine", docs/offline.md "Writes"); with change sets
 * waiting, in rounds, the change sets of different products together in POST /product/batch
 * (docs/offline.md "Batches").
 * Everything it needs comes in `DrainDeps`, so tests drive it with a fake transport and clock.
 */
import { serverSaysNow } from '../api/client';
import { messagesNow } from '../i18n/language';
import { syncPanelMessages, type SyncPanelWords } from '../../shared/sync-panel-messages';
import type { OutboxRequest } from '../api/outbox-requests';
import type { BackofficeDatabase } from '../db/database';
import { classifyAnswer, type AnswerClass, type HeadersLike } from './classify-answer';
import { markedByServer } from '../../shared/server-answer';
import type { OutboxRow } from '../db/outbox-entry';
import { PRODUCT_BATCH_MAX_ITEMS, planBatches, type ProductBatchAnswer } from '../../shared/product-batch';
import { productBatchRequest } from '../api/outbox-requests';
import { outboxKindOf, writeContext, type BuiltRequest } from './outbox-kinds';

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
  /** Requests on their way at once, each about different products (default DEFAULT_PARALLEL_SENDS). */
  parallel?: number;
  /** Waiting change sets of different products go together in POST /product/batch (default true). */
  batch?: boolean;
  /** Told of every request's answer (status 0: none), sent at `sentAt`: whether the server is reached (docs/offline.md "Reaching the server"). */
  heard?: (status: number, sentAt: number, fromServer: boolean) => void;
  /** The words of the line the engine keeps under a change (default: the language shown when it is written). */
  words?: () => EngineWords;
}

/** The engine's own sentences (an entry's `lastError` when the server gave none). */
export type EngineWords = SyncPanelWords['engine'];

const wordsShown = (): EngineWords => messagesNow(syncPanelMessages, 'syncPanel').engine;

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
  constructor(readonly ms: number) {
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

/** How many entries are on their way at once by default (each to a different product). */
export const DEFAULT_PARALLEL_SENDS = 4;

/**
 * The lane an entry is sent in: every entry about one product (its saves, change sets, image
 * uploads and deletes, its Bol model) goes in one lane, strictly in seq order; different lanes go
 * in parallel (docs/offline.md "Writes").
 */
export function laneOf(entry: OutboxRow): string {
  return `product:${outboxKindOf(entry).productIdOf(entry)}`;
}

/** The entries grouped by lane, each lane in seq order, lanes in the order of their first entry. */
export function lanesOf(entries: readonly OutboxRow[]): OutboxRow[][] {
  const lanes = new Map<string, OutboxRow[]>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const key = laneOf(entry);
    const lane = lanes.get(key);
    if (lane) lane.push(entry);
    else lanes.set(key, [entry]);
  }
  return [...lanes.values()];
}

/** Runs `work` over every item with at most `parallel` running at once; stops taking new items once `stop()` says so. */
export async function runWithLimit<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>, stop: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, worker));
}

/** Where a lane stands within one pass: its entries, the next to look at, the records held back. */
interface LaneState {
  entries: readonly OutboxRow[];
  next: number;
  blocked: Set<string>;
}

/** One request of a round: an entry alone, or several change sets of different products in a batch. */
type RoundJob = { kind: 'single'; lane: LaneState; entry: OutboxRow } | { kind: 'batch'; lanes: LaneState[]; entries: OutboxRow[] };

/** The db of a device whose server answered 404 to the batch call: until when it gets single calls. */
const batchRouteMissing = new WeakMap<object, number>();
/** An older server without POST /product/batch is asked again after this long. */
const BATCH_ROUTE_RECHECK_MS = 60 * 60_000;

function batchingOn(deps: DrainDeps): boolean {
  return deps.batch !== false && (batchRouteMissing.get(deps.db) ?? 0) <= deps.now();
}

async function drainWhileLocked(deps: DrainDeps): Promise<DrainSummary> {
  const { db } = deps;
  const summary: DrainSummary = { sent: 0, retried: 0, conflicts: 0, failed: 0, pausedForAuth: false };
  // We hold the lock, so an entry still 'sending' belongs to a tab that closed or reloaded
  // mid-request. Sending it again is safe: it carries the same Idempotency-Key.
  await db.outbox.where('status').equals('sending').modify({ status: 'pending' });

  /** Entries that got a "not now" answer in this drain: not tried twice in one drain. */
  const deferred = new Set<string>();
  const parallel = deps.parallel ?? DEFAULT_PARALLEL_SENDS;
  for (;;) {
    const entries = await db.outbox.orderBy('seq').toArray();
    const present = new Set(entries.map((entry) => entry.id));
    let progressed = false;
    let paused = false;
    const lanes: LaneState[] = lanesOf(entries).map((lane) => ({ entries: lane, next: 0, blocked: new Set<string>() }));

    /**
     * The lane's next entry that can go now, in seq order: the head of a record that cannot go
     * (waiting for its retry time, its upload, another person) holds back everything after it.
     */
    const nextOf = (lane: LaneState): OutboxRow | null => {
      while (lane.next < lane.entries.length && !paused) {
        const entry = lane.entries[lane.next] as OutboxRow;
        lane.next += 1;
        if (lane.blocked.has(entry.entityKey)) continue;
        const ready =
          entry.status === 'pending' &&
          entry.nextAttemptAt <= deps.now() &&
          !deferred.has(entry.id) &&
          !(entry.dependsOn ?? []).some((id) => present.has(id) && id !== entry.id);
        if (!ready) {
          lane.blocked.add(entry.entityKey);
          continue;
        }
        if (!deps.currentUser() || !deps.token()) {
          paused = true;
          return null;
        }
        if (entry.author !== deps.currentUser()) {
          // Another person's change: it waits for them to sign in.
          lane.blocked.add(entry.entityKey);
          continue;
        }
        return entry;
      }
      return null;
    };

    const record = (lane: LaneState, entry: OutboxRow, outcome: SendOutcome) => {
      progressed = true;
      if (outcome === 'paused') paused = true;
      else if (outcome === 'done') present.delete(entry.id);
      else {
        lane.blocked.add(entry.entityKey);
        if (outcome === 'deferred') deferred.add(entry.id);
      }
    };

    /** One product's entries, one at a time in seq order. */
    const sendLane = async (lane: LaneState) => {
      for (;;) {
        const entry = nextOf(lane);
        const token = deps.token();
        if (!entry || !token) return;
        record(lane, entry, await sendOne(deps, entry, token, summary));
        if (paused) return;
      }
    };

    if (batchingOn(deps) && entries.some((entry) => outboxKindOf(entry).batchItem !== undefined)) {
      await sendInRounds();
    } else {
      // Requests already on their way finish (and are recorded) before a pause returns.
      await runWithLimit(lanes, parallel, sendLane, () => paused);
    }

    /**
     * With change sets waiting (docs/offline.md "Batches"): rounds. Each lane's next entry goes in
     * this round, the one after it in the next round, so one product's entries stay strictly one
     * after the other while different products go in parallel, and the change sets of a round
     * travel together in batches.
     */
    async function sendInRounds(): Promise<void> {
      for (;;) {
        const picks: { lane: LaneState; entry: OutboxRow }[] = [];
        for (const lane of lanes) {
          const entry = nextOf(lane);
          if (entry) picks.push({ lane, entry });
        }
        if (paused || picks.length === 0) return;
        const batchable = picks.filter(({ entry }) => outboxKindOf(entry).batchItem !== undefined);
        const jobs: RoundJob[] = picks
          .filter((pick) => !batchable.includes(pick))
          .map(({ lane, entry }): RoundJob => ({ kind: 'single', lane, entry }));
        // Groups of up to PRODUCT_BATCH_MAX_ITEMS; sendBatch splits one further by size.
        for (let start = 0; start < batchable.length; start += PRODUCT_BATCH_MAX_ITEMS) {
          const group = batchable.slice(start, start + PRODUCT_BATCH_MAX_ITEMS);
          jobs.push({ kind: 'batch', lanes: group.map((pick) => pick.lane), entries: group.map((pick) => pick.entry) });
        }
        // Requests already on their way finish (and are recorded) before a pause returns.
        await runWithLimit(
          jobs,
          parallel,
          async (job) => {
            const token = deps.token();
            if (!token) {
              paused = true;
              return;
            }
            if (job.kind === 'single') {
              record(job.lane, job.entry, await sendOne(deps, job.entry, token, summary));
              return;
            }
            const outcomes = await sendBatch(deps, job.entries, token, summary);
            outcomes.forEach((outcome, index) => record(job.lanes[index] as LaneState, job.entries[index] as OutboxRow, outcome));
          },
          () => paused,
        );
        if (paused) return;
      }
    }
    if (paused) {
      summary.pausedForAuth = true;
      return summary;
    }
    if (!progressed) return summary;
  }
}

type SendOutcome = 'done' | 'deferred' | 'stopped' | 'paused' | 'skipped';

/** Claims an entry for sending; null when it changed since the snapshot (merged, discarded): it waits for the next pass. */
async function claim(db: BackofficeDatabase, snapshot: OutboxRow, now: number): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.get(snapshot.id);
    if (!fresh || fresh.status !== 'pending' || fresh.seq !== snapshot.seq) return null;
    const sending: OutboxRow = { ...fresh, status: 'sending', attempts: fresh.attempts + 1, lastAttemptAt: now, updatedAt: now };
    await db.outbox.put(sending);
    return sending;
  });
}

/** Claims several entries in one transaction (see claim); null for each that changed. */
async function claimAll(db: BackofficeDatabase, snapshots: readonly OutboxRow[], now: number): Promise<(OutboxRow | null)[]> {
  return db.transaction('rw', db.outbox, async () => {
    const fresh = await db.outbox.bulkGet(snapshots.map((entry) => entry.id));
    const claimed = fresh.map((entry, index): OutboxRow | null =>
      entry && entry.status === 'pending' && entry.seq === (snapshots[index] as OutboxRow).seq
        ? { ...entry, status: 'sending', attempts: entry.attempts + 1, lastAttemptAt: now, updatedAt: now }
        : null,
    );
    await db.outbox.bulkPut(claimed.filter((entry): entry is OutboxRow => entry !== null));
    return claimed;
  });
}

async function sendOne(deps: DrainDeps, snapshot: OutboxRow, token: string, summary: DrainSummary): Promise<SendOutcome> {
  const claimed = await claim(deps.db, snapshot, deps.now());
  if (!claimed) return 'skipped';
  return sendClaimed(deps, claimed, token, summary);
}

/** An answer as the outcome of one entry reads it: status (0: none), body, headers, and why none came. */
interface EntryAnswer {
  status: number;
  body: unknown;
  headers: HeadersLike;
  noAnswer: string | null;
}

const NO_HEADERS: HeadersLike = { get: () => null };

/** Sends a claimed entry on its own (its kind's request) and records the outcome. */
async function sendClaimed(deps: DrainDeps, claimed: OutboxRow, token: string, summary: DrainSummary): Promise<SendOutcome> {
  const kind = outboxKindOf(claimed);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Idempotency-Key': claimed.id };
  if (claimed.baseVersion !== null) headers['If-Match'] = `"${claimed.baseVersion}"`;
  // When the change was made on this device, for the history (docs/security.md, "Authors").
  headers['X-Made-At'] = String(claimed.createdAt);
  const built = await kind.request(writeContext(deps.db), claimed, headers);
  const { sent: _sent, ...request } = built;
  const answer = await exchange(deps, request);
  return settle(deps, claimed, answer, built, summary);
}

/** Sends a request and reads its answer; a rejection or timeout is "no answer". */
async function exchange(deps: DrainDeps, request: OutboxRequest): Promise<EntryAnswer> {
  let response: ResponseLike | null = null;
  let noAnswer: string | null = null;
  const sentAt = deps.now();
  try {
    response = await withTimeout(deps.send(request), deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  } catch (error) {
    const words = (deps.words ?? wordsShown)();
    noAnswer = error instanceof TimeoutError ? words.noAnswerWithin(Math.round(error.ms / 1000)) : words.noConnection(error instanceof Error ? error.message : String(error));
  }
  deps.heard?.(response?.status ?? 0, sentAt, markedByServer(response?.headers));
  return {
    status: response?.status ?? 0,
    body: response ? await readBody(response) : undefined,
    headers: response?.headers ?? NO_HEADERS,
    noAnswer,
  };
}

/** Records what an answer means for a claimed entry (docs/offline.md "Answer classes"). */
async function settle(deps: DrainDeps, claimed: OutboxRow, answer: EntryAnswer, built: BuiltRequest | null, summary: DrainSummary): Promise<SendOutcome> {
  const { db } = deps;
  const { status, body, headers: answerHeaders, noAnswer } = answer;
  const kind = outboxKindOf(claimed);
  const generic: AnswerClass = classifyAnswer(status, answerHeaders, claimed.attempts, deps.random, deps.now());
  const verdict: AnswerClass = (built ? kind.reread?.(generic, status, body, built) : null) ?? generic;

  const later = deps.now();
  const words = (deps.words ?? wordsShown)();
  switch (verdict.kind) {
    case 'done':
      await applySuccess(db, claimed, body, answerHeaders, later);
      summary.sent += 1;
      return 'done';
    case 'retry':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        nextAttemptAt: later + verdict.delayMs,
        lastError: noAnswer ?? words.answered(status),
        updatedAt: later,
      });
      summary.retried += 1;
      return 'deferred';
    case 'pause-auth':
      await db.outbox.update(claimed.id, {
        status: 'pending',
        attempts: claimed.attempts - 1,
        lastError: words.signInAgain,
        updatedAt: later,
      });
      return 'paused';
    case 'conflict':
      await db.transaction('rw', [db.outbox, db.products, db.bolModels, db.meta], async () => {
        // What the server wrote of the change leaves it; the conflicting part waits (docs/offline.md "Conflicts").
        const waiting = (await kind.conflicted?.(writeContext(db), claimed, body)) ?? null;
        if (waiting !== null) await db.meta.put({ key: LAST_SYNC_META_KEY, value: later });
        await db.outbox.update(claimed.id, {
          status: 'conflict',
          serverCopy: body,
          lastError: messageOf(body) ?? words.changedMeanwhile,
          updatedAt: later,
          ...(waiting === null ? {} : { payload: waiting }),
        });
      });
      summary.conflicts += 1;
      return 'stopped';
    case 'failed':
      await db.outbox.update(claimed.id, {
        status: 'failed',
        lastError: messageOf(body) ?? words.refused(status),
        updatedAt: later,
      });
      summary.failed += 1;
      return 'stopped';
  }
}

/** A batch answer as expected: one answer per item, with the items' keys, in their order. */
function batchAnswersOf(body: unknown, keys: readonly string[]): ProductBatchAnswer[] | null {
  const items = typeof body === 'object' && body !== null ? (body as { items?: unknown }).items : undefined;
  if (!Array.isArray(items) || items.length !== keys.length) return null;
  const answers = items as ProductBatchAnswer[];
  const fits = answers.every(
    (answer, index) => typeof answer === 'object' && answer !== null && answer.key === keys[index] && typeof answer.status === 'number',
  );
  return fits ? answers : null;
}

/**
 * Sends change sets of different products in one POST /product/batch (docs/offline.md "Batches")
 * and records each one's outcome as if it had been sent alone. A server without the call (404),
 * or one refusing the batch as a whole (400, 413), gets the same entries as single calls; an
 * answer for the whole batch (no answer, 401, 5xx, 429) is every entry's answer.
 */
async function sendBatch(deps: DrainDeps, snapshots: readonly OutboxRow[], token: string, summary: DrainSummary): Promise<SendOutcome[]> {
  const { db } = deps;
  const claimed = await claimAll(db, snapshots, deps.now());
  const outcomes: SendOutcome[] = claimed.map(() => 'skipped');
  const going: { index: number; entry: OutboxRow; json: string }[] = [];
  for (const [index, entry] of claimed.entries()) {
    if (!entry) continue;
    const item = await outboxKindOf(entry).batchItem?.(writeContext(db), entry);
    going.push({ index, entry, json: JSON.stringify(item) });
  }
  const encoder = new TextEncoder();
  const plan = planBatches(going.map(({ entry, json }) => ({ productId: outboxKindOf(entry).productIdOf(entry), bytes: encoder.encode(json).length })));
  // Too big to share a request, or alone anyway: its own call (PATCH), as without batches.
  const alone = [...plan.alone, ...plan.batches.filter((batch) => batch.length === 1).flat()];
  for (const index of alone) {
    const { index: at, entry } = going[index] as (typeof going)[number];
    outcomes[at] = await sendClaimed(deps, entry, token, summary);
  }
  for (const batch of plan.batches.filter((members) => members.length > 1)) {
    const members = batch.map((index) => going[index] as (typeof going)[number]);
    const answer = await exchange(deps, productBatchRequest(members.map((member) => member.json), { Authorization: `Bearer ${token}` }));
    if (answer.status === 404 || answer.status === 405 || answer.status === 400 || answer.status === 413) {
      // An older server (404: remembered for a while), or a batch it will not take as a whole.
      if (answer.status === 404 || answer.status === 405) batchRouteMissing.set(db, deps.now() + BATCH_ROUTE_RECHECK_MS);
      for (const member of members) outcomes[member.index] = await sendClaimed(deps, member.entry, token, summary);
      continue;
    }
    const answers = answer.status === 200 ? batchAnswersOf(answer.body, members.map((member) => member.entry.id)) : null;
    for (const [position, member] of members.entries()) {
      const own = answers?.[position];
      const perEntry: EntryAnswer = own
        ? { status: own.status, body: own.body, headers: NO_HEADERS, noAnswer: null }
        : answer.status === 200
          ? // A 200 that is not a batch answer: as a failed server, tried again later.
            { status: 502, body: undefined, headers: NO_HEADERS, noAnswer: (deps.words ?? wordsShown)().batchAnswerOther }
          : answer;
      outcomes[member.index] = await settle(deps, member.entry, perEntry, null, summary);
    }
  }
  return outcomes;
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

/** The answer's sentence, in the language shown when it names its sentence (docs/languages.md). */
function messageOf(body: unknown): string | null {
  return serverSaysNow(body);
}

async function applySuccess(db: BackofficeDatabase, entry: OutboxRow, answer: unknown, headers: HeadersLike, now: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.products, db.bolModels, db.files, db.meta], async () => {
    await db.outbox.delete(entry.id);
    await db.meta.put({ key: LAST_SYNC_META_KEY, value: now });
    await outboxKindOf(entry).applySuccess(writeContext(db), entry, answer, headers);
  });
}
