/**
 * PostgreSQL ends connections the pool holds idle (a restart, a failover, an administrator's
 * terminate): the server keeps running and the next query gets a new connection
 * (docs/security.md, "After a crash"). Needs a real PostgreSQL: skipped without TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)('a database connection ended while idle', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('does not end the process, and the next queries work', async () => {
    // Several connections in the pool, all idle afterwards.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const databaseName = new URL(database.url ?? '').pathname.slice(1);

    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      const ended = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      await admin.end();
      expect(ended.rows.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const answers = await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select 1 as one`)));
      expect(answers).toHaveLength(4);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
