/**
 * What one product save costs the database on PostgreSQL, counted statement by statement (every
 * statement is a round trip to the server): the budget behind the load target of bench/load.ts
 * (docs/security.md, "Load"). Counted on the driver, so a change that adds a query to the hot path
 * fails here. Needs a real PostgreSQL: runs when TEST_DATABASE_URL is set.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;
const statements: string[] = [];
const originalQuery = pg.Client.prototype.query;

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements per save on PostgreSQL', () => {
  beforeAll(async () => {
    ({ t, f, admin: auth } = await catalogueApp());
    const patched = function (this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text: string };
      statements.push((typeof query === 'string' ? query : query.text).slice(0, 80));
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    };
    (pg.Client.prototype as unknown as { query: unknown }).query = patched;
  });
  afterAll(async () => {
    (pg.Client.prototype as unknown as { query: unknown }).query = originalQuery;
    await t.close();
  });
  afterEach(() => {
    statements.length = 0;
  });

  async function productToSave(): Promise<Product> {
    const id = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes, brandId: f.brandIds.nimbus, categoryId: f.categoryIds.shoes });
    return (await (await t.app.request(`/api/v1/product/${id}`, { headers: auth })).json()) as Product;
  }

  const save = (product: Product, key: string) =>
    t.app.request('/api/v1/product', {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': `"${product.version}"`, 'Idempotency-Key': key },
      body: JSON.stringify(product),
    });

  it('a keyed save of one changed field: 9 statements, its repeat 5', async () => {
    const warmUp = await productToSave();
    expect((await save({ ...warmUp, stock: 1 }, 'warm-up')).status).toBe(200); // the hourly prune of old keys runs once
    const product = await productToSave();
    statements.length = 0;

    expect((await save({ ...product, stock: 42 }, 'counted')).status).toBe(200);
    // token check, BEGIN, claim, product (locked), images, UPDATE … RETURNING, history, answer, COMMIT
    expect(statements, statements.join('\n')).toHaveLength(9);

    statements.length = 0;
    const repeat = await save({ ...product, stock: 42 }, 'counted');
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    // token check, BEGIN, claim (taken), the stored answer, COMMIT
    expect(statements, statements.join('\n')).toHaveLength(5);
  });

  it('an unchanged brand and category cost no lookup; a new brand does', async () => {
    const product = await productToSave();
    statements.length = 0;
    expect((await save({ ...product, title: 'Renamed' }, 'same-brand')).status).toBe(200);
    expect(statements.some((text) => /"brands"|"categories"/.test(text))).toBe(false);

    const saved = (await (await t.app.request(`/api/v1/product/${product.productId}`, { headers: auth })).json()) as Product;
    statements.length = 0;
    const renamed = await save({ ...saved, brand: 'Brand new brand' }, 'new-brand');
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Product).brand).toBe('Brand new brand');
    expect(statements.some((text) => text.startsWith('insert into "brands"'))).toBe(true);
  });
});
