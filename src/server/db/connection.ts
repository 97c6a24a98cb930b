/**
 * Opens the database: PostgreSQL through `pg` when a connection string is given, otherwise the
 * embedded PGlite in the data folder. Both run the same drizzle migrations before use.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { describeError } from '../lib/caught-errors';
import { createPglite } from './pglite-open';
import { PGliteThread } from './pglite-thread';

export { createPglite } from './pglite-open';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  /** `thread`: on a thread of its own (pglite-thread.ts; docs/architecture.md, "The embedded database's thread"); unset: yes unless PGLITE_THREAD=0. */
  | { kind: 'pglite'; dataDir: string; thread?: boolean }
  /** An already open PGlite, e.g. one loaded from a test snapshot. */
  | { kind: 'pglite-instance'; client: PGlite };

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: 10 });
    // An idle connection the database ends (a restart, a failover, an administrator's terminate)
    // is dropped by the pool and replaced on the next query; without this listener the pool's
    // 'error' event would end the process (docs/security.md, "After a crash").
    pool.on('error', (error) => console.warn(`[db] an idle database connection ended: ${describeError(error)}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite | PGliteThread;
  if (source.kind === 'pglite') {
    const dir = path.join(source.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = (source.thread ?? process.env.PGLITE_THREAD !== '0') ? await PGliteThread.start(dir) : await createPglite(dir);
  } else {
    client = source.client;
  }
  // The thread has the calls drizzle's PGlite driver makes (pglite-thread.ts).
  const db = drizzlePglite(client as PGlite, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** True when the database answers a trivial query; used by /healthz. */
export async function isDatabaseReady(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
