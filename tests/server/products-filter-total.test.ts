/**
 * The product list's total above EXACT_COUNT_LIMIT matches (docs/products.md "Totals"): an
 * estimate, said so in `totalIsEstimate`; exact at or below the limit and on the last page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EMBEDDED_STATISTICS_TARGET, refreshCatalogueStatistics } from '../../src/server/catalogue/product-maintenance';
import { queryRows } from '../../src/server/db/query-rows';
import { EXACT_COUNT_LIMIT } from '../../src/server/catalogue/product-total';
import { insertCatalogueBasics, type CatalogueFixture } from './support/product-fixtures';
import { productReads } from './support/product-reads';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let auth: { Authorization: string };
let f: CatalogueFixture;
const MANY = EXACT_COUNT_LIMIT + 2_000;

/** Shoe World: MANY products, 'Trail …' every other one (MANY / 2, below the limit); Bag Depot: 300. */
beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  f = await insertCatalogueBasics(db);
  await db.execute(sql`insert into products (supplier_id, source_key, ean, title, stock)
    select ${f.supplierIds.shoes}, 'k' || i, (8700000000000 + i)::text, case when i % 2 = 0 then 'Trail runner ' else 'City boot ' end || i, i % 3
    from generate_series(1, ${MANY}) i`);
  await db.execute(sql`insert into products (supplier_id, source_key, ean, title)
    select ${f.supplierIds.bags}, 'b' || i, (8790000000000 + i)::text, 'Bag ' || i from generate_series(1, 300) i`);
  await refreshCatalogueStatistics(db);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const { filterPage: filter } = productReads(() => t, () => auth);

describe('product list total above the exact limit', () => {
  it('counts exactly up to the limit', async () => {
    expect(await filter('supplierName=Bag%20Depot')).toMatchObject({ totalElements: 300, totalPages: 15, totalIsEstimate: false });
    expect(await filter('keyword=trail')).toMatchObject({ totalElements: MANY / 2, totalIsEstimate: false });
  });

  it('estimates above the limit, never below what is known, and says so', async () => {
    const all = await filter('');
    expect(all.totalIsEstimate).toBe(true);
    expect(all.totalElements).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The planner's estimate from fresh statistics, rounded to two digits: near the real number.
    expect(Math.abs(all.totalElements - (MANY + 300))).toBeLessThan((MANY + 300) * 0.1);
    expect(all.totalPages).toBe(Math.ceil(all.totalElements / 20));
    expect(all.content).toHaveLength(20);

    const shoes = await filter('supplierName=Shoe%20World');
    expect(shoes.totalIsEstimate).toBe(true);
    // The supplier is resolved for the estimate: Shoe World's share, not an average supplier's.
    expect(Math.abs(shoes.totalElements - MANY)).toBeLessThan(MANY * 0.1);
  });

  it('estimates a keyword with more matches than the limit (the keyword bound as a parameter)', async () => {
    // 'i' is in every Shoe World title ('Trail …', 'City …'), in no Bag Depot one.
    const page = await filter('keyword=I&size=20');
    expect(page.totalIsEstimate).toBe(true);
    expect(page.totalElements).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.content.every((product) => product.title.toLowerCase().includes('i'))).toBe(true);
  });

  it("refreshes the planner's statistics from a smaller sample on the embedded database (its memory stays low), PostgreSQL's own on PostgreSQL", async () => {
    const db = t.database.db;
    const [table] = await queryRows<{ rows: number; visible: number; pages: number }>(
      db,
      sql`select reltuples::int as rows, relallvisible as visible, relpages as pages from pg_class where relname = 'products'`,
    );
    // The whole table's size is known and every page is marked visible (the counts' index-only scans).
    expect(table?.rows).toBe(MANY + 300);
    expect(table?.visible).toBe(table?.pages);
    // A column of distinct values gets one histogram bound more than the statistics target.
    const [ean] = await queryRows<{ bounds: number }>(
      db,
      sql`select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats where tablename = 'products' and attname = 'ean'`,
    );
    expect(ean?.bounds).toBe(t.database.kind === 'postgres' ? 101 : EMBEDDED_STATISTICS_TARGET + 1);
  });

  it('an unknown supplier still matches nothing', async () => {
    expect(await filter('supplierName=Nobody')).toMatchObject({ totalElements: 0, totalIsEstimate: false, content: [] });
  });

  it('estimates no more than the rows before an empty page past the end', async () => {
    const pastEnd = Math.ceil((MANY + 300) / 20) + 5;
    const beyond = await filter(`size=20&page=${pastEnd}`);
    expect(beyond).toMatchObject({ content: [], totalIsEstimate: true });
    expect(beyond.totalElements).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(beyond.totalElements).toBeLessThanOrEqual(pastEnd * 20);
  });

  it('is exact again on the last page', async () => {
    const last = await filter(`size=200&page=${Math.floor((MANY + 300) / 200)}`);
    expect(last).toMatchObject({ totalElements: MANY + 300, totalIsEstimate: false });
    expect(last.content).toHaveLength((MANY + 300) % 200);
  });
});
