/**
 * The node-postgres pool behind a database opened on PostgreSQL (connection.ts), for what needs a
 * connection of its own, such as `COPY ... FROM STDIN`; null on the embedded PGlite.
 */
import pg from 'pg';
import type { Database } from './connection';

export function postgresPoolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}
