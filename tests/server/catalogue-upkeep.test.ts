/**
 * The catalogue upkeep after a bulk change (catalogue-upkeep.ts): on the embedded database only a
 * quick ANALYZE runs at once, and the VACUUM that holds the main thread for a second waits until the
 * server is quiet (or a deadline passes); on PostgreSQL the full upkeep runs at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueUpkeep } from '../../src/server/catalogue/catalogue-upkeep';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface Counts {
  vacuums: number;
  analyzes: number;
}

/** How often `products` was vacuumed and analysed by hand (the statistics views; PGlite has no autovacuum). */
async function counts(): Promise<Counts> {
  const result = await database.db.execute(
    sql`select vacuum_count::int as vacuums, analyze_count::int as analyzes from pg_stat_user_tables where relname = 'products'`,
  );
  const row = (result as unknown as { rows: Counts[] }).rows[0];
  if (!row) throw new Error('no statistics row for products');
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

describe('catalogue upkeep after a bulk change', () => {
  it('on the embedded database: analyses at once, vacuums only once the server has been quiet', async () => {
    let busy = true;
    const lines: string[] = [];
    const upkeep = new CatalogueUpkeep({
      db: database.db,
      deferFullUpkeep: true,
      isBusy: () => busy,
      quietMs: 200,
      maxDelayMs: 60_000,
      checkEveryMs: 20,
      log: (line) => lines.push(line),
    });
    const before = await counts();
    await upkeep.afterBulkChange('import of Shoes');
    const quick = await counts();
    expect(quick.analyzes).toBeGreaterThan(before.analyzes);
    expect(quick.vacuums).toBe(before.vacuums);
    expect(upkeep.pending).toBe(true);

    // Busy for longer than the quiet period: still waiting.
    await sleep(500);
    expect((await counts()).vacuums).toBe(before.vacuums);
    expect(upkeep.pending).toBe(true);

    busy = false;
    await waitFor(async () => (await counts()).vacuums > before.vacuums);
    expect(upkeep.pending).toBe(false);
    await waitFor(async () => lines.length > 0);
    expect(lines[0]).toMatch(/^\[upkeep\] import of Shoes: refreshed the catalogue statistics \(VACUUM ANALYZE\) in \d+ ms \(waited [\d.]+ s for a quiet moment\)$/);
    upkeep.stop();
  });

  it('runs the full upkeep after the longest delay on a server that is never quiet', async () => {
    const upkeep = new CatalogueUpkeep({ db: database.db, deferFullUpkeep: true, isBusy: () => true, quietMs: 200, maxDelayMs: 400, checkEveryMs: 20 });
    const before = await counts();
    await upkeep.afterBulkChange('image re-export');
    await sleep(150);
    expect((await counts()).vacuums).toBe(before.vacuums);
    await waitFor(async () => (await counts()).vacuums > before.vacuums);
    upkeep.stop();
  });

  it('on PostgreSQL (not deferred): vacuums at once', async () => {
    const upkeep = new CatalogueUpkeep({ db: database.db, deferFullUpkeep: false, isBusy: () => true });
    const before = await counts();
    await upkeep.afterBulkChange('import of Bags');
    await waitFor(async () => (await counts()).vacuums > before.vacuums);
    expect(upkeep.pending).toBe(false);
  });
});
