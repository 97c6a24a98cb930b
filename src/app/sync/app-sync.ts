/**
 * The engine wired to the browser: the real transport (fetch), the session atoms, navigator.locks
 * and the window/document events, and the sync status atoms of `state/sync.ts` kept fresh from
 * the database. Call `startAppSync()` once when the app starts; main.tsx loads this module as its
 * own chunk, so Dexie is not part of the first download.
 */
import { liveQuery } from 'dexie';
import { getProductChanges, getProductTotal } from '../api/products';
import { getAppDatabase, LAST_USER_META_KEY, type BackofficeDatabase } from '../db/database';
import type { OutboxRow } from '../db/outbox-entry';
import { requestPersistentStorage } from '../db/storage';
import { jwtAtom, sessionUserAtom } from '../state/session';
import { appStore } from '../state/store';
import { conflictEntriesAtom, type ConflictSummary } from '../state/needs-you';
import { chooseReferenceLists, fetchReferenceLists } from '../state/reference-lists';
import { drainingAtom, lastSyncAtAtom, offlineDownloadAtom, outboxCountsAtom, pausedForSignInAtom } from '../state/sync';
import { browserLock, drainOutbox, LAST_SYNC_META_KEY, type DrainDeps, type DrainSummary, type OutboxRequest, type ResponseLike } from './drainer';
import { listDownloadRecords, runOfflineDownload, type DownloadTransport, type DownloadRecord } from './offline-download';

export { downloadPercent } from './offline-download';
import { bolModelEntityKey, countOutbox, discard, earliestNextAttempt, listOutbox, productEntityKey, resolveConflict, retry, settleConflict, type OutboxCounts, type OutboxEntry, type OutboxStatus } from './outbox';
import { asEntries, outboxKindOf } from './outbox-kinds';
import { uploadedPath } from './outbox-memory';
import type { ConflictChoice } from '../../shared/field-diff';
import { followSave, submitChange, type Change, type SaveOutcome, type Submitted } from './submit';
import { createSyncScheduler, type SyncScheduler } from './sync-scheduler';
import { heardFromServer, isOnline, reachability } from '../lib/online';

export type { Change, PickedFile, SaveOutcome, Submitted } from './submit';
export type { OutboxCounts, OutboxEntry, OutboxStatus } from './outbox';
/** Whether an image's path is still the placeholder of a waiting upload (its outbox id), else null. */
export { uploadIdOfPlaceholder as waitingUploadOf } from '../db/outbox-entry';

type Store = typeof appStore;

/** The outbox's own use of fetch: writes go through app/sync, never from screens. */
export function fetchTransport(request: OutboxRequest): Promise<ResponseLike> {
  // The one place outside app/api that talks to the network (lint rule: screens must not).
  return globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    credentials: 'same-origin',
  });
}

export function appDrainDeps(db: BackofficeDatabase = getAppDatabase()): DrainDeps {
  return {
    db,
    send: fetchTransport,
    token: () => appStore.get(jwtAtom),
    currentUser: () => (appStore.get(jwtAtom) ? appStore.get(sessionUserAtom) : null),
    now: () => Date.now(),
    random: Math.random,
    lock: browserLock,
    heard: heardFromServer,
  };
}

/** A waiting change that went back only for want of an answer (none at all, or a proxy's 502-504): it goes as soon as the server answers again. */
function waitedForConnection(entry: OutboxRow): boolean {
  return /^No (connection|answer)|answered 50[234];/.test(entry.lastError ?? '');
}

let scheduler: SyncScheduler | null = null;

/** Starts draining, watching the outbox for the status atoms, and following sign-ins. Idempotent. */
export function startAppSync(onDrained?: (summary: DrainSummary) => void, store: Store = appStore): SyncScheduler {
  if (scheduler) return scheduler;
  const deps = appDrainDeps();
  scheduler = createSyncScheduler({
    drain: async () => {
      store.set(drainingAtom, true);
      try {
        const summary = await drainOutbox(deps);
        store.set(pausedForSignInAtom, summary.pausedForAuth);
        return summary;
      } finally {
        store.set(drainingAtom, false);
      }
    },
    nextWakeAt: () => earliestNextAttempt(deps.db, deps.currentUser()),
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onlineTarget: window,
    visibilityTarget: document,
    ...(onDrained ? { onDrained } : {}),
    onError: (error) => console.error('Sync failed', error),
  });
  watchDatabase(deps.db, store);
  followSession(deps.db, store);
  const connectionBack = () => {
    // Changes that waited only for the connection go now, not when their backoff ends.
    void sendWaitingNow(deps.db, waitedForConnection).then(() => scheduler?.syncNow());
    void refreshOfflineCopies(store);
  };
  window.addEventListener('online', connectionBack);
  // The server answers again without the browser going offline and back (docs/offline.md "Reaching the server").
  reachability.watch((reachable) => {
    if (reachable) connectionBack();
  });
  scheduler.start();
  return scheduler;
}

/** Outbox counts and the last sync time, from the database (other tabs' changes included). */
function watchDatabase(db: BackofficeDatabase, store: Store): void {
  liveQuery(() => countOutbox(db)).subscribe({
    next: (counts) => store.set(outboxCountsAtom, counts),
    error: (error: unknown) => console.error('Reading the outbox failed', error),
  });
  // What waits for a decision: only the conflicting entries are read (the status index), so the
  // product list's marks and the "Needs you" list cost a lookup of a few rows (docs/offline.md "Conflicts").
  liveQuery(async () => (await db.outbox.where('status').equals('conflict').toArray()).map(conflictSummaryOf)).subscribe({
    next: (conflicts) => store.set(conflictEntriesAtom, conflicts),
    error: (error: unknown) => console.error('Reading the conflicts failed', error),
  });
  liveQuery(async () => (await db.meta.get(LAST_SYNC_META_KEY))?.value).subscribe({
    next: (value) => store.set(lastSyncAtAtom, typeof value === 'number' ? value : null),
    error: (error: unknown) => console.error('Reading the last sync time failed', error),
  });
}

/** A conflicting entry as the screens see it: which product, which kind, whose, and the title the server's answer gave. */
function conflictSummaryOf(row: OutboxRow): ConflictSummary {
  const kind = outboxKindOf(row);
  const answer = row.serverCopy as { product?: { title?: unknown }; written?: unknown } | null | undefined;
  const answered = answer?.product?.title;
  const title = typeof answered === 'string' ? answered : (kind.titleOf?.(row) ?? null);
  const restSaved = Array.isArray(answer?.written) && answer.written.length > 0;
  return { id: row.id, productId: kind.productIdOf(row), kind: row.kind, author: row.author, seq: row.seq, title, restSaved };
}

/**
 * On every sign-in (and at start with a session): remember who signed in (the v2 migration
 * tags old changes with it), ask once for persistent storage, send what waits (a drain paused
 * for sign-in resumes here) and continue or refresh the offline copy.
 */
function followSession(db: BackofficeDatabase, store: Store): void {
  let previousToken = store.get(jwtAtom);
  const onSignedIn = () => {
    const user = store.get(sessionUserAtom);
    if (user) void db.meta.put({ key: LAST_USER_META_KEY, value: user }).catch((error: unknown) => console.error(error));
    void requestPersistentStorage(db).catch(() => null);
    void scheduler?.syncNow();
    void refreshOfflineCopies(store);
  };
  store.sub(jwtAtom, () => {
    const token = store.get(jwtAtom);
    const signedIn = token !== null && token !== previousToken;
    previousToken = token;
    // After the whole sign-in write: the user name atom is set after the token.
    if (signedIn) queueMicrotask(onSignedIn);
  });
  if (previousToken) queueMicrotask(onSignedIn);
}

/** Makes waiting entries due at once (their backoff is skipped). */
async function sendWaitingNow(db: BackofficeDatabase, which: (entry: OutboxRow) => boolean = () => true): Promise<void> {
  await db.outbox
    .where('status')
    .equals('pending')
    .filter((entry) => entry.nextAttemptAt > 0 && which(entry))
    .modify({ nextAttemptAt: 0 });
}

/** The "Sync now" button: sends every waiting change now; resolves when that drain ended. */
export async function syncNow(): Promise<DrainSummary | null> {
  if (!scheduler) return null;
  await sendWaitingNow(getAppDatabase());
  return scheduler.syncNow();
}

/**
 * The one entry point for a feature's writes: the change is queued in the outbox under `author`
 * and shown on the device at once, and a drain starts. Follow it with `followChange`.
 */
export async function submit(change: Change, author: string): Promise<Submitted> {
  const submitted = await submitChange(getAppDatabase(), change, author);
  startAppSync();
  void syncNow();
  return submitted;
}

/** What became of a submitted change (the same answer for every kind); see saveOutcome. */
export function followChange(submitted: Submitted, patienceMs?: number): Promise<SaveOutcome> {
  return followSave(getAppDatabase(), submitted, isOnline, patienceMs);
}

/** The titles of the cached products that waiting changes without a title of their own touch (the panel names them). */
export async function titlesOfChanges(entries: readonly OutboxEntry[]): Promise<Map<number, string>> {
  const untitled = entries.filter((entry) => !outboxKindOf(entry).titleOf);
  const ids = [...new Set(untitled.map((entry) => outboxKindOf(entry).productIdOf(entry)))];
  const products = await getAppDatabase().products.bulkGet(ids);
  return new Map(products.filter((product) => product !== undefined).map((product) => [product.productId, product.title]));
}

/** The offline copies this device keeps (one record per scope). */
export function listOfflineCopies(): Promise<DownloadRecord[]> {
  return listDownloadRecords(getAppDatabase());
}

/**
 * What an image whose upload waits shows: the picked file's bytes kept on this device, or, once the
 * upload went, the path the server gave it; null when neither is known.
 */
export async function waitingUploadSource(uploadId: string): Promise<{ bytes: ArrayBuffer; type: string } | { path: string } | null> {
  const db = getAppDatabase();
  const file = await db.files.get(uploadId);
  if (file) return { bytes: file.bytes, type: file.type };
  const uploaded = await uploadedPath(db, uploadId);
  return uploaded === null ? null : { path: uploaded };
}

/** The waiting changes in send order, optionally only those with the given statuses (the status panel). */
export function listChanges(statuses?: readonly OutboxStatus[]): Promise<OutboxEntry[]> {
  return listOutbox(getAppDatabase(), statuses);
}

export async function currentOutboxCounts(): Promise<OutboxCounts> {
  return countOutbox(getAppDatabase());
}

export async function retryChange(id: string): Promise<void> {
  await retry(getAppDatabase(), id);
  void syncNow();
}

export async function discardChange(id: string): Promise<void> {
  await discard(getAppDatabase(), id);
}

/** Settles a change-set conflict field by field ('mine' / 'theirs' per field); what is left goes at once. */
export async function settleChange(id: string, choices: Readonly<Record<string, ConflictChoice>>): Promise<void> {
  await settleConflict(getAppDatabase(), id, choices);
  void syncNow();
}

/** Follows the waiting changes of one record of the outbox (`entityKey`), in their order; returns the unsubscribe. */
function watchEntityChanges(entityKey: string, onEntries: (entries: OutboxEntry[]) => void): () => void {
  const db = getAppDatabase();
  const subscription = liveQuery(async () => asEntries(await db.outbox.where('entityKey').equals(entityKey).sortBy('seq'))).subscribe({
    next: onEntries,
    error: (error: unknown) => console.error('Reading the outbox failed', error),
  });
  return () => subscription.unsubscribe();
}

/** Follows the waiting changes of one product (the editor shows their state); returns the unsubscribe. */
export function watchProductChanges(productId: number, onEntries: (entries: OutboxEntry[]) => void): () => void {
  return watchEntityChanges(productEntityKey(productId), onEntries);
}

/** Follows the waiting changes of one product's Bol model (the Bol Model tab shows their state); returns the unsubscribe. */
export function watchBolModelChanges(productId: number, onEntries: (entries: OutboxEntry[]) => void): () => void {
  return watchEntityChanges(bolModelEntityKey(productId), onEntries);
}

export async function resolveChange(id: string, choice: 'keep-mine' | 'take-theirs'): Promise<void> {
  await resolveConflict(getAppDatabase(), id, choice);
  if (choice === 'keep-mine') void syncNow();
}

// --- Make available offline -------------------------------------------------------------------

/** A finished offline copy is refreshed (changes only) when older than this. */
const REFRESH_AFTER_MS = 10 * 60_000;

const appDownloadTransport: DownloadTransport = {
  changes: ({ cursor, limit, supplierName }) => getProductChanges({ cursor, limit, supplierName }),
  total: (supplierName) => getProductTotal(supplierName),
  referenceLists: async () => {
    const { keep, tags } = chooseReferenceLists(await fetchReferenceLists(), {});
    return { lists: keep, tags };
  },
};

let downloading: Promise<void> | null = null;

function canDownload(store: Store): boolean {
  return store.get(jwtAtom) !== null && isOnline();
}

/** Downloads one scope ('All' = the whole catalogue) into the products table, in the background. */
export function makeAvailableOffline(supplierName: string, store: Store = appStore): Promise<void> {
  if (downloading) return downloading;
  downloading = downloadInto(store, [supplierName]).finally(() => {
    downloading = null;
  });
  return downloading;
}

/** Continues an unfinished download and refreshes finished ones that are getting old. */
export async function refreshOfflineCopies(store: Store = appStore, force = false): Promise<void> {
  if (downloading || !canDownload(store)) return;
  const records = await listDownloadRecords(getAppDatabase()).catch(() => []);
  const now = Date.now();
  const due = records.filter((record) => force || !record.complete || (record.finishedAt ?? 0) + REFRESH_AFTER_MS <= now);
  if (due.length === 0 || downloading) return;
  // Unfinished first: that is the one the person is waiting for.
  due.sort((a, b) => Number(a.complete) - Number(b.complete));
  downloading = downloadInto(store, due.map((record) => record.scope)).finally(() => {
    downloading = null;
  });
  return downloading;
}

async function downloadInto(store: Store, scopes: string[]): Promise<void> {
  for (const scope of scopes) {
    try {
      const { record } = await browserLock(`offline-download:${scope}`, () =>
        runOfflineDownload(
          {
            db: getAppDatabase(),
            transport: appDownloadTransport,
            onProgress: (progress) =>
              store.set(offlineDownloadAtom, { status: 'running', ...progress, finishedAt: null, error: null }),
          },
          scope,
        ),
      );
      store.set(offlineDownloadAtom, {
        status: 'done',
        scope,
        received: record.received,
        total: record.total,
        refreshing: false,
        finishedAt: record.finishedAt,
        error: null,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.set(offlineDownloadAtom, (previous) => ({ ...previous, status: 'error', scope, error: reason }));
      return;
    }
  }
}
