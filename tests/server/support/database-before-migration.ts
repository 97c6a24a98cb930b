/**
 * A database migrated up to (not including) one migration, for the tests of what that migration
 * does to data stored before it: a new PGlite, or a new database on the PostgreSQL of
 * TEST_DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPglite, MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle } from '../../../src/server/db/connection';
import * as schema from '../../../src/server/db/schema';

export interface DatabaseBeforeMigration {
  /** The database as the migration before `tag` left it, to fill with the data of that time. */
  db: Database;
  /** Runs `tag` and every migration after it on `db`. */
  migrateAll(): Promise<void>;
  /**
   * Opens it as the server does (openDatabase, which runs the migrations left). Use either this or
   * close: closing the handle it answers also removes the database.
   */
  openAsServer(): Promise<DatabaseHandle>;
  /** Removes the database (when it was not opened with openAsServer). */
  close(): Promise<void>;
}

/** The project's migrations up to (not including) `tag`, copied to a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-migrations-before-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`no migration '${tag}' after the first`);
  for (const entry of journal.entries.slice(at)) rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export async function databaseBeforeMigration(tag: string): Promise<DatabaseBeforeMigration> {
  const before = migrationsBefore(tag);
  try {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const client = await createPglite();
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder: before });
      return {
        db: db as unknown as Database,
        migrateAll: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
        openAsServer: () => openDatabase({ kind: 'pglite-instance', client }),
        close: () => client.close(),
      };
    }

    const name = `backoffice_migration_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`); // our own name of [a-z0-9_]: safe to inline
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const drop = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: before });
    return {
      db: db as unknown as Database,
      migrateAll: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      async openAsServer() {
        await pool.end();
        const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
        return {
          ...handle,
          async close() {
            await handle.close();
            await drop();
          },
        };
      },
      async close() {
        await pool.end();
        await drop();
      },
    };
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
