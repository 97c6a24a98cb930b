import { afterEach, describe, expect, it } from 'vitest';
import { LAST_USER_META_KEY, type BackofficeDatabase } from '../../src/app/db/database';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;
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

    db = openTestDatabase(name);
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
});
