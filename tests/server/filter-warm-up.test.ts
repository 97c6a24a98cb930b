/** The product filter's warm-up after a start (src/server/catalogue/filter-warm-up.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFilter } from '../../src/shared/product-filter';
import { titleWord, WARM_UP_QUERIES, WARM_UP_ROUNDS, warmUpProductFilter, warmUpQueries } from '../../src/server/catalogue/filter-warm-up';
import { insertCatalogueBasics, insertProduct } from './support/product-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('product filter warm-up', () => {
  it('fills in a supplier and a title word, and every filter is one the server accepts', () => {
    const queries = warmUpQueries('Shoe World', 'trail');
    expect(queries).toHaveLength(WARM_UP_QUERIES.length);
    expect(queries).toContain('sort=dateUpdate,desc&size=20&supplierName=Shoe%20World');
    expect(queries).toContain('sort=dateUpdate,desc&size=20&keyword=trail');
    for (const query of queries) expect(parseProductFilter(new URLSearchParams(query)).ok, query).toBe(true);
    // Without a supplier or a word, the filters that need one are left out.
    expect(warmUpQueries(null, null).some((query) => query.includes('supplierName') || query.includes('keyword'))).toBe(false);
    expect(titleWord('3 XL Trail-runner')).toBe('trail');
    expect(titleWord('12 ab')).toBeNull();
  });

  it('does nothing on an empty catalogue', async () => {
    expect(await warmUpProductFilter(database.db, { isBusy: () => false })).toBe(0);
  });

  it('runs its rounds one filter at a time, waiting while a request runs, and stops when told', async () => {
    const f = await insertCatalogueBasics(database.db);
    await insertProduct(database.db, { supplierId: f.supplierIds.shoes, title: 'Trail runner 42' });
    let busyChecks = 0;
    const waits: number[] = [];
    // Busy for the first three checks: the warm-up waits before its first filter.
    const ran = await warmUpProductFilter(database.db, {
      isBusy: () => ++busyChecks <= 3,
      wait: async (ms) => void waits.push(ms),
    });
    expect(ran).toBe(WARM_UP_QUERIES.length * WARM_UP_ROUNDS);
    expect(waits.slice(0, 3)).toEqual([50, 50, 50]);

    let filters = 0;
    const stoppedAfterTwo = await warmUpProductFilter(database.db, { isBusy: () => false, stopped: () => filters >= 2, wait: async () => void filters++ });
    expect(stoppedAfterTwo).toBe(2);
  });
});
