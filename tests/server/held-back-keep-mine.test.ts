/**
 * "Keep mine" on a held-back supplier value is an outbox write (docs/feeds.md, "Held-back values";
 * docs/offline.md, "Writes"): sent again after a lost answer it must be harmless. Also the holds
 * of the category and of the image list, which the product page now shows (docs/product-edit.md,
 * "The supplier now says"): the category by its name, the images as the feed's addresses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, suppliers } from '../../src/server/db/schema';
import { importSupplierFeed } from '../../src/server/feeds/feed-import';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { Product } from '../../src/shared/contract';
import { createTestApp, type TestApp } from './support/test-app';

const served = new Map<string, string>();
const feedFetch = (async (input: string | URL | Request) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const body = served.get(url);
  if (body === undefined) throw new TypeError('fetch failed');
  return new Response(body, { headers: { 'Content-Type': 'text/csv' } });
}) as typeof fetch;

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: feedFetch } });
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color;images';
const EAN = '8710103974307';
const line = (row: { title?: string; category?: string; images?: string } = {}) =>
  [EAN, 'KM-1', row.title ?? 'Desk lamp', '<p>Bright</p>', 'Lumo', row.category ?? 'Lamps', '10,00', '19,95', '1-2d', '5', 'White', row.images ?? 'https://img.test/l1.png'].join(';');

async function feedSupplier(name: string) {
  const url = `https://supplier.test/${encodeURIComponent(name)}.csv`;
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!row) throw new Error('no supplier');
  const run = async (rows: string[]) => {
    served.set(url, `${HEADER}\n${rows.join('\n')}\n`);
    const { entry } = await importSupplierFeed({ db: t.database.db, fetch: feedFetch }, row.supplierId, { parseInWorker: false });
    expect(entry.status).toBe('success');
  };
  return { id: row.supplierId, run };
}

async function productOf(supplierId: number): Promise<Product> {
  const [row] = await t.database.db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplierId));
  if (!row) throw new Error('no product');
  const response = await t.app.request(`/api/v1/product/${row.id}`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

async function patch(id: number, changes: ProductChangeSet): Promise<Product> {
  const response = await t.app.request(`/api/v1/product/${id}`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(changes) });
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

const noImages = { added: [], deleted: [], edited: [] };
const keepMine = (id: number, field: string) => t.app.request(`/api/v1/product/${id}/held-back/${field}`, { method: 'DELETE', headers: auth });

describe('Keep mine sent twice', () => {
  it('answers success both times: the first ends the hold (version up), the second changes nothing', async () => {
    const supplier = await feedSupplier('Twice Co');
    await supplier.run([line()]);
    const created = await productOf(supplier.id);
    await patch(created.productId, { fields: { title: { base: 'Desk lamp', value: 'Lamp (ours)' } }, images: noImages, madeAt: Date.now(), offline: true });
    await supplier.run([line({ title: 'Desk lamp LED' })]);
    const held = await productOf(supplier.id);
    expect(held.heldBack?.map((value) => value.field)).toEqual(['title']);

    const first = await keepMine(held.productId, 'title');
    expect(first.status).toBe(200);
    const kept = (await first.json()) as Product;
    expect(kept.version).toBe(held.version + 1);
    expect(kept.heldBack).toBeUndefined();

    const second = await keepMine(held.productId, 'title');
    expect(second.status).toBe(200);
    const again = (await second.json()) as Product;
    expect(again).toMatchObject({ title: 'Lamp (ours)', version: kept.version });
    expect(again.heldBack).toBeUndefined();
    expect(second.headers.get('ETag')).toContain(String(kept.version));
  });
});

describe('the category and the image list held back', () => {
  it('holds the category with its name and the image list as addresses; Keep mine ends each', async () => {
    const supplier = await feedSupplier('Held Parts Co');
    await supplier.run([line()]);
    const created = await productOf(supplier.id);
    const [mine] = await t.database.db.insert(categories).values({ categoryName: `Desk lights ${Date.now()}` }).returning();
    if (!mine) throw new Error('no category');
    // A person moves the product to another category and removes the feed's image.
    const image = created.productImages[0];
    if (!image) throw new Error('no feed image');
    const removed = await t.app.request(`/api/v1/image/${image.id}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    await patch(created.productId, { fields: { categoryId: { base: created.categoryId, value: mine.categoryId } }, images: noImages, madeAt: Date.now(), offline: false });

    await supplier.run([line({ category: 'Table lamps', images: 'https://img.test/front%20view.png|https://img.test/side.png' })]);
    const held = await productOf(supplier.id);
    expect(held.categoryId).toBe(mine.categoryId);
    expect(held.productImages).toEqual([]);
    const byField = new Map((held.heldBack ?? []).map((value) => [value.field, value]));
    expect(byField.get('categoryId')).toMatchObject({ shown: 'Table lamps' });
    expect(typeof byField.get('categoryId')?.value).toBe('number');
    expect(byField.get('images')?.value).toEqual(['https://img.test/front%20view.png', 'https://img.test/side.png']);

    expect((await keepMine(held.productId, 'categoryId')).status).toBe(200);
    const afterCategory = await productOf(supplier.id);
    expect(afterCategory.heldBack?.map((value) => value.field)).toEqual(['images']);
    expect((await keepMine(held.productId, 'images')).status).toBe(200);
    const afterImages = await productOf(supplier.id);
    expect(afterImages.heldBack).toBeUndefined();
    expect(afterImages).toMatchObject({ categoryId: mine.categoryId, productImages: [] });
  });
});
