/**
 * Reading one record device first (docs/architecture.md "The offline engine", reads): the copy kept in Dexie at once,
 * then the server's answer, which is kept. Offline, or when the server gives no answer, the device
 * copy stays, marked with its age; while a change of the record waits in the outbox the device
 * copy (which already shows it) wins over the server's older one. The product editor and the Bol
 * Model tab both read this way.
 */
import type { Table } from 'dexie';
import { offlineDataNote } from '../lib/format';
import type { BackofficeDatabase } from './database';
import { isNoAnswer } from '../lib/no-answer';
import { offlineDataMessages, type OfflineDataWords } from '../../shared/offline-data-messages';

export type DeviceCopySource =
  /** The server's answer, just now. */
  | { kind: 'network' }
  /** The copy kept on this device; fetchedAt is null when its age is not known. */
  | { kind: 'device'; fetchedAt: number | null; reason: 'offline' | 'unreachable' | 'waiting-change' | 'loading' };

export type DeviceFirstState<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T; source: DeviceCopySource }
  | { status: 'error'; message: string };

export interface DeviceFirstDeps<T> {
  online(): boolean;
  fetch(): Promise<T>;
  readDevice(): Promise<{ value: T; fetchedAt: number | null } | null>;
  keep(value: T): Promise<void>;
  /** Whether a change of this record waits in the outbox (then the device copy is the newest). */
  hasWaitingChange(): Promise<boolean>;
  /** The error when offline and nothing is kept. */
  offlineNotKept: string;
}

/** Calls `show` with the device copy first (when there is one), then with the server's answer. */
export async function loadDeviceFirst<T>(deps: DeviceFirstDeps<T>, show: (state: DeviceFirstState<T>) => void): Promise<void> {
  const device = await deps.readDevice().catch(() => null);
  const waiting = await deps.hasWaitingChange().catch(() => false);
  const fromDevice = (reason: Extract<DeviceCopySource, { kind: 'device' }>['reason']): DeviceFirstState<T> | null =>
    device ? { status: 'ready', value: device.value, source: { kind: 'device', fetchedAt: device.fetchedAt, reason } } : null;

  const first = fromDevice('loading');
  if (first) show(first);
  if (!deps.online()) {
    show(fromDevice('offline') ?? { status: 'error', message: deps.offlineNotKept });
    return;
  }
  try {
    const value = await deps.fetch();
    const kept = waiting ? fromDevice('waiting-change') : null;
    if (kept) {
      show(kept);
      return;
    }
    await deps.keep(value).catch(() => undefined);
    show({ status: 'ready', value, source: { kind: 'network' } });
  } catch (error) {
    // No answer at all (Wi-Fi gone, server down): the device copy stands. A real answer
    // (404, 400) is the truth even when a copy exists.
    const kept = isNoAnswer(error) ? fromDevice('unreachable') : null;
    show(kept ?? { status: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The marking of a device copy, or null when the record is the server's fresh answer. */
export function deviceCopyNote(
  source: DeviceCopySource,
  waitingText: string,
  timeText: (ms: number) => string,
  words: OfflineDataWords = offlineDataMessages,
): string | null {
  if (source.kind === 'network' || source.reason === 'loading') return null;
  if (source.reason === 'waiting-change') return waitingText;
  return offlineDataNote(source.fetchedAt, words.keptHere, timeText, words);
}

// --- The device side, in Dexie ------------------------------------------------------------------

/** Where a record's copy lives: its table, its outbox entity key, and the meta key of its age. */
export interface DeviceCopyPlace {
  table: Table;
  entityKey: string;
  /** The meta key that holds when the copy was fetched, e.g. 'product-fetched:12'. */
  fetchedKey: string;
}

export async function readFetchedAt(db: BackofficeDatabase, fetchedKey: string): Promise<number | null> {
  const value = (await db.meta.get(fetchedKey))?.value;
  return typeof value === 'number' ? value : null;
}

/** Keeps the server's copy with its time, unless a change of the record was queued meanwhile (another tab). */
export async function keepUnlessWaiting(db: BackofficeDatabase, place: DeviceCopyPlace, write: () => Promise<unknown>, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', [place.table, db.meta, db.outbox], async () => {
    if ((await db.outbox.where('entityKey').equals(place.entityKey).count()) > 0) return;
    await write();
    await db.meta.put({ key: place.fetchedKey, value: now });
  });
}

/** Whether a change of the record waits to be sent (a failed one does not: it will not be). */
export async function hasWaitingChange(db: BackofficeDatabase, entityKey: string): Promise<boolean> {
  const entries = await db.outbox.where('entityKey').equals(entityKey).toArray();
  return entries.some((entry) => entry.status !== 'failed');
}
