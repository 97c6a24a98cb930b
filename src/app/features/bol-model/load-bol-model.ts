/**
 * Reading the Bol model and the category list, device first (docs/offline.md "Reads"): the copy
 * kept in Dexie at once, then the server's answer, which is kept. A model with a save still
 * waiting in the outbox keeps showing the device copy: the server's is older. Decisions only;
 * the effects come in as deps so they can be tested.
 */
import { offlineDataMessages, type OfflineDataWords } from '../../../shared/offline-data-messages';
import { bolModelMessages } from '../../../shared/bol-model-messages';
import type { BolChunk, BolModel } from '../../../shared/bol-contract';
import { noServerMessages } from '../../../shared/no-server-messages';
import { deviceCopyNote, loadDeviceFirst, type DeviceCopySource } from '../../db/device-first';
import { noServerSays } from '../../lib/no-server-sentence';

export type BolModelSource = DeviceCopySource;

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

/** The offline sentence; while the server does not answer the unreachable one is shown instead. */
export const OFFLINE_NOT_KEPT = noServerMessages.bolModelNotKept.offline;

/** Calls `show` with the device copy first (when there is one), then with the server's answer. */
export function loadBolModel(productId: number, deps: BolModelLoadDeps, show: (state: BolModelLoadState) => void): Promise<void> {
  return loadDeviceFirst(
    {
      online: deps.online,
      fetch: () => deps.fetchModel(productId),
      readDevice: async () => {
        const copy = await deps.readDeviceModel(productId);
        return copy && { value: copy.model, fetchedAt: copy.fetchedAt };
      },
      keep: deps.keepModel,
      hasWaitingChange: () => deps.hasWaitingSave(productId),
      offlineNotKept: noServerSays('bolModelNotKept'),
    },
    (state) => show(state.status === 'ready' ? { status: 'ready', model: state.value, source: state.source } : state),
  );
}

/** The marking of a device copy, or null for the server's fresh answer. */
export function bolDeviceNote(source: BolModelSource, timeText: (ms: number) => string, waitingText: string = bolModelMessages.waitingToBeSent, words: OfflineDataWords = offlineDataMessages): string | null {
  return deviceCopyNote(source, waitingText, timeText, words);
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
    // docs/requirements.md §8: category loading failures are only logged.
    console.error('Loading the Bol categories failed', error);
  }
}
