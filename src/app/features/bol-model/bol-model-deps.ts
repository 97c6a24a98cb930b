/** The Bol Model tab's effects wired to the app: the bol calls, the device's copies in Dexie and the outbox. */
import type { BolChunk, BolMarketplaceState, BolModel } from '../../../shared/bol-contract';
import { getBolChunks, getBolModel } from '../../api/bol';
import { getAppDatabase } from '../../db/database';
import { hasWaitingChange, keepUnlessWaiting, readFetchedAt } from '../../db/device-first';
import { sessionUserAtom } from '../../state/session';
import { appStore } from '../../state/store';
import { enqueueBolModelSave } from '../../sync/outbox';
import { bolModelEntityKey } from '../../sync/outbox-types';
import type { BolModelLoadDeps, ChunkLoadDeps } from './load-bol-model';
import type { BolSaveDeps } from './save-bol-model';

const MODEL_FETCHED_PREFIX = 'bol-model-fetched:';
const CHUNK_ORDER_KEY = 'bol-chunk-order';
const STATE_PREFIX = 'bol-state:';

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

const fetchedKey = (productId: number) => `${MODEL_FETCHED_PREFIX}${productId}`;

export const appBolModelLoadDeps: BolModelLoadDeps = {
  online,
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
  online,
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
  online,
  author: () => appStore.get(sessionUserAtom),
  enqueue: (model, baseVersion, author) => enqueueBolModelSave(getAppDatabase(), model, baseVersion, author),
  async syncNow() {
    // The engine's own chunk (loaded at start with a session); its "Sync now" skips every backoff.
    const { syncNow } = await import('../../sync/app-sync');
    return syncNow();
  },
  async readEntry(id) {
    const entry = await getAppDatabase().outbox.get(id);
    return entry ? { status: entry.status, lastError: entry.lastError } : null;
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
