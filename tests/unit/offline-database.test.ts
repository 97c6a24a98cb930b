import { afterEach, describe, expect, it } from 'vitest';
import { fromCachedProduct, LAST_USER_META_KEY, LATEST_VERSION, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { readCachedProducts } from '../../src/app/db/product-cache';
import { COLUMNS_META_KEY, keptColumnsNow, refreshKeptColumns } from '../../src/app/db/kept-columns-store';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;

/** What a device of an older version holds before an upgrade: two products, a waiting save and its file. */
async function keepTwoBootsAndAChange(older: BackofficeDatabase): Promise<void> {
  await older.products.bulkPut([
    toCachedProduct(makeProduct({ productId: 1, title: 'Red boot', dateUpdate: '2024-01-02T00:00:00.000Z' })),
    toCachedProduct(makeProduct({ productId: 2, title: 'Blue boot', dateUpdate: '2024-01-01T00:00:00.000Z' })),
  ]);
  await older.table('outbox').put({ id: 'a', seq: 1, author: 'anna', kind: 'product-save', entityKey: 'product:1', status: 'pending', createdAt: 1, payload: { product: makeProduct() } });
  await older.table('files').put({ id: 'f', bytes: new ArrayBuffer(2), name: 'a.png', type: 'image/png', createdAt: 1 });
}

afterEach(async () => {
  await db.delete();
});

describe('database versions', () => {
  it('upgrades a version 1 database to version 2 keeping every change and product', async () => {
    const name = testDatabaseName();
    const v1 = openTestDatabase(name, 1);
    await v1.table('meta').put({ key: LAST_USER_META_KEY, value: 'anna' });
    await v1.table('products').put(makeProduct({ productId: 1, passedModeration: true }));
    await v1.table('products').put(makeProduct({ productId: 2, passedModeration: false }));
    // Version 1 entries had neither seq nor author; created in this order: b, then a.
    await v1.table('outbox').bulkPut([
      { id: 'a', kind: 'product-save', entityKey: 'product:1', status: 'pending', createdAt: 20, payload: { product: makeProduct() } },
      { id: 'b', kind: 'image-delete', entityKey: 'product:1', status: 'failed', createdAt: 10, payload: { productId: 1, imageId: 'x' } },
    ]);
    await v1.table('files').put({ id: 'f', bytes: new ArrayBuffer(2), name: 'a.png', type: 'image/png', createdAt: 1 });
    expect(v1.verno).toBe(1);
    v1.close();

    db = openTestDatabase(name, 2);
    await db.open();
    expect(db.verno).toBe(2);
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => [entry.id, entry.seq, entry.author, entry.status])).toEqual([
      ['b', 1, 'anna', 'failed'],
      ['a', 2, 'anna', 'pending'],
    ]);
    expect(await db.outbox.where('author').equals('anna').count()).toBe(2);
    expect(await db.products.where('moderationKey').equals(1).primaryKeys()).toEqual([1]);
    expect(await db.files.count()).toBe(1);
  });

  it('upgrades a version 2 database to version 3: every kept product is in the search index', async () => {
    const name = testDatabaseName();
    const v2 = openTestDatabase(name, 2);
    await v2.table('products').bulkPut([
      { ...makeProduct({ productId: 1, title: 'Red running shoe', ean: '8710000000001', buyBlock: true }), moderationKey: 0 },
      { ...makeProduct({ productId: 2, title: 'Blue sock', sku: 'SOCK-2' }), moderationKey: 0 },
    ]);
    await v2.table('outbox').put({ id: 'a', seq: 1, author: 'anna', kind: 'product-save', entityKey: 'product:1', status: 'pending', createdAt: 1, payload: { product: makeProduct() } });
    expect((await v2.table('products').get(1)).searchWords).toBeUndefined();
    v2.close();

    db = openTestDatabase(name, 3);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.products.where('searchWords').startsWith('unni').primaryKeys()).toEqual([1]);
    expect(await db.products.where('searchWords').startsWith('sock').primaryKeys()).toEqual([2]);
    expect(await db.products.where('searchCodes').equals('8710000000001').primaryKeys()).toEqual([1]);
    expect(await db.products.where('searchCodes').equals('SOCK-2').primaryKeys()).toEqual([2]);
    expect(await db.products.where('filterKeys').equals('buyBlock:1').primaryKeys()).toEqual([1]);
    expect(await db.outbox.count()).toBe(1);
    // What the app reads back carries none of the index helpers.
    const first = await db.products.get(1);
    expect(first?.searchWords).toEqual(expect.arrayContaining(['running', 'unning']));
    expect(Object.keys(fromCachedProduct(first ?? makeProduct()))).not.toContain('searchWords');
  });

  it('upgrades a version 3 database to version 4 keeping every product and change; products written later are stamped', async () => {
    const name = testDatabaseName();
    const v3 = openTestDatabase(name, 3);
    await keepTwoBootsAndAChange(v3);
    expect((await v3.table('products').get(1)).keptAt).toBeUndefined();
    v3.close();

    db = openTestDatabase(name, 4);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.products.count()).toBe(2);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.files.count()).toBe(1);
    // Kept before: older than any picture, so not "written since" one.
    expect(await db.products.where('keptAt').above(0).count()).toBe(0);
    await db.products.update(2, { title: 'Blue boots' });
    expect(await db.products.where('keptAt').above(0).primaryKeys()).toEqual([2]);
  });

  it('upgrades a version 4 database to the latest keeping every product and change, without the field indexes and sort orders; columns built later find them', async () => {
    const name = testDatabaseName();
    const v4 = openTestDatabase(name, 4);
    await keepTwoBootsAndAChange(v4);
    await v4.sortOrders.put({ key: 'title', ids: Int32Array.from([2, 1]), builtAt: 1 });
    expect(v4.products.schema.indexes.map((index) => index.name)).toContain('title');
    v4.close();

    db = openTestDatabase(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBe(6);
    expect(await db.products.count()).toBe(2);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.files.count()).toBe(1);
    expect(db.products.schema.indexes.map((index) => index.name)).toEqual(['keptAt']);
    expect(db.tables.map((table) => table.name)).not.toContain('sortOrders');
    // No columns yet: the first read builds them from every kept product.
    expect(await db.meta.get(COLUMNS_META_KEY)).toBeUndefined();
    const page = await readCachedProducts(db, { keyword: 'boot', sort: 'title,asc' });
    expect(page.page.content.map((product) => product.productId)).toEqual([2, 1]);
    expect(Object.keys(page.page.content[0] ?? {})).not.toContain('keptAt');
    // A product written now is stamped and is "written since" the columns.
    await refreshKeptColumns(db);
    await db.products.update(2, { title: 'Aaa boots' });
    expect((await keptColumnsNow(db)).written.map((product) => product.productId)).toEqual([2]);
    const after = await readCachedProducts(db, { keyword: 'boot', sort: 'title,asc' });
    expect(after.page.content.map((product) => product.title)).toEqual(['Aaa boots', 'Red boot']);
  });
});
