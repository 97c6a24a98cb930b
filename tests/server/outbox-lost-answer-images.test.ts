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
import { buildChangeSet } from '../../src/shared/change-set';
import type { Product, ProductImage } from '../../src/shared/contract';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox, type OutboxRequest, type ResponseLike } from '../../src/app/sync/drainer';
import { enqueueProductChange, listOutbox } from '../../src/app/sync/outbox';
import { openTestDatabase } from '../unit/support/offline-fakes';
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

type FirstAttempt = 'landed' | 'never arrived';

async function setUp(first: FirstAttempt) {
  const productId = await insertProduct(t.database.db, { supplierId, title: 'Chair', deliveryCode: '1-2d', color: 'Black', stock: 0 });
  const token = await t.tokenFor('bea');
  const read = async () => (await (await t.app.request(`/api/v1/product/${productId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Product;
  await db.products.put(toCachedProduct(await read()));

  let loseAnswers = true;
  const send = async (request: OutboxRequest): Promise<ResponseLike> => {
    if (loseAnswers && first === 'never arrived') throw new Error('connect ETIMEDOUT (the request never left)');
    const answer = await t.app.request(request.url, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
    if (!loseAnswers) return answer;
    await answer.arrayBuffer(); // the server finished and committed; the answer never arrives
    throw new Error('read ECONNRESET (after the server answered)');
  };
  const clock = { now: 1_760_000_000_000 };
  const deps = { db, send, token: () => token, currentUser: () => 'bea', now: () => clock.now, random: () => 0.5 };
  const current = async () => fromCachedProduct((await db.products.get(productId)) as Product);
  const change = async (edit: (before: Product) => Partial<Product>) => {
    const before = await current();
    const after = { ...before, ...edit(before) };
    await enqueueProductChange(db, buildChangeSet(before, after, clock.now, false), after, 'bea', clock.now);
  };

  // An image added; the attempt gets no answer: the entry waits, tried once.
  const image: ProductImage = { id: randomUUID(), filePath: await insertMediaFile(t.database.db, `image-${productId}`), name: 'chair.png', altImage: '', isMainImage: false };
  await change((before) => ({ productImages: [...before.productImages, image] }));
  expect((await drainOutbox(deps)).retried).toBe(1);
  expect((await read()).productImages.map((one) => one.id)).toEqual(first === 'landed' ? [image.id] : []);

  const drainWithAnswers = async () => {
    loseAnswers = false;
    clock.now += 60 * 60_000;
    const summary = await drainOutbox(deps);
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
