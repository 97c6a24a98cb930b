import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brand, Category, Page, Product, ProductHistoryEntry } from '../../src/shared/contract';
import { brands, productImages, products } from '../../src/server/db/schema';
import { catalogueApp, NOON } from './support/catalogue-app';
import { insertImages, insertMediaFile, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, f, admin: auth } = await catalogueApp());
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now = NOON;
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(`/api/v1${path}`, { headers: { ...auth, ...headers } });

function put(path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`/api/v1${path}`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function loaded(productId: number): Promise<Product> {
  const response = await get(`/product/${productId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

async function message(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

async function rowOf(productId: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.productId, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}

describe('every product call needs a token', () => {
  it.each([
    ['GET', '/api/v1/bol/product/filter'],
    ['GET', '/api/v1/brands'],
    ['GET', '/api/v1/brands/1'],
    ['GET', '/api/v1/categories'],
    ['GET', '/api/v1/family'],
    ['GET', '/api/v1/product/1'],
    ['PUT', '/api/v1/product'],
    ['PUT', '/api/v1/product/family?mainProductId=1&familyKey=F'],
  ])('%s %s answers 401 without one', async (method, path) => {
    const response = await t.app.request(path, { method });
    expect(response.status).toBe(401);
    expect(await message(response)).toBe('Sign-in required');
  });
});

describe('reference lists', () => {
  it('lists categories by name', async () => {
    const response = await get('/categories');
    expect(response.status).toBe(200);
    expect((await response.json()) as Category[]).toEqual([
      { categoryId: f.categoryIds.bags, categoryName: 'Bags' },
      { categoryId: f.categoryIds.shoes, categoryName: 'Shoes' },
    ]);
  });

  it('lists every brand, or the brands of one supplier (0 = all)', async () => {
    await insertProduct(t.database.db, { supplierId: f.supplierIds.bags, brandId: f.brandIds.terra, familyKey: 'LIST-B' });
    await insertProduct(t.database.db, { supplierId: f.supplierIds.bags, brandId: f.brandIds.terra, familyKey: 'LIST-A' });
    await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, brandId: f.brandIds.nimbus, familyKey: '' });

    const all = (await (await get('/brands')).json()) as Brand[];
    expect(all.map((b) => b.brandName)).toEqual(['Nimbus', 'Terra', 'Unused Brand']);
    expect((await (await get('/brands/0')).json()) as Brand[]).toEqual(all);
    const ofBags = (await (await get(`/brands/${f.supplierIds.bags}`)).json()) as Brand[];
    expect(ofBags).toEqual([{ brandId: f.brandIds.terra, brandName: 'Terra' }]);

    const unknown = await get('/brands/9999');
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe('Supplier 9999 does not exist');
    const bad = await get('/brands/shoes');
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("supplierId must be a whole number (0 = all suppliers), got 'shoes'");
  });

  it('lists distinct family keys, sorted, without empty ones', async () => {
    const keys = (await (await get('/family')).json()) as string[];
    expect(keys).toEqual([...new Set(keys)].sort());
    expect(keys).toContain('LIST-A');
    expect(keys).toContain('LIST-B');
    expect(keys).not.toContain('');
    expect(keys.indexOf('LIST-A')).toBeLessThan(keys.indexOf('LIST-B'));
  });
});

describe('reference lists answer 304 while they are the copy the client keeps', () => {
  const LISTS = ['/supplier', '/brands', '/categories', '/family'];

  it.each(LISTS)('GET %s tags its answer and answers 304 to that tag, 200 to another', async (path) => {
    const first = await get(path);
    expect(first.status).toBe(200);
    const tag = first.headers.get('ETag') ?? '';
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    const body = await first.text();

    const same = await get(path, { 'If-None-Match': tag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('ETag')).toBe(tag);

    const other = await get(path, { 'If-None-Match': 'W/"an-older-copy"' });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);
    expect(other.headers.get('ETag')).toBe(tag);
  });

  it.each(LISTS)('GET %s with a matching tag but no token answers 401, not 304', async (path) => {
    const tag = (await get(path)).headers.get('ETag') ?? '';
    const response = await t.app.request(`/api/v1${path}`, { headers: { 'If-None-Match': tag } });
    expect(response.status).toBe(401);
    expect(await message(response)).toBe('Sign-in required');
  });

  it('gives the family keys again, with a new tag, once a product brings a new key', async () => {
    const before = await get('/family');
    const tag = before.headers.get('ETag') ?? '';
    expect((await before.json()) as string[]).not.toContain('TAG-NEW');
    // A write that leaves the keys as they are keeps the tag: the client keeps its copy.
    const productId = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, familyKey: 'LIST-A' });
    expect((await get('/family', { 'If-None-Match': tag })).status).toBe(304);

    await t.database.db.update(products).set({ familyKey: 'TAG-NEW' }).where(eq(products.productId, productId));
    const after = await get('/family', { 'If-None-Match': tag });
    expect(after.status).toBe(200);
    expect((await after.json()) as string[]).toContain('TAG-NEW');
    expect(after.headers.get('ETag')).not.toBe(tag);
  });
});

describe('GET /api/v1/product/{id}', () => {
  it('answers the product with its version as ETag, and 304 when the client has that version', async () => {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, version: 4, title: 'Etag shoe' });
    const response = await get(`/product/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBe('"4"');
    expect(((await response.json()) as Product).title).toBe('Etag shoe');

    const unchanged = await get(`/product/${id}`, { 'If-None-Match': '"4"' });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect((await get(`/product/${id}`, { 'If-None-Match': '"3"' })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const unknown = await get('/product/999999');
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe('Product 999999 does not exist');
    const bad = await get('/product/abc');
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("Product id must be a positive whole number, got 'abc'");
  });
});

describe('PUT /api/v1/product', () => {
  let productId: number;
  let keptImagePath: string;

  beforeEach(async () => {
    const db = t.database.db;
    keptImagePath = await insertMediaFile(db, `kept-${Math.random()}`);
    productId = await insertProduct(db, {
      supplierId: f.supplierIds.shoes,
      title: 'Old title',
      brandId: f.brandIds.nimbus,
      categoryId: f.categoryIds.shoes,
      version: 2,
    });
    await insertImages(db, productId, [
      { id: `keep-${productId}`, filePath: keptImagePath, position: 1, isMainImage: true, name: 'front' },
      { id: `drop-${productId}`, sourceUrl: 'https://cdn.example.com/side.jpg', position: 2 },
    ]);
  });

  it('saves the whole product, raises the version, stamps the update time and answers the new ETag', async () => {
    const newImagePath = await insertMediaFile(t.database.db, `new-${Math.random()}`);
    const current = await loaded(productId);
    const response = await put(
      '/product',
      {
        ...current,
        title: 'New title',
        sellingPrice: '24,95',
        description: '<p>Nice<script>alert(1)</script></p><img src="x" onerror="alert(2)">',
        brand: 'Brand New Brand',
        categoryId: f.categoryIds.bags,
        deliveryCode: '2-3d',
        stock: 8,
        version: 99, // ignored: the server decides versions
        productImages: [
          { id: 'client-random-1', filePath: newImagePath, name: 'added', altImage: 'alt', isMainImage: false },
          { ...current.productImages[0], name: 'front renamed', isMainImage: true },
        ],
      },
      { 'If-Match': '"2"' },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('ETag')).toBe('"3"');
    const saved = (await response.json()) as Product;
    expect(saved).toMatchObject({
      productId,
      title: 'New title',
      sellingPrice: 24.95,
      description: '<p>Nice</p>',
      brand: 'Brand New Brand',
      categoryId: f.categoryIds.bags,
      categoryName: 'Bags',
      deliveryCode: '2-3d',
      stock: 8,
      version: 3,
      numberOfImages: 2,
      dateUpdate: '2025-06-01T12:00:00.000Z',
    });
    // The list replaced the old one: order = positions, the dropped image is gone, the new one got a UUID.
    expect(saved.productImages.map((i) => [i.name, i.filePath, i.isMainImage])).toEqual([
      ['added', newImagePath, false],
      ['front renamed', keptImagePath, true],
    ]);
    expect(saved.productImages[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await t.database.db.select().from(productImages).where(eq(productImages.productId, productId));
    expect(rows.map((r) => [r.name, r.position]).sort()).toEqual([
      ['added', 1],
      ['front renamed', 2],
    ]);
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.brandName, 'Brand New Brand'));
    expect(brand).toBeDefined();
    expect(await loaded(productId)).toEqual(saved);
  });

  it('refuses a stale If-Match with 412, the current product in the body, and changes nothing', async () => {
    const current = await loaded(productId);
    const response = await put('/product', { ...current, title: 'Lost edit' }, { 'If-Match': '"1"' });
    expect(response.status).toBe(412);
    expect(response.headers.get('ETag')).toBe('"2"');
    expect((await response.json()) as Product).toEqual(current);
    expect((await rowOf(productId)).title).toBe('Old title');
  });

  it('lets only one of two simultaneous saves based on the same version through', async () => {
    const current = await loaded(productId);
    const answers = await Promise.all(
      ['First writer', 'Second writer'].map((title) => put('/product', { ...current, title }, { 'If-Match': '"2"' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 412]);
    const row = await rowOf(productId);
    expect(row.version).toBe(3);
    const winner = answers.find((r) => r.status === 200);
    expect(((await winner?.json()) as Product).title).toBe(row.title);
  });

  it('saves without If-Match (last write wins) and with If-Match: *', async () => {
    const current = await loaded(productId);
    expect((await put('/product', { ...current, title: 'No condition' })).status).toBe(200);
    expect((await put('/product', { ...current, title: 'Any version' }, { 'If-Match': '*' })).status).toBe(200);
    expect(await rowOf(productId)).toMatchObject({ title: 'Any version', version: 4 });
  });

  it.each([
    ['the required fields of the spec', { ean: '', title: '' }, 'Please fill all required fields: ean, title.'],
    ['a delivery code that is not a delivery term', { deliveryCode: 'someday' }, /^deliveryCode 'someday' is not a delivery term/],
    ['an EAN with a bad check digit', { ean: '8710103974300' }, "EAN '8710103974300' has a wrong check digit (expected 7)"],
    ['a main product without family key', { mainProduct: true, familyKey: null }, 'To select a product as main, you need to specify the Family Key.'],
    ['an unknown category', { categoryId: 424242 }, 'Category 424242 does not exist'],
    [
      'a new image that is not one of our files',
      { productImages: [{ id: 'n1', filePath: 'https://elsewhere.example/x.png', name: '', altImage: '', isMainImage: false }] },
      /^New image '.+' must use a file uploaded to this server/,
    ],
    [
      'a new image whose file was never uploaded',
      { productImages: [{ id: 'n2', filePath: '/media/ff/missing.png', name: '', altImage: '', isMainImage: false }] },
      'Image file /media/ff/missing.png does not exist on this server; upload it first',
    ],
    ['a stock below zero', { stock: -1 }, /^The product is not valid: stock: /],
  ])('refuses %s with 400 and changes nothing', async (_name, change, expected) => {
    const current = await loaded(productId);
    const before = await rowOf(productId);
    const response = await put('/product', { ...current, ...change });
    expect(response.status).toBe(400);
    const text = await message(response);
    if (typeof expected === 'string') expect(text).toBe(expected);
    else expect(text).toMatch(expected);
    expect(await rowOf(productId)).toEqual(before);
    expect(await loaded(productId)).toEqual(current);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.request('/api/v1/product', { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{nope' });
    expect(response.status).toBe(400);
    expect(await message(response)).toBe('The request body must be JSON');
  });

  it('answers 404 for a product that does not exist', async () => {
    const current = await loaded(productId);
    const response = await put('/product', { ...current, productId: 987654 });
    expect(response.status).toBe(404);
    expect(await message(response)).toBe('Product 987654 does not exist');
  });

  it('makes the saved product the only main product of its family', async () => {
    const db = t.database.db;
    const oldMain = await insertProduct(db, { supplierId: f.supplierIds.shoes, familyKey: 'TAKEOVER', mainProduct: true });
    const current = await loaded(productId);
    const response = await put('/product', { ...current, mainProduct: true, familyKey: ' TAKEOVER ' });
    expect(response.status).toBe(200);
    expect((await response.json()) as Product).toMatchObject({ mainProduct: true, familyKey: 'TAKEOVER' });
    expect(await rowOf(oldMain)).toMatchObject({ mainProduct: false, version: 2 });
  });
});

describe('PUT /api/v1/product/family', () => {
  let main: number;
  let sibling: number;
  let alreadyEqual: number;
  let stranger: number;

  beforeAll(async () => {
    const db = t.database.db;
    const shared = {
      description: '<p>Shared text</p>',
      brandId: f.brandIds.terra,
      categoryId: f.categoryIds.shoes,
      deliveryCode: '24uurs-16',
      material: 'leather',
    };
    main = await insertProduct(db, { supplierId: f.supplierIds.shoes, familyKey: 'FAM', mainProduct: true, title: 'Main', ean: '4006381333931', sellingPrice: 80, stock: 3, ...shared });
    sibling = await insertProduct(db, {
      supplierId: f.supplierIds.shoes,
      familyKey: 'FAM',
      title: 'Sibling 43',
      ean: '8710103974307',
      sku: 'SIB-43',
      sellingPrice: 85,
      stock: 9,
      color: 'blue',
      description: '<p>Old</p>',
      brandId: f.brandIds.nimbus,
      categoryId: null,
      deliveryCode: '3-5d',
      material: 'mesh',
      version: 5,
    });
    await insertImages(db, sibling, [{ id: 'sibling-image', sourceUrl: 'https://cdn.example.com/s.jpg', position: 1 }]);
    alreadyEqual = await insertProduct(db, { supplierId: f.supplierIds.bags, familyKey: 'FAM', title: 'Equal', ...shared, version: 7 });
    stranger = await insertProduct(db, { supplierId: f.supplierIds.shoes, familyKey: 'OTHER', title: 'Stranger', material: 'wool' });
  });

  it('copies the inherited fields to the other members, bumps their versions and leaves the rest alone', async () => {
    const mainBefore = await loaded(main);
    const response = await put(`/product/family?mainProductId=${main}&familyKey=FAM`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('X-Family-Members-Updated')).toBe('1');
    // Only the member that changed is named; the one already equal and the stranger are not.
    expect(response.headers.get('X-Family-Members-Changed')).toBe(String(sibling));
    expect(response.headers.get('ETag')).toBe(`"${mainBefore.version}"`);
    expect((await response.json()) as Product).toEqual(mainBefore);
    const history = (await (await get(`/product/${sibling}/history`)).json()) as Page<ProductHistoryEntry>;
    expect(history.content).toHaveLength(1);
    expect(history.content[0]).toMatchObject({ author: 'admin', how: 'family' });
    expect(history.content[0]?.changes).toContainEqual({ field: 'brand', old: 'Nimbus', new: 'Terra' });
    expect(history.content[0]?.changes).toContainEqual({ field: 'material', old: 'mesh', new: 'leather' });

    const updated = await loaded(sibling);
    expect(updated).toMatchObject({
      // inherited
      description: '<p>Shared text</p>',
      brand: 'Terra',
      categoryId: f.categoryIds.shoes,
      deliveryCode: '24uurs-16',
      material: 'leather',
      // its own
      title: 'Sibling 43',
      ean: '8710103974307',
      sku: 'SIB-43',
      sellingPrice: 85,
      stock: 9,
      color: 'blue',
      familyKey: 'FAM',
      mainProduct: false,
      numberOfImages: 1,
      version: 6,
      dateUpdate: '2025-06-01T12:00:00.000Z',
    });
    expect(updated.productImages.map((i) => i.id)).toEqual(['sibling-image']);
    expect((await rowOf(alreadyEqual)).version).toBe(7);
    expect(await rowOf(stranger)).toMatchObject({ material: 'wool', version: 1 });
  });

  it("refuses a missing or empty family key with 'Family Key is missing' and changes nothing", async () => {
    const before = await rowOf(sibling);
    for (const query of [`mainProductId=${main}`, `mainProductId=${main}&familyKey=`, `mainProductId=${main}&familyKey=%20`]) {
      const response = await put(`/product/family?${query}`);
      expect(response.status).toBe(400);
      expect(await message(response)).toBe('Family Key is missing');
    }
    expect(await rowOf(sibling)).toEqual(before);
  });

  it('answers 404 for an unknown main product and 400 for a missing id', async () => {
    const unknown = await put('/product/family?mainProductId=777777&familyKey=FAM');
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe('Product 777777 does not exist');
    const missing = await put('/product/family?familyKey=FAM');
    expect(missing.status).toBe(400);
    expect(await message(missing)).toBe("mainProductId must be a positive whole number, got ''");
  });

  it('answers 409 when the product is not main or its family is another one', async () => {
    const notMain = await put(`/product/family?mainProductId=${sibling}&familyKey=FAM`);
    expect(notMain.status).toBe(409);
    expect(await message(notMain)).toBe(`Product ${sibling} is not the main product of its family; save it as main first`);
    const otherFamily = await put(`/product/family?mainProductId=${main}&familyKey=OTHER`);
    expect(otherFamily.status).toBe(409);
    expect(await message(otherFamily)).toBe(`Product ${main} belongs to family 'FAM', not to family 'OTHER'`);
    expect(await rowOf(stranger)).toMatchObject({ material: 'wool', version: 1 });
  });
});
