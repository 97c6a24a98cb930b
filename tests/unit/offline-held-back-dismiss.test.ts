/**
 * "Keep mine" on a held-back supplier value as an outbox write (src/app/sync/kinds/held-back-dismiss.ts,
 * docs/offline.md "Writes"): the note leaves the device's copy at once, the entry waits offline and
 * survives a reopened database, goes as DELETE when the connection returns, and a send repeated
 * after a lost answer is harmless.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox } from '../../src/app/sync/drainer';
import { submitChange } from '../../src/app/sync/submit';
import { heldCategoryNote, heldImagesNote, heldNotes, keptHere } from '../../src/app/features/product-edit/held-back-rules';
import { formFromProduct } from '../../src/app/features/product-edit/product-form';
import type { Product } from '../../src/shared/contract';
import { drainDeps, makeProduct, openTestDatabase, StrictTransport, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

const at = '2025-06-01T12:00:00.000Z';
const held = (): Product =>
  makeProduct({
    version: 5,
    title: 'Lamp (ours)',
    heldBack: [
      { field: 'title', value: 'Desk lamp LED', at },
      { field: 'categoryId', value: 12, shown: 'Table lamps', at },
    ],
  });
const URL_OF = '/api/v1/product/1/held-back/title';

describe('Keep mine through the outbox', () => {
  it('drops the note on the device at once and waits offline, also in a reopened database', async () => {
    const name = testDatabaseName();
    db = openTestDatabase(name);
    await db.products.put(toCachedProduct(held()));
    const submitted = await submitChange(db, { kind: 'held-back-dismiss', productId: 1, field: 'title' }, 'anna');

    expect((await db.products.get(1))?.heldBack?.map((value) => value.field)).toEqual(['categoryId']);
    db.close();
    db = openTestDatabase(name);
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ id: submitted.saveId, kind: 'held-back-dismiss', status: 'pending', author: 'anna', payload: { productId: 1, field: 'title' } });

    // Offline: the send fails, the entry stays for the next try.
    const offline = new StrictTransport().expect('DELETE', URL_OF, new Error('Failed to fetch'));
    expect(await drainOutbox(drainDeps(db, offline))).toMatchObject({ sent: 0, retried: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('queues one entry for a hold however often Keep mine is pressed', async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    const first = await submitChange(db, { kind: 'held-back-dismiss', productId: 1, field: 'title' }, 'anna');
    const second = await submitChange(db, { kind: 'held-back-dismiss', productId: 1, field: 'title' }, 'anna');
    expect(second.saveId).toBe(first.saveId);
    expect(await db.outbox.count()).toBe(1);
  });

  it('is sent as DELETE without If-Match under its own key, and the answer replaces the device copy', async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    const { saveId } = await submitChange(db, { kind: 'held-back-dismiss', productId: 1, field: 'title' }, 'anna');
    const answer = makeProduct({ version: 6, title: 'Lamp (ours)', heldBack: [{ field: 'categoryId', value: 12, shown: 'Table lamps', at }] });
    const transport = new StrictTransport().expect('DELETE', URL_OF, { status: 200, body: answer, headers: { ETag: '"6"' } });

    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1, failed: 0 });
    transport.verify();
    const [request] = transport.requests;
    expect(request?.headers['Idempotency-Key']).toBe(saveId);
    expect(request?.headers['If-Match']).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.products.get(1)).toMatchObject({ version: 6, heldBack: [{ field: 'categoryId' }] });
  });

  it('keeps my later waiting change on the device when the answer comes: only the holds are taken from it', async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    await submitChange(db, { kind: 'held-back-dismiss', productId: 1, field: 'title' }, 'anna');
    const before = held();
    await submitChange(db, { kind: 'product-change', before, after: { ...before, color: 'Brass' } }, 'anna');
    const answer = makeProduct({ version: 6, title: 'Lamp (ours)' });
    const transport = new StrictTransport()
      .expect('DELETE', URL_OF, { status: 200, body: answer, headers: { ETag: '"6"' } })
      .expect('PATCH', '/api/v1/product/1', new Error('Failed to fetch'));
    await drainOutbox(drainDeps(db, transport, { parallel: 1 }));
    const local = await db.products.get(1);
    expect(local?.color).toBe('Brass');
    expect(local?.heldBack).toBeUndefined();
  });
});

describe('which held values the product page shows', () => {
  it('leaves out a hold whose Keep mine waits, and shows the category by name and the images by file name', () => {
    const product = makeProduct({
      heldBack: [
        { field: 'title', value: 'Desk lamp LED', at },
        { field: 'categoryId', value: 12, shown: 'Table lamps', at },
        { field: 'images', value: ['https://img.test/a/front%20view.png?v=2', 'https://img.test/side.png'], at },
      ],
    });
    const kept = keptHere([{ kind: 'held-back-dismiss', status: 'pending', payload: { productId: 1, field: 'title' } }, { kind: 'product-change', status: 'pending', payload: {} }]);
    expect([...kept]).toEqual(['title']);
    expect([...heldNotes(product, formFromProduct(product), kept).keys()]).toEqual([]);
    expect(heldCategoryNote(product, kept)).toEqual({ field: 'categoryId', says: 'The supplier now says: Table lamps', categoryId: 12, categoryName: 'Table lamps' });
    expect(heldImagesNote(product, kept)).toEqual({
      field: 'images',
      says: 'The supplier now says: 2 images: front view.png, side.png',
      images: [
        { address: 'https://img.test/a/front%20view.png?v=2', name: 'front view.png' },
        { address: 'https://img.test/side.png', name: 'side.png' },
      ],
    });
    expect(heldCategoryNote(product, new Set(['categoryId']))).toBeNull();
    expect(heldImagesNote(makeProduct({ heldBack: [{ field: 'images', value: [], at }] }))?.says).toBe('The supplier now says: No images');
  });

  it('names a category without a known name by its number only as the last resort', () => {
    const product = makeProduct({ heldBack: [{ field: 'categoryId', value: 7, shown: null, at }] });
    expect(heldCategoryNote(product)?.says).toBe('The supplier now says: Category 7');
  });
});
