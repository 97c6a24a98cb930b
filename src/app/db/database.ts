/**
 * The app's one IndexedDB database (Dexie): cached reads, the outbox of writes and picked files.
 *
 * Every schema version lives in `declareVersions` below, oldest first, each with a comment. Never
 * edit or remove a released version: add a new one. Removing a table or an index from a version
 * is fine for Dexie, but removing a table DELETES ITS DATA on upgrade — never do that to `outbox`
 * or `files`, which hold edits that exist nowhere else.
 */
import Dexie, { type DBCore, type DBCoreKeyRange, type DBCoreMutateRequest, type DexieOptions, type Table, type Transaction } from 'dexie';
import type { Category, Product } from '../../shared/contract';
import type { OutboxRow } from './outbox-entry';
import { nextWriteStamp, type CachedProduct } from './cached-product';
import type { KeptColumns } from './kept-columns';
import { searchFieldsOf } from './search-fields';
import type { StoredProductBlock } from './product-blocks';
import { highestBlockStamp, withProductBlocks } from './product-blocks-core';

// The cached product's shape and its conversions have no Dexie in them (the early rows read without it).
export { fromCachedProduct, toCachedProduct, type CachedProduct } from './cached-product';

export const DATABASE_NAME = 'backoffice';
export const LATEST_VERSION = 6;

/** One page of the product list as the server answered it, keyed by the canonical query. */
export interface CachedProductPage {
  key: string;
  productIds: number[];
  totalPages: number;
  totalElements: number;
  /** The server estimated the totals (docs/products.md "Totals"); absent in pages kept before. */
  totalIsEstimate?: boolean;
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

/**
 * The kept products' ids in the order of one sort key, as built at `builtAt` (version 4,
 * removed in version 5): a view's page was picked from it without walking the sort index.
 */
export interface StoredSortOrder {
  key: string;
  /** 32-bit where every id fits; 64-bit in the first builds. */
  ids: Int32Array | Float64Array;
  builtAt: number;
}

/** The list's columns of the kept products (version 5, kept-columns.ts), one record. */
export interface StoredColumns {
  key: string;
  columns: KeptColumns;
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
  outbox!: Table<OutboxRow, string>;
  files!: Table<StoredFile, string>;
  meta!: Table<MetaRow, string>;
  /** Version 4 only: deleted by version 5. */
  sortOrders!: Table<StoredSortOrder, string>;
  keptColumns!: Table<StoredColumns, string>;
  /** Version 6: products kept several to a record, and which block holds which product (product-blocks.ts). */
  productBlocks!: Table<StoredProductBlock, number>;
  productBlockIndex!: Table<Float64Array, number>;

  constructor(name: string, upToVersion: number, options?: DexieOptions) {
    super(name, options);
    declareVersions(this, upToVersion);
    if (upToVersion >= 3) {
      const shape = upToVersion >= 5 ? 'columns' : upToVersion >= 4 ? 'stamped' : 'indexed';
      this.use({ stack: 'dbcore', name: 'product-search-fields', create: (down) => withProductSearchFields(down, shape, upToVersion >= 6) });
    }
    if (upToVersion >= 6) this.use({ stack: 'dbcore', name: 'product-blocks', create: withProductBlocks });
  }
}

/** Every key of an index (Dexie's DBCore range "any"). */
const WHOLE_INDEX = { type: 3 } as DBCoreKeyRange;

/**
 * What a write of products adds (see withProductSearchFields): `indexed` (version 3) the search
 * fields; `stamped` (version 4) those and the write stamp; `columns` (version 5) the stamp only.
 */
type ProductWriteShape = 'indexed' | 'stamped' | 'columns';

/**
 * Every product written (put, add, and Dexie's modify/update, which end as puts) gets a write stamp
 * `keptAt` (version 4 on), so no write goes unnoticed by a picture of the products built before it
 * (the kept columns, kept-columns-store.ts), and in versions 3 and 4 the search fields their
 * indexes need, computed from what is written so no write path leaves an index stale. The stamp is
 * the time, but always above the highest stamp kept (read in the same transaction, which IndexedDB
 * runs after every earlier write of products): stamps grow in the order writes commit, whatever the
 * clock does. From version 6 the stamp is also above every block's (`withBlocks`, product-blocks.ts),
 * so a record written after a block always counts as newer. The app never deletes a kept product
 * (clearing the device deletes the database; a block replaces the records it holds).
 */
function withProductSearchFields(down: DBCore, shape: ProductWriteShape, withBlocks: boolean): DBCore {
  return {
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'products') return table;
      const keptAtIndex = shape === 'indexed' ? undefined : table.schema.getIndexByKeyPath('keptAt');
      return {
        ...table,
        mutate(request: DBCoreMutateRequest) {
          if (request.type !== 'put' && request.type !== 'add') return table.mutate(request);
          const withFields = shape !== 'columns';
          const write = (stamp: { keptAt?: number }) =>
            table.mutate({ ...request, values: request.values.map((value: Product) => (withFields ? { ...value, ...searchFieldsOf(value), ...stamp } : { ...value, ...stamp })) });
          if (!keptAtIndex) return write({});
          return Promise.all([
            table.query({ trans: request.trans, values: true, limit: 1, direction: 'prev', query: { index: keptAtIndex, range: WHOLE_INDEX } }),
            withBlocks ? highestBlockStamp(down, request.trans) : 0,
          ]).then(([{ result }, blockStamp]) => write({ keptAt: nextWriteStamp((result[0] as CachedProduct | undefined)?.keptAt ?? 0, blockStamp) }));
        },
      };
    },
  };
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
  if (upToVersion < 3) return;

  // Version 3: the search index of kept products (search-fields.ts) and indexes on the fields the
  // list filters and sorts by most, so a view never opened is answered offline from indexes
  // (indexed-query.ts). The upgrade computes the search fields of every kept product.
  db.version(3)
    .stores({
      products:
        '&productId, supplier.supplierName, moderationKey, sellingPrice, dateUpdate, familyKey, brand, categoryId, dateCreate, title, stock, *searchWords, *searchCodes, *filterKeys',
    })
    .upgrade(upgradeToVersion3);
  if (upToVersion < 4) return;

  // Version 4: each product written gets `keptAt` (when; indexed), and `sortOrders` keeps the
  // products' ids in the order of each sort key (built after a download), so a view never opened reads its
  // page from one record instead of walking a sort index. No upgrade: products kept before have
  // no keptAt, which is right (they are older than any sort order), and the orders are built later.
  db.version(4).stores({
    products:
      '&productId, supplier.supplierName, moderationKey, sellingPrice, dateUpdate, familyKey, brand, categoryId, dateCreate, title, stock, *searchWords, *searchCodes, *filterKeys, keptAt',
    sortOrders: '&key',
  });
  if (upToVersion < 5) return;

  // Version 5: the list's columns of the kept products (kept-columns.ts), one record in
  // `keptColumns`, answer the list's filters and sorts instead of an index per field: writing
  // 100,000 products with those indexes took four times as long as without (docs/benchmarks.md).
  // Products keep their primary key and the write stamp. The sort orders (version 4) go: the
  // columns sort. No upgrade: the columns are built at the first read.
  db.version(5).stores({
    products: '&productId, keptAt',
    sortOrders: null,
    keptColumns: '&key',
  });
  if (upToVersion < 6) return;

  // Version 6: "Make available offline" keeps its first download several products to a record
  // (product-blocks.ts): `productBlocks` (key: the block's, out of line) and `productBlockIndex`
  // (which block holds which product). Chromium's cost of keeping a product is mostly per record,
  // so this took the download of 100,000 products from 42 s to 25 s (docs/benchmarks.md). No upgrade:
  // products kept before stay records, which win over any block.
  db.version(6).stores({
    productBlocks: '',
    productBlockIndex: '',
  });
}

async function upgradeToVersion3(tx: Transaction): Promise<void> {
  await tx
    .table<Product & Record<string, unknown>, number>('products')
    .toCollection()
    .modify((product) => {
      Object.assign(product, searchFieldsOf(product));
    });
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
