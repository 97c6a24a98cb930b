/**
 * Which changes of the catalogue mark a product's bol offer due (docs/bol.md, "What is due"): the
 * database marks them itself, once per UPDATE statement, so every writer (a person's save, a feed
 * import's batch, the EAN sheet) is covered without knowing. Written straight to the tables here,
 * as those writers' statements do.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { queryRows } from '../../src/server/db/query-rows';
import { insertCatalogueBasics, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let db: Database;
let f: CatalogueFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  f = await insertCatalogueBasics(db);
});
afterAll(async () => {
  await database.close();
});

interface SyncRow {
  product_id: number;
  due: boolean;
  revision: number;
  feed_job: number | null;
  feed_stock_from: number | null;
  hold_kind: string | null;
  approved: unknown[];
}

async function syncRows(ids: readonly number[]): Promise<Map<number, SyncRow>> {
  const rows = await queryRows<SyncRow>(
    db,
    sql`select product_id, due, revision, feed_job, feed_stock_from, hold_kind, approved from bol_offer_sync
         where product_id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  return new Map(rows.map((row) => [row.product_id, row]));
}

const onBol = (values: { stock?: number } = {}) => insertProduct(db, { supplierId: f.supplierIds.shoes, isExportOnBol: true, stock: 5, ...values });
const notOnBol = () => insertProduct(db, { supplierId: f.supplierIds.shoes, isExportOnBol: false, stock: 5 });
const setStock = (ids: readonly number[], stock: number) =>
  db.execute(sql`update products set stock = ${stock} where product_id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`);
const clearDue = (id: number) => db.execute(sql`update bol_offer_sync set due = false, revision = 1 where product_id = ${id}`);

describe('marking offers due', () => {
  it('marks a product on bol whose offer fields change, once per statement, and raises the revision each time', async () => {
    const id = await onBol();
    // Created with Export on Bol on: due from the start (the insert's own rule).
    expect((await syncRows([id])).get(id)).toMatchObject({ due: true, revision: 1 });
    await clearDue(id);
    await setStock([id], 7);
    expect((await syncRows([id])).get(id)).toMatchObject({ due: true, revision: 2, feed_job: null, feed_stock_from: null });
    await db.execute(sql`update products set selling_price = 12.5, delivery_code = '24uurs-23' where product_id = ${id}`);
    expect((await syncRows([id])).get(id)?.revision).toBe(3);
  });

  it('leaves it alone when only other fields change, or nothing changes', async () => {
    const id = await onBol();
    await clearDue(id);
    await db.execute(sql`update products set title = 'Another title', description = '<p>New</p>' where product_id = ${id}`);
    await setStock([id], 5);
    expect((await syncRows([id])).get(id)).toMatchObject({ due: false, revision: 1 });
  });

  it('marks only the products that are or were on bol, each once, in a statement that changes many', async () => {
    const exported = await onBol();
    const never = await notOnBol();
    const knownOffer = await notOnBol();
    const switchedOff = await onBol();
    await db.execute(sql`insert into bol_product_states (product_id, offer) values (${knownOffer}, '{"offerId":"known"}'::jsonb)`);
    await db.execute(sql`delete from bol_offer_sync where product_id in (${exported}, ${switchedOff})`);
    await db.execute(sql`update products set is_export_on_bol = false where product_id = ${switchedOff}`);
    await setStock([exported, never, knownOffer], 9);
    const rows = await syncRows([exported, never, knownOffer, switchedOff]);
    expect(rows.get(exported)).toMatchObject({ due: true, revision: 1 });
    expect(rows.has(never)).toBe(false);
    // An offer bol already has (seen by the offer import) follows the catalogue without Export on Bol.
    expect(rows.get(knownOffer)).toMatchObject({ due: true, revision: 1 });
    // Export on Bol switched off: due, so the engine puts the offer on hold.
    expect(rows.get(switchedOff)).toMatchObject({ due: true, revision: 1 });
  });

  it("carries the supplier's running feed import and the stock from before it; a later save ends a batch hold only outside the import", async () => {
    const id = await onBol({ stock: 40 });
    const other = await insertProduct(db, { supplierId: f.supplierIds.bags, isExportOnBol: true, stock: 3 });
    const [job] = await queryRows<{ id: number }>(db, sql`insert into jobs (kind, supplier_id, status) values ('feed-import', ${f.supplierIds.shoes}, 'running') returning id`);
    await setStock([id, other], 0);
    let rows = await syncRows([id, other]);
    expect(rows.get(id)).toMatchObject({ feed_job: job?.id, feed_stock_from: 40 });
    // Another supplier's product is not part of that import.
    expect(rows.get(other)).toMatchObject({ feed_job: null, feed_stock_from: null });
    // A second change in the same import keeps the stock the import started from.
    await setStock([id], 2);
    expect((await syncRows([id])).get(id)).toMatchObject({ feed_job: job?.id, feed_stock_from: 40 });
    // Held as part of the feed's batch: a change inside the import keeps no hold of its own...
    await db.execute(sql`update bol_offer_sync set hold_kind = 'feed-batch', hold_reason = 'zeroes too much' where product_id = ${id}`);
    await setStock([id], 3);
    expect((await syncRows([id])).get(id)?.hold_kind).toBeNull();
    // ...while a change after the import keeps the batch's hold for a person to confirm.
    await db.execute(sql`update jobs set status = 'success' where id = ${job?.id ?? 0}`);
    await db.execute(sql`update bol_offer_sync set hold_kind = 'feed-batch', hold_reason = 'zeroes too much' where product_id = ${id}`);
    await setStock([id], 4);
    rows = await syncRows([id]);
    expect(rows.get(id)).toMatchObject({ hold_kind: 'feed-batch', feed_job: job?.id });
  });

  it('ends the approvals of held changes when the selling price changes, and keeps them for a stock change', async () => {
    const id = await onBol();
    const approval = JSON.stringify([{ kind: 'price-floor', by: 'anna', at: '2026-11-30T10:00:00.000Z' }]);
    await db.execute(sql`update bol_offer_sync set approved = ${approval}::jsonb where product_id = ${id}`);
    await setStock([id], 6);
    expect((await syncRows([id])).get(id)?.approved).toHaveLength(1);
    await db.execute(sql`update products set selling_price = 15 where product_id = ${id}`);
    expect((await syncRows([id])).get(id)?.approved).toEqual([]);
  });
});
