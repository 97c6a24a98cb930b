/**
 * Reading the Bol model and the category list, device first (docs/offline.md "Reads"): the copy
 * kept in Dexie at once, then the server's answer, which is kept. A model with a save still
 * waiting in the outbox keeps showing the device copy: the server's is older. Decisions only;
 * the effects come in as deps so they can be tested.
 */
import type { BolChunk, BolModel } from '../../../shared/bol-contract';
import { offlineDataNote } from '../../ui/date-time-text';

export type BolModelSource =
  | { kind: 'network' }
  | { kind: 'device'; fetchedAt: number | null; reason: 'offline' | 'unreachable' | 'waiting-change' | 'loading' };

export type BolModelLoadState =
  | { status: 'loading' }
  | { status: 'ready'; model: BolModel; source: BolModelSource }
  | { status: 'error'; message: string };

export interface BolModelLoadDeps {
  online(): boolean;
  fetchModel(productId: number): Promise<BolModel>;
  readDeviceModel(productId: number): Promise<{ model: BolModel; fetchedAt: number | null } | null>;
  keepModel(model: BolModel): Promise<void>;
  /** Whether a save of this model waits in the outbox (then the device copy is the newest). */
  hasWaitingSave(productId: number): Promise<boolean>;
}

export const OFFLINE_NOT_KEPT = 'You are offline and the Bol model of this product is not kept on this device.';

function isNoAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 0;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Calls `show` with the device copy first (when there is one), then with the server's answer. */
export async function loadBolModel(productId: number, deps: BolModelLoadDeps, show: (state: BolModelLoadState) => void): Promise<void> {
  const device = await deps.readDeviceModel(productId).catch(() => null);
  const waiting = await deps.hasWaitingSave(productId).catch(() => false);
  const fromDevice = (reason: Extract<BolModelSource, { kind: 'device' }>['reason']): BolModelLoadState | null =>
    device ? { status: 'ready', model: device.model, source: { kind: 'device', fetchedAt: device.fetchedAt, reason } } : null;

  const first = fromDevice('loading');
  if (first) show(first);
  if (!deps.online()) {
    show(fromDevice('offline') ?? { status: 'error', message: OFFLINE_NOT_KEPT });
    return;
  }
  try {
    const model = await deps.fetchModel(productId);
    const kept = waiting ? fromDevice('waiting-change') : null;
    if (kept) {
      show(kept);
      return;
    }
    await deps.keepModel(model).catch(() => undefined);
    show({ status: 'ready', model, source: { kind: 'network' } });
  } catch (error) {
    // No answer: the device copy stands. A real answer (404, 400) is the truth.
    const kept = isNoAnswer(error) ? fromDevice('unreachable') : null;
    show(kept ?? { status: 'error', message: messageOf(error) });
  }
}

/** The marking of a device copy, or null for the server's fresh answer. */
export function bolDeviceNote(source: BolModelSource, timeText: (ms: number) => string): string | null {
  if (source.kind === 'network' || source.reason === 'loading') return null;
  if (source.reason === 'waiting-change') return 'Your saved Bol model is waiting to be sent; shown as saved on this device.';
  return offlineDataNote(source.fetchedAt, 'kept on this device', timeText);
}

export interface ChunkLoadDeps {
  online(): boolean;
  fetchChunks(): Promise<BolChunk[]>;
  readDeviceChunks(): Promise<BolChunk[]>;
  keepChunks(chunks: BolChunk[]): Promise<void>;
}

/** The category list: the kept one at once (when any), then the server's, kept for next time. */
export async function loadChunks(deps: ChunkLoadDeps, show: (chunks: BolChunk[]) => void): Promise<void> {
  const kept = await deps.readDeviceChunks().catch(() => []);
  if (kept.length > 0) show(kept);
  if (!deps.online()) return;
  try {
    const chunks = await deps.fetchChunks();
    show(chunks);
    await deps.keepChunks(chunks).catch(() => undefined);
  } catch (error) {
    // Spec 8: category loading failures are only logged.
    console.error('Loading the Bol categories failed', error);
  }
}
