/**
 * Open forms stay fresh across server processes (docs/product-edit.md, "Open forms stay fresh";
 * docs/deployment.md, "Running on several machines"): the ETag of a product and of its Bol model
 * is the version of the database row, so a conditional GET through one process sees a change
 * made through the other, whoever made it: a person's save, a supplier feed import, "Keep mine"
 * on a held-back value, a Bol model save. Needs a real PostgreSQL: runs when TEST_DATABASE_URL is
 * set (.ci/run sets it), and is skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { brands, suppliers } from '../../src/server/db/schema';
import type { BolModel } from '../../src/shared/bol-contract';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { US_TRAIL_RUNNER } from './support/bol-fixtures';
import { insertProduct } from './support/product-fixtures';
import { sharedStoreEnv, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestBucket } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const postgres = process.env.TEST_DATABASE_URL;

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;color;images';
const EAN = '8710103974307';
/** The tag without its weak mark: a compressed 200 answer carries W/"7", a 304 the strong "7" (both name version 7). */
const tagOf = (etag: string | null) => etag?.replace(/^W\//, '') ?? null;
const feedLine = (row: { title?: string; stock?: string }) =>
  [EAN, 'LMP-1', row.title ?? 'Desk lamp', '<p>Bright</p>', 'Lumo', 'Lamps', '10,00', '19,95', '1-2d', row.stock ?? '5', '1,5', 'White', ''].join(';');

describe.skipIf(!postgres)('open forms stay fresh across two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let authA: Record<string, string>;
  let authB: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = sharedStoreEnv(database.url ?? '', await createTestBucket());
    // One after the other: both run the migrations and create the first user on start.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    authA = { Authorization: `Bearer ${await a.signIn()}` };
    authB = { Authorization: `Bearer ${await b.signIn()}` };
  }, 180_000);
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await database?.close();
  });

  /** A conditional GET through `server`: its status, ETag and body (null for 304). */
  async function conditionalGet<T>(server: ServerProcess, path: string, etag: string | null) {
    const response = await fetch(`${server.origin}/api/v1${path}`, {
      headers: { ...(server === a ? authA : authB), ...(etag ? { 'If-None-Match': etag } : {}) },
    });
    const body = response.status === 200 ? ((await response.json()) as T) : null;
    return { status: response.status, etag: response.headers.get('ETag'), body };
  }

  /** After a change through A: B answers 200 with the new value and a new ETag, then 304 to that ETag. */
  async function seenThroughB<T>(path: string, before: string, check: (body: T) => void): Promise<string> {
    const fresh = await conditionalGet<T>(b, path, before);
    expect(fresh.status).toBe(200);
    expect(fresh.etag).not.toBeNull();
    expect(tagOf(fresh.etag)).not.toBe(tagOf(before));
    check(fresh.body as T);
    const again = await conditionalGet<T>(b, path, fresh.etag);
    expect(again.status).toBe(304);
    expect(tagOf(again.etag)).toBe(tagOf(fresh.etag));
    return fresh.etag as string;
  }

  async function call(server: ServerProcess, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = { ...(server === a ? authA : authB), ...(init.body && typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}) };
    return fetch(`${server.origin}/api/v1${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
  }

  /** Uploads the feed file through A and runs its import there, to the end. */
  async function importThroughA(supplierId: number, row: { title?: string; stock?: string }): Promise<void> {
    const form = new FormData();
    form.append('feedFile', new File([`${HEADER}\n${feedLine(row)}\n`], 'lamps.csv'));
    const uploaded = await call(a, `/suppliers/feed-file/${supplierId}`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const run = await call(a, `/feed/parse/${supplierId}?wait=true`, { method: 'POST' });
    expect(run.status, await run.clone().text()).toBe(200);
  }

  it("a product's conditional GET through B sees a save, a feed import and Keep mine made through A", async () => {
    const created = await call(a, '/suppliers', { method: 'POST', body: JSON.stringify({ supplierName: 'Fresh on both', feedSource: 'upload', feedFormat: 'csv' }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const supplierId = ((await created.json()) as { supplierId: number }).supplierId;
    await importThroughA(supplierId, {});
    const listed = await call(b, `/bol/product/filter?supplierName=${encodeURIComponent('Fresh on both')}`);
    const productId = ((await listed.json()) as { content: { productId: number }[] }).content[0]?.productId;
    expect(productId).toBeTypeOf('number');
    const path = `/product/${productId}`;

    // The form opens through B.
    const opened = await conditionalGet<Product>(b, path, null);
    expect(opened.status).toBe(200);
    expect(tagOf(opened.etag)).toBe(`"${opened.body?.version}"`);
    expect((await conditionalGet<Product>(b, path, opened.etag)).status).toBe(304);

    // A colleague saves the title through A.
    const change: ProductChangeSet = { fields: { title: { base: 'Desk lamp', value: 'Desk lamp, ours' } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false };
    const saved = await call(a, path, { method: 'PATCH', body: JSON.stringify(change) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const afterSave = await seenThroughB<Product>(path, opened.etag as string, (product) => expect(product.title).toBe('Desk lamp, ours'));

    // The feed import through A: the stock follows the feed, the new title is held back.
    await importThroughA(supplierId, { title: 'Desk lamp LED', stock: '9' });
    const afterImport = await seenThroughB<Product>(path, afterSave, (product) => {
      expect(product).toMatchObject({ title: 'Desk lamp, ours', stock: 9 });
      expect(product.heldBack?.map((held) => [held.field, held.value])).toEqual([['title', 'Desk lamp LED']]);
    });

    // "Keep mine" through A: the held-back note goes on B's next conditional GET.
    const kept = await call(a, `${path}/held-back/title`, { method: 'DELETE' });
    expect(kept.status, await kept.clone().text()).toBe(200);
    await seenThroughB<Product>(path, afterImport, (product) => {
      expect(product.title).toBe('Desk lamp, ours');
      expect(product.heldBack).toBeUndefined();
    });
  }, 120_000);

  it("a Bol model's conditional GET through B sees a save made through A", async () => {
    const db = database.db;
    await loadModel(db, modelFileSchema.parse(DEMO_MODEL));
    const [supplier] = await db.insert(suppliers).values({ supplierName: 'Stride Shoes US', usShoeSizes: true }).returning({ id: suppliers.supplierId });
    const [brand] = await db.insert(brands).values({ brandName: 'Stride' }).returning({ id: brands.brandId });
    const productId = await insertProduct(db, { ...US_TRAIL_RUNNER, supplierId: supplier?.id ?? 0, brandId: brand?.id });
    const chunk = await call(a, '/bol/data/model/chunk/save', { method: 'POST', body: JSON.stringify({ productId, chunkId: '10001075', chunkName: 'Running Shoes' }) });
    expect(chunk.status, await chunk.clone().text()).toBe(200);
    const path = `/bol/data/model/product/${productId}`;

    const opened = await conditionalGet<BolModel>(b, path, null);
    expect(opened.status).toBe(200);
    expect((await conditionalGet<BolModel>(b, path, opened.etag)).status).toBe(304);

    const model = opened.body as BolModel;
    const edited = { ...model, attributeData: model.attributeData.map((attribute) => (attribute.attributeId === 'Gender' ? { ...attribute, value: 'Heren' } : attribute)) };
    const saved = await call(a, '/bol/data/model/product', { method: 'POST', body: JSON.stringify(edited), headers: { 'If-Match': opened.etag ?? '' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await seenThroughB<BolModel>(path, opened.etag as string, (fresh) => {
      expect(fresh.attributeData.find((attribute) => attribute.attributeId === 'Gender')?.value).toBe('Heren');
    });
  }, 60_000);
});
