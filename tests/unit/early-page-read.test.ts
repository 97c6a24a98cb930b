/**
 * The early rows' read without Dexie (src/app/db/early-page-read.ts, docs/offline.md "Fifth
 * pass"): for every query it answers, the answer is exactly the one the Dexie read gives
 * (readCachedProducts: the kept page, else the page from the indexes and the kept sort order);
 * every other query is left to the Dexie read (null), never answered differently.
 */
import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { readPageWithoutDexie } from '../../src/app/db/early-page-read';
import { cacheProductPage, readCachedProducts } from '../../src/app/db/product-cache';
import { buildSortOrders } from '../../src/app/db/sort-orders';
import { keptCatalogue, KEPT_QUERIES } from './support/kept-catalogue';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

const PRODUCTS = keptCatalogue(400);
const named = (query: Record<string, string>) => new URLSearchParams(query).toString() || '(no filter)';

let db: BackofficeDatabase;
beforeAll(() => {
  // The read builds its key ranges as a page does, from the global IDBKeyRange.
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
});
beforeEach(async () => {
  db = openTestDatabase();
  await db.products.bulkPut(PRODUCTS.map(toCachedProduct));
  await buildSortOrders(db);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

/** The connection a page has: IndexedDB's own, under Dexie. */
const connection = () => db.backendDB();

describe('readPageWithoutDexie', () => {
  it.each(KEPT_QUERIES.map((query) => [named(query), query] as const))('answers %s as the Dexie read does, or leaves it to it', async (_name, query) => {
    const early = await readPageWithoutDexie(connection(), query);
    if (early !== null) expect(early).toEqual(await readCachedProducts(db, query, { keptPageLikely: false }));
  });

  it('answers the views the indexes and the kept orders answer, and only those', async () => {
    const answered = [];
    for (const query of KEPT_QUERIES) if ((await readPageWithoutDexie(connection(), query)) !== null) answered.push(named(query));
    // One keyword word, yes/no filters, supplier, brand, prices: sorted by a kept order or by id.
    expect(answered).toEqual(
      expect.arrayContaining([
        'keyword=boot',
        'keyword=BOOT&sort=title%2Casc',
        'keyword=unne&sort=sellingPrice%2Cdesc',
        'supplierName=Acme&sort=dateUpdate%2Casc',
        'brand=Nike&categoryId=20',
        'passedModeration=true&hasDescription=false&sort=dateCreate%2Cdesc',
        'priceFrom=20%2C50&priceTo=60',
        'priceFrom=60&priceTo=20',
        'keyword=shoe&brand=Puma&sort=sellingPrice%2Casc&size=5&page=1',
      ]),
    );
    // Left to Dexie: no filter, filters checked on the records (several words, dates), a sort with no order.
    for (const left of ['(no filter)', 'keyword=boot+reboot', 'dateFrom=2024-03-10&dateTo=2024-03-12', 'stock=false&sort=sku%2Cdesc']) {
      expect(answered).not.toContain(left);
    }
  });

  it('answers from products changed after the orders were built, as the Dexie read does', async () => {
    await db.products.put(toCachedProduct({ ...(PRODUCTS[7] as (typeof PRODUCTS)[number]), title: 'Aardvark boot' }));
    await db.products.put(toCachedProduct(makeProduct({ productId: 9001, title: 'boot of the day', sellingPrice: 1 })));
    await db.products.delete(PRODUCTS[12]?.productId ?? 0);
    for (const query of [{ keyword: 'boot', sort: 'title,asc' }, { keyword: 'boot', sort: 'sellingPrice,asc' }, { keyword: 'boot', sort: 'title,desc', page: '1' }]) {
      const early = await readPageWithoutDexie(connection(), query);
      expect(early).not.toBeNull();
      expect(early).toEqual(await readCachedProducts(db, query, { keptPageLikely: false }));
      expect(early?.page.content.some((product) => 'searchWords' in product || 'keptAt' in product)).toBe(false);
    }
  });

  it('gives the page kept for exactly this query first', async () => {
    const query = { keyword: 'boot', sort: 'title,asc' };
    const page = { content: PRODUCTS.slice(0, 3), totalPages: 9, totalElements: 170 };
    await cacheProductPage(db, query, page, 1_700_000_000_000);
    const early = await readPageWithoutDexie(connection(), query);
    expect(early).toEqual({ page: { ...page, totalIsEstimate: false }, fetchedAt: 1_700_000_000_000, local: false });
  });

  it('leaves a database without kept orders (older than version 4) to the Dexie read', async () => {
    const older = openTestDatabase(testDatabaseName(), 3);
    try {
      await older.products.bulkPut(PRODUCTS.slice(0, 20).map(toCachedProduct));
      await older.open();
      expect(await readPageWithoutDexie(older.backendDB(), { keyword: 'boot', sort: 'title,asc' })).toBeNull();
    } finally {
      await older.delete();
    }
  });
});
