/**
 * The engine wired to the browser: the real transport (fetch), the session atoms, navigator.locks
 * and the window/document events. Call `startAppSync()` once when the app starts.
 */
import { getAppDatabase, type BackofficeDatabase } from '../db/database';
import { requestPersistentStorage } from '../db/storage';
import { jwtAtom, sessionUserAtom } from '../state/session';
import { appStore } from '../state/store';
import { browserLock, drainOutbox, type DrainDeps, type DrainSummary, type OutboxRequest, type ResponseLike } from './drainer';
import { earliestNextAttempt } from './outbox';
import { createSyncScheduler, type SyncScheduler } from './sync-scheduler';

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
  };
}

let scheduler: SyncScheduler | null = null;

export function startAppSync(onDrained?: (summary: DrainSummary) => void): SyncScheduler {
  if (scheduler) return scheduler;
  const deps = appDrainDeps();
  void requestPersistentStorage(deps.db).catch(() => null);
  scheduler = createSyncScheduler({
    drain: () => drainOutbox(deps),
    nextWakeAt: () => earliestNextAttempt(deps.db),
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    onlineTarget: window,
    visibilityTarget: document,
    ...(onDrained ? { onDrained } : {}),
    onError: (error) => console.error('Sync failed', error),
  });
  scheduler.start();
  return scheduler;
}
