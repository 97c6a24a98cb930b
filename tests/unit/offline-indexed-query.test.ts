/**
 * The indexed offline query (src/app/db/indexed-query.ts) gives exactly what filtering every kept
 * product gives (filterProductsLocally), for every filter, sort and page, while reading only the
 * records of the page when the indexes answer the whole query.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { queryKeptProducts } from '../../src/app/db/indexed-query';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { indexedSuffixes, searchFieldsOf, wordsOf } from '../../src/app/db/search-fields';
import { buildSortOrders, compactIds, firstInOrder, sortOrdersAreStale } from '../../src/app/db/sort-orders';
import type { Product } from '../../src/shared/contract';
import { keptCatalogue, KEPT_QUERIES as QUERIES } from './support/kept-catalogue';
import { makeProduct, openTestDatabase } from './support/offline-fakes';

const PRODUCTS = keptCatalogue(400);

let db: BackofficeDatabase;
beforeEach(async () => {
  db = openTestDatabase();
  await db.products.bulkPut(PRODUCTS.map(toCachedProduct));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

describe('queryKeptProducts', () => {
  // Threshold 0: every query with indexed filters walks the sort index; 1,000: few candidates are read.
  it.each(QUERIES.flatMap((query) => [0, 1_000].map((upTo) => [new URLSearchParams(query).toString() || '(no filter)', upTo, query] as const)))(
    'answers %s (reading up to %i candidates) as filtering every kept product does',
    async (_name, upTo, query) => {
      const expected = filterProductsLocally(PRODUCTS, query);
      const answer = await queryKeptProducts(db, query, upTo);
      expect(answer.totalElements).toBe(expected.totalElements);
      expect(answer.totalPages).toBe(expected.totalPages);
      expect(answer.content.map((product) => product.productId)).toEqual(expected.content.map((product) => product.productId));
      expect(answer.content).toEqual(expected.content);
    },
  );

  // With the sort orders kept (sort-orders.ts): the page's ids come from them, not from a walk.
  it.each(QUERIES.map((query) => [new URLSearchParams(query).toString() || '(no filter)', query] as const))(
    'answers %s from the kept sort orders as filtering every kept product does',
    async (_name, query) => {
      await buildSortOrders(db);
      const walk = vi.spyOn(db.products, 'orderBy');
      const expected = filterProductsLocally(PRODUCTS, query);
      const answer = await queryKeptProducts(db, query, 0);
      expect(answer.totalElements).toBe(expected.totalElements);
      expect(answer.content).toEqual(expected.content);
      const f = new URLSearchParams(query);
      // A filtered view sorted by an indexed key never walks its sort index.
      if (Object.keys(query).some((name) => !['sort', 'page', 'size', 'supplierName'].includes(name)) && /^(title|dateUpdate|dateCreate|sellingPrice|stock|productId),/.test(f.get('sort') ?? 'dateUpdate,')) {
        expect(walk).not.toHaveBeenCalled();
      }
    },
  );

  it('answers right from sort orders built before products were changed, added and deleted', async () => {
    await buildSortOrders(db);
    expect(await sortOrdersAreStale(db)).toBe(false);
    const now = [...PRODUCTS];
    const changed = { ...(PRODUCTS[5] as Product), title: 'Aaa boot first', sellingPrice: 0.01, stock: 999, dateUpdate: '2030-01-01T00:00:00.000Z' };
    const added = { ...(PRODUCTS[6] as Product), productId: 10_000, title: 'Boot added later', ean: '1', sku: '', supplierEan: '', dateUpdate: '2020-01-01T00:00:00.000Z' };
    now[5] = changed;
    now.push(added);
    now.splice(now.findIndex((p) => p.productId === 40), 1);
    await db.products.put(toCachedProduct(changed));
    await db.products.put(toCachedProduct(added));
    await db.products.delete(40);
    expect(await sortOrdersAreStale(db)).toBe(true);
    const walk = vi.spyOn(db.products, 'orderBy');
    for (const query of [
      { keyword: 'boot', sort: 'title,asc' },
      { keyword: 'boot', sort: 'title,desc' },
      { keyword: 'boot', sort: 'sellingPrice,asc', size: '5' },
      { keyword: 'boot', sort: 'stock,desc', page: '1', size: '5' },
      { buyBlock: String(changed.buyBlock), sort: 'dateUpdate,desc' },
      { supplierName: added.supplier.supplierName, sort: 'dateUpdate,asc' },
    ]) {
      const expected = filterProductsLocally(now, query);
      const answer = await queryKeptProducts(db, query, 0);
      expect(answer.totalElements).toBe(expected.totalElements);
      expect(answer.content.map((p) => p.productId)).toEqual(expected.content.map((p) => p.productId));
    }
    expect(walk).not.toHaveBeenCalled();
  });

  it('keeps orders in 4 bytes per id, and still answers from the 8-byte orders of earlier builds', async () => {
    expect(compactIds([3, 1, 2])).toEqual(Int32Array.from([3, 1, 2]));
    // An id past 32 bits (not one the server gives) keeps the 8-byte form, unchanged.
    expect(compactIds([1, 2 ** 31])).toEqual(Float64Array.from([1, 2 ** 31]));
    await buildSortOrders(db);
    const kept = await db.sortOrders.toArray();
    expect(kept.length).toBeGreaterThan(0);
    for (const order of kept) expect(order.ids).toBeInstanceOf(Int32Array);
    const walk = vi.spyOn(db.products, 'orderBy');
    const query = { keyword: 'boot', sort: 'title,desc', size: '5' };
    const expected = filterProductsLocally(PRODUCTS, query);
    expect((await queryKeptProducts(db, query, 0)).content.map((p) => p.productId)).toEqual(expected.content.map((p) => p.productId));
    // Orders kept by an earlier build: the same ids as 8-byte numbers.
    await db.sortOrders.bulkPut(kept.map((order) => ({ ...order, ids: Float64Array.from(order.ids) })));
    expect((await queryKeptProducts(db, query, 0)).content.map((p) => p.productId)).toEqual(expected.content.map((p) => p.productId));
    expect(walk).not.toHaveBeenCalled();
  });

  it('walks the sort index when a candidate is in no kept order', async () => {
    // Kept before the orders were built, without a stock: in no stock order (sorted last, descending).
    const noStock = { ...(PRODUCTS[7] as Product), productId: 20_000, ean: '2', sku: '', supplierEan: '' } as Product;
    delete (noStock as Partial<Product>).stock;
    await db.products.put(toCachedProduct(noStock));
    await buildSortOrders(db);
    const walk = vi.spyOn(db.products, 'orderBy');
    const query = { supplierName: noStock.supplier.supplierName, sort: 'stock,desc' };
    const all = [...PRODUCTS, noStock];
    const expected = filterProductsLocally(all, query);
    expect((await queryKeptProducts(db, query, 0)).content).toEqual(expected.content);
    const last = { ...query, page: String(expected.totalPages - 1) };
    expect((await queryKeptProducts(db, last, 0)).content).toEqual(filterProductsLocally(all, last).content);
    expect(walk).toHaveBeenCalled();
  });

  it('sees a product changed after the orders were built even when the clock was set back', async () => {
    await buildSortOrders(db);
    vi.spyOn(Date, 'now').mockReturnValue(0);
    const renamed = { ...(PRODUCTS[9] as Product), title: 'Aaaa boot' };
    await db.products.put(toCachedProduct(renamed));
    vi.restoreAllMocks();
    const query = { keyword: 'boot', sort: 'title,asc' };
    const expected = filterProductsLocally(PRODUCTS.map((p) => (p.productId === renamed.productId ? renamed : p)), query);
    expect(expected.content[0]?.productId).toBe(renamed.productId);
    expect((await queryKeptProducts(db, query, 0)).content).toEqual(expected.content);
    expect(await sortOrdersAreStale(db)).toBe(true);
  });

  it('picks the first candidates of an order in either direction, leaving out changed ones', () => {
    const ids = [5, 3, 9, 1, 7];
    expect(firstInOrder(ids, false, new Set([1, 9, 7, 5]), new Set([9]), 2)).toEqual({ first: [5, 1], held: 3 });
    expect(firstInOrder(ids, true, new Set([1, 9, 7, 5]), new Set(), 2)).toEqual({ first: [7, 1], held: 4 });
  });

  it('reads only the records of the page when the indexes answer the query', async () => {
    const toArray = vi.spyOn(db.products, 'toArray');
    const bulkGet = vi.spyOn(db.products, 'bulkGet');
    const answer = await queryKeptProducts(db, { keyword: 'boot', supplierName: 'Acme', sort: 'title,asc', size: '10' }, 0);
    expect(answer.totalElements).toBeGreaterThan(10);
    expect(toArray).not.toHaveBeenCalled();
    expect(bulkGet).toHaveBeenCalledTimes(1);
    expect(bulkGet.mock.calls[0]?.[0]).toHaveLength(10);
  });

  it('keeps the index right whatever way a product is written', async () => {
    const kept = await db.products.get(1);
    if (!kept) throw new Error('product 1 missing');
    // As the outbox does when an image is deleted: the kept record spread, images changed, title too.
    await db.products.put({ ...kept, title: 'Zebra crossing', productImages: [] });
    await db.products.update(2, { title: 'Zebra print' });
    expect((await queryKeptProducts(db, { keyword: 'zebra', sort: 'productId,asc' })).content.map((p) => p.productId)).toEqual([1, 2]);
    expect((await queryKeptProducts(db, { keyword: 'ebra', numberOfImages: '0', sort: 'productId,asc' })).content.map((p) => p.productId)).toContain(1);
    // Its old title's words no longer find it.
    const oldWord = wordsOf(PRODUCTS[0]?.title ?? '').find((word) => word.length >= 3) ?? 'none';
    const withOldWord = await queryKeptProducts(db, { keyword: oldWord, size: '200' });
    expect(withOldWord.totalElements).toBeGreaterThan(0);
    expect(withOldWord.content.map((p) => p.productId)).not.toContain(1);
  });
});

describe('search fields', () => {
  it('splits titles into lower-case words of letters and digits and indexes every suffix of 3 or more', () => {
    expect(wordsOf('Red-Green Écharpe, XL 2')).toEqual(['red', 'green', 'écharpe', 'xl', '2']);
    expect(indexedSuffixes(['boots', 'xl'])).toEqual(['boots', 'oots', 'ots']);
    const fields = searchFieldsOf(makeProduct({ title: 'Boot', ean: '871', sku: '', supplierEan: 'S1', buyBlock: true, stock: 0 }));
    expect(fields.searchWords).toEqual(['boot', 'oot']);
    expect(fields.searchCodes).toEqual(['871', 'S1']);
    expect(fields.filterKeys).toEqual(expect.arrayContaining(['buyBlock:1', 'inStock:0', 'images:0', 'description:0']));
  });
});
