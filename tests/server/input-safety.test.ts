/**
 * NUL characters and numbers beyond the columns' ranges are the caller's mistake: 400 naming the
 * field, never 500 (a probe found: NUL in a user name, title, description or filter parameter, and
 * sellingPrice 1e12, stock 3e9, ids 1e11 all gave 500). docs/security.md, "Input".
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { errorResponse } from '../../src/server/http/errors';
import { createBolKit } from './support/bol-fixtures';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { jsonPost, TEST_USER, type TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;
let product: Product;

beforeAll(async () => {
  ({ t, f, admin: auth } = await catalogueApp({ app: { deps: { bol: createBolKit().deps } } }));
  const productId = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes });
  product = (await (await t.app.request(`/api/v1/product/${productId}`, { headers: auth })).json()) as Product;
});
afterAll(async () => {
  await t.close();
});

async function refusal(response: Response): Promise<string> {
  const body = (await response.json()) as { message: string };
  expect(response.status, body.message).toBe(400);
  return body.message;
}

const save = (changes: Record<string, unknown>) =>
  t.app.request('/api/v1/product', { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...product, ...changes }) });

const NUL = '\u0000';

describe('the NUL character', () => {
  it('in the sign-in user name or password is 400 naming the field', async () => {
    expect(await refusal(await t.app.request('/auth/login', jsonPost({ username: `ad${NUL}min`, password: 'x' })))).toBe('username must not contain a NUL byte');
    expect(await refusal(await t.app.request('/auth/login', jsonPost({ username: TEST_USER.username, password: `a${NUL}` })))).toBe('password must not contain a NUL byte');
  });

  it('in a product title, description, image name or any other text field is 400 naming the field', async () => {
    expect(await refusal(await save({ title: `Shoe${NUL}` }))).toMatch(/^title must not contain a NUL byte/);
    expect(await refusal(await save({ description: `<p>x${NUL}</p>` }))).toBe('description must not contain a NUL byte');
    expect(await refusal(await save({ color: NUL }))).toBe('color must not contain a NUL byte');
    const image = { id: 'new-1', filePath: '/media/x.png', name: `a${NUL}`, altImage: '', isMainImage: true };
    expect(await refusal(await save({ productImages: [image] }))).toBe('productImages.0.name must not contain a NUL byte');
    expect(await refusal(await save({ [`odd${NUL}key`]: 1 }))).toMatch(/must not contain a NUL byte/);
  });

  it('in the body of every other JSON call is 400', async () => {
    const calls: [string, unknown][] = [
      ['/api/v1/bol/data/model/chunk/save', { productId: product.productId, chunkId: `c${NUL}`, chunkName: 'x' }],
      ['/api/v1/bol/data/model/product', { productId: product.productId, chunkId: null, chunkName: `n${NUL}`, attributeData: [], mediaData: [] }],
      ['/api/v1/bol/order/cancel', { orderItemId: `1${NUL}`, reasonCode: 'OTHER' }],
      ['/api/v1/bol/retailer/create/content/', { productIds: [product.productId], note: NUL }],
      ['/api/v1/export/products', { format: 'csv', columns: ['ean'], filter: { keyword: `a${NUL}` } }],
    ];
    for (const [path, body] of calls) {
      const response = await t.app.request(path, jsonPost(body, auth));
      expect(await refusal(response), path).toMatch(/must not contain a NUL byte/);
    }
    const change = await t.app.request(`/api/v1/product/${product.productId}`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: { title: { base: product.title, value: `x${NUL}` } }, images: { added: [], deleted: [], edited: [] }, madeAt: 1, offline: false }),
    });
    expect(await refusal(change)).toBe('fields.title.value must not contain a NUL byte');
  });

  it('in a filter parameter, another query parameter or the path is 400 naming it', async () => {
    expect(await refusal(await t.app.request(`/api/v1/bol/product/filter?keyword=a%00b`, { headers: auth }))).toMatch(/keyword/);
    expect(await refusal(await t.app.request(`/api/v1/bol/product/filter?brand=%00`, { headers: auth }))).toMatch(/brand/);
    expect(
      await refusal(await t.app.request(`/api/v1/product/family?mainProductId=${product.productId}&familyKey=fam%00ily`, { method: 'PUT', headers: auth })),
    ).toBe('familyKey must not contain a NUL byte');
    expect(await refusal(await t.app.request('/api/v1/image/abc%00def', { method: 'DELETE', headers: auth }))).toMatch(/The address must not contain/);
    expect(await refusal(await t.app.request('/api/v1/product/changes?supplierName=%00', { headers: auth }))).toMatch(/supplierName/);
  });
});

describe('numbers beyond what the database holds', () => {
  it('are 400 naming the field for prices, stock, ids and measures', async () => {
    expect(await refusal(await save({ sellingPrice: 1e12 }))).toMatch(/sellingPrice: Too big/);
    expect(await refusal(await save({ sellingPrice: '1000000000000' }))).toMatch(/sellingPrice/);
    expect(await refusal(await save({ priceSupplier: 1e12 }))).toMatch(/priceSupplier/);
    expect(await refusal(await save({ stock: 3e9 }))).toMatch(/stock: Too big/);
    expect(await refusal(await save({ productId: 1e11 }))).toMatch(/productId: Too big/);
    expect(await refusal(await save({ categoryId: 1e11 }))).toMatch(/categoryId/);
    expect(await refusal(await save({ weight: 1e12 }))).toMatch(/weight/);
    expect(await refusal(await save({ version: 3e9 }))).toMatch(/version/);

    expect(await refusal(await t.app.request('/api/v1/bol/data/model/chunk/save', jsonPost({ productId: 1e11, chunkId: 'c' }, auth)))).toMatch(/productId/);
    expect(await refusal(await t.app.request('/api/v1/bol/report/upload', jsonPost([1e11], auth)))).toMatch(/productIds\.0/);
    expect(await refusal(await t.app.request('/api/v1/product/100000000000', { headers: auth }))).toMatch(/Product id/);
    expect(await refusal(await t.app.request('/api/v1/export/products', jsonPost({ format: 'csv', columns: ['ean'], productIds: [1e11] }, auth)))).toMatch(/productIds\.0: Too big/);
  });

  it('at the edge of the range are still saved', async () => {
    const response = await save({ sellingPrice: 999_999_999.99, stock: 2_147_483_647 });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Product;
    expect(saved.sellingPrice).toBe(999_999_999.99);
    expect(saved.stock).toBe(2_147_483_647);
  });
});

describe('a value the database refuses that the checks let through', () => {
  it('is 400 with the reason, not 500 (safety net for SQLSTATE class 22)', async () => {
    const probe = new Hono();
    probe.onError(errorResponse);
    probe.get('/integer', async (c) => c.json(await t.database.db.execute(sql`select ${String(1e11)}::integer as n`)));
    probe.get('/numeric', async (c) => c.json(await t.database.db.execute(sql`select ${'1e12'}::numeric(12,2) as n`)));
    probe.get('/nul', async (c) => c.json(await t.database.db.execute(sql`select convert_from('\\x6100'::bytea, 'UTF8') as n`)));
    for (const path of ['/integer', '/numeric', '/nul']) {
      const response = await probe.request(path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^A value in the request cannot be stored: /);
    }
  });
});
