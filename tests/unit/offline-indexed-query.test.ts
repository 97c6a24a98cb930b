/**
 * The offline query of the kept products (src/app/db/indexed-query.ts, over the list's columns of
 * kept-columns.ts) gives exactly what filtering every kept product gives (filterProductsLocally),
 * for every filter, sort and page, with products written since the columns were built, while
 * reading only the records of the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { queryKeptProducts } from '../../src/app/db/indexed-query';
import { COLUMNS_KEY, COLUMNS_META_KEY, KEEP_MERGED_OVER, keptColumnsNow, MERGE_WRITTEN_OVER, refreshKeptColumns } from '../../src/app/db/kept-columns-store';
import { COLUMNS_FORMAT, type KeptColumns } from '../../src/app/db/kept-columns';
import { forgetColumns } from '../../src/app/db/kept-columns-memory';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { indexedSuffixes, searchFieldsOf, wordsOf } from '../../src/app/db/search-fields';
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
  forgetColumns(db.name);
  await db.delete();
});

async function expectAnswers(catalogue: readonly Product[], query: Record<string, string>) {
  const expected = filterProductsLocally(catalogue, query);
  const answer = await queryKeptProducts(db, query);
  expect(answer.totalElements).toBe(expected.totalElements);
  expect(answer.totalPages).toBe(expected.totalPages);
  expect(answer.content.map((product) => product.productId)).toEqual(expected.content.map((product) => product.productId));
  expect(answer.content).toEqual(expected.content);
}

describe('queryKeptProducts', () => {
  it.each(QUERIES.map((query) => [new URLSearchParams(query).toString() || '(no filter)', query] as const))(
    'answers %s as filtering every kept product does',
    async (_name, query) => {
      await expectAnswers(PRODUCTS, query);
    },
  );

  it('builds the columns from every kept product once, keeps them, and then reads only the records of the page', async () => {
    const toArray = vi.spyOn(db.products, 'toArray');
    await queryKeptProducts(db, { sort: 'title,asc' });
    expect(toArray).toHaveBeenCalledTimes(1);
    expect((await db.meta.get(COLUMNS_META_KEY))?.value).toEqual(expect.any(Number));
    // Forgotten in memory (a new start): read back from their record, not built again.
    forgetColumns(db.name);
    const bulkGet = vi.spyOn(db.products, 'bulkGet');
    const answer = await queryKeptProducts(db, { keyword: 'boot', supplierName: 'Acme', sort: 'title,asc', size: '10' });
    expect(answer.totalElements).toBeGreaterThan(10);
    expect(toArray).toHaveBeenCalledTimes(1);
    expect(bulkGet).toHaveBeenCalledTimes(1);
    expect(bulkGet.mock.calls[0]?.[0]).toHaveLength(10);
  });

  it('answers right from columns built before products were changed and added', async () => {
    await refreshKeptColumns(db);
    const now = [...PRODUCTS];
    const changed = { ...(PRODUCTS[5] as Product), title: 'Aaa boot first', sellingPrice: 0.01, stock: 999, dateUpdate: '2030-01-01T00:00:00.000Z' };
    const added = { ...(PRODUCTS[6] as Product), productId: 10_000, title: 'Boot added later', ean: '1', sku: '', supplierEan: '', dateUpdate: '2020-01-01T00:00:00.000Z' };
    now[5] = changed;
    now.push(added);
    await db.products.put(toCachedProduct(changed));
    await db.products.put(toCachedProduct(added));
    expect((await keptColumnsNow(db)).written.map((product) => product.productId).sort()).toEqual([changed.productId, added.productId].sort());
    const toArray = vi.spyOn(db.products, 'toArray');
    for (const query of [
      { keyword: 'boot', sort: 'title,asc' },
      { keyword: 'boot', sort: 'title,desc' },
      { keyword: 'boot', sort: 'sellingPrice,asc', size: '5' },
      { keyword: 'boot', sort: 'stock,desc', page: '1', size: '5' },
      { buyBlock: String(changed.buyBlock), sort: 'dateUpdate,desc' },
      { supplierName: added.supplier.supplierName, sort: 'dateUpdate,asc' },
      ...QUERIES,
    ]) {
      await expectAnswers(now, query);
    }
    expect(toArray).not.toHaveBeenCalled();
  });

  it(`merges more than ${MERGE_WRITTEN_OVER} products written since into the columns before answering, and keeps them once more than ${KEEP_MERGED_OVER} were merged`, async () => {
    await refreshKeptColumns(db);
    const keptAt = (await db.meta.get(COLUMNS_META_KEY))?.value as number;
    const batch = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) => makeProduct({ productId: from + n, title: `Boot batch ${from + n}`, ean: `5${from + n}`, sellingPrice: (from + n) % 997 }));
    const many = batch(20_000, MERGE_WRITTEN_OVER + 1);
    await db.products.bulkPut(many.map(toCachedProduct));
    let now = [...PRODUCTS, ...many];
    await expectAnswers(now, { keyword: 'boot', sort: 'sellingPrice,desc', size: '20' });
    // Merged in memory: nothing left to read as records, the kept record untouched.
    expect((await keptColumnsNow(db)).written).toEqual([]);
    expect((await db.meta.get(COLUMNS_META_KEY))?.value).toBe(keptAt);
    for (const query of QUERIES) await expectAnswers(now, query);
    // A new start forgets the memory: the kept record and the products written since still answer.
    forgetColumns(db.name);
    await expectAnswers(now, { keyword: 'batch', sort: 'title,desc', size: '7' });
    // Past the limit the merged columns are kept.
    const more = batch(30_000, KEEP_MERGED_OVER);
    await db.products.bulkPut(more.map(toCachedProduct));
    now = [...now, ...more];
    await expectAnswers(now, { keyword: 'batch', sort: 'sellingPrice,asc', size: '9' });
    expect((await db.meta.get(COLUMNS_META_KEY))?.value).toBeGreaterThan(keptAt);
    forgetColumns(db.name);
    expect((await keptColumnsNow(db)).written).toEqual([]);
  });

  it('builds the columns again from the products when the kept record is of an older shape', async () => {
    await refreshKeptColumns(db);
    const keptAt = (await db.meta.get(COLUMNS_META_KEY))?.value as number;
    // The record as an older version kept it: every text column an array of texts, no shape mark.
    const current = (await db.keptColumns.get(COLUMNS_KEY))?.columns;
    if (!current) throw new Error('no kept columns');
    const older = { ...current, format: undefined, texts: { title: PRODUCTS.map((p) => p.title), ean: [], sku: [], supplierEan: [] } };
    await db.keptColumns.put({ key: COLUMNS_KEY, columns: older as unknown as KeptColumns });
    forgetColumns(db.name);
    const toArray = vi.spyOn(db.products, 'toArray');
    await expectAnswers(PRODUCTS, { keyword: 'boot', sort: 'title,asc' });
    expect(toArray).toHaveBeenCalledTimes(1);
    expect((await db.keptColumns.get(COLUMNS_KEY))?.columns.format).toBe(COLUMNS_FORMAT);
    expect((await db.meta.get(COLUMNS_META_KEY))?.value).toBeGreaterThanOrEqual(keptAt);
  });

  it('reads the columns another tab kept since, not the ones it remembers', async () => {
    await refreshKeptColumns(db);
    const other = openTestDatabase(db.name);
    const renamed = { ...(PRODUCTS[3] as Product), title: 'Aaa renamed in the other tab' };
    await other.products.put(toCachedProduct(renamed));
    await refreshKeptColumns(other);
    other.close();
    await expectAnswers(
      PRODUCTS.map((p) => (p.productId === renamed.productId ? renamed : p)),
      { sort: 'title,asc', size: '3' },
    );
  });

  it('sees a product changed after the columns were built even when the clock was set back', async () => {
    await refreshKeptColumns(db);
    vi.spyOn(Date, 'now').mockReturnValue(0);
    const renamed = { ...(PRODUCTS[9] as Product), title: 'Aaaa boot' };
    await db.products.put(toCachedProduct(renamed));
    vi.restoreAllMocks();
    const query = { keyword: 'boot', sort: 'title,asc' };
    const expected = filterProductsLocally(PRODUCTS.map((p) => (p.productId === renamed.productId ? renamed : p)), query);
    expect(expected.content[0]?.productId).toBe(renamed.productId);
    expect((await queryKeptProducts(db, query)).content).toEqual(expected.content);
  });

  it('keeps the answers right whatever way a product is written', async () => {
    await refreshKeptColumns(db);
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
