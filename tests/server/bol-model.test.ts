import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolChunkAssignment, BolChunkList, BolModel } from '../../src/shared/bol-contract';
import { DEMO_MODEL } from '../../src/server/bol/model/demo-model';
import { modelFileSchema } from '../../src/server/bol/model/model-file';
import { loadModel } from '../../src/server/bol/model/model-store';
import { brands, suppliers } from '../../src/server/db/schema';
import { insertImages, insertMediaFile, insertProduct } from './support/product-fixtures';
import { createBolKit, US_TRAIL_RUNNER, type BolKit } from './support/bol-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let kit: BolKit;
let auth: Record<string, string>;
let usShoe: number;
let euShoe: number;
let imagePath: string;

const SELF = 'http://backoffice.test:8080';

beforeAll(async () => {
  kit = createBolKit();
  t = await createTestApp({ deps: { bol: kit.deps, selfOrigin: SELF } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  await loadModel(db, modelFileSchema.parse(DEMO_MODEL));
  const [us, eu] = await db
    .insert(suppliers)
    .values([{ supplierName: 'Stride Shoes US', usShoeSizes: true }, { supplierName: 'Schoenen NL' }])
    .returning({ id: suppliers.supplierId });
  const [brand] = await db.insert(brands).values({ brandName: 'Stride' }).returning({ id: brands.brandId });
  usShoe = await insertProduct(db, { ...US_TRAIL_RUNNER, supplierId: us?.id ?? 0, brandId: brand?.id });
  euShoe = await insertProduct(db, { supplierId: eu?.id ?? 0, ean: '8710103974307', title: 'Court sneaker maat 44', productSize: '44', brandId: brand?.id });
  imagePath = await insertMediaFile(db, 'shoe-front');
  await insertImages(db, usShoe, [
    { id: 'img-1', filePath: imagePath, position: 1, isMainImage: true },
    { id: 'img-2', filePath: 'https://supplier.example/shoe-side.jpg', position: 2 },
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(`/api/v1${path}`, { headers: { ...auth, ...headers } });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(`/api/v1${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

async function model(productId: number): Promise<BolModel> {
  const response = await get(`/bol/data/model/product/${productId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as BolModel;
}

const withValue = (m: BolModel, attributeId: string, value: string): BolModel => ({
  ...m,
  attributeData: m.attributeData.map((attribute) => (attribute.attributeId === attributeId ? { ...attribute, value } : attribute)),
});

describe('every bol call needs a token', () => {
  it('answers 401 without one', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/v1/bol/data/model/chunks'],
      ['GET', `/api/v1/bol/data/model/chunk/${usShoe}`],
      ['POST', '/api/v1/bol/data/model/chunk/save'],
      ['GET', `/api/v1/bol/data/model/product/${usShoe}`],
      ['POST', '/api/v1/bol/data/model/product'],
      ['POST', '/api/v1/bol/retailer/create/content/'],
      ['POST', '/api/v1/bol/report/upload'],
      ['POST', '/api/v1/bol/retailer/import'],
      ['GET', '/api/v1/process/report/bol/offer/import'],
      ['GET', '/api/v1/process/report/bol/product-content/export'],
      ['POST', '/api/v1/bol/order/import'],
      ['GET', '/api/v1/bol/order?page=0&size=10&sort=orderPlacedDateTime,desc'],
      ['GET', `/api/v1/bol/state/${usShoe}`],
      ['GET', '/api/v1/bol/jobs'],
    ];
    for (const [method, path] of calls) {
      const response = await t.app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('Bol categories (chunks)', () => {
  it('lists the data model’s chunks', async () => {
    const response = await get('/bol/data/model/chunks');
    const body = (await response.json()) as BolChunkList;
    expect(body.chunks).toHaveLength(DEMO_MODEL.chunks.length);
    expect(body.chunks[0]).toEqual({ chunkId: '10001074', chunkName: 'Sneakers' });
  });

  it("offers bol's recommendations, best first, while none is assigned", async () => {
    const body = (await (await get(`/bol/data/model/chunk/${usShoe}`)).json()) as BolChunkAssignment;
    expect(body).toMatchObject({ productId: usShoe, chunkId: null, chunkName: null });
    expect(body.recommendations[0]).toMatchObject({ chunkId: '10001075', chunkName: 'Running Shoes' });
    expect(body.recommendations.length).toBeGreaterThan(1);
    expect(body.recommendations.every((entry) => entry.probability > 0 && entry.probability < 1)).toBe(true);
  });

  it('still answers, with a note, when bol cannot be reached for recommendations', async () => {
    kit.simulator.inject({ path: '/retailer/content/chunk-recommendations', status: 503, times: 10 });
    const body = (await (await get(`/bol/data/model/chunk/${euShoe}`)).json()) as BolChunkAssignment;
    expect(body.recommendations).toEqual([]);
    expect(body.recommendationsNote).toMatch(/^No recommendations: Asking bol for category recommendations failed: bol answered 503/);
  });

  it('assigns a chunk, after which the lookup answers 200 with its chunkName', async () => {
    const saved = await post('/bol/data/model/chunk/save', { productId: usShoe, chunkId: '10001075', chunkName: 'Running Shoes' });
    expect(saved.status).toBe(200);
    const body = (await (await get(`/bol/data/model/chunk/${usShoe}`)).json()) as BolChunkAssignment;
    expect(body).toEqual({ productId: usShoe, chunkId: '10001075', chunkName: 'Running Shoes', recommendations: [] });
  });

  it('refuses an unknown chunk or product', async () => {
    const unknownChunk = await post('/bol/data/model/chunk/save', { productId: usShoe, chunkId: '999' });
    expect(unknownChunk.status).toBe(400);
    expect(await message(unknownChunk)).toBe("There is no Bol category with id '999' in the data model");
    expect((await post('/bol/data/model/chunk/save', { productId: 999_999, chunkId: '10001075' })).status).toBe(404);
    expect((await get('/bol/data/model/chunk/999999')).status).toBe(404);
    expect((await get('/bol/data/model/chunk/abc')).status).toBe(400);
  });
});

describe('the Bol model', () => {
  it('is prefilled from the product: US size converted to the EU Schoenmaat value, images as absolute URLs', async () => {
    const response = await get(`/bol/data/model/product/${usShoe}`);
    expect(response.headers.get('ETag')).toBe('"1"');
    const m = (await response.json()) as BolModel;
    const value = (id: string) => m.attributeData.find((attribute) => attribute.attributeId === id)?.value;
    expect(m).toMatchObject({ productId: usShoe, chunkId: '10001075', chunkName: 'Running Shoes', version: 1 });
    expect(value('EAN')).toBe('8714000000015');
    expect(value('Name')).toBe('Stride Trail runner One Black US 10');
    expect(value('Brand')).toBe('Stride');
    expect(value('Schoenmaat')).toBe('45 1/3');
    expect(value('Colour')).toBe('Black');
    expect(value('Gender')).toBe('');
    const schoenmaat = m.attributeData.find((attribute) => attribute.attributeId === 'Schoenmaat');
    expect(schoenmaat).toMatchObject({ required: true, attributeName: 'Schoenmaat' });
    expect(schoenmaat?.valueList).toContain('45 1/3');
    expect(m.mediaData).toEqual([
      { mediaId: 1, value: `${SELF}${imagePath}` },
      { mediaId: 2, value: 'https://supplier.example/shoe-side.jpg' },
    ]);
  });

  it('matches an EU size of another supplier to the value list as it is', async () => {
    await post('/bol/data/model/chunk/save', { productId: euShoe, chunkId: '10001074' });
    const m = await model(euShoe);
    expect(m.attributeData.find((attribute) => attribute.attributeId === 'Schoenmaat')?.value).toBe('44');
  });

  it('refuses a save with an empty required attribute, naming it', async () => {
    const response = await post('/bol/data/model/product', withValue(withValue(await model(usShoe), 'Brand', ' '), 'Colour', ''));
    expect(response.status).toBe(400);
    expect(await message(response)).toBe('Please fill in all required fields. Missing: Brand, Colour.');
  });

  it('refuses a value outside its value list, naming it', async () => {
    const response = await post('/bol/data/model/product', withValue(await model(usShoe), 'Schoenmaat', '44.7'));
    expect(response.status).toBe(400);
    expect(await message(response)).toBe("Not in its value list: Schoenmaat ('44.7').");
  });

  it('refuses attributes the chunk does not have, and two images in one slot', async () => {
    const m = await model(usShoe);
    const unknown = await post('/bol/data/model/product', { ...m, attributeData: [...m.attributeData, { ...m.attributeData[0], attributeId: 'Wingspan' }] });
    expect(unknown.status).toBe(400);
    expect(await message(unknown)).toBe("The Bol category 'Running Shoes' has no attribute 'Wingspan'");
    const twice = await post('/bol/data/model/product', { ...m, mediaData: [{ mediaId: 1, value: 'https://a.example/1.jpg' }, { mediaId: 1, value: 'https://a.example/2.jpg' }] });
    expect(twice.status).toBe(400);
    expect(await message(twice)).toBe('Two images are in image slot 1; each slot takes one image');
  });

  it('saves with If-Match, answers the new ETag, keeps unknown fields and the chosen image slots', async () => {
    const m = withValue(await model(usShoe), 'Gender', 'Heren');
    const response = await post('/bol/data/model/product', { ...m, mediaData: [{ mediaId: 3, value: `${SELF}${imagePath}` }], clientNote: 'kept' }, { 'If-Match': '"1"' });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBe('"2"');
    const saved = await model(usShoe);
    expect(saved.version).toBe(2);
    expect(saved.clientNote).toBe('kept');
    expect(saved.mediaData).toEqual([{ mediaId: 3, value: `${SELF}${imagePath}` }]);
    expect(saved.attributeData.find((attribute) => attribute.attributeId === 'Gender')?.value).toBe('Heren');
  });

  it('answers 412 with the current model when If-Match is stale', async () => {
    const stale = withValue(await model(usShoe), 'Gender', 'Dames');
    const response = await post('/bol/data/model/product', stale, { 'If-Match': '"1"' });
    expect(response.status).toBe(412);
    const current = (await response.json()) as BolModel;
    expect(current.version).toBe(2);
    expect(current.attributeData.find((attribute) => attribute.attributeId === 'Gender')?.value).toBe('Heren');
  });

  it('answers a repeated Idempotency-Key with the first answer and saves once', async () => {
    const m = withValue(await model(usShoe), 'Gender', 'Unisex');
    const headers = { 'If-Match': '"2"', 'Idempotency-Key': 'bol-model-save-1' };
    const first = await post('/bol/data/model/product', m, headers);
    const repeat = await post('/bol/data/model/product', m, headers);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await repeat.json()) as BolModel).version).toBe(3);
    expect((await model(usShoe)).version).toBe(3);
  });

  it('answers 304 to If-None-Match with the current version', async () => {
    expect((await get(`/bol/data/model/product/${usShoe}`, { 'If-None-Match': '"3"' })).status).toBe(304);
  });

  it('refuses a body that is not a model', async () => {
    const response = await post('/bol/data/model/product', { productId: usShoe });
    expect(response.status).toBe(400);
    expect(await message(response)).toMatch(/^The Bol model is not valid: /);
  });
});
