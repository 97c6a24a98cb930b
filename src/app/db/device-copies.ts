/**
 * The copies each screen keeps on this device, on the app's database: the only way features reach
 * Dexie (docs/architecture.md "Layers"). Reads give the copy and when it was fetched; writes never
 * overwrite a record whose change still waits in the outbox (the device's copy is newer then).
 */
import type { BolReportOverview } from '../../shared/export-contract';
import type { BolCancellationReasonOption, BolChunk, BolMarketplaceState, BolModel, BolOrder } from '../../shared/bol-contract';
import type { Product, ProductPage } from '../../shared/contract';
import { fromCachedProduct, getAppDatabase, toCachedProduct, type CachedOrder } from './database';
import { hasWaitingChange, keepUnlessWaiting, readFetchedAt } from './device-first';
import { bolModelEntityKey, productEntityKey } from './outbox-entry';
import { cacheProductPage, keptAnswer, readCachedProducts, type CachedAnswer, type CachedReadOptions } from './product-cache';
import { productQueryKey, type ProductQuery } from './query-key';
import { keepReferenceLists, readKeptReferenceListsWithTags, type KeptReferenceLists, type ReferenceListTags, type ReferenceLists } from './kept-reference-lists';

// ---- One product (the editor) ----

const productFetchedKey = (productId: number) => `product-fetched:${productId}`;

export async function readProductCopy(productId: number): Promise<{ product: Product; fetchedAt: number | null } | null> {
  const db = getAppDatabase();
  const cached = await db.products.get(productId);
  return cached ? { product: fromCachedProduct(cached), fetchedAt: await readFetchedAt(db, productFetchedKey(productId)) } : null;
}

export function keepProductCopy(product: Product): Promise<void> {
  const db = getAppDatabase();
  const place = { table: db.products, entityKey: productEntityKey(product.productId), fetchedKey: productFetchedKey(product.productId) };
  return keepUnlessWaiting(db, place, () => db.products.put(toCachedProduct(product)));
}

export function productChangeWaits(productId: number): Promise<boolean> {
  return hasWaitingChange(getAppDatabase(), productEntityKey(productId));
}

// ---- Product list pages ----

/**
 * The page kept for exactly this query. Unlike readCachedProducts it never filters the whole
 * cache locally, which is wasted work while the server is about to answer.
 */
export async function readKeptProductPage(query: ProductQuery): Promise<CachedAnswer | null> {
  const db = getAppDatabase();
  const stored = await db.productPages.get(productQueryKey(query));
  return stored ? keptAnswer(stored, await db.products.bulkGet(stored.productIds)) : null;
}

/** The kept page for this query, or one filtered on the device from the kept products. */
export function readProductPageOffline(query: ProductQuery, options?: CachedReadOptions): Promise<CachedAnswer> {
  return readCachedProducts(getAppDatabase(), query, options);
}

export function keepProductPage(query: ProductQuery, page: ProductPage): Promise<void> {
  return cacheProductPage(getAppDatabase(), query, page);
}

// ---- Bol model, categories and marketplace state ----

const modelFetchedKey = (productId: number) => `bol-model-fetched:${productId}`;
const CHUNK_ORDER_KEY = 'bol-chunk-order';
const STATE_PREFIX = 'bol-state:';

export async function readBolModelCopy(productId: number): Promise<{ model: BolModel; fetchedAt: number | null } | null> {
  const db = getAppDatabase();
  const kept = await db.bolModels.get(productId);
  return kept ? { model: kept as unknown as BolModel, fetchedAt: await readFetchedAt(db, modelFetchedKey(productId)) } : null;
}

export function keepBolModelCopy(model: BolModel): Promise<void> {
  const db = getAppDatabase();
  const place = { table: db.bolModels, entityKey: bolModelEntityKey(model.productId), fetchedKey: modelFetchedKey(model.productId) };
  return keepUnlessWaiting(db, place, () => db.bolModels.put(model));
}

export function bolModelChangeWaits(productId: number): Promise<boolean> {
  return hasWaitingChange(getAppDatabase(), bolModelEntityKey(productId));
}

/** The Bol model as kept now (after a save: the server's answer). */
export async function readKeptBolModel(productId: number): Promise<BolModel | null> {
  const kept = await getAppDatabase().bolModels.get(productId);
  return kept ? (kept as unknown as BolModel) : null;
}

export async function readBolChunks(): Promise<BolChunk[]> {
  const db = getAppDatabase();
  const [chunks, order] = await Promise.all([db.chunks.toArray(), db.meta.get(CHUNK_ORDER_KEY)]);
  // IndexedDB returns them by id; the model file's order is kept beside them.
  const ids = Array.isArray(order?.value) ? (order.value as string[]) : [];
  const rank = new Map(ids.map((id, index) => [id, index]));
  return chunks.sort((a, b) => (rank.get(a.chunkId) ?? Infinity) - (rank.get(b.chunkId) ?? Infinity));
}

export async function keepBolChunks(chunks: BolChunk[]): Promise<void> {
  const db = getAppDatabase();
  await db.transaction('rw', [db.chunks, db.meta], async () => {
    await db.chunks.clear();
    await db.chunks.bulkPut(chunks.map(({ chunkId, chunkName }) => ({ chunkId, chunkName })));
    await db.meta.put({ key: CHUNK_ORDER_KEY, value: chunks.map((chunk) => chunk.chunkId) });
  });
}

/** The last marketplace state seen for a product (shown offline). */
export async function readKeptMarketplaceState(productId: number): Promise<BolMarketplaceState | null> {
  const row = await getAppDatabase().meta.get(`${STATE_PREFIX}${productId}`);
  return (row?.value as BolMarketplaceState | undefined) ?? null;
}

export async function keepMarketplaceState(state: BolMarketplaceState): Promise<void> {
  await getAppDatabase().meta.put({ key: `${STATE_PREFIX}${state.productId}`, value: state });
}

// ---- Orders ----

const ORDERS_FETCHED_KEY = 'orders-fetched';

export async function keepOrders(orders: BolOrder[]): Promise<void> {
  const db = getAppDatabase();
  await db.transaction('rw', [db.orders, db.meta], async () => {
    await db.orders.bulkPut(orders.map((order) => ({ ...order }) as unknown as CachedOrder));
    await db.meta.put({ key: ORDERS_FETCHED_KEY, value: Date.now() });
  });
}

/** Page `page` of the orders kept, newest first, and how many are kept. */
export async function readKeptOrderPage(page: number, size: number): Promise<{ orders: BolOrder[]; total: number; fetchedAt: number | null }> {
  const db = getAppDatabase();
  // The server's times are ISO-8601 in UTC, so the index's text order is the time order.
  const [orders, total, fetched] = await Promise.all([
    db.orders.orderBy('orderPlacedDateTime').reverse().offset(page * size).limit(size).toArray(),
    db.orders.count(),
    db.meta.get(ORDERS_FETCHED_KEY),
  ]);
  return { orders: orders as unknown as BolOrder[], total, fetchedAt: typeof fetched?.value === 'number' ? fetched.value : null };
}

// ---- Order cancellation reasons (shown offline too) ----

const CANCELLATION_REASONS_KEY = 'bol-cancellation-reasons';

export async function keepCancellationReasons(reasons: BolCancellationReasonOption[]): Promise<void> {
  await getAppDatabase().meta.put({ key: CANCELLATION_REASONS_KEY, value: { reasons, fetchedAt: Date.now() } });
}

export async function readKeptCancellationReasons(): Promise<{ reasons: BolCancellationReasonOption[]; fetchedAt: number } | null> {
  const row = await getAppDatabase().meta.get(CANCELLATION_REASONS_KEY);
  const value = row?.value as { reasons?: unknown; fetchedAt?: unknown } | undefined;
  if (!value || !Array.isArray(value.reasons) || typeof value.fetchedAt !== 'number') return null;
  return { reasons: value.reasons as BolCancellationReasonOption[], fetchedAt: value.fetchedAt };
}

// ---- The Reports overview (shown offline as last fetched) ----

const reportKey = (page: number, size: number) => `bol-report:${page}:${size}`;

export async function keepBolReport(report: BolReportOverview): Promise<void> {
  await getAppDatabase().meta.put({ key: reportKey(report.page, report.size), value: { report, fetchedAt: Date.now() } });
}

export async function readKeptBolReport(page: number, size: number): Promise<{ report: BolReportOverview; fetchedAt: number } | null> {
  const row = await getAppDatabase().meta.get(reportKey(page, size));
  const value = row?.value as { report?: BolReportOverview; fetchedAt?: unknown } | undefined;
  return value?.report && typeof value.fetchedAt === 'number' ? { report: value.report, fetchedAt: value.fetchedAt } : null;
}

// ---- The Logs screen's list of jobs (shown offline as last fetched) ----

const jobsKey = (query: string) => `jobs:${query}`;

export async function keepJobsPage<T>(query: string, page: T): Promise<void> {
  await getAppDatabase().meta.put({ key: jobsKey(query), value: { page, fetchedAt: Date.now() } });
}

export async function readKeptJobsPage<T>(query: string): Promise<{ page: T; fetchedAt: number } | null> {
  const row = await getAppDatabase().meta.get(jobsKey(query));
  const value = row?.value as { page?: T; fetchedAt?: unknown } | undefined;
  return value?.page && typeof value.fetchedAt === 'number' ? { page: value.page, fetchedAt: value.fetchedAt } : null;
}

// ---- Reference lists (suppliers, categories, brands, family keys) ----

export function keepReferenceListCopies(lists: Partial<ReferenceLists>, tags: ReferenceListTags): Promise<void> {
  return keepReferenceLists(getAppDatabase(), lists, tags);
}

export function readReferenceListCopies(): Promise<KeptReferenceLists> {
  return readKeptReferenceListsWithTags(getAppDatabase());
}
