/**
 * Upkeep after bulk changes to the catalogue (a feed import, an image re-export, a big EAN sheet).
 * The embedded PGlite has no autovacuum: without this, the planner's statistics go stale and the
 * filter's counts cannot use index-only scans (every index entry would need a visit to the table
 * to check visibility), which makes counting 100,000 products several times slower. On a real
 * PostgreSQL autovacuum does the same in the background; running it by hand there is harmless.
 * VACUUM cannot run inside a transaction: call it after the import's last commit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { yieldToEventLoop } from '../db/event-loop-yield';
import { postgresPoolOf } from '../db/postgres-pool';

/**
 * The sample of the embedded database's ANALYZE: 300 rows for each unit, 9,000 rows a table
 * (PostgreSQL's default, 100, reads 30,000). ANALYZE keeps its sample rows in memory at once, and
 * on PGlite memory touched once stays with the process: with 100 a feed import's peak was about
 * 30 MB higher (docs/benchmarks.md, "Where the import's memory went"). The filter's plans and
 * estimates were the same within the bench's spread (docs/products.md, "Speed").
 */
export const EMBEDDED_STATISTICS_TARGET = 30;

export async function refreshCatalogueStatistics(db: Database): Promise<void> {
  // One table at a time, with a turn for waiting requests in between (event-loop-yield.ts).
  const embedded = postgresPoolOf(db) === null;
  for (const table of CATALOGUE_TABLES) {
    if (embedded) {
      await db.execute(sql`vacuum ${sql.identifier(table)}`);
      await yieldToEventLoop();
      await analyzeFromSample(db, [table], EMBEDDED_STATISTICS_TARGET);
    } else {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    }
    await yieldToEventLoop();
  }
}

/**
 * A quick ANALYZE on a small sample (~0.1 s for 100,000 products instead of ~1 s): enough for the
 * planner to know a table's new size right after an import, until the full upkeep runs
 * (catalogue-upkeep.ts).
 */
export async function refreshPlannerStatisticsQuickly(db: Database): Promise<void> {
  await analyzeFromSample(db, CATALOGUE_TABLES, 10);
}

const CATALOGUE_TABLES = ['products', 'product_images'] as const;

/**
 * ANALYZE of `tables` in one transaction, from a sample of 300 × `target` rows a table. ANALYZE may
 * run in a transaction (VACUUM may not); the setting ends with it.
 */
async function analyzeFromSample(db: Database, tables: readonly (typeof CATALOGUE_TABLES)[number][], target: number): Promise<void> {
  await db.transaction(async (tx) => {
    // SET takes no bind parameter; the target is one of this file's whole numbers.
    await tx.execute(sql.raw(`set local default_statistics_target = ${Math.trunc(target)}`));
    for (const table of tables) await tx.execute(sql`analyze ${sql.identifier(table)}`);
  });
}
