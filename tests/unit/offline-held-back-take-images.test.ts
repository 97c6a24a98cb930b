/**
 * "Take the supplier's" on a held-back image list as an outbox write
 * (src/app/sync/kinds/held-back-take-images.ts, docs/offline.md "Writes"): the device shows the
 * supplier's images at once, the entry waits offline and survives a reopened database, goes as POST
 * without If-Match when the connection returns; a conflict puts the server's product back and the
 * entry then builds on the images as they are; discarding it shows the device's images again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox } from '../../src/app/sync/drainer';
import { discard, resolveConflict } from '../../src/app/sync/outbox';
import { submitChange } from '../../src/app/sync/submit';
import { heldImagesNote, keptHere, takeImagesChange } from '../../src/app/features/product-edit/held-back-rules';
import type { Product, ProductImage } from '../../src/shared/contract';
import { drainDeps, makeProduct, openTestDatabase, StrictTransport, testDatabaseName } from './support/offline-fakes';

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

const at = '2025-06-01T12:00:00.000Z';
const SUPPLIER = ['https://img.test/b.png', 'https://img.test/c.png'];
const image = (id: string, filePath: string, isMainImage = false): ProductImage => ({ id, filePath, name: '', altImage: '', isMainImage });
const held = (): Product =>
  makeProduct({
    version: 5,
    productImages: [image('c1', 'https://img.test/c.png'), image('up', '/media/ab/mine.png', true)],
    numberOfImages: 2,
    heldBack: [{ field: 'images', value: SUPPLIER, at }],
  });
const URL_OF = '/api/v1/product/1/held-back/images/take';

async function take(): Promise<string> {
  const product = held();
  const note = heldImagesNote(product);
  if (!note) throw new Error('no note');
  return (await submitChange(db, takeImagesChange(product, note), 'anna')).saveId;
}

describe("Take the supplier's images through the outbox", () => {
  it("shows the supplier's images on the device at once and waits offline, also in a reopened database", async () => {
    const name = testDatabaseName();
    db = openTestDatabase(name);
    await db.products.put(toCachedProduct(held()));
    const saveId = await take();

    const shown = fromCachedProduct((await db.products.get(1)) ?? toCachedProduct(held()));
    expect(shown.productImages.map((one) => [one.filePath, one.isMainImage])).toEqual([
      ['https://img.test/b.png', false],
      ['https://img.test/c.png', false],
      ['/media/ab/mine.png', true],
    ]);
    expect(shown.productImages[1]?.id).toBe('c1');
    expect(shown.productImages[0]?.name).toBe('b.png');
    expect(shown.heldBack).toBeUndefined();
    db.close();
    db = openTestDatabase(name);
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ id: saveId, kind: 'held-back-take-images', status: 'pending', author: 'anna', payload: { productId: 1, images: SUPPLIER, base: ['c1', 'up'] } });
    expect([...keptHere([{ kind: waiting?.kind ?? '', status: 'pending', payload: waiting?.payload }])]).toEqual(['images']);

    const offline = new StrictTransport().expect('POST', URL_OF, new Error('Failed to fetch'));
    expect(await drainOutbox(drainDeps(db, offline))).toMatchObject({ sent: 0, retried: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('queues one entry however often it is tapped, and is sent as POST without If-Match under its own key', async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    const saveId = await take();
    expect(await take()).toBe(saveId);
    expect(await db.outbox.count()).toBe(1);

    const answer = makeProduct({ version: 6, productImages: [image('n1', 'https://img.test/b.png', true), image('c1', 'https://img.test/c.png'), image('up', '/media/ab/mine.png')] });
    const transport = new StrictTransport().expect('POST', URL_OF, { status: 200, body: answer, headers: { ETag: '"6"' } });
    expect(await drainOutbox(drainDeps(db, transport))).toMatchObject({ sent: 1, failed: 0 });
    transport.verify();
    const [request] = transport.requests;
    expect(request?.headers['Idempotency-Key']).toBe(saveId);
    expect(request?.headers['If-Match']).toBeUndefined();
    expect(JSON.parse(String(request?.body))).toEqual({ images: SUPPLIER, base: ['c1', 'up'], offline: false });
    expect(await db.outbox.count()).toBe(0);
    expect(fromCachedProduct((await db.products.get(1)) ?? toCachedProduct(held()))).toEqual(answer);
  });

  it("on a conflict shows the server's product again, and Keep mine sends the take over the images as they are now", async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    const saveId = await take();
    const server = makeProduct({ version: 7, productImages: [image('c1', 'https://img.test/c.png')], heldBack: [{ field: 'images', value: SUPPLIER, at }] });
    const conflict = new StrictTransport().expect('POST', URL_OF, { status: 409, body: { message: 'The images changed', product: server } });
    expect(await drainOutbox(drainDeps(db, conflict))).toMatchObject({ conflicts: 1 });
    expect(fromCachedProduct((await db.products.get(1)) ?? toCachedProduct(held()))).toEqual(server);
    const entry = await db.outbox.get(saveId);
    expect(entry).toMatchObject({ status: 'conflict', lastError: 'The images changed', payload: { base: ['c1'], images: SUPPLIER } });
    // A conflict does not hide the note: the person sees the supplier's list again.
    expect([...keptHere([{ kind: entry?.kind ?? '', status: entry?.status ?? '', payload: entry?.payload }])]).toEqual([]);

    await resolveConflict(db, saveId, 'keep-mine');
    const again = new StrictTransport().expect('POST', URL_OF, { status: 200, body: { ...server, version: 8, heldBack: undefined }, headers: { ETag: '"8"' } });
    await drainOutbox(drainDeps(db, again));
    expect(JSON.parse(String(again.requests[0]?.body))).toEqual({ images: SUPPLIER, base: ['c1'], offline: false });
    expect(await db.outbox.count()).toBe(0);
  });

  it("shows the device's images and the supplier's note again when the waiting take is discarded", async () => {
    db = openTestDatabase();
    await db.products.put(toCachedProduct(held()));
    const saveId = await take();
    await discard(db, saveId);
    const local = fromCachedProduct((await db.products.get(1)) ?? toCachedProduct(makeProduct()));
    expect(local.productImages).toEqual(held().productImages);
    expect(local.heldBack).toEqual(held().heldBack);
  });
});
