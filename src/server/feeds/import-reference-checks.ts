/**
 * The embedded feed import's batches of new products skip PostgreSQL's foreign-key checks
 * (docs/feeds.md, "The embedded import's reference checks"). Such a batch only references rows
 * that exist by construction: its own supplier (which cannot be deleted while its import runs),
 * brands and categories committed before the batch (never deleted), and products of the same
 * statement (never deleted). On PGlite one transaction runs at a time, so nothing can remove them
 * between the lookup and the insert. The checks are one lookup and row lock per new row and
 * reference; skipping them saves about a tenth of the batch's CPU (the setting's own replanning
 * takes back part of what the checks cost).
 *
 * `session_replication_role = replica` is how PostgreSQL turns them off for one transaction;
 * every trigger of ours is marked ENABLE ALWAYS (docs/architecture.md, "Triggers fire always") so
 * that nothing else goes quiet with them. On PostgreSQL, where other transactions run beside the
 * import and the setting is a superuser's, the checks stay.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { postgresPoolOf } from '../db/postgres-pool';
import type { Queryable } from '../db/query-rows';

/** Whether `db`'s import batches may skip the foreign-key checks: the embedded database only. */
export function importSkipsReferenceChecks(db: Database): boolean {
  return postgresPoolOf(db) === null;
}

/** Turns the foreign-key checks off until the end of the transaction `tx` (SET LOCAL). */
export async function skipReferenceChecksInTransaction(tx: Queryable): Promise<void> {
  await tx.execute(sql`set local session_replication_role = replica`);
}
