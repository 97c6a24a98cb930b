/**
 * The sync status in jotai atoms, read by the top-bar indicator, the status panel and the login
 * page. This file imports no Dexie code (so the first download stays small): the atoms are fed by
 * `src/app/sync/app-sync.ts`, which watches the database and the drainer once the app started.
 */
import { atom } from 'jotai';
import { connection, isOnline, watchConnection, watchOnline } from '../lib/online';
import type { Connection } from '../lib/reachability-rule';

/** Online: the browser has a network and the server answers (lib/online.ts), kept fresh while anything reads it. */
export const onlineAtom = atom<boolean>(isOnline());
onlineAtom.onMount = (set) => {
  set(isOnline());
  return watchOnline(set);
};

/** Online, offline, or a network without the server answering (the top bar says which). */
export const connectionAtom = atom<Connection>(connection());
connectionAtom.onMount = (set) => {
  set(connection());
  return watchConnection(set);
};

/** How many changes wait in the outbox, by status. */
export interface OutboxCounts {
  /** Every change not yet on the server. */
  waiting: number;
  pending: number;
  sending: number;
  failed: number;
  conflict: number;
}

export const EMPTY_COUNTS: OutboxCounts = { waiting: 0, pending: 0, sending: 0, failed: 0, conflict: 0 };

/** Counts of the outbox by status; null until the engine has read the database once. */
export const outboxCountsAtom = atom<OutboxCounts | null>(null);

/** When a change last reached the server (ms since epoch), or null when never. */
export const lastSyncAtAtom = atom<number | null>(null);

/** True while this tab drains the outbox. */
export const drainingAtom = atom(false);

/** The last drain stopped on a 401 (or no session) with changes waiting: ask to sign in again. */
export const pausedForSignInAtom = atom(false);

export type DownloadStatus = 'idle' | 'running' | 'done' | 'error';

/** "Make available offline": what the panel shows about the catalogue download. */
export interface OfflineDownloadState {
  status: DownloadStatus;
  /** Supplier name, or 'All' for the whole catalogue. */
  scope: string;
  /** Products received in this download (or refresh) so far. */
  received: number;
  /** Products expected, when known cheaply (first download only). */
  total: number | null;
  /** True while fetching only the changes since a finished download. */
  refreshing: boolean;
  /** When the last download or refresh finished (ms since epoch). */
  finishedAt: number | null;
  error: string | null;
}

export const IDLE_DOWNLOAD: OfflineDownloadState = {
  status: 'idle',
  scope: 'All',
  received: 0,
  total: null,
  refreshing: false,
  finishedAt: null,
  error: null,
};

export const offlineDownloadAtom = atom<OfflineDownloadState>(IDLE_DOWNLOAD);

/** Whether the sync status panel is open (the top bar and the drawer both open it). */
export const syncPanelOpenAtom = atom(false);
