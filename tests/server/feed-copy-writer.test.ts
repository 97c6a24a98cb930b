/**
 * The feed import's COPY writer on PostgreSQL (src/server/feeds/feed-copy-writer.ts, docs/feeds.md
 * "Writing on PostgreSQL") against the row-batch writer: the same feed, imported for two suppliers
 * one way each, leaves the same products, images, history, held-back values and counts, through
 * refused rows, people's edits between imports and a re-import; and a connection killed in the
 * middle of a commit leaves nothing of that commit behind. Runs only on a real PostgreSQL
 * (TEST_DATABASE_URL, as .ci/run sets it): PGlite has no COPY writer.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/query-rows';
import { importSupplierFeed, type FeedImportOptions, type RunResult } from '../../src/server/feeds/feed-import';
import { stagingTableName } from '../../src/server/feeds/feed-copy-writer';
import type { ProductChangeSet } from '../../src/shared/change-set';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, type TestApp } from './support/test-app';

const postgres = process.env.TEST_DATABASE_URL;
const AT = Date.parse('2025-06-01T12:00:00Z');
const { served, feedFetch } = servedFeeds();

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp({ deps: { fetch: feedFetch } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  t.clock.now = AT;
});
afterAll(async () => {
  await t?.close();
});

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;color;images';

interface FeedLine {
  n: number;
  /** With an EAN (people can save only products with one); else keyed by SKU. */
  ean?: boolean;
  title?: string;
  sku?: string;
  price?: string;
  stock?: string;
  brand?: string;
  images?: string[];
}

/** A feed line for product n: sku key, two images, a brand of three. */
function line(row: FeedLine): string {
  const images = row.images ?? [`https://img.test/p${row.n}-a.png`, `https://img.test/p${row.n}-b.png`];
  return [
    row.ean ? eanOf(row.n) : '',
    row.sku ?? `SKU-${row.n}`,
    row.title ?? `Product ${row.n}`,
    `<p>About ${row.n}</p>`,
    row.brand ?? `Brand ${row.n % 3}`,
    `Category ${row.n % 4}`,
    row.price ?? `${10 + row.n},50`,
    '',
    '1-2d',
    row.stock ?? String(row.n),
    `${row.n},25`,
    row.n % 2 === 0 ? 'Black' : 'White',
    images.join('|'),
  ].join(';');
}

/** A valid EAN-13 for product n. */
function eanOf(n: number): string {
  const digits = `871000${String(n).padStart(6, '0')}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** Refused rows: no title, a price that is not a number, a key seen before. */
const REFUSED = ['ean;SKU-BAD-1;;x;b;c;1,00;;1-2d;1;;;', ';SKU-BAD-2;Broken price;x;b;c;ten;;1-2d;1;;;', line({ n: 1, ean: true, title: 'Again' })];


async function addSupplier(name: string): Promise<{ id: number; url: string }> {
  const url = `https://supplier.test/${encodeURIComponent(name)}.csv`;
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!row) throw new Error('no supplier');
  return { id: row.supplierId, url };
}

async function run(supplier: { id: number; url: string }, lines: string[], options: FeedImportOptions): Promise<RunResult> {
  served.set(supplier.url, `${HEADER}\n${lines.join('\n')}\n`);
  return importSupplierFeed({ db: t.database.db, fetch: feedFetch, now: () => AT }, supplier.id, { parseInWorker: false, ...options });
}

/** The supplier's catalogue with every id replaced by the product's key: comparable across suppliers. */
async function snapshot(supplierId: number) {
  const products = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select source_key, ean, supplier_ean, sku, title, description, selling_price, price_supplier, delivery_code, weight, width, length, height,
               product_size, color, material, (select brand_name from brands b where b.brand_id = p.brand_id) as brand,
               (select category_name from categories g where g.category_id = p.category_id) as category, stock, family_key,
               number_of_images, version, date_create, date_update, feed_base,
               (select jsonb_object_agg(e.key, e.value - 'run') from jsonb_each(p.feed_held) e) as feed_held
          from products p where supplier_id = ${supplierId} order by source_key`,
  );
  const images = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select p.source_key, i.source_url, i.name, i.is_main_image, i.position, i.created_at
          from product_images i join products p on p.product_id = i.product_id
         where p.supplier_id = ${supplierId} order by p.source_key, i.position`,
  );
  const history = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select p.source_key, h.author, h.how, h.version, h.server_at, h.changes
          from product_history h join products p on p.product_id = h.product_id
         where p.supplier_id = ${supplierId} order by p.source_key, h.version, h.id`,
  );
  return { products, images, history };
}

/** The parts of a run's entry that do not name the supplier or its run, held-back values by product key. */
async function entryFacts(result: RunResult) {
  const keys = new Map(
    (await queryRows<{ product_id: number; source_key: string }>(t.database.db, sql`select product_id, source_key from products`)).map((row) => [row.product_id, row.source_key]),
  );
  const { entry } = result;
  return {
    failure: result.failure,
    status: entry.status,
    counts: [entry.rowsRead, entry.created, entry.updated, entry.unchanged, entry.refused, entry.heldBack],
    problems: entry.problems,
    heldBackFields: (entry.heldBackFields ?? []).map((held) => ({ ...held, productId: keys.get(held.productId) })),
    message: entry.message,
  };
}

function change(fields: ProductChangeSet['fields']): ProductChangeSet {
  return { fields, images: { added: [], deleted: [], edited: [] }, madeAt: AT - 60_000, offline: false };
}

async function save(supplierId: number, n: number, fields: ProductChangeSet['fields']): Promise<void> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select product_id as id from products where supplier_id = ${supplierId} and ean = ${eanOf(n)}`);
  const response = await t.app.request(`/api/v1/product/${row?.id}`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(change(fields)),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.skipIf(!postgres)('the COPY writer against the row-batch writer, on PostgreSQL', () => {
  it('leaves the same products, images, history, held-back values and counts: first import, edits, re-import, the same feed again', async () => {
    const copy = await addSupplier('Copy writer Co');
    const rows = await addSupplier('Row writer Co');
    const both = async (lines: string[]) => {
      const a = await run(copy, lines, { batchSize: 7 });
      const b = await run(rows, lines, { batchSize: 7, writer: 'rows' });
      expect(await entryFacts(a)).toEqual(await entryFacts(b));
      expect(await snapshot(copy.id)).toEqual(await snapshot(rows.id));
      return a.entry;
    };

    // First import: 40 products over six commits, three rows refused.
    const first = await both([...range(1, 20).map((n) => line({ n, ean: true })), ...REFUSED, ...range(21, 40).map((n) => line({ n, ean: true }))]);
    expect(first).toMatchObject({ status: 'partial', created: 40, refused: 3 });
    expect((await snapshot(copy.id)).images).toHaveLength(80);

    // People change fields of some products, on both suppliers alike.
    for (const supplier of [copy, rows]) {
      await save(supplier.id, 3, { title: { base: 'Product 3', value: 'Our product 3' } });
      await save(supplier.id, 4, { sku: { base: 'SKU-4', value: 'OUR-4' } });
      await save(supplier.id, 5, { stock: { base: 5, value: 50 } });
    }

    // Re-import: a tenth of the rows change owned fields (held back where a person changed them),
    // others only price and stock, images change on two, one row is dropped, new rows come.
    const changed = [
      ...range(1, 39).map((n) => {
        if (n === 3) return line({ n, ean: true, title: 'Product 3 v2' });
        if (n === 4) return line({ n, ean: true, sku: 'SKU-4', title: 'Product 4 v2' });
        if (n === 5) return line({ n, ean: true, stock: '6' });
        if (n % 10 === 0) return line({ n, ean: true, title: `Product ${n} v2`, brand: 'New brand' });
        if (n === 11) return line({ n, ean: true, images: [`https://img.test/p11-b.png`, `https://img.test/p11-c.png`] });
        if (n === 12) return line({ n, ean: true, images: [] });
        if (n % 4 === 1) return line({ n, ean: true, price: '99,00', stock: '1' });
        return line({ n, ean: true });
      }),
      ...REFUSED,
      ...range(41, 45).map((n) => line({ n, ean: true })),
    ];
    const second = await both(changed);
    expect(second).toMatchObject({ status: 'partial', created: 5, refused: 3, heldBack: 1 });
    expect(second.updated).toBeGreaterThan(10);
    const after = await snapshot(copy.id);
    expect(after.products.find((p) => p.ean === eanOf(3))).toMatchObject({ title: 'Our product 3' });
    expect(after.products.find((p) => p.ean === eanOf(5))).toMatchObject({ stock: 6 });

    // The same feed again changes nothing.
    const third = await both(changed);
    expect(third).toMatchObject({ created: 0, updated: 0, unchanged: 44, heldBack: 0 });
  });

  it('writes a commit whole or not at all: a connection killed in the middle of a commit leaves none of its rows, the next run writes them', async () => {
    const supplier = await addSupplier('Killed Co');
    const kill = sql.raw(`feed_copy_test_kill_${supplier.id}`);
    // The database connection ends while the second commit's rows are being merged.
    await t.database.db.execute(
      sql`create function ${kill}() returns trigger language plpgsql as $$
          begin
            if new.supplier_id = ${sql.raw(String(supplier.id))} and new.sku = 'KILL' then perform pg_terminate_backend(pg_backend_pid()); end if;
            return new;
          end $$`,
    );
    await t.database.db.execute(sql`create trigger ${kill} before insert or update on products for each row execute function ${kill}()`);
    try {
      const killing = [...range(1, 15).map((n) => line({ n })), line({ n: 16, sku: 'KILL' }), ...range(17, 25).map((n) => line({ n }))];
      const killed = await run(supplier, killing, { batchSize: 10 });
      expect(killed.failure).toBe('server');
      expect(killed.entry.status).toBe('failed');
      let now = await snapshot(supplier.id);
      // The first commit (rows 1-10) whole, with its images; nothing of the second (11-20).
      expect(now.products.map((p) => p.source_key)).toEqual(range(1, 10).map((n) => `sku:SKU-${n}`).sort());
      expect(now.images).toHaveLength(20);

      // A re-import killed the same way leaves the second commit's products as they were: no new value, no history.
      const rewrite = range(1, 25).map((n) => line({ n, title: `Product ${n} v2`, sku: n === 6 ? 'KILL' : `SKU-${n}` }));
      const killedAgain = await run(supplier, rewrite, { batchSize: 5 });
      expect(killedAgain.entry.status).toBe('failed');
      now = await snapshot(supplier.id);
      const titles = Object.fromEntries(now.products.map((p) => [p.source_key, p.title]));
      expect(range(1, 5).map((n) => titles[`sku:SKU-${n}`])).toEqual(range(1, 5).map((n) => `Product ${n} v2`));
      expect(range(6, 10).map((n) => titles[`sku:SKU-${n}`])).toEqual(range(6, 10).map((n) => `Product ${n}`));
      expect(now.history.map((h) => h.source_key)).toEqual(range(1, 5).map((n) => `sku:SKU-${n}`).sort());
    } finally {
      await t.database.db.execute(sql`drop trigger ${kill} on products`);
      await t.database.db.execute(sql`drop function ${kill}()`);
    }

    // Without the failure the next run writes every row; the staging table a run leaves is dropped.
    const whole = await run(supplier, range(1, 25).map((n) => line({ n })), { batchSize: 10 });
    expect(whole.entry).toMatchObject({ status: 'success', created: 15 });
    expect((await snapshot(supplier.id)).products).toHaveLength(25);
    const staging = await queryRows(t.database.db, sql`select 1 from pg_class where relname = ${stagingTableName(supplier.id)}`);
    expect(staging).toHaveLength(0);
  });
});
