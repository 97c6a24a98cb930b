/** The Bol Model tab's effects wired to the app: the bol calls, the device's copies in Dexie and the outbox. */
import type { BolModel } from '../../../shared/bol-contract';
import type { ConflictChoice } from '../../../shared/change-set';
import { getBolChunks, getBolModel, getBolModelIfChanged } from '../../api/bol';
import { getProductHistory } from '../../api/products';
import type { FreshCopy } from '../../edit/use-fresh-record';
import { authorOfBolChange, changedBolFields } from './fresh-bol';
import type { OutboxEntry } from '../../sync/app-sync';
import {
  bolModelChangeWaits,
  keepBolChunks,
  keepBolModelCopy,
  keepMarketplaceState,
  readBolChunks,
  readBolModelCopy,
  readKeptBolModel,
  readKeptMarketplaceState,
} from '../../db/device-copies';
import { readKeptCopy, type KeptCopy } from '../../edit/kept-copy';
import { sessionUserAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { isOnline } from '../../lib/online';
import type { BolModelLoadDeps, ChunkLoadDeps } from './load-bol-model';
import type { BolSaveDeps } from './save-bol-model';

export const appBolModelLoadDeps: BolModelLoadDeps = {
  online: isOnline,
  fetchModel: (productId) => getBolModel(productId),
  readDeviceModel: readBolModelCopy,
  keepModel: keepBolModelCopy,
  hasWaitingSave: bolModelChangeWaits,
};

export const appChunkLoadDeps: ChunkLoadDeps = {
  online: isOnline,
  fetchChunks: () => getBolChunks(),
  readDeviceChunks: readBolChunks,
  keepChunks: keepBolChunks,
};

export const appBolSaveDeps: BolSaveDeps = {
  online: isOnline,
  author: () => appStore.get(sessionUserAtom),
  // The engine's own chunk (loaded at start with a session), so the tab's first paint stays small.
  async submit(change, author) {
    const { submit } = await import('../../sync/app-sync');
    return submit(change, author);
  },
  async follow(submitted) {
    const { followChange } = await import('../../sync/app-sync');
    return followChange(submitted);
  },
  readKeptModel: readKeptBolModel,
};

export { keepMarketplaceState, readKeptMarketplaceState };

/** Follows this model's waiting changes in the outbox (a conflict shows on the tab); returns the unsubscribe. */
export function watchBolChanges(productId: number, onEntries: (entries: OutboxEntry[]) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void import('../../sync/app-sync').then(({ watchBolModelChanges }) => {
    if (!stopped) stop = watchBolModelChanges(productId, onEntries);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Settles a Bol-model conflict per attribute; what is left is sent at once. */
export async function settleBolConflict(entryId: string, choices: Readonly<Record<string, ConflictChoice>>): Promise<void> {
  const { settleChange } = await import('../../sync/app-sync');
  await settleChange(entryId, choices);
}

/** The model as this device keeps it (after a save: the server's answer), marked as waiting while a save of it waits. */
export function readKeptBolModelCopy(productId: number): Promise<KeptCopy<BolModel> | null> {
  return readKeptCopy(
    () => readKeptBolModel(productId),
    () => bolModelChangeWaits(productId),
  );
}

/**
 * The open Bol Model tab's poll (docs/product-edit.md "Open forms stay fresh"): the model if it
 * changed since the form's version, kept on the device, with who made the newest of its changes.
 */
export async function pollFreshBolModel(base: BolModel): Promise<FreshCopy<BolModel> | null> {
  const record = await getBolModelIfChanged(base.productId, base.version ?? 0);
  if (!record || (record.version ?? 0) <= (base.version ?? 0)) return null;
  await keepBolModelCopy(record).catch(() => undefined);
  const history = await getProductHistory(base.productId, 0, 10).catch(() => null);
  return { record, by: history ? authorOfBolChange(history.content, changedBolFields(base, record)) : [] };
}
