/**
 * The app's one IndexedDB database (Dexie): cached reads, the outbox of writes and picked files.
 *
 * Every schema version lives in `declareVersions` below, oldest first, each with a comment. Never
 * edit or remove a released version: add a new one. Removing a table or an index from a version
 * is fine for Dexie, but removing a table DELETES ITS DATA on upgrade — never do that to `outbox`
 * or `files`, which hold edits that exist nowhere else.
 */
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type { Category, Product } from '../../shared/contract';
import type { OutboxEntry } from './outbox-entry';

export const DATABASE_NAME = 'backoffice';
export const LATEST_VERSION = 2;

/** A product as cached: the server's record plus index helpers (IndexedDB cannot index booleans). */
export interface CachedProduct extends Product {
  /** 1 when passedModeration, else 0 (added in version 2). */
  moderationKey: 0 | 1;
}

/** One page of the product list as the server answered it, keyed by the canonical query. */
export interface CachedProductPage {
  key: string;
  productIds: number[];
  totalPages: number;
  totalElements: number;
  /** When it was fetched (ms since epoch); shown as "offline data from …". */
  fetchedAt: number;
}

/** The Bol product model is passed back unchanged; only productId is relied on here. */
export interface CachedBolModel {
  productId: number;
  [field: string]: unknown;
}

export interface CachedOrder {
  orderId: string;
  orderPlacedDateTime: string;
  [field: string]: unknown;
}

export interface CachedSupplier {
  supplierId: number;
  supplierName: string;
  supplierUrlFeed: string;
  inProgress: boolean;
}

export interface CachedFamilyKey {
  familyKey: string;
}

export interface CachedChunk {
  chunkId: string;
  chunkName: string;
}

/** A picked image kept until its upload succeeds; the id is the upload entry's id. */
export interface StoredFile {
  id: string;
  bytes: ArrayBuffer;
  name: string;
  type: string;
  createdAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class BackofficeDatabase extends Dexie {
  products!: Table<CachedProduct, number>;
  productPages!: Table<CachedProductPage, string>;
  bolModels!: Table<CachedBolModel, number>;
  orders!: Table<CachedOrder, string>;
  suppliers!: Table<CachedSupplier, number>;
  categories!: Table<Category, number>;
  familyKeys!: Table<CachedFamilyKey, string>;
  chunks!: Table<CachedChunk, string>;
  outbox!: Table<OutboxEntry, string>;
  files!: Table<StoredFile, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string, upToVersion: number, options?: DexieOptions) {
    super(name, options);
    declareVersions(this, upToVersion);
  }
}

/** The meta key under which the app remembers who signed in last (used by the v2 backfill). */
export const LAST_USER_META_KEY = 'lastSignedInUser';

function declareVersions(db: Dexie, upToVersion: number): void {
  // Version 1: the first shape. Outbox entries were only found by entity and status.
  db.version(1).stores({
    products: '&productId, supplier.supplierName, sellingPrice, dateUpdate',
    productPages: '&key, fetchedAt',
    bolModels: '&productId',
    orders: '&orderId, orderPlacedDateTime',
    suppliers: '&supplierId',
    categories: '&categoryId',
    familyKeys: '&familyKey',
    chunks: '&chunkId',
    outbox: '&id, entityKey, status',
    files: '&id',
    meta: '&key',
  });
  if (upToVersion < 2) return;

  // Version 2: outbox entries get a monotonic `seq` (send order) and an `author` (never sent
  // under another user's token); products get `moderationKey` and a family index for local
  // filtering. The upgrade numbers old entries by creation time and tags them with the last
  // signed-in user, and fills moderationKey. No data is dropped.
  db.version(2)
    .stores({
      products: '&productId, supplier.supplierName, moderationKey, sellingPrice, dateUpdate, familyKey',
      outbox: '&id, seq, entityKey, [entityKey+seq], status, author, nextAttemptAt',
    })
    .upgrade(upgradeToVersion2);
}

async function upgradeToVersion2(tx: Transaction): Promise<void> {
  const lastUser = (await tx.table<MetaRow, string>('meta').get(LAST_USER_META_KEY))?.value;
  const author = typeof lastUser === 'string' ? lastUser : '';
  const outbox = tx.table<Record<string, unknown>, string>('outbox');
  const old = await outbox.toArray();
  old.sort((a, b) => Number(a.createdAt ?? 0) - Number(b.createdAt ?? 0));
  let seq = 0;
  for (const entry of old) {
    seq += 1;
    await outbox.put({ ...entry, seq, author: typeof entry.author === 'string' ? entry.author : author });
  }
  await tx
    .table<Record<string, unknown>, number>('products')
    .toCollection()
    .modify((product) => {
      product.moderationKey = product.passedModeration === true ? 1 : 0;
    });
}

/**
 * Opens (creating or upgrading) a backoffice database. Tests pass their own name and fake
 * IndexedDB; `upToVersion` lets a test create an older shape to check a migration.
 */
export function openDatabase(
  name: string = DATABASE_NAME,
  options: DexieOptions & { upToVersion?: number } = {},
): BackofficeDatabase {
  const { upToVersion = LATEST_VERSION, ...dexieOptions } = options;
  return new BackofficeDatabase(name, upToVersion, dexieOptions);
}

let appDatabase: BackofficeDatabase | null = null;

/** The app's database, opened on first use. */
export function getAppDatabase(): BackofficeDatabase {
  appDatabase ??= openDatabase(DATABASE_NAME);
  return appDatabase;
}

/** Adds the index helpers to a product from the server or an edit. */
export function toCachedProduct(product: Product): CachedProduct {
  return { ...product, moderationKey: product.passedModeration ? 1 : 0 };
}

/** The product without the cache's index helpers (what the server takes back). */
export function fromCachedProduct(cached: CachedProduct | Product): Product {
  const { moderationKey: _ignored, ...product } = cached as CachedProduct;
  return product;
}
