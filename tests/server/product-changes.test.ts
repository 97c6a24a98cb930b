import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductChanges, ProductImage } from '../../src/shared/contract';
import { productImages, products } from '../../src/server/db/schema';
import { catalogueApp } from './support/catalogue-app';
import { insertImages, insertMediaFile, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
let f: CatalogueFixture;
const ids: number[] = [];

beforeAll(async () => {
  ({ t, f, admin: auth } = await catalogueApp());
  // Five products written by one transaction (one statement) and two later: the cursor must
  // neither skip nor repeat any of them.
  const five = await t.database.db
    .insert(products)
    .values([1, 2, 3, 4, 5].map((n) => ({ supplierId: f.supplierIds.shoes, sourceKey: `same-${n}`, ean: '8710103974307', title: `Same ${n}` })))
    .returning({ id: products.productId });
  ids.push(...five.map((row) => row.id));
  ids.push(await insertProduct(t.database.db, { supplierId: f.supplierIds.bags }));
  ids.push(await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes }));
});
afterAll(async () => {
  await t.close();
});

const changes = async (query: string) => {
  const response = await t.app.request(`/api/v1/product/changes${query}`, { headers: auth });
  return { status: response.status, body: (await response.json()) as ProductChanges & { message?: string } };
};

async function downloadAll(query: string, limit: number): Promise<{ ids: number[]; cursor: string | null; calls: number }> {
  const seen: number[] = [];
  let cursor: string | null = null;
  let calls = 0;
  for (;;) {
    calls += 1;
    const { status, body } = await changes(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}${query}`);
    expect(status).toBe(200);
    seen.push(...body.products.map((product) => product.productId));
    cursor = body.cursor;
    if (!body.hasMore) return { ids: seen, cursor, calls };
  }
}

describe('GET /api/v1/product/changes', () => {
  it('needs a token', async () => {
    expect((await t.app.request('/api/v1/product/changes')).status).toBe(401);
  });

  it('pages through every product once, oldest change first, also inside one transaction', async () => {
    const all = await downloadAll('', 2);
    expect(all.ids).toEqual(ids);
    expect(all.calls).toBe(4);
  });

  it('answers only what changed after the kept cursor', async () => {
    const first = await downloadAll('', 500);
    expect((await changes(`?cursor=${first.cursor}`)).body).toEqual({ products: [], cursor: first.cursor, hasMore: false });

    await t.database.db.update(products).set({ title: 'Changed later' }).where(eq(products.productId, ids[1]!));
    const later = (await changes(`?cursor=${first.cursor}`)).body;
    expect(later.products.map((product: Product) => [product.productId, product.title])).toEqual([[ids[1], 'Changed later']]);
    expect(later.hasMore).toBe(false);
  });

  it('can be limited to one supplier', async () => {
    const bags = await downloadAll('&supplierName=Bag%20Depot', 10);
    expect(bags.ids).toEqual([ids[5]]);
    expect((await downloadAll('&supplierName=All', 10)).ids).toHaveLength(ids.length);
  });

  // Needs a second connection holding a transaction open, which the embedded database cannot have.
  it.runIf(process.env.TEST_DATABASE_URL)('holds back changes until every older writer has finished, so none is skipped', async () => {
    const start = await downloadAll('', 500);
    const slow = new pg.Client({ connectionString: t.database.url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query('UPDATE products SET title = $1 WHERE product_id = $2', ['Slow writer', ids[2]]);
      // A later, quicker writer commits first.
      await t.database.db.update(products).set({ title: 'Quick writer' }).where(eq(products.productId, ids[3]!));
      expect((await changes(`?cursor=${start.cursor}`)).body.products).toEqual([]);

      await slow.query('COMMIT');
      expect((await changes(`?cursor=${start.cursor}`)).body.products.map((product: Product) => product.title)).toEqual(['Slow writer', 'Quick writer']);
    } finally {
      await slow.end();
    }
  });

  // Transaction ids are the whole server's: a long transaction in another database on the same
  // PostgreSQL (another shop, a report, CI's other test files) must not hold this catalogue back.
  it.runIf(process.env.TEST_DATABASE_URL)('is not held back by a transaction left open in another database of the same server', async () => {
    const start = await downloadAll('', 500);
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      const [{ database }] = (await elsewhere.query<{ database: string }>('SELECT current_database() AS database')).rows as [{ database: string }];
      expect(database).not.toBe(new URL(t.database.url ?? 'postgres://absent/none').pathname.slice(1));
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT txid_current()');
      await t.database.db.update(products).set({ title: 'Written after the other database began' }).where(eq(products.productId, ids[4]!));
      expect((await changes(`?cursor=${start.cursor}`)).body.products.map((product: Product) => product.title)).toEqual(['Written after the other database began']);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
    }
  });

  it('refuses a cursor it did not give and a limit out of range, naming them', async () => {
    expect(await changes('?cursor=yesterday')).toEqual({ status: 400, body: { message: "cursor 'yesterday' is not one this server gave" } });
    expect((await changes('?limit=0')).body.message).toBe("limit must be a whole number from 1 to 1000, got '0'");
    expect((await changes('?limit=5000')).status).toBe(400);
  });
});

describe('a re-sent save or delete with the same Idempotency-Key', () => {
  const put = (body: unknown, headers: Record<string, string>) =>
    t.app.request('/api/v1/product', { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('answers the first save again instead of a conflict with its own result', async () => {
    const productId = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes });
    const current = (await (await t.app.request(`/api/v1/product/${productId}`, { headers: auth })).json()) as Product;
    const edit = { ...current, title: 'Saved once' };
    const headers = { 'If-Match': `"${current.version}"`, 'Idempotency-Key': 'save-1' };

    const first = await put(edit, headers);
    expect(first.status).toBe(200);
    // The first answer was lost on the way; the outbox sends the same request again.
    const repeat = await put(edit, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(repeat.headers.get('ETag')).toBe(`"${current.version + 1}"`);
    expect(((await repeat.json()) as Product).title).toBe('Saved once');
    const [row] = await t.database.db.select().from(products).where(eq(products.productId, productId));
    expect(row?.version).toBe(current.version + 1);

    // Without the key the same stale request is the conflict it is.
    expect((await put(edit, { 'If-Match': `"${current.version}"` })).status).toBe(412);
  });

  it('answers the first delete again, with the version it created, instead of 404', async () => {
    const productId = await insertProduct(t.database.db, { supplierId: f.supplierIds.shoes });
    await insertImages(t.database.db, productId, [
      { id: randomUUID(), filePath: await insertMediaFile(t.database.db, 'a'), position: 1, isMainImage: true },
      { id: randomUUID(), filePath: await insertMediaFile(t.database.db, 'b'), position: 2 },
    ]);
    const [image] = await t.database.db.select().from(productImages).where(eq(productImages.productId, productId)).limit(1);
    const del = () => t.app.request(`/api/v1/image/${image!.id}`, { method: 'DELETE', headers: { ...auth, 'Idempotency-Key': 'delete-1' } });

    const first = await del();
    expect(first.status).toBe(200);
    const repeat = await del();
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(((await repeat.json()) as ProductImage[]).length).toBe(1);
    expect((await t.app.request(`/api/v1/image/${image!.id}`, { method: 'DELETE', headers: auth })).status).toBe(404);
  });
});
