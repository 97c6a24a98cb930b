/**
 * An image added by a change set whose attempt got no answer (docs/offline.md "Change sets"),
 * then deleted or edited by the same person before the next drain, against the real PATCH
 * /product/{id}: whether that attempt was written by the server or never arrived, the image ends
 * as the person left it. Before, a delete merged into the set either sent the image both added
 * and deleted (the server created it) or dropped out after another edit had merged in between
 * (the server kept the image the first attempt had created), and an alt text edit only changed
 * the added copy, not the image the first attempt had created.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImage } from '../../src/shared/contract';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { listOutbox } from '../../src/app/sync/outbox';
import { openTestDatabase } from '../unit/support/offline-fakes';
import { lostAnswerDevice, type FirstAttempt } from './support/lost-answer-device';
import { insertCatalogueBasics, insertMediaFile, insertProduct } from './support/product-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let db: BackofficeDatabase;
let supplierId: number;
beforeAll(async () => {
  t = await createTestApp();
  db = openTestDatabase();
  supplierId = (await insertCatalogueBasics(t.database.db)).supplierIds.shoes;
});
afterAll(async () => {
  await db.delete();
  await t.close();
});

async function setUp(first: FirstAttempt) {
  const productId = await insertProduct(t.database.db, { supplierId, title: 'Chair', deliveryCode: '1-2d', color: 'Black', stock: 0 });
  const device = await lostAnswerDevice(t, db, productId, 'bea', first);
  const { read, change } = device;

  // An image added; the attempt gets no answer: the entry waits, tried once.
  const image: ProductImage = { id: randomUUID(), filePath: await insertMediaFile(t.database.db, `image-${productId}`), name: 'chair.png', altImage: '', isMainImage: false };
  await change((before) => ({ productImages: [...before.productImages, image] }));
  expect((await device.drain()).retried).toBe(1);
  expect((await read()).productImages.map((one) => one.id)).toEqual(first === 'landed' ? [image.id] : []);

  const drainWithAnswers = async () => {
    const summary = await device.drainWithAnswers();
    const waiting = await listOutbox(db);
    expect(waiting.map((entry) => `${entry.status}: ${entry.lastError ?? ''}`)).toEqual([]);
    expect(summary).toMatchObject({ conflicts: 0, failed: 0 });
  };
  return { image, read, change, drainWithAnswers };
}

describe.each<FirstAttempt>(['landed', 'never arrived'])('an image added by an attempt that got no answer (it %s)', (first) => {
  it('deleted before the next drain is gone from the server', async () => {
    const { image, read, change, drainWithAnswers } = await setUp(first);
    await change((before) => ({ productImages: before.productImages.filter((one) => one.id !== image.id) }));
    await drainWithAnswers();
    expect((await read()).productImages).toEqual([]);
  });

  it('deleted after another edit merged in between is gone from the server, and the other edit is written', async () => {
    const { image, read, change, drainWithAnswers } = await setUp(first);
    await change(() => ({ title: 'Chair XL' }));
    await change((before) => ({ productImages: before.productImages.filter((one) => one.id !== image.id) }));
    await drainWithAnswers();
    expect(await read()).toMatchObject({ title: 'Chair XL', productImages: [] });
  });

  it('with its alt text edited before the next drain, has that alt text on the server', async () => {
    const { image, read, change, drainWithAnswers } = await setUp(first);
    await change(() => ({ title: 'Chair XL' }));
    await change((before) => ({ productImages: before.productImages.map((one) => (one.id === image.id ? { ...one, altImage: 'A red chair' } : one)) }));
    await drainWithAnswers();
    expect(await read()).toMatchObject({ title: 'Chair XL', productImages: [{ id: image.id, altImage: 'A red chair', name: 'chair.png' }] });
  });
});
