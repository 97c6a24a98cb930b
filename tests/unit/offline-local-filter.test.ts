import { afterEach, describe, expect, it } from 'vitest';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { cacheProductPage, readCachedProducts } from '../../src/app/db/product-cache';
import { productQueryKey } from '../../src/app/db/query-key';
import { enqueueProductSave } from '../../src/app/sync/outbox';
import { makeProduct, openTestDatabase } from './support/offline-fakes';

describe('productQueryKey', () => {
  it('is the same for the same query in another order, with spaces or empty values', () => {
    const a = productQueryKey({ size: 20, page: 0, keyword: ' shoe ', supplierName: '', brand: null, sort: 'title,asc' });
    const b = productQueryKey({ sort: 'title,asc', keyword: 'shoe', page: '0', size: '20', familyKey: undefined });
    expect(a).toBe(b);
    expect(a).toBe('keyword=shoe&page=0&size=20&sort=title%2Casc');
    expect(productQueryKey({ keyword: 'shoe', page: 1 })).not.toBe(productQueryKey({ keyword: 'shoe', page: 0 }));
  });
});

const catalogue = [
  makeProduct({ productId: 1, title: 'Red running shoe', sellingPrice: 12.5, passedModeration: true, supplier: { supplierId: 1, supplierName: 'Acme' } }),
  makeProduct({ productId: 2, title: 'Blue sock', ean: '8719999000011', sellingPrice: 3, description: '<p>Soft</p>', supplier: { supplierId: 2, supplierName: 'Bolt' } }),
  makeProduct({ productId: 3, title: 'Green shoe', sku: 'G-1', sellingPrice: 40, familyKey: 'F1', mainProduct: true, supplier: { supplierId: 1, supplierName: 'Acme' } }),
  makeProduct({ productId: 4, title: 'Hat', sellingPrice: 12.5, dateUpdate: '2024-03-05T10:00:00.000Z', supplier: { supplierId: 2, supplierName: 'Bolt' } }),
];
const ids = (query: Record<string, string>) => filterProductsLocally(catalogue, query).content.map((p) => p.productId);

describe('filterProductsLocally', () => {
  it('finds a keyword in the title ignoring case, or an exact EAN or SKU', () => {
    expect(ids({ keyword: 'SHOE', sort: 'productId' })).toEqual([1, 3]);
    expect(ids({ keyword: '8719999000011' })).toEqual([2]);
    expect(ids({ keyword: 'G-1' })).toEqual([3]);
  });

  it('filters by supplier (All = every supplier), moderation, description, main product and family', () => {
    expect(ids({ supplierName: 'Acme', sort: 'productId' })).toEqual([1, 3]);
    expect(ids({ supplierName: 'All' })).toHaveLength(4);
    expect(ids({ passedModeration: 'true' })).toEqual([1]);
    expect(ids({ hasDescription: 'true' })).toEqual([2]);
    expect(ids({ isMainProduct: 'true' })).toEqual([3]);
    expect(ids({ familyKey: 'F1' })).toEqual([3]);
  });

  it('filters a price range with a decimal comma, bounds included', () => {
    expect(ids({ priceFrom: '12,50', priceTo: '40', sort: 'productId' })).toEqual([1, 3, 4]);
    expect(ids({ priceTo: '12,49' })).toEqual([2]);
  });

  it('sorts with ties broken by productId in the same direction and pages', () => {
    expect(ids({ sort: 'sellingPrice,desc' })).toEqual([3, 4, 1, 2]);
    const page = filterProductsLocally(catalogue, { sort: 'sellingPrice,asc', size: '3', page: '1' });
    expect(page.content.map((p) => p.productId)).toEqual([3]); // 2, 1, 4 on the first page
    expect(page).toMatchObject({ totalPages: 2, totalElements: 4 });
    // Default order: newest change first.
    expect(ids({})[0]).toBe(4);
  });
});

describe('readCachedProducts', () => {
  let db: BackofficeDatabase;
  afterEach(async () => {
    await db.delete();
  });

  it('answers a seen query from its cached page (with local edits) and an unseen one locally', async () => {
    db = openTestDatabase();
    await cacheProductPage(db, { page: 0, size: 20 }, { content: catalogue, totalPages: 1, totalElements: 4 }, 123);
    await enqueueProductSave(db, { ...catalogue[0]!, title: 'Edited offline' }, 1, 'anna');

    const seen = await readCachedProducts(db, { size: 20, page: 0 });
    expect(seen).toMatchObject({ fetchedAt: 123, local: false });
    expect(seen.page.content.find((p) => p.productId === 1)?.title).toBe('Edited offline');
    expect(seen.page.content[0]).not.toHaveProperty('moderationKey');

    const unseen = await readCachedProducts(db, { supplierName: 'Bolt', priceFrom: '10' });
    expect(unseen).toMatchObject({ fetchedAt: null, local: true });
    expect(unseen.page.content.map((p) => p.productId)).toEqual([4]);
  });

  it('reading the kept page and filtering at once (an early start) still prefers the kept page', async () => {
    db = openTestDatabase();
    // The kept page says 1 and 2 (in that order, 7 in all): a local filter would give 4 products.
    await cacheProductPage(db, { page: 0, size: 20 }, { content: catalogue, totalPages: 1, totalElements: 4 }, 123);
    await cacheProductPage(db, { page: 0, size: 20, sort: 'title,asc' }, { content: [catalogue[1]!, catalogue[0]!], totalPages: 1, totalElements: 7 }, 456);
    const kept = await readCachedProducts(db, { page: 0, size: 20, sort: 'title,asc' }, { keptPageLikely: false });
    expect(kept).toMatchObject({ fetchedAt: 456, local: false, page: { totalElements: 7 } });
    expect(kept.page.content.map((p) => p.productId)).toEqual([catalogue[1]!.productId, catalogue[0]!.productId]);

    const unseen = await readCachedProducts(db, { supplierName: 'Bolt', priceFrom: '10' }, { keptPageLikely: false });
    expect(unseen).toMatchObject({ fetchedAt: null, local: true });
    expect(unseen.page.content.map((p) => p.productId)).toEqual([4]);
  });
});
