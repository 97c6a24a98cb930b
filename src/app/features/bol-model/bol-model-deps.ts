/** The Bol Model tab's effects wired to the app: the bol calls, the device's copies in Dexie and the outbox. */
import { getBolChunks, getBolModel } from '../../api/bol';
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
