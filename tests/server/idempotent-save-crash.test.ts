/**
 * A keyed save that committed but whose answer never reached the client (the process died right
 * after the commit) must give the retry the stored answer, not a 412 against the version the save
 * itself made: the save and its Idempotency-Key record are one transaction (docs/security.md,
 * "Idempotency after a crash"). The crash is the test seam idempotencyFaults.afterCommit, which
 * fails the request between the commit and the answer; the restart is what the server does at
 * start (releaseAbandonedClaims).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BolModelChangeSet } from '../../src/shared/bol-change-set';
import type { BolModel } from '../../src/shared/bol-contract';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { brands, idempotentRequests, products, suppliers } from '../../src/server/db/schema';
import { idempotencyFaults, releaseAbandonedClaims, scopedKey } from '../../src/server/http/idempotency';
import { createBolKit } from './support/bol-fixtures';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, f, admin: auth } = await catalogueApp({ app: { deps: { bol: createBolKit().deps, selfOrigin: 'http://backoffice.test:8080' } } }));
  await loadModel(t.database.db, modelFileSchema.parse(DEMO_MODEL));
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  idempotencyFaults.afterCommit = null;
});

function send(method: string, path: string, body: unknown, headers: Record<string, string>) {
  return t.app.request(`/api/v1${path}`, { method, headers: { ...auth, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function json<T>(path: string): Promise<T> {
  const response = await t.app.request(`/api/v1${path}`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Sends the request once with the process "dying" after the commit, restarts, and sends it again. */
async function crashThenRetry(method: string, path: string, body: unknown, headers: Record<string, string>) {
  const routesFailed: string[] = [];
  idempotencyFaults.afterCommit = (route) => {
    routesFailed.push(route);
    throw new Error('the process died before it could answer');
  };
  const lost = await send(method, path, body, headers);
  expect({ status: lost.status, answer: lost.status === 500 ? null : await lost.json() }).toEqual({ status: 500, answer: null });
  expect(routesFailed).toHaveLength(1);
  idempotencyFaults.afterCommit = null;
  // What a restart does before it takes requests: release every claim left in flight.
  await releaseAbandonedClaims(t.database.db, true);
  return send(method, path, body, headers);
}

const newProduct = () => insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, title: 'Lamp', deliveryCode: '1-2d', stock: 1 });

describe('a keyed save whose answer was lost in a crash after the commit', () => {
  it('PUT /product: the retry gets the stored answer and the product is saved once', async () => {
    const id = await newProduct();
    const product = await json<Product>(`/product/${id}`);
    const retry = await crashThenRetry('PUT', '/product', { ...product, stock: 7 }, { 'If-Match': `"${product.version}"`, 'Idempotency-Key': 'put-crash-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.headers.get('ETag')).toBe(`"${product.version + 1}"`);
    const answered = (await retry.json()) as Product;
    expect([answered.version, answered.stock]).toEqual([product.version + 1, 7]);
    const [row] = await t.database.db.select({ version: products.version, stock: products.stock }).from(products).where(eq(products.productId, id));
    expect(row).toEqual({ version: product.version + 1, stock: 7 });
    const history = await json<Page<ProductHistoryEntry>>(`/product/${id}/history`);
    expect(history.content.filter((entry) => entry.changes.some((change) => change.field === 'stock'))).toHaveLength(1);
  });

  it('PATCH /product/{id}: the retry gets the stored answer, not a conflict, and the change lands once', async () => {
    const id = await newProduct();
    const set: ProductChangeSet = { fields: { stock: { base: 1, value: 4 } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: true };
    const retry = await crashThenRetry('PATCH', `/product/${id}`, set, { 'Idempotency-Key': 'patch-crash-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await retry.json()) as Product).stock).toBe(4);
    const history = await json<Page<ProductHistoryEntry>>(`/product/${id}/history`);
    expect(history.content).toHaveLength(1);
  });

  it('POST /bol/data/model/product: the retry gets the stored model, not a 412', async () => {
    const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Crash Shoes' }).returning({ id: suppliers.supplierId });
    const [brand] = await t.database.db.insert(brands).values({ brandName: 'Crashproof' }).returning({ id: brands.brandId });
    const id = await insertProduct(t.database.db, { supplierId: supplier?.id ?? 0, ean: '8714000000015', title: 'Runner 44', description: '<p>A runner.</p>', productSize: '44', color: 'Black', brandId: brand?.id });
    expect((await send('POST', '/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' }, {})).status).toBe(200);
    const model = await json<BolModel>(`/bol/data/model/product/${id}`);
    const edited = { ...model, attributeData: model.attributeData.map((a) => (a.attributeId === 'Gender' ? { ...a, value: 'Heren' } : a)) };
    const retry = await crashThenRetry('POST', '/bol/data/model/product', edited, { 'If-Match': `"${model.version ?? 0}"`, 'Idempotency-Key': 'bol-crash-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await retry.json()) as BolModel).version).toBe((model.version ?? 0) + 1);
    expect((await json<BolModel>(`/bol/data/model/product/${id}`)).version).toBe((model.version ?? 0) + 1);
  });
});

describe('a keyed Bol-model change set whose answer was lost in a crash after the commit', () => {
  it('PATCH /bol/model/{id}: the retry gets the stored model, and the change lands once', async () => {
    const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Crash Sneakers' }).returning({ id: suppliers.supplierId });
    const [brand] = await t.database.db.insert(brands).values({ brandName: 'Crashproof Two' }).returning({ id: brands.brandId });
    const id = await insertProduct(t.database.db, { supplierId: supplier?.id ?? 0, ean: '8710103974307', title: 'Court 44', description: '<p>A sneaker.</p>', productSize: '44', color: 'Black', brandId: brand?.id });
    expect((await send('POST', '/bol/data/model/chunk/save', { productId: id, chunkId: '10001074' }, {})).status).toBe(200);
    const before = await json<BolModel>(`/bol/data/model/product/${id}`);
    const set: BolModelChangeSet = { attributes: { Colour: { base: 'Black', value: 'Zwart' } }, madeAt: Date.now(), offline: true };
    const retry = await crashThenRetry('PATCH', `/bol/model/${id}`, set, { 'Idempotency-Key': 'bol-patch-crash-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    const answered = (await retry.json()) as BolModel;
    expect(answered.version).toBe((before.version ?? 0) + 1);
    const now = await json<BolModel>(`/bol/data/model/product/${id}`);
    expect(now.version).toBe((before.version ?? 0) + 1);
    expect(now.attributeData.find((attribute) => attribute.attributeId === 'Colour')?.value).toBe('Zwart');
  });
});

describe('a keyed save refused or failing inside its transaction', () => {
  it('keeps no record, so the retry runs again', async () => {
    const id = await newProduct();
    const product = await json<Product>(`/product/${id}`);
    const headers = { 'If-Match': `"${product.version + 5}"`, 'Idempotency-Key': 'put-stale-1' };
    expect((await send('PUT', '/product', { ...product, stock: 3 }, headers)).status).toBe(412);
    expect(await t.database.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, scopedKey(1, 'PUT /product', 'put-stale-1')))).toEqual([]);
    const retry = await send('PUT', '/product', { ...product, stock: 3 }, headers);
    expect(retry.status).toBe(412);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
  });
});

describe('the same key sent twice at the same time', () => {
  it('saves once: one request does the work, the other replays its answer', async () => {
    const id = await newProduct();
    const product = await json<Product>(`/product/${id}`);
    const headers = { 'If-Match': `"${product.version}"`, 'Idempotency-Key': 'put-twice-at-once' };
    const answers = await Promise.all([0, 1, 2].map(() => send('PUT', '/product', { ...product, stock: 11 }, headers)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2);
    const versions = await Promise.all(answers.map(async (answer) => ((await answer.json()) as Product).version));
    expect(versions).toEqual([product.version + 1, product.version + 1, product.version + 1]);
    const history = await json<Page<ProductHistoryEntry>>(`/product/${id}/history`);
    expect(history.content).toHaveLength(1);
  });
});
