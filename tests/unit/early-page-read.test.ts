/**
 * The early rows' read without Dexie (src/app/db/early-page-read.ts, docs/offline.md "Fifth
 * pass"): for every query it answers, the answer is exactly the one the Dexie read gives
 * (readCachedProducts: the kept page, else the page the kept columns make); what it cannot answer
 * (no columns kept, too many products written since) is left to the Dexie read (null), never
 * answered differently.
 */
import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { readPageWithoutDexie } from '../../src/app/db/early-page-read';
import { cacheProductPage, readCachedProducts } from '../../src/app/db/product-cache';
import { COLUMNS_KEY, MERGE_WRITTEN_OVER, refreshKeptColumns } from '../../src/app/db/kept-columns-store';
import type { KeptColumns } from '../../src/app/db/kept-columns';
import { forgetColumns } from '../../src/app/db/kept-columns-memory';
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
  await refreshKeptColumns(db);
  // As at a start: nothing remembered, the columns are read from their record.
  forgetColumns(db.name);
  await db.open();
});
afterEach(async () => {
  forgetColumns(db.name);
  await db.delete();
});

/** The connection a page has: IndexedDB's own, under Dexie. */
const connection = () => db.backendDB();

describe('readPageWithoutDexie', () => {
  it.each(KEPT_QUERIES.map((query) => [named(query), query] as const))('answers %s as the Dexie read does, or leaves it to it', async (_name, query) => {
    const early = await readPageWithoutDexie(connection(), query);
    if (early !== null) expect(early).toEqual(await readCachedProducts(db, query, { keptPageLikely: false }));
  });

  it('answers every view once the columns are kept', async () => {
    for (const query of KEPT_QUERIES) expect(await readPageWithoutDexie(connection(), query), named(query)).not.toBeNull();
  });

  it('leaves a device whose columns were never built, or with too many products written since, to the Dexie read', async () => {
    const query = { keyword: 'boot', sort: 'title,asc' };
    await db.meta.delete('keptColumnsBuiltAt');
    expect(await readPageWithoutDexie(connection(), query)).toBeNull();
    await refreshKeptColumns(db);
    forgetColumns(db.name);
    const many = Array.from({ length: MERGE_WRITTEN_OVER + 1 }, (_, n) => toCachedProduct(makeProduct({ productId: 30_000 + n, title: `boot ${n}` })));
    await db.products.bulkPut(many);
    expect(await readPageWithoutDexie(connection(), query)).toBeNull();
  });

  it('leaves columns kept in an older shape to the Dexie read, which builds them again', async () => {
    const query = { keyword: 'boot', sort: 'title,asc' };
    const current = (await db.keptColumns.get(COLUMNS_KEY))?.columns;
    if (!current) throw new Error('no kept columns');
    await db.keptColumns.put({ key: COLUMNS_KEY, columns: { ...current, format: undefined } as unknown as KeptColumns });
    expect(await readPageWithoutDexie(connection(), query)).toBeNull();
    const answer = await readCachedProducts(db, query, { keptPageLikely: false });
    forgetColumns(db.name);
    expect(await readPageWithoutDexie(connection(), query)).toEqual(answer);
  });

  it('answers from products changed and added after the columns were built, as the Dexie read does', async () => {
    await db.products.put(toCachedProduct({ ...(PRODUCTS[7] as (typeof PRODUCTS)[number]), title: 'Aardvark boot' }));
    await db.products.put(toCachedProduct(makeProduct({ productId: 9001, title: 'boot of the day', sellingPrice: 1 })));
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

  it('leaves a database without kept columns (older than version 5) to the Dexie read', async () => {
    const older = openTestDatabase(testDatabaseName(), 4);
    try {
      await older.products.bulkPut(PRODUCTS.slice(0, 20).map(toCachedProduct));
      await older.open();
      expect(await readPageWithoutDexie(older.backendDB(), { keyword: 'boot', sort: 'title,asc' })).toBeNull();
    } finally {
      await older.delete();
    }
  });
});
