/** The bol calls of the Bol Model tab (docs/requirements.md §7; our side in docs/bol.md). Model saves go through the outbox, not here. */
import type {
  BolChunk,
  BolChunkAssignment,
  BolChunkList,
  BolJobReport,
  BolMarketplaceState,
  BolModel,
} from '../../shared/bol-contract';
import { apiFetch, apiFetchIfChanged } from './client';

/** Content creation follows bol's process statuses to the end: it takes seconds, sometimes minutes. */
const BOL_JOB_TIMEOUT_MS = 5 * 60_000;

/** GET /api/v1/bol/data/model/chunks: every Bol category of the data model. */
export async function getBolChunks(): Promise<BolChunk[]> {
  return (await apiFetch<BolChunkList>('/api/v1/bol/data/model/chunks')).chunks;
}

/** GET /api/v1/bol/data/model/chunk/{productId}: the assigned category, or bol's recommendations. */
export const getChunkAssignment = (productId: number) => apiFetch<BolChunkAssignment>(`/api/v1/bol/data/model/chunk/${productId}`);

/** POST /api/v1/bol/data/model/chunk/save: assigns a category to the product. */
export const saveChunkAssignment = (choice: { productId: number; chunkId: string; chunkName: string }) =>
  apiFetch<BolChunkAssignment>('/api/v1/bol/data/model/chunk/save', { method: 'POST', body: choice });

/** GET /api/v1/bol/data/model/product/{productId}: the Bol model (saved values, the rest prefilled). */
export const getBolModel = (productId: number) => apiFetch<BolModel>(`/api/v1/bol/data/model/product/${productId}`);

/** The Bol model if it changed since `version` (its ETag); null when the server answers 304. */
export async function getBolModelIfChanged(productId: number, version: number): Promise<BolModel | null> {
  const changed = await apiFetchIfChanged<BolModel>(`/api/v1/bol/data/model/product/${productId}`, `"${version}"`);
  return changed?.data ?? null;
}

/** POST /api/v1/bol/retailer/create/content/: sends the product's content to bol (a job report). */
export const createContentOnBol = (productIds: number[]) =>
  apiFetch<BolJobReport>('/api/v1/bol/retailer/create/content/', { method: 'POST', body: { productIds }, timeout: BOL_JOB_TIMEOUT_MS });

/** POST /api/v1/bol/report/upload: reads bol's upload report of the products again (a job report). */
export const readUploadReports = (productIds: number[]) =>
  apiFetch<BolJobReport>('/api/v1/bol/report/upload', { method: 'POST', body: { productIds }, timeout: BOL_JOB_TIMEOUT_MS });

/** GET /api/v1/bol/state/{productId}: what bol knows of the product, as far as we asked. */
export const getMarketplaceState = (productId: number) => apiFetch<BolMarketplaceState>(`/api/v1/bol/state/${productId}`);
