/**
 * The record as this device keeps it, for the edit controller (docs/offline.md "Reads"): after a
 * save reached the server the drainer stored the server's answer there, so the screen shows that
 * copy instead of reading the record from the server again. While a change of it still waits, the
 * copy is marked as waiting to be sent.
 */
import type { DeviceCopySource } from '../db/device-first';

/** The server's answer (read just now, or stored by the drainer after my save). */
export const FROM_SERVER: DeviceCopySource = { kind: 'network' };
/** The device's copy with my change that still waits to be sent. */
export const WAITING_ON_DEVICE: DeviceCopySource = { kind: 'device', fetchedAt: null, reason: 'waiting-change' };

export interface KeptCopy<R> {
  record: R;
  source: DeviceCopySource;
}

export async function readKeptCopy<R>(read: () => Promise<R | null>, waits: () => Promise<boolean>): Promise<KeptCopy<R> | null> {
  const record = await read();
  if (record === null) return null;
  const waiting = await waits().catch(() => false);
  return { record, source: waiting ? WAITING_ON_DEVICE : FROM_SERVER };
}
