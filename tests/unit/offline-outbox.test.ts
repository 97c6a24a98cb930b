import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import {
  countOutbox,
  discard,
  earliestNextAttempt,
  enqueueBolModelSave,
  enqueueImageUpload,
  enqueueProductSave,
  listOutbox,
  retry,
} from '../../src/app/sync/outbox';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

describe('outbox', () => {
  it('keeps an offline edit after a reload', async () => {
    const name = testDatabaseName();
    db = openTestDatabase(name);
    await db.products.put(toCachedProduct(makeProduct({ title: 'Before' })));
    await enqueueProductSave(db, makeProduct({ title: 'After' }), 1, 'anna');
    db.close();

    db = openTestDatabase(name);
    expect((await db.products.get(1))?.title).toBe('After');
    expect((await countOutbox(db)).waiting).toBe(1);
  });

  it('merges a second save of the same product by the same author into the unsent first one', async () => {
    db = openTestDatabase();
    const first = await enqueueProductSave(db, makeProduct({ title: 'One', version: 3 }), 3, 'anna');
    const second = await enqueueProductSave(db, makeProduct({ title: 'Two', version: 3 }), 4, 'anna');

    const entries = await listOutbox(db);
    expect(entries).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(entries[0]).toMatchObject({ id: first.id, baseVersion: 3, payload: { product: { title: 'Two' } } });
  });

  it('does not merge into a save already tried, nor into another author\'s save', async () => {
    db = openTestDatabase();
    const tried = await enqueueProductSave(db, makeProduct({ title: 'One' }), 1, 'anna');
    await db.outbox.update(tried.id, { attempts: 1 });
    await enqueueProductSave(db, makeProduct({ title: 'Two' }), 1, 'anna');
    await enqueueProductSave(db, makeProduct({ title: 'Three' }), 1, 'bob');

    const entries = await listOutbox(db);
    expect(entries.map((entry) => [entry.author, entry.kind === 'product-save' ? entry.payload.product.title : ''])).toEqual([
      ['anna', 'One'],
      ['anna', 'Two'],
      ['bob', 'Three'],
    ]);
    expect(entries.map((entry) => entry.seq)).toEqual([...entries.map((entry) => entry.seq)].sort((a, b) => a - b));
  });

  it('merges Bol-model saves too and shows the model locally', async () => {
    db = openTestDatabase();
    await enqueueBolModelSave(db, { productId: 7, attributeData: [{ attributeId: 'a', value: '1' }] }, null, 'anna');
    await enqueueBolModelSave(db, { productId: 7, attributeData: [{ attributeId: 'a', value: '2' }] }, null, 'anna');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.bolModels.get(7))?.attributeData).toEqual([{ attributeId: 'a', value: '2' }]);
  });

  it('discarding an upload drops its bytes and its image from the waiting save and the local copy', async () => {
    db = openTestDatabase();
    const { entry, filePath } = await enqueueImageUpload(db, { productId: 1, bytes: new ArrayBuffer(3), name: 'a.png', type: 'image/png' }, 'anna');
    const keep = { id: 'old', filePath: '/media/old.png', name: '', altImage: '', isMainImage: true };
    const added = { id: 'new', filePath, name: '', altImage: '', isMainImage: false };
    await enqueueProductSave(db, makeProduct({ productImages: [keep, added] }), 1, 'anna');

    await discard(db, entry.id);

    expect(await db.files.count()).toBe(0);
    const [save] = await listOutbox(db);
    expect(save?.kind === 'product-save' && save.payload.product.productImages).toEqual([keep]);
    expect(save?.dependsOn).toEqual([]);
    expect((await db.products.get(1))?.productImages).toEqual([keep]);
  });

  it('retry puts a failed change back in the queue, due at once', async () => {
    db = openTestDatabase();
    const entry = await enqueueProductSave(db, makeProduct(), 1, 'anna');
    await db.outbox.update(entry.id, { status: 'failed', attempts: 3, nextAttemptAt: 99, lastError: 'Bad' });
    expect(await countOutbox(db)).toEqual({ waiting: 1, pending: 0, sending: 0, failed: 1, conflict: 0 });
    expect(await listOutbox(db, ['failed'])).toHaveLength(1);

    await retry(db, entry.id);

    expect(await listOutbox(db, ['pending'])).toMatchObject([{ id: entry.id, attempts: 0 }]);
    expect(await earliestNextAttempt(db)).toBe(0);
  });
});
