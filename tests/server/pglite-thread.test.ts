/**
 * The embedded database on its own thread (src/server/db/pglite-thread.ts): what the server
 * relies on from the PGlite it stands in for, through drizzle as the server uses it.
 */
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { queryRows } from '../../src/server/db/query-rows';
import { suppliers } from '../../src/server/db/schema';
import { countExport, exportBatches, exportCondition } from '../../src/server/catalogue/product-export';
import { filterProducts } from '../../src/server/catalogue/product-filter';
import { parseProductFilter } from '../../src/shared/product-filter';
import { migratedDataDir } from './support/server-process';

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = migratedDataDir('backoffice-thread-');
  handle = await openDatabase({ kind: 'pglite', dataDir, thread: true });
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const supplierNamed = (name: string) => handle.db.select().from(suppliers).where(eq(suppliers.supplierName, name));

describe('the embedded database on its own thread', () => {
  it('runs drizzle reads and writes with bound parameters, moments kept as the driver expects', async () => {
    const [made] = await handle.db.insert(suppliers).values({ supplierName: "O'Brien & Zoë", supplierUrlFeed: '/feeds/a.csv' }).returning();
    expect(made?.supplierName).toBe("O'Brien & Zoë");
    const [read] = await supplierNamed("O'Brien & Zoë");
    expect(read).toEqual(made);
    const [row] = await queryRows<{ at: string; n: number }>(handle.db, sql`select ${new Date('2026-11-30T12:00:00Z')}::timestamptz as at, ${41}::int + 1 as n`);
    expect(row?.n).toBe(42);
    expect(new Date(row?.at ?? '').toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('answers a statement that comes again (sent as one message) as it answered it the first time', async () => {
    const names = ['Again A', 'Again B', 'Again C', 'Again D'];
    const made = [];
    for (const name of names) made.push((await handle.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: `/feeds/${name}.csv` }).returning())[0]);
    for (const [at, name] of names.entries()) expect(await supplierNamed(name)).toEqual([made[at]]);
    for (let time = 0; time < 3; time++) {
      const [row] = await queryRows<{ at: string; doc: unknown; n: number }>(handle.db, sql`select ${new Date(Date.UTC(2026, 10, 30, time))}::timestamptz as at, ${JSON.stringify({ time })}::jsonb as doc, ${time}::int + 1 as n`);
      expect({ at: new Date(row?.at ?? '').toISOString(), doc: row?.doc, n: row?.n }).toEqual({ at: new Date(Date.UTC(2026, 10, 30, time)).toISOString(), doc: { time }, n: time + 1 });
    }
    for (let time = 0; time < 3; time++) {
      const failure = await handle.db.insert(suppliers).values({ supplierName: 'Again A', supplierUrlFeed: '/feeds/x.csv' }).then(() => null, (error: unknown) => error);
      expect((failure as { cause?: { code?: string } }).cause?.code).toBe('23505');
    }
  });

  it("hands on the database's error with its code and constraint", async () => {
    await handle.db.insert(suppliers).values({ supplierName: 'Twice', supplierUrlFeed: '/feeds/b.csv' });
    const failure = await handle.db
      .insert(suppliers)
      .values({ supplierName: 'Twice', supplierUrlFeed: '/feeds/b.csv' })
      .then(() => null, (error: unknown) => error);
    const cause = (failure as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toMatch(/supplier_name/);
  });

  it('undoes a transaction whose work throws, and keeps one that ends', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(suppliers).values({ supplierName: 'Undone', supplierUrlFeed: '/feeds/c.csv' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await supplierNamed('Undone')).toEqual([]);
    await handle.db.transaction(async (tx) => {
      await tx.insert(suppliers).values({ supplierName: 'Kept', supplierUrlFeed: '/feeds/d.csv' });
      await tx.transaction(async (inner) => inner.insert(suppliers).values({ supplierName: 'Kept inside', supplierUrlFeed: '/feeds/e.csv' }));
    });
    expect(await supplierNamed('Kept')).toHaveLength(1);
    expect(await supplierNamed('Kept inside')).toHaveLength(1);
  });

  it('runs a statement from outside a transaction after it, never inside it', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let outsideAnswered = false;
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(suppliers).values({ supplierName: 'Not yet', supplierUrlFeed: '/feeds/f.csv' });
      inserted();
      // Long enough for the statement outside to be sent, were it not held back.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outsideAnswered).toBe(false);
      throw new Error('rolled back');
    });
    await insertedYet;
    const outside = supplierNamed('Not yet').then((rows) => {
      outsideAnswered = true;
      return rows;
    });
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toEqual([]);
  });

  it('keeps a statement that comes again prepared, but plans the product filter and the export with their values', async () => {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Plans', supplierUrlFeed: '/feeds/plans.csv' }).returning();
    await handle.db.execute(sql`insert into products (supplier_id, source_key, ean, title)
      select ${supplier?.supplierId}, 'plan-' || g, (8712345000000 + g)::text, 'Trail runner ' || g from generate_series(1, 5) g`);
    const parsed = parseProductFilter(new URLSearchParams('keyword=runner&size=2'));
    if (!parsed.ok) throw new Error(parsed.message);
    for (let time = 0; time < 3; time++) {
      expect((await filterProducts(handle.db, parsed.filter)).totalElements).toBe(5);
      const where = exportCondition({ filter: { keyword: 'runner' } });
      expect(await countExport(handle.db, where)).toBe(5);
      let exported = 0;
      for await (const rows of exportBatches(handle.db, where, undefined, 2)) exported += rows.length;
      expect(exported).toBe(5);
      await supplierNamed('Plans');
    }
    const prepared = (await queryRows<{ statement: string }>(handle.db, sql`select statement from pg_prepared_statements`)).map((row) => row.statement);
    expect(prepared.filter((statement) => statement.includes('"suppliers"."supplier_name" = $1'))).toHaveLength(1);
    // The filter's page and count and the export's count and batches: planned with their values each time.
    expect(prepared.filter((statement) => statement.includes('title_lower'))).toEqual([]);
  });

  it('keeps the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    try {
      await queryRows(handle.db, sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 3`);
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThan(150);
    // On the main thread the statement held the loop: no tick until it ended.
    expect(ticks).toBeGreaterThan(ms / 10 / 4);
  });

  it('refuses statements once closed, with a reason', async () => {
    const otherDir = migratedDataDir('backoffice-thread-closed-');
    try {
      const other = await openDatabase({ kind: 'pglite', dataDir: otherDir, thread: true });
      await other.close();
      const refusal = await queryRows(other.db, sql`select 1`).then(() => null, (error: unknown) => error);
      expect((refusal as { cause?: Error }).cause?.message).toBe('the embedded database stopped: it was closed');
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
