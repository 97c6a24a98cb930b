import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Product } from '../../src/shared/contract';
import { refreshCatalogueStatistics } from '../../src/server/catalogue/product-maintenance';
import { insertCatalogueBasics, insertImages, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: { Authorization: string };
let f: CatalogueFixture;
const ids: Record<string, number> = {};

/**
 * Six products with distinct values for every filter, updated on different days so the default
 * order (dateUpdate desc) is known: runner, boot, sandal, bag, belt, wallet (newest first).
 */
beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  f = await insertCatalogueBasics(db);
  const { shoes, bags } = f.supplierIds;
  ids.runner = await insertProduct(db, {
    supplierId: shoes,
    title: 'Trail RUNNER red',
    ean: '8710103974307',
    sku: 'SKU-RUN',
    supplierEan: '4006381333931',
    description: '<p>Fast</p>',
    brandId: f.brandIds.nimbus,
    categoryId: f.categoryIds.shoes,
    sellingPrice: 59.95,
    priceSupplier: 30,
    stock: 5,
    passedModeration: true,
    mainProduct: true,
    familyKey: 'RUN-1',
    isExportOnBol: true,
    dateUpdate: new Date('2025-03-31T23:30:00Z'),
  });
  ids.boot = await insertProduct(db, {
    supplierId: shoes,
    title: 'Winter boot',
    sku: 'SKU-BOOT',
    brandId: f.brandIds.terra,
    categoryId: f.categoryIds.shoes,
    sellingPrice: 89.5,
    stock: 0,
    familyKey: 'RUN-1',
    buyBlock: true,
    dateUpdate: new Date('2025-03-15T08:00:00Z'),
  });
  ids.sandal = await insertProduct(db, {
    supplierId: shoes,
    title: 'Beach sandal 50%_off',
    brandId: f.brandIds.nimbus,
    sellingPrice: 19.99,
    stock: 12,
    isChangeEan: true,
    dateUpdate: new Date('2025-03-01T00:00:00Z'),
  });
  ids.bag = await insertProduct(db, {
    supplierId: bags,
    title: 'Leather bag',
    description: '<p>Roomy</p>',
    brandId: f.brandIds.terra,
    categoryId: f.categoryIds.bags,
    sellingPrice: 120,
    stock: 1,
    passedModeration: true,
    dateUpdate: new Date('2025-02-28T23:59:59Z'),
  });
  ids.belt = await insertProduct(db, { supplierId: bags, title: 'Belt', sellingPrice: 15, dateUpdate: new Date('2025-02-01T12:00:00Z') });
  ids.wallet = await insertProduct(db, { supplierId: bags, title: 'Wallet', sellingPrice: 25, dateUpdate: new Date('2025-01-15T12:00:00Z') });

  await insertImages(db, ids.runner, [
    { id: 'img-run-2', filePath: '/media/bb/second.png', position: 2 },
    { id: 'img-run-1', sourceUrl: 'https://cdn.example.com/first.jpg', position: 1, isMainImage: true },
  ]);
  await insertImages(db, ids.bag, [{ id: 'img-bag-1', filePath: '/media/cc/bag.png', position: 1 }]);
});
afterAll(async () => {
  await t.close();
});

async function filter(query: string): Promise<Page<Product>> {
  const response = await t.app.request(`/api/v1/bol/product/filter?${query}`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page<Product>;
}

async function titlesOf(query: string): Promise<string[]> {
  return (await filter(query)).content.map((product) => product.title);
}

async function refusal(query: string): Promise<string> {
  const response = await t.app.request(`/api/v1/bol/product/filter?${query}`, { headers: auth });
  expect(response.status).toBe(400);
  return ((await response.json()) as { message: string }).message;
}

describe('GET /api/v1/bol/product/filter', () => {
  it('needs a token', async () => {
    expect((await t.app.request('/api/v1/bol/product/filter')).status).toBe(401);
  });

  it('answers every product, newest change first, with page figures', async () => {
    const page = await filter('');
    expect(page.content.map((p) => p.productId)).toEqual([ids.runner, ids.boot, ids.sandal, ids.bag, ids.belt, ids.wallet]);
    expect(page).toMatchObject({ totalElements: 6, totalPages: 1, number: 0, size: 20 });
  });

  it('answers products as the contract shows them, with images in position order', async () => {
    const [runner] = (await filter('familyKey=RUN-1&isMainProduct=true')).content;
    expect(runner).toMatchObject({
      productId: ids.runner,
      title: 'Trail RUNNER red',
      supplier: { supplierId: f.supplierIds.shoes, supplierName: 'Shoe World' },
      brand: 'Nimbus',
      categoryId: f.categoryIds.shoes,
      categoryName: 'Shoes',
      sellingPrice: 59.95,
      priceSupplier: 30,
      numberOfImages: 2,
      version: 1,
      dateUpdate: '2025-03-31T23:30:00.000Z',
    });
    // Not yet re-exported: the supplier's URL stands in for our own file.
    expect(runner?.productImages).toEqual([
      { id: 'img-run-1', filePath: 'https://cdn.example.com/first.jpg', name: '', altImage: '', isMainImage: true },
      { id: 'img-run-2', filePath: '/media/bb/second.png', name: '', altImage: '', isMainImage: false },
    ]);
  });

  it('pages with an exact total, the last page short', async () => {
    const first = await filter('size=4&page=0');
    expect(first.content).toHaveLength(4);
    expect(first).toMatchObject({ totalElements: 6, totalPages: 2 });
    const second = await filter('size=4&page=1');
    expect(second.content.map((p) => p.productId)).toEqual([ids.belt, ids.wallet]);
    expect(second).toMatchObject({ totalElements: 6, totalPages: 2, number: 1, size: 4 });
    const beyond = await filter('size=4&page=5');
    expect(beyond).toMatchObject({ content: [], totalElements: 6, totalPages: 2 });
  });

  it("filters by supplier name, 'All' and '' meaning every supplier", async () => {
    expect(await titlesOf('supplierName=Bag%20Depot')).toEqual(['Leather bag', 'Belt', 'Wallet']);
    expect((await filter('supplierName=All')).totalElements).toBe(6);
    expect((await filter('supplierName=')).totalElements).toBe(6);
    expect((await filter('supplierName=Nobody')).totalElements).toBe(0);
  });

  it('filters by brand name and category', async () => {
    expect(await titlesOf('brand=Nimbus')).toEqual(['Trail RUNNER red', 'Beach sandal 50%_off']);
    expect(await titlesOf(`categoryId=${f.categoryIds.shoes}`)).toEqual(['Trail RUNNER red', 'Winter boot']);
    expect((await filter('categoryId=0')).totalElements).toBe(6);
  });

  it('finds a keyword inside titles whatever its case, and an exact EAN, SKU or supplier EAN', async () => {
    expect(await titlesOf('keyword=runner')).toEqual(['Trail RUNNER red']);
    expect(await titlesOf('keyword=BOOT')).toEqual(['Winter boot']);
    expect(await titlesOf('keyword=SKU-BOOT')).toEqual(['Winter boot']);
    expect(await titlesOf('keyword=4006381333931')).toEqual(['Trail RUNNER red']);
    // The EAN 8710103974307 is every fixture's default EAN except none changed: all match.
    expect((await filter('keyword=8710103974307')).totalElements).toBe(6);
    expect(await titlesOf('keyword=SKU-')).toEqual([]); // SKUs match exactly, not as a part
    expect(await titlesOf('keyword=50%25_')).toEqual(['Beach sandal 50%_off']);
    expect(await titlesOf('keyword=%25')).toEqual(['Beach sandal 50%_off']); // % is a character, not a wildcard
  });

  it('filters by the yes/no flags', async () => {
    expect(await titlesOf('passedModeration=true')).toEqual(['Trail RUNNER red', 'Leather bag']);
    expect((await filter('passedModeration=false')).totalElements).toBe(4);
    expect(await titlesOf('hasDescription=true')).toEqual(['Trail RUNNER red', 'Leather bag']);
    expect((await filter('hasDescription=false')).totalElements).toBe(4);
    expect(await titlesOf('buyBlock=true')).toEqual(['Winter boot']);
    expect(await titlesOf('isMainProduct=true')).toEqual(['Trail RUNNER red']);
    expect(await titlesOf('isExportOnBol=true')).toEqual(['Trail RUNNER red']);
    expect(await titlesOf('isChangeEan=true')).toEqual(['Beach sandal 50%_off']);
    expect((await filter('isChangeEan=false')).totalElements).toBe(5);
  });

  it('filters by stock: in stock means more than 0', async () => {
    expect(await titlesOf('stock=true')).toEqual(['Trail RUNNER red', 'Beach sandal 50%_off', 'Leather bag']);
    expect(await titlesOf('stock=outOfStock')).toEqual(['Winter boot', 'Belt', 'Wallet']);
  });

  it('filters by selling price, bounds included, decimal comma accepted', async () => {
    expect(await titlesOf('priceFrom=19,99&priceTo=59.95')).toEqual(['Trail RUNNER red', 'Beach sandal 50%_off', 'Wallet']);
    expect(await titlesOf('priceFrom=100')).toEqual(['Leather bag']);
    expect(await titlesOf('priceTo=15')).toEqual(['Belt']);
  });

  it('filters by the day of last update, both days included (UTC)', async () => {
    expect(await titlesOf('dateFrom=2025-03-01&dateTo=2025-03-31')).toEqual(['Trail RUNNER red', 'Winter boot', 'Beach sandal 50%_off']);
    expect(await titlesOf('dateTo=2025-02-28')).toEqual(['Leather bag', 'Belt', 'Wallet']);
    expect(await titlesOf('dateFrom=2025-03-31&dateTo=2025-03-31')).toEqual(['Trail RUNNER red']);
  });

  it('filters by exact number of images, 0 meaning none, and by family key', async () => {
    expect(await titlesOf('numberOfImages=2')).toEqual(['Trail RUNNER red']);
    expect(await titlesOf('numberOfImages=1')).toEqual(['Leather bag']);
    expect((await filter('numberOfImages=0')).totalElements).toBe(4);
    expect(await titlesOf('familyKey=RUN-1')).toEqual(['Trail RUNNER red', 'Winter boot']);
    expect(await titlesOf('familyKey=run-1')).toEqual([]);
  });

  it('combines filters with AND', async () => {
    expect(await titlesOf('supplierName=Shoe%20World&stock=true&brand=Nimbus&priceTo=20')).toEqual(['Beach sandal 50%_off']);
  });

  it('sorts by a whitelisted key in either direction, ties broken by product id', async () => {
    expect(await titlesOf('sort=sellingPrice,asc')).toEqual(['Belt', 'Beach sandal 50%_off', 'Wallet', 'Trail RUNNER red', 'Winter boot', 'Leather bag']);
    expect(await titlesOf('sort=title,desc&size=2')).toEqual(['Winter boot', 'Wallet']);
    expect((await filter('sort=productId,desc')).content.map((p) => p.productId)).toEqual(Object.values(ids).sort((a, b) => b - a));
    // Equal numbers of images (0 for four products): product id decides, in the same direction.
    const byImages = (await filter('sort=numberOfImages,asc')).content.map((p) => p.productId);
    expect(byImages).toEqual([ids.boot, ids.sandal, ids.belt, ids.wallet, ids.bag, ids.runner]);
  });

  it('refuses bad parameters with 400 and a message naming them', async () => {
    expect(await refusal('sort=secret,asc')).toMatch(/^sort key 'secret' is not allowed/);
    expect(await refusal('size=0')).toBe("size must be a whole number from 1 to 200, got '0'");
    expect(await refusal('size=500')).toBe("size must be a whole number from 1 to 200, got '500'");
    expect(await refusal('page=-1')).toMatch(/^page must be a whole number/);
    expect(await refusal('priceFrom=abc')).toBe("priceFrom must be a price such as 12.50 or 12,50, got 'abc'");
    expect(await refusal('dateFrom=2025-02-31')).toBe("dateFrom must be a date written yyyy-mm-dd, got '2025-02-31'");
    expect(await refusal('isMainProduct=maybe')).toBe("isMainProduct must be true or false, got 'maybe'");
  });

  it('refuses NUL bytes in any text parameter with 400 naming it, instead of a server error', async () => {
    for (const name of ['keyword', 'brand', 'supplierName', 'familyKey', 'sort', 'priceFrom', 'dateTo', 'stock']) {
      expect(await refusal(`${name}=a%00b`)).toBe(`${name} must not contain a NUL byte`);
    }
  });

  it('refuses numbers beyond what the catalogue can hold with 400 naming the parameter', async () => {
    expect(await refusal('priceTo=99999999999')).toBe("priceTo must be a price from 0 to 9,999,999,999.99, got '99999999999'");
    expect(await refusal('categoryId=99999999999')).toMatch(/^categoryId must be a whole number from 0 to 2,147,483,647/);
    expect(await refusal('numberOfImages=5000')).toBe("numberOfImages must be a whole number from 0 to 1,000, got '5000'");
    expect(await refusal('page=12345678901234567890')).toMatch(/^page must be a whole number from 0 to 1,000,000/);
  });

  it('runs the upkeep a feed import ends with, and answers the same afterwards', async () => {
    const before = await filter('sort=title,asc');
    await refreshCatalogueStatistics(t.database.db);
    expect(await filter('sort=title,asc')).toEqual(before);
  });

  it('ignores parameters it does not know', async () => {
    expect((await filter('_=12345&colour=red')).totalElements).toBe(6);
  });
});
