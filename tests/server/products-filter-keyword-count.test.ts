/**
 * The product list's total for a keyword when the page is full, so the matches are counted
 * (docs/products.md "Totals" and "Speed"): the title matches and the identifier matches are
 * counted apart, and a product found both ways is counted once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueBasics, insertProduct } from './support/product-fixtures';
import { productReads } from './support/product-reads';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: { Authorization: string };
const ids: Record<string, number> = {};

/** 12 'Trail …' titles, of which one has the SKU 'trail'; a bag whose EAN is 'trail'; a bag whose supplier EAN is 'TRAIL'. */
beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  const f = await insertCatalogueBasics(db);
  for (let i = 1; i <= 12; i += 1) {
    ids[`trail${i}`] = await insertProduct(db, { supplierId: f.supplierIds.shoes, title: `Trail runner ${i}`, sku: i === 1 ? 'trail' : `SKU-${i}`, ean: `87000000000${10 + i}` });
  }
  ids.eanBag = await insertProduct(db, { supplierId: f.supplierIds.bags, title: 'City bag', ean: 'trail' });
  ids.supplierEanBag = await insertProduct(db, { supplierId: f.supplierIds.bags, title: 'Town bag', ean: '8700000000099', supplierEan: 'TRAIL' });
  await insertProduct(db, { supplierId: f.supplierIds.bags, title: 'Beach bag', ean: '8700000000098' });
}, 60_000);

afterAll(async () => {
  await t.close();
});

const { filterPage: filter } = productReads(() => t, () => auth);

describe('product list total of a keyword on a full page', () => {
  it('counts a product found by its title and by an identifier once, and one found only by an identifier too', async () => {
    // 12 titles (one of them also by its SKU) + the bag whose EAN equals the keyword = 13.
    const page = await filter('keyword=trail&size=5');
    expect(page).toMatchObject({ totalElements: 13, totalPages: 3, totalIsEstimate: false });
    expect(page.content).toHaveLength(5);
  });

  it('counts what every page shows: all pages together hold each match once', async () => {
    const seen: number[] = [];
    for (let page = 0; page < 3; page += 1) seen.push(...(await filter(`keyword=trail&size=5&page=${page}`)).content.map((product) => product.productId));
    expect(new Set(seen).size).toBe(13);
    expect(seen).toContain(ids.eanBag);
    expect(seen).not.toContain(ids.supplierEanBag); // identifiers are equal exactly, case included
  });

  it('keeps the other filters on both halves of the count', async () => {
    expect(await filter('keyword=trail&size=1&supplierName=Bag%20Depot')).toMatchObject({ totalElements: 1, totalIsEstimate: false });
    expect(await filter('keyword=trail&size=5&supplierName=Shoe%20World')).toMatchObject({ totalElements: 12, totalIsEstimate: false });
    expect(await filter('keyword=TRAIL&size=1&supplierName=Bag%20Depot')).toMatchObject({ totalElements: 1, totalIsEstimate: false });
  });

  it('counts a keyword found only by identifiers', async () => {
    expect(await filter(`keyword=SKU-${4}&size=1`)).toMatchObject({ totalElements: 1, totalIsEstimate: false });
    expect(await filter('keyword=bag&size=2')).toMatchObject({ totalElements: 3, totalIsEstimate: false });
  });
});
