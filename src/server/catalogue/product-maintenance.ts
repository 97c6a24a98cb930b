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

export async function refreshCatalogueStatistics(db: Database): Promise<void> {
  // One table at a time, with a turn for waiting requests in between (event-loop-yield.ts).
  await db.execute(sql`vacuum (analyze) products`);
  await yieldToEventLoop();
  await db.execute(sql`vacuum (analyze) product_images`);
}
