/**
 * A supplier feed import is a writer with a base (docs/feeds.md, "What a re-import changes"): a
 * field a person changed since the feed wrote it keeps the person's value and the feed's new value
 * is held back (read model, product history, the run's report); untouched fields follow the feed;
 * fields the supplier lets its feed always win follow it regardless; the base is in the database;
 * a person's save of the held value or "Keep mine" ends the hold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { categories, products, suppliers } from '../../src/server/db/schema';
import { importSupplierFeed } from '../../src/server/feeds/feed-import';
import type { ProductChangeSet } from '../../src/shared/change-set';
import type { ParsingHistoryEntry, Product } from '../../src/shared/contract';
import { defaultMapping, type FeedMapping } from '../../src/shared/feed-mapping';
import type { SupplierDetails } from '../../src/shared/suppliers';
import { databaseBeforeMigration } from './support/database-before-migration';
import { productReads } from './support/product-reads';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, type TestApp } from './support/test-app';

const { served, feedFetch } = servedFeeds();

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: feedFetch } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  t.clock.now = Date.parse('2025-06-01T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;color;images';
interface Row {
  sku?: string;
  title?: string;
  brand?: string;
  price?: string;
  stock?: string;
  weight?: string;
  color?: string;
}
const line = (ean: string, row: Row = {}) =>
  [ean, row.sku ?? 'LMP-1', row.title ?? 'Desk lamp', '<p>Bright</p>', row.brand ?? 'Lumo', 'Lamps', row.price ?? '10,00', '19,95', '1-2d', row.stock ?? '5', row.weight ?? '1,5', row.color ?? 'White', 'https://img.test/l1.png'].join(';');
const EAN = '8710103974307';
const EAN2 = '4006381333931';

async function addSupplier(name: string, alwaysWins?: string[], feedMapping?: FeedMapping): Promise<{ id: number; url: string }> {
  const url = `https://supplier.test/${encodeURIComponent(name)}.csv`;
  const [row] = await t.database.db
    .insert(suppliers)
    .values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv', ...(alwaysWins ? { feedAlwaysWins: alwaysWins } : {}), ...(feedMapping ? { feedMapping } : {}) })
    .returning();
  if (!row) throw new Error('no supplier');
  return { id: row.supplierId, url };
}

async function runFeed(db: Database, supplier: { id: number; url: string }, rows: string[]): Promise<ParsingHistoryEntry> {
  served.set(supplier.url, `${HEADER}\n${rows.join('\n')}\n`);
  const { entry } = await importSupplierFeed({ db, fetch: feedFetch }, supplier.id, { parseInWorker: false });
  expect(entry.status).toBe('success');
  return entry;
}

async function productIdOf(supplierId: number, ean = EAN): Promise<number> {
  const rows = await t.database.db.select({ id: products.productId, ean: products.ean }).from(products).where(eq(products.supplierId, supplierId));
  const found = rows.find((row) => row.ean === ean);
  if (!found) throw new Error(`no product ${ean}`);
  return found.id;
}

const { product, history } = productReads(() => t, () => auth);

function change(fields: ProductChangeSet['fields']): ProductChangeSet {
  return { fields, images: { added: [], deleted: [], edited: [] }, madeAt: Date.parse('2025-06-01T11:59:00Z'), offline: false };
}

async function save(id: number, fields: ProductChangeSet['fields']): Promise<Product> {
  const response = await t.app.request(`/api/v1/product/${id}`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(change(fields)),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

describe('a person changes a field, then the feed runs', () => {
  it("keeps the person's value and records the held-back one in the read model, the history and the run's report", async () => {
    const supplier = await addSupplier('Lamp Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { title: { base: 'Desk lamp', value: 'Desk lamp, matt white' }, sku: { base: 'LMP-1', value: 'OUR-LMP-1' } });

    const entry = await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED', sku: 'LMP-1B', stock: '7' })]);

    const now = await product(id);
    expect(now).toMatchObject({ title: 'Desk lamp, matt white', sku: 'OUR-LMP-1', stock: 7 });
    expect(now.heldBack?.map((held) => [held.field, held.value])).toEqual([
      ['sku', 'LMP-1B'],
      ['title', 'Desk lamp LED'],
    ]);
    expect(entry).toMatchObject({ updated: 1, heldBack: 2 });
    expect(entry.heldBackFields).toEqual([
      { productId: id, field: 'sku', mine: 'OUR-LMP-1', theirs: 'LMP-1B' },
      { productId: id, field: 'title', mine: 'Desk lamp, matt white', theirs: 'Desk lamp LED' },
    ]);
    expect(entry.message).toContain('2 supplier values held back');
    const [latest] = await history(id);
    expect(latest).toMatchObject({ author: 'feed import', how: 'feed-import' });
    expect(latest?.changes).toEqual([
      { field: 'stock', old: 5, new: 7 },
      { field: 'sku', held: true, old: 'OUR-LMP-1', new: 'LMP-1B' },
      { field: 'title', held: true, old: 'Desk lamp, matt white', new: 'Desk lamp LED' },
    ]);

    // The same feed again: still one hold each, nothing new in the history or the report.
    const again = await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED', sku: 'LMP-1B', stock: '7' })]);
    expect(again).toMatchObject({ updated: 0, unchanged: 1, heldBack: 0 });
    expect((await history(id))[0]?.id).toBe(latest?.id);
    // A newer feed value replaces the held one.
    const newer = await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED 2', sku: 'LMP-1B', stock: '7' })]);
    expect(newer).toMatchObject({ heldBack: 1 });
    expect((await product(id)).heldBack?.find((held) => held.field === 'title')?.value).toBe('Desk lamp LED 2');
  });

  it('keeps updating the fields nobody touched, import after import', async () => {
    const supplier = await addSupplier('Untouched Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp v2', color: 'Black', weight: '2' })]);
    const third = await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp v3', color: 'Grey', weight: '2,25', brand: 'Lumo Pro' })]);
    expect(third).toMatchObject({ updated: 1, heldBack: 0 });
    const now = await product(await productIdOf(supplier.id));
    expect(now).toMatchObject({ title: 'Desk lamp v3', color: 'Grey', weight: 2.25, brand: 'Lumo Pro' });
    expect(now.heldBack).toBeUndefined();
  });

  it('lets the fields the supplier chose always follow the feed, even after a person changed them', async () => {
    const supplier = await addSupplier('Always Co', ['priceSupplier', 'stock', 'title']);
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { title: { base: 'Desk lamp', value: 'My lamp' }, stock: { base: 5, value: 50 }, priceSupplier: { base: 10, value: 8 }, color: { base: 'White', value: 'Ivory' } });
    const entry = await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp 2026', stock: '6', price: '11,00', color: 'Snow' })]);
    const now = await product(id);
    expect(now).toMatchObject({ title: 'Desk lamp 2026', stock: 6, priceSupplier: 11, color: 'Ivory' });
    expect(now.heldBack?.map((held) => held.field)).toEqual(['color']);
    expect(entry.heldBack).toBe(1);
  });

  it('holds back a moderated product the same way: moderation no longer decides', async () => {
    const supplier = await addSupplier('Moderated Co');
    await runFeed(t.database.db, supplier, [line(EAN), line(EAN2, { sku: 'LMP-2' })]);
    const edited = await productIdOf(supplier.id);
    const untouched = await productIdOf(supplier.id, EAN2);
    await t.database.db.update(products).set({ passedModeration: true }).where(eq(products.supplierId, supplier.id));
    await save(edited, { color: { base: 'White', value: 'Pearl' } });
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Cream', title: 'Desk lamp B' }), line(EAN2, { sku: 'LMP-2', color: 'Cream', title: 'Desk lamp C' })]);
    expect(await product(edited)).toMatchObject({ color: 'Pearl', title: 'Desk lamp B', passedModeration: true });
    expect((await product(edited)).heldBack?.map((held) => [held.field, held.value])).toEqual([['color', 'Cream']]);
    expect(await product(untouched)).toMatchObject({ color: 'Cream', title: 'Desk lamp C' });
  });
});

describe('a feed value equal to its base is no change of the feed', () => {
  it("keeps the person's value without holding anything back, and ends a hold once the supplier is back at its base value", async () => {
    const supplier = await addSupplier('Same Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { color: { base: 'White', value: 'Sand' } });
    const historyBefore = (await history(id)).length;

    // The supplier still says White, as when the feed last wrote it: nothing to hold back.
    const same = await runFeed(t.database.db, supplier, [line(EAN)]);
    expect(same).toMatchObject({ updated: 0, unchanged: 1, heldBack: 0 });
    expect(await product(id)).toMatchObject({ color: 'Sand' });
    expect((await product(id)).heldBack).toBeUndefined();
    expect(await history(id)).toHaveLength(historyBefore);

    // A new supplier value is held back; the supplier going back to White ends that hold.
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Beige' })]);
    expect((await product(id)).heldBack?.map((held) => [held.field, held.value])).toEqual([['color', 'Beige']]);
    await runFeed(t.database.db, supplier, [line(EAN)]);
    expect(await product(id)).toMatchObject({ color: 'Sand' });
    expect((await product(id)).heldBack).toBeUndefined();
  });
});

describe('fields the supplier mapping does not map', () => {
  // The mapping of HEADER without colour and description.
  const withoutColour = (): FeedMapping => {
    const mapping = defaultMapping();
    delete mapping.columns.color;
    delete mapping.columns.description;
    return mapping;
  };

  it('are neither written, nor held back, nor in the history; once mapped, the first import writes an empty field and holds back a filled one', async () => {
    const supplier = await addSupplier('Unmapped Co', undefined, withoutColour());
    await runFeed(t.database.db, supplier, [line(EAN), line(EAN2, { sku: 'LMP-2' })]);
    const edited = await productIdOf(supplier.id);
    const untouched = await productIdOf(supplier.id, EAN2);
    expect(await product(edited)).toMatchObject({ color: '', description: '' });
    await save(edited, { color: { base: '', value: 'Sand' }, description: { base: '', value: '<p>Ours</p>' } });
    const [{ base: baseBefore } = { base: null }] = await t.database.db.select({ base: products.feedBase }).from(products).where(eq(products.productId, edited));

    const entry = await runFeed(t.database.db, supplier, [line(EAN, { color: 'Black', title: 'Desk lamp 2' }), line(EAN2, { sku: 'LMP-2', color: 'Black' })]);
    expect(entry).toMatchObject({ updated: 1, unchanged: 1, heldBack: 0 });
    expect(await product(edited)).toMatchObject({ color: 'Sand', description: '<p>Ours</p>', title: 'Desk lamp 2' });
    expect((await product(edited)).heldBack).toBeUndefined();
    expect(await product(untouched)).toMatchObject({ color: '', description: '' });
    const [latest] = await history(edited);
    expect(latest).toMatchObject({ author: 'feed import' });
    expect(latest?.changes.map((item) => item.field)).toEqual(['title']);
    // The colour's and the description's base stay as they were (none); the title's follows the feed.
    const [{ base: baseAfter } = { base: null }] = await t.database.db.select({ base: products.feedBase }).from(products).where(eq(products.productId, edited));
    expect([baseAfter?.[11], baseAfter?.[14], baseAfter?.[3]]).toEqual([baseBefore?.[11], baseBefore?.[14], 'Desk lamp 2']);
    expect(baseAfter?.[11]).toBeNull();

    // The supplier now maps colour and description: a field without a base is written while empty, else held back.
    await t.database.db.update(suppliers).set({ feedMapping: defaultMapping() }).where(eq(suppliers.supplierId, supplier.id));
    const mapped = await runFeed(t.database.db, supplier, [line(EAN, { color: 'Black', title: 'Desk lamp 2' }), line(EAN2, { sku: 'LMP-2', color: 'Black' })]);
    expect(mapped.heldBackFields?.map((held) => [held.productId, held.field, held.mine, held.theirs])).toEqual([
      [edited, 'color', 'Sand', 'Black'],
      [edited, 'description', '<p>Ours</p>', '<p>Bright</p>'],
    ]);
    expect(await product(edited)).toMatchObject({ color: 'Sand', description: '<p>Ours</p>' });
    expect(await product(untouched)).toMatchObject({ color: 'Black', description: '<p>Bright</p>' });
    // From then on the untouched product's colour follows the feed.
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Black', title: 'Desk lamp 2' }), line(EAN2, { sku: 'LMP-2', color: 'Grey' })]);
    expect(await product(untouched)).toMatchObject({ color: 'Grey' });
  });

  it('leave a held value of a field the mapping no longer maps as it was', async () => {
    const supplier = await addSupplier('Unmap Later Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { color: { base: 'White', value: 'Sand' } });
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Beige' })]);
    await t.database.db.update(suppliers).set({ feedMapping: withoutColour() }).where(eq(suppliers.supplierId, supplier.id));
    const entry = await runFeed(t.database.db, supplier, [line(EAN, { color: 'Taupe', title: 'Desk lamp 3' })]);
    expect(entry.heldBack).toBe(0);
    const now = await product(id);
    expect(now).toMatchObject({ color: 'Sand', title: 'Desk lamp 3' });
    expect(now.heldBack?.map((held) => [held.field, held.value])).toEqual([['color', 'Beige']]);
  });
});

describe('ending a hold', () => {
  it("ends the hold when a person's save takes the supplier's value, and the feed then writes that field again", async () => {
    const supplier = await addSupplier('Take Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { title: { base: 'Desk lamp', value: 'Lamp (ours)' } });
    await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED' })]);
    expect((await product(id)).heldBack).toHaveLength(1);

    const taken = await save(id, { title: { base: 'Lamp (ours)', value: 'Desk lamp LED' } });
    expect(taken.heldBack).toBeUndefined();
    // The taken value is the feed's base now: its next title is written.
    await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED 2' })]);
    const now = await product(id);
    expect(now.title).toBe('Desk lamp LED 2');
    expect(now.heldBack).toBeUndefined();
  });

  it('"Keep mine" dismisses the hold; the same feed value stays dismissed, a newer one is held again', async () => {
    const supplier = await addSupplier('Keep Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { color: { base: 'White', value: 'Sand' } });
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Beige' })]);
    const before = await product(id);

    const response = await t.app.request(`/api/v1/product/${id}/held-back/color`, { method: 'DELETE', headers: auth });
    expect(response.status).toBe(200);
    const kept = (await response.json()) as Product;
    expect(kept).toMatchObject({ color: 'Sand', version: before.version + 1 });
    expect(kept.heldBack).toBeUndefined();

    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Beige' })]);
    expect((await product(id)).heldBack).toBeUndefined();
    await runFeed(t.database.db, supplier, [line(EAN, { color: 'Taupe' })]);
    expect((await product(id)).heldBack?.map((held) => [held.field, held.value])).toEqual([['color', 'Taupe']]);
    expect((await product(id)).color).toBe('Sand');
  });

  it('answers the product unchanged without an open hold, 404 without the product, 400 for a field no feed writes, 401 without a token', async () => {
    const supplier = await addSupplier('Refuse Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    const call = (path: string, headers = auth) => t.app.request(path, { method: 'DELETE', headers });
    // Ending a hold already ended is a success: "Keep mine" is an outbox write, sent again after a lost answer.
    const before = await product(id);
    const none = await call(`/api/v1/product/${id}/held-back/title`);
    expect(none.status).toBe(200);
    expect(((await none.json()) as Product).version).toBe(before.version);
    expect((await call(`/api/v1/product/99999999/held-back/title`)).status).toBe(404);
    const bad = await call(`/api/v1/product/${id}/held-back/sellingPrice`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('is not a field a supplier feed writes');
    expect((await call(`/api/v1/product/${id}/held-back/title`, {})).status).toBe(401);
  });
});

describe('the always-wins setting of a supplier', () => {
  const put = async (id: number, body: unknown) =>
    t.app.request(`/api/v1/suppliers/${id}`, { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('defaults to price and stock, is saved with the supplier and refuses unknown fields', async () => {
    const created = await t.app.request('/api/v1/suppliers', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierName: 'Setting Co', supplierUrlFeed: 'https://supplier.test/setting.csv' }),
    });
    expect(created.status).toBe(201);
    const supplier = (await created.json()) as SupplierDetails;
    expect(supplier.alwaysWins).toEqual(['priceSupplier', 'stock']);

    const saved = await put(supplier.supplierId, { supplierName: 'Setting Co', supplierUrlFeed: 'https://supplier.test/setting.csv', alwaysWins: ['stock', 'title', 'title'] });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as SupplierDetails).alwaysWins).toEqual(['stock', 'title']);

    const refused = await put(supplier.supplierId, { supplierName: 'Setting Co', alwaysWins: ['sellingPrice'] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("'sellingPrice' is not a field a feed writes");
    expect((await put(supplier.supplierId, { supplierName: 'Setting Co', alwaysWins: 'stock' })).status).toBe(400);
    const [row] = await t.database.db.select({ always: suppliers.feedAlwaysWins }).from(suppliers).where(eq(suppliers.supplierId, supplier.supplierId));
    expect(row?.always).toEqual(['stock', 'title']);
  });
});

describe('the base across a restart', () => {
  it('keeps the feed base in the database: a reopened database still holds back a person-changed field', async () => {
    const pgUrl = t.database.url;
    const dataDir = pgUrl ? null : mkdtempSync(path.join(tmpdir(), 'backoffice-feed-base-'));
    const open = () => (pgUrl ? openDatabase({ kind: 'postgres', url: pgUrl }) : openDatabase({ kind: 'pglite', dataDir: dataDir ?? '' }));
    try {
      let handle = await open();
      const [row] = await handle.db.insert(suppliers).values({ supplierName: 'Restart Co', supplierUrlFeed: 'https://supplier.test/restart.csv', feedFormat: 'csv' }).returning();
      const supplier = { id: row?.supplierId ?? 0, url: 'https://supplier.test/restart.csv' };
      await runFeed(handle.db, supplier, [line(EAN), line(EAN2, { sku: 'LMP-2' })]);
      const [mine] = await handle.db.select().from(products).where(eq(products.supplierId, supplier.id)).orderBy(products.ean);
      // A person's edit as the server writes it (any writer but the feed).
      await handle.db.update(products).set({ title: 'Renamed by Ann' }).where(eq(products.productId, mine?.productId ?? 0));
      await handle.close();

      handle = await open();
      const entry = await runFeed(handle.db, supplier, [line(EAN, { title: 'Desk lamp 2' }), line(EAN2, { sku: 'LMP-2', title: 'Desk lamp 2' })]);
      const after = await handle.db.select().from(products).where(eq(products.supplierId, supplier.id)).orderBy(products.ean);
      expect(after.map((p) => p.title).sort()).toEqual(['Desk lamp 2', 'Renamed by Ann']);
      expect(entry.heldBack).toBe(1);
      await handle.db.delete(products).where(eq(products.supplierId, supplier.id));
      await handle.close();
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the migration that gives existing products their feed base', () => {
  it("never takes a person's value for the feed's: a field a person changed last gets no base, and the next import holds the feed's value back", async () => {
    const before = await databaseBeforeMigration('0016_feed_base');
    const url = 'https://supplier.test/migrated.csv';
    await before.db.execute(sql`insert into suppliers (supplier_id, supplier_name, supplier_url_feed, feed_format) values (900, 'Migrated Co', ${url}, 'csv')`);
    await before.db.execute(sql`insert into products (product_id, supplier_id, source_key, ean, title, sku, stock, color, delivery_code)
      values (901, 900, ${EAN}, ${EAN}, 'Lamp (ours)', 'LMP-1', 9, 'White', '1-2d'), (902, 900, ${EAN2}, ${EAN2}, 'Desk lamp', 'LMP-2', 5, 'White', '1-2d')`);
    // 901: the feed wrote title and stock, then a person renamed it; 902 has no history (the import created it).
    await before.db.execute(sql`insert into product_history (product_id, author, how, version, changes) values
      (901, 'feed import', 'feed-import', 2, ${JSON.stringify([{ field: 'title', old: 'Lamp', new: 'Desk lamp' }, { field: 'stock', old: 5, new: 9 }])}::jsonb),
      (901, 'anna', 'editor', 3, ${JSON.stringify([{ field: 'title', old: 'Desk lamp', new: 'Lamp (ours)' }])}::jsonb)`);
    const handle = await before.openAsServer();
    try {
      const [mine] = await handle.db.select({ base: products.feedBase }).from(products).where(eq(products.productId, 901));
      // Positions of feed-fields-sql.ts: sku, priceSupplier, stock, title, … color (12).
      expect([mine?.base?.[0], mine?.base?.[2], mine?.base?.[3], mine?.base?.[11]]).toEqual(['LMP-1', '9', null, 'White']);
      const entry = await runFeed(handle.db, { id: 900, url }, [line(EAN, { title: 'Desk lamp 2', stock: '4' }), line(EAN2, { sku: 'LMP-2', title: 'Desk lamp 2', stock: '4' })]);
      const after = await handle.db.select().from(products).where(eq(products.supplierId, 900)).orderBy(products.productId);
      expect(after.map((p) => [p.productId, p.title, p.stock])).toEqual([
        [901, 'Lamp (ours)', 4],
        [902, 'Desk lamp 2', 4],
      ]);
      expect(entry.heldBackFields?.map((held) => [held.productId, held.field, held.mine, held.theirs])).toContainEqual([901, 'title', 'Lamp (ours)', 'Desk lamp 2']);
    } finally {
      await handle.close();
    }
  }, 180_000);
});

describe('Keep mine sent twice', () => {
  it('answers success both times: the first ends the hold (version up), the second changes nothing', async () => {
    const supplier = await addSupplier('Twice Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    await save(id, { title: { base: 'Desk lamp', value: 'Lamp (ours)' } });
    await runFeed(t.database.db, supplier, [line(EAN, { title: 'Desk lamp LED' })]);
    const held = await product(id);
    expect(held.heldBack?.map((value) => value.field)).toEqual(['title']);
    const keepMine = () => t.app.request(`/api/v1/product/${id}/held-back/title`, { method: 'DELETE', headers: auth });

    const first = await keepMine();
    expect(first.status).toBe(200);
    const kept = (await first.json()) as Product;
    expect(kept.version).toBe(held.version + 1);
    expect(kept.heldBack).toBeUndefined();

    // Sent again after a lost answer (the app's outbox): success, nothing changes.
    const second = await keepMine();
    expect(second.status).toBe(200);
    const again = (await second.json()) as Product;
    expect(again).toMatchObject({ title: 'Lamp (ours)', version: kept.version });
    expect(again.heldBack).toBeUndefined();
    expect(second.headers.get('ETag')).toContain(String(kept.version));
  });
});

describe('an image list held back, then the supplier goes back to its base list', () => {
  it("ends the hold and leaves the person's images, and a later unchanged run touches nothing", async () => {
    const supplier = await addSupplier('Image Return Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    const image = (await product(id)).productImages[0];
    if (!image) throw new Error('no feed image');
    // A person removes the feed's image; the supplier then offers another list, which is held back.
    expect((await t.app.request(`/api/v1/image/${image.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    await runFeed(t.database.db, supplier, [line(EAN).replace('https://img.test/l1.png', 'https://img.test/l2.png')]);
    expect((await product(id)).heldBack?.map((held) => [held.field, held.value])).toEqual([['images', ['https://img.test/l2.png']]]);

    // Back at the list it last wrote: nothing new to offer, so the hold ends; the person's choice stays.
    const back = await runFeed(t.database.db, supplier, [line(EAN)]);
    expect(back).toMatchObject({ heldBack: 0 });
    const after = await product(id);
    expect(after.heldBack).toBeUndefined();
    expect(after.productImages).toEqual([]);
    const again = await runFeed(t.database.db, supplier, [line(EAN)]);
    expect(again).toMatchObject({ updated: 0, unchanged: 1, heldBack: 0 });
    expect((await product(id)).version).toBe(after.version);
  });
});

describe('the category and the image list held back', () => {
  it('holds the category with its name and the image list as addresses; Keep mine ends each', async () => {
    const supplier = await addSupplier('Held Parts Co');
    await runFeed(t.database.db, supplier, [line(EAN)]);
    const id = await productIdOf(supplier.id);
    const created = await product(id);
    const [mine] = await t.database.db.insert(categories).values({ categoryName: `Desk lights ${Date.now()}` }).returning();
    if (!mine) throw new Error('no category');
    // A person moves the product to another category and removes the feed's image.
    const image = created.productImages[0];
    if (!image) throw new Error('no feed image');
    expect((await t.app.request(`/api/v1/image/${image.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    await save(id, { categoryId: { base: created.categoryId, value: mine.categoryId } });

    const images = 'https://img.test/front%20view.png|https://img.test/side.png';
    await runFeed(t.database.db, supplier, [line(EAN).replace(';Lamps;', ';Table lamps;').replace('https://img.test/l1.png', images)]);
    const held = await product(id);
    expect(held).toMatchObject({ categoryId: mine.categoryId, productImages: [] });
    const byField = new Map((held.heldBack ?? []).map((value) => [value.field, value]));
    expect(byField.get('categoryId')).toMatchObject({ shown: 'Table lamps' });
    expect(typeof byField.get('categoryId')?.value).toBe('number');
    expect(byField.get('images')?.value).toEqual(['https://img.test/front%20view.png', 'https://img.test/side.png']);

    const keepMine = (field: string) => t.app.request(`/api/v1/product/${id}/held-back/${field}`, { method: 'DELETE', headers: auth });
    expect((await keepMine('categoryId')).status).toBe(200);
    expect((await product(id)).heldBack?.map((value) => value.field)).toEqual(['images']);
    expect((await keepMine('images')).status).toBe(200);
    const after = await product(id);
    expect(after.heldBack).toBeUndefined();
    expect(after).toMatchObject({ categoryId: mine.categoryId, productImages: [] });
  });
});

