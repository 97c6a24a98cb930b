/**
 * Products kept several to a record (src/app/db/product-blocks.ts, database version 6): what "Make
 * available offline" keeps as blocks is read by every reader of a product by id as if it were a
 * record, a record written later wins, the list's columns find block products however the download
 * ended, and the early rows' read (IndexedDB itself) answers as the Dexie read does.
 */
import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCachedProduct, LATEST_VERSION, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { readPageWithoutDexie } from '../../src/app/db/early-page-read';
import { queryKeptProducts } from '../../src/app/db/indexed-query';
import { dropKeptColumns, keptColumnsNow, refreshKeptColumns } from '../../src/app/db/kept-columns-store';
import { forgetColumns } from '../../src/app/db/kept-columns-memory';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { readCachedProducts } from '../../src/app/db/product-cache';
import {
  BLOCK_MAX_PRODUCTS,
  BLOCK_TEXT_BUDGET,
  INDEX_SPAN,
  packBlocks,
  productInBlock,
  stampOfBlockKey,
} from '../../src/app/db/product-blocks';
import { everyKeptProduct, keepProductsAsBlocks, keptProductCount, keptProductTables } from '../../src/app/db/product-blocks-store';
import { runOfflineDownload, storeDownloadedPage, type DownloadRecord, type DownloadTransport } from '../../src/app/sync/offline-download';
import { enqueueProductSave } from '../../src/app/sync/outbox';
import type { Product } from '../../src/shared/contract';
import { keptCatalogue, KEPT_QUERIES } from './support/kept-catalogue';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;
beforeAll(() => {
  // The early read builds its key ranges as a page does, from the global IDBKeyRange.
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});

const keptProducts = () => db.transaction('r', keptProductTables(db), () => everyKeptProduct(db));
const recordIds = () => db.products.toCollection().primaryKeys();

/** A changes feed of `products` in their order, `limit` a page; the cursor is the index given last. */
function feedOf(products: readonly Product[]): DownloadTransport {
  return {
    changes: async ({ cursor, limit }) => {
      const from = cursor === null ? 0 : Number(cursor);
      const page = products.slice(from, from + limit);
      return { products: [...page], cursor: String(from + page.length), hasMore: from + page.length < products.length };
    },
    total: async () => products.length,
  };
}

const RECORD: DownloadRecord = { scope: 'All', cursor: null, received: 0, total: null, complete: false, startedAt: 0, finishedAt: null };

describe('packing products into blocks', () => {
  it('closes a block at its product limit or before its texts pass the budget, and reads each product back with the stamp of its key', () => {
    const small = Array.from({ length: BLOCK_MAX_PRODUCTS + 5 }, (_, n) => toCachedProduct(makeProduct({ productId: n + 1 })));
    const packed = packBlocks(small, 1_700_000_000_000);
    expect(packed.map(({ block }) => block.ids.length)).toEqual([BLOCK_MAX_PRODUCTS, 5]);
    expect(packed.map(({ key }) => stampOfBlockKey(key))).toEqual([1_700_000_000_000, 1_700_000_000_000]);
    expect(new Set(packed.map(({ key }) => key)).size).toBe(2);

    const long = '<p>' + 'x'.repeat(Math.ceil(BLOCK_TEXT_BUDGET / 3)) + '</p>';
    const large = Array.from({ length: 5 }, (_, n) => toCachedProduct(makeProduct({ productId: n + 1, description: long })));
    const big = packBlocks(large, 5);
    expect(big.map(({ block }) => block.ids)).toEqual([[1, 2], [3, 4], [5]]);
    for (const { block } of big) expect(block.texts.join('').length).toBeLessThanOrEqual(BLOCK_TEXT_BUDGET);
    // One product larger than the budget still gets a block of its own.
    const huge = toCachedProduct(makeProduct({ productId: 9, description: 'y'.repeat(BLOCK_TEXT_BUDGET * 2) }));
    expect(packBlocks([huge], 5).map(({ block }) => block.ids)).toEqual([[9]]);

    const stamped = { ...toCachedProduct(makeProduct({ productId: 7, title: 'Wool sock' })), keptAt: 3 };
    const [only] = packBlocks([stamped], 42);
    expect(only && only.block.texts[0]).not.toContain('keptAt');
    expect(only && productInBlock(only.key, only.block, 7)).toEqual({ ...stamped, keptAt: 42 });
    expect(only && productInBlock(only.key, only.block, 8)).toBeUndefined();
  });
});

describe('products kept in blocks', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    forgetColumns(db.name);
    await db.delete();
  });

  it('are what a first download keeps, and every read of a product by id finds them', async () => {
    db = openTestDatabase();
    expect(LATEST_VERSION).toBe(6);
    // Ids far apart fall in different records of the block index.
    const products = [...keptCatalogue(150), makeProduct({ productId: INDEX_SPAN * 3 + 5, title: 'Far away boot' })];
    await runOfflineDownload({ db, transport: feedOf(products), pageSize: 40 }, 'All');

    expect(await recordIds()).toEqual([]);
    expect(await db.productBlocks.count()).toBeGreaterThan(0);
    expect(await keptProductCount(db)).toBe(151);
    expect(fromCachedProduct((await db.products.get(17)) ?? makeProduct())).toEqual(products[16]);
    expect((await db.products.get(INDEX_SPAN * 3 + 5))?.title).toBe('Far away boot');
    expect(await db.products.get(999)).toBeUndefined();
    const many = await db.products.bulkGet([3, 999, 150, 1]);
    expect(many.map((product) => product?.productId)).toEqual([3, undefined, 150, 1]);
    // Inside a transaction that names only `products` (as the outbox's writes do).
    const inside = await db.transaction('rw', [db.products, db.outbox], () => db.products.get(42));
    expect(inside?.productId).toBe(42);
    // The list reads them too, as filtering every kept product would.
    const everything = (await keptProducts()).map(fromCachedProduct);
    expect(everything).toHaveLength(151);
    for (const query of KEPT_QUERIES) {
      const answer = await queryKeptProducts(db, query);
      expect(answer.content.map((product) => product.productId)).toEqual(filterProductsLocally(everything, query).content.map((product) => product.productId));
    }
  });

  it('lose to a record written later (an edit, a refresh), and replace the records written before them', async () => {
    db = openTestDatabase();
    const products = keptCatalogue(20);
    // Seen online before the download: kept as a record with the title of that time.
    await db.products.put(toCachedProduct({ ...(products[4] as Product), title: 'Old title of 5' }));
    await runOfflineDownload({ db, transport: feedOf(products), pageSize: 8 }, 'All');
    expect(await recordIds()).toEqual([]);
    expect((await db.products.get(5))?.title).toBe(products[4]?.title);

    // An offline edit puts the product's record: it wins, and the list shows it.
    await enqueueProductSave(db, { ...(products[6] as Product), title: 'Aaa edited offline' }, 1, 'anna');
    expect((await db.products.get(7))?.title).toBe('Aaa edited offline');
    const first = await queryKeptProducts(db, { sort: 'title,asc', size: '1' });
    expect(first.content[0]?.title).toBe('Aaa edited offline');

    // A refresh writes records, not blocks.
    const renamed = { ...(products[1] as Product), title: 'Renamed on the server', version: 9 };
    await runOfflineDownload({ db, transport: { changes: async () => ({ products: [renamed], cursor: 'later', hasMore: false }) }, pageSize: 8 }, 'All');
    expect(await recordIds()).toEqual([2, 7]);
    expect((await db.products.get(2))?.title).toBe('Renamed on the server');
    expect((await keptProducts()).filter((product) => product.productId === 2).map((product) => product.title)).toEqual(['Renamed on the server']);
  });

  it('get a write stamp above every record, and records written after them one above theirs, whatever the clock does', async () => {
    db = openTestDatabase();
    const now = vi.spyOn(Date, 'now').mockReturnValue(5_000);
    await db.products.put(toCachedProduct(makeProduct({ productId: 1 })));
    now.mockReturnValue(1_000);
    const stamp = await db.transaction('rw', keptProductTables(db), () => keepProductsAsBlocks(db, [toCachedProduct(makeProduct({ productId: 2 }))]));
    expect(stamp).toBe(5_001);
    expect((await db.products.get(2))?.keptAt).toBe(5_001);
    await db.products.put(toCachedProduct(makeProduct({ productId: 3 })));
    expect((await db.products.get(3))?.keptAt).toBe(5_002);
  });

  it("are in the list's columns however the download ended: cut off before it kept them, or the columns dropped", async () => {
    db = openTestDatabase();
    const products = keptCatalogue(60);
    await db.products.bulkPut(products.slice(0, 10).map(toCachedProduct));
    await refreshKeptColumns(db);
    // Two pages written as a download writes them, then the tab closed: no columns gathered.
    await storeDownloadedPage(db, products.slice(10, 35), RECORD, undefined, true);
    await storeDownloadedPage(db, products.slice(35), RECORD, undefined, true);
    forgetColumns(db.name);
    expect((await keptColumnsNow(db)).written.map((product) => product.productId)).toEqual(products.slice(10).map((product) => product.productId));
    expect((await queryKeptProducts(db, { size: '100' })).totalElements).toBe(60);

    await dropKeptColumns(db);
    const rebuilt = await queryKeptProducts(db, { sort: 'title,asc', size: '100' });
    expect(rebuilt.content.map((product) => product.productId)).toEqual(filterProductsLocally(products, { sort: 'title,asc', size: '100' }).content.map((product) => product.productId));
  });

  it('kept twice (a supplier, then the whole catalogue) are read once, as last downloaded', async () => {
    db = openTestDatabase();
    const products = keptCatalogue(30);
    await runOfflineDownload({ db, transport: feedOf(products.filter((product) => product.supplier.supplierName === 'Acme')), pageSize: 7 }, 'Acme');
    const renamed = products.map((product) => (product.productId === 3 ? { ...product, title: 'Boot of the whole catalogue' } : product));
    await runOfflineDownload({ db, transport: feedOf(renamed), pageSize: 7 }, 'All');
    const kept = await keptProducts();
    expect(kept.map((product) => product.productId).sort((a, b) => a - b)).toEqual(products.map((product) => product.productId));
    expect((await db.products.get(3))?.title).toBe('Boot of the whole catalogue');
    expect((await queryKeptProducts(db, { keyword: 'whole catalogue' })).content.map((product) => product.productId)).toEqual([3]);
  });

  it('are read by the early rows without Dexie exactly as the Dexie read gives them', async () => {
    db = openTestDatabase();
    const products = keptCatalogue(300);
    await runOfflineDownload({ db, transport: feedOf(products), pageSize: 50 }, 'All');
    await db.products.put(toCachedProduct({ ...(products[9] as Product), title: 'Aardvark boot' }));
    forgetColumns(db.name);
    await db.open();
    let answered = 0;
    for (const query of KEPT_QUERIES) {
      const early = await readPageWithoutDexie(db.backendDB(), query);
      if (early === null) continue;
      answered += 1;
      expect(early).toEqual(await readCachedProducts(db, query, { keptPageLikely: false }));
    }
    expect(answered).toBe(KEPT_QUERIES.length);
    // A block written after the columns (a download cut off) is left to the Dexie read.
    await storeDownloadedPage(db, [makeProduct({ productId: 5_000, title: 'Late boot' })], RECORD, undefined, true);
    expect(await readPageWithoutDexie(db.backendDB(), { keyword: 'boot' })).toBeNull();
  });

  it('leave a version 5 device as it was: its records read as before', async () => {
    const name = testDatabaseName();
    const v5 = openTestDatabase(name, 5);
    await v5.products.bulkPut(keptCatalogue(5).map(toCachedProduct));
    v5.close();
    db = openTestDatabase(name);
    await db.open();
    expect(db.verno).toBe(6);
    expect(await recordIds()).toEqual([1, 2, 3, 4, 5]);
    expect(await db.productBlocks.count()).toBe(0);
    expect((await db.products.bulkGet([2, 9])).map((product) => product?.productId)).toEqual([2, undefined]);
    expect((await queryKeptProducts(db, {})).totalElements).toBe(5);
  });
});
