/**
 * A fresh database for one test file: a copy of the migrated PGlite snapshot, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openDatabase, type DatabaseHandle } from '../../../src/server/db/connection';

/** The database, and its connection string when it is a real PostgreSQL. */
export type TestDatabase = DatabaseHandle & { url?: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = readFileSync(inject('pgliteSnapshotPath'));
    const client = await createPglite(undefined, { loadDataDir: new Blob([snapshot]) });
    return openDatabase({ kind: 'pglite-instance', client });
  }

  const name = `backoffice_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`); // name is ours, made of [a-z0-9_]: safe to inline
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
