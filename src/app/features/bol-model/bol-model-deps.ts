/** The Bol Model tab's effects wired to the app: the bol calls, the device's copies in Dexie and the outbox. */
import type { BolChunk, BolMarketplaceState, BolModel } from '../../../shared/bol-contract';
import { getBolChunks, getBolModel } from '../../api/bol';
import { getAppDatabase } from '../../db/database';
import { hasWaitingChange, keepUnlessWaiting, readFetchedAt } from '../../db/device-first';
import { sessionUserAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { isOnline } from '../../lib/online';
import { bolModelEntityKey } from '../../db/outbox-entry';
import type { BolModelLoadDeps, ChunkLoadDeps } from './load-bol-model';
import type { BolSaveDeps } from './save-bol-model';

const MODEL_FETCHED_PREFIX = 'bol-model-fetched:';
const CHUNK_ORDER_KEY = 'bol-chunk-order';
const STATE_PREFIX = 'bol-state:';


const fetchedKey = (productId: number) => `${MODEL_FETCHED_PREFIX}${productId}`;

export const appBolModelLoadDeps: BolModelLoadDeps = {
  online: isOnline,
  fetchModel: (productId) => getBolModel(productId),
  async readDeviceModel(productId) {
    const db = getAppDatabase();
    const kept = await db.bolModels.get(productId);
    return kept ? { model: kept as unknown as BolModel, fetchedAt: await readFetchedAt(db, fetchedKey(productId)) } : null;
  },
  keepModel(model) {
    const db = getAppDatabase();
    const place = { table: db.bolModels, entityKey: bolModelEntityKey(model.productId), fetchedKey: fetchedKey(model.productId) };
    return keepUnlessWaiting(db, place, () => db.bolModels.put(model));
  },
  hasWaitingSave: (productId) => hasWaitingChange(getAppDatabase(), bolModelEntityKey(productId)),
};

export const appChunkLoadDeps: ChunkLoadDeps = {
  online: isOnline,
  fetchChunks: () => getBolChunks(),
  async readDeviceChunks() {
    const db = getAppDatabase();
    const [chunks, order] = await Promise.all([db.chunks.toArray(), db.meta.get(CHUNK_ORDER_KEY)]);
    // IndexedDB returns them by id; the model file's order is kept beside them.
    const ids = Array.isArray(order?.value) ? (order.value as string[]) : [];
    const rank = new Map(ids.map((id, index) => [id, index]));
    return chunks.sort((a, b) => (rank.get(a.chunkId) ?? Infinity) - (rank.get(b.chunkId) ?? Infinity));
  },
  async keepChunks(chunks: BolChunk[]) {
    const db = getAppDatabase();
    await db.transaction('rw', [db.chunks, db.meta], async () => {
      await db.chunks.clear();
      await db.chunks.bulkPut(chunks.map(({ chunkId, chunkName }) => ({ chunkId, chunkName })));
      await db.meta.put({ key: CHUNK_ORDER_KEY, value: chunks.map((chunk) => chunk.chunkId) });
    });
  },
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
  async readKeptModel(productId) {
    const kept = await getAppDatabase().bolModels.get(productId);
    return kept ? (kept as unknown as BolModel) : null;
  },
};

/** The last marketplace state seen for a product (shown offline), kept in meta. */
export async function readKeptMarketplaceState(productId: number): Promise<BolMarketplaceState | null> {
  const row = await getAppDatabase().meta.get(`${STATE_PREFIX}${productId}`);
  return (row?.value as BolMarketplaceState | undefined) ?? null;
}

export async function keepMarketplaceState(state: BolMarketplaceState): Promise<void> {
  await getAppDatabase().meta.put({ key: `${STATE_PREFIX}${state.productId}`, value: state });
}
