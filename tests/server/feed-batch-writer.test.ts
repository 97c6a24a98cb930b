/**
 * The two ways a batch is written (src/server/feeds/feed-batch-writer.ts): a supplier without
 * products gets one plain INSERT of products and images; should one of its products exist after all,
 * that statement fails whole and the batch is written by the upsert instead, never twice.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, suppliers } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/query-rows';
import { isUniqueViolation, writeFeedBatch } from '../../src/server/feeds/feed-batch-writer';
import { NameIds } from '../../src/server/feeds/name-ids';
import { sqlStateOf } from '../../src/server/lib/caught-errors';
import type { FeedProductRow } from '../../src/server/feeds/parse-feed-row';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function feedRow(n: number, images: string[]): FeedProductRow {
  return {
    sourceKey: `sku:W-${n}`, ean: '', sku: `W-${n}`, title: `Writer product ${n}`, description: '', brand: 'Writer brand',
    category: 'Writer category', priceSupplier: 10 + n, sellingPrice: 20 + n, deliveryCode: '1-2d', stock: n, weight: null,
    width: null, length: null, height: null, productSize: '', color: '', material: '', familyKey: null, images,
  };
}

async function newSupplier(name: string): Promise<number> {
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: 'https://feeds.test/w.csv', feedFormat: 'csv' }).returning();
  if (!row) throw new Error('no supplier');
  return row.supplierId;
}

const names = () => ({ brands: new NameIds('brands'), categories: new NameIds('categories') });

async function imagesOf(supplierId: number) {
  const ids = (await t.database.db.select({ id: products.productId }).from(products).where(eq(products.supplierId, supplierId))).map((p) => p.id);
  return t.database.db
    .select({ productId: productImages.productId, url: productImages.sourceUrl, main: productImages.isMainImage, position: productImages.position, id: productImages.id })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

describe('writeFeedBatch', () => {
  it('writes a batch of new products and their images in one statement, the first image main, ids in order', async () => {
    const supplierId = await newSupplier('Writer new');
    const rows = [feedRow(1, ['https://img.test/a.png', 'https://img.test/b.png']), feedRow(2, []), feedRow(3, ['https://img.test/c.png'])];
    const counts = await writeFeedBatch(t.database.db, supplierId, rows, names(), new Date(), false);
    expect(counts).toEqual({ created: 3, updated: 0, unchanged: 0, heldBack: [] });
    const written = await t.database.db.select().from(products).where(eq(products.supplierId, supplierId)).orderBy(products.sourceKey);
    expect(written.map((p) => [p.sourceKey, p.numberOfImages, p.stock])).toEqual([['sku:W-1', 2, 1], ['sku:W-2', 0, 2], ['sku:W-3', 1, 3]]);
    const images = await imagesOf(supplierId);
    expect(images.map((i) => [i.url, i.main, i.position])).toEqual([
      ['https://img.test/a.png', true, 1],
      ['https://img.test/b.png', false, 2],
      ['https://img.test/c.png', true, 1],
    ]);
    // Time-ordered ids (version 7): later rows sort after earlier ones.
    for (const image of images) expect(image.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(images.map((i) => i.id)).toEqual([...images.map((i) => i.id)].sort());
  });

  it('falls back to the upsert when a product of a "new" batch exists after all: nothing is written twice', async () => {
    const supplierId = await newSupplier('Writer fallback');
    await writeFeedBatch(t.database.db, supplierId, [feedRow(1, ['https://img.test/a.png'])], names(), new Date(), false);
    // The batch claims to be new, but W-1 exists: W-1 is updated (stock), W-4 created, with their images once.
    const changed = { ...feedRow(1, ['https://img.test/a.png']), stock: 99 };
    const counts = await writeFeedBatch(t.database.db, supplierId, [changed, feedRow(4, ['https://img.test/d.png'])], names(), new Date(), false);
    expect(counts).toEqual({ created: 1, updated: 1, unchanged: 0, heldBack: [] });
    const written = await t.database.db.select().from(products).where(eq(products.supplierId, supplierId)).orderBy(products.sourceKey);
    expect(written.map((p) => [p.sourceKey, p.stock, p.numberOfImages, p.version])).toEqual([['sku:W-1', 99, 1, 2], ['sku:W-4', 4, 1, 1]]);
    expect((await imagesOf(supplierId)).map((i) => i.url)).toEqual(['https://img.test/a.png', 'https://img.test/d.png']);
  });

  it('every trigger of the catalogue fires whatever the replication role, so a batch that skips the reference checks skips nothing else', async () => {
    // The embedded import's batches run with session_replication_role = replica (docs/feeds.md,
    // "The embedded import's reference checks"); a trigger left at the default would go quiet there.
    const triggers = await queryRows<{ table: string; name: string; enabled: string }>(
      t.database.db,
      sql`select c.relname as table, g.tgname as name, g.tgenabled as enabled
            from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
           where not g.tgisinternal and n.nspname = 'public' order by 1, 2`,
    );
    expect(triggers.length).toBeGreaterThanOrEqual(5);
    expect(triggers.filter((trigger) => trigger.enabled !== 'A')).toEqual([]);
  });

  it('a batch of new products skips the reference checks for its own transaction only: the next statement is checked again', async () => {
    const supplierId = await newSupplier('Writer checks');
    const counts = await writeFeedBatch(t.database.db, supplierId, [feedRow(1, ['https://img.test/a.png']), feedRow(2, [])], names(), new Date(), false);
    expect(counts).toEqual({ created: 2, updated: 0, unchanged: 0, heldBack: [] });
    // The products name brands and a category that exist, and the image its product.
    const written = await queryRows<{ missing: number }>(
      t.database.db,
      sql`select (select count(*)::int from products p
                   where p.supplier_id = ${supplierId}
                     and (not exists (select 1 from brands b where b.brand_id = p.brand_id)
                          or not exists (select 1 from categories c where c.category_id = p.category_id)))
               + (select count(*)::int from product_images i
                   where not exists (select 1 from products p where p.product_id = i.product_id)) as missing`,
    );
    expect(written[0]?.missing).toBe(0);
    const [role] = await queryRows<{ session_replication_role: string }>(t.database.db, sql`show session_replication_role`);
    expect(role?.session_replication_role).toBe('origin');
    const refused = await t.database.db
      .insert(products)
      .values({ supplierId, sourceKey: 'sku:W-ghost', ean: '', sku: 'W-ghost', title: 'Ghost', brandId: 2_000_000_000 })
      .then(() => null, (error: unknown) => error);
    expect(refused).not.toBeNull();
    expect(sqlStateOf(refused)).toBe('23503');
  });

  it('tells a unique violation from other errors, also when wrapped', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('failed query', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('failed query', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
