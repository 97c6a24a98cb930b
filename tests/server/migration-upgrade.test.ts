/**
 * Upgrading a database the server left at an earlier release (docs/deployment.md, "Migration
 * order"): three migrations were once journaled with a `when` out of order, so a database migrated
 * by that journal and then by today's must still end with every column, and running today's again
 * changes nothing.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, MIGRATIONS_FOLDER } from '../../src/server/db/connection';

/** The `when` of the journal as it was released, where it differs from today's. */
const RELEASED_WHEN: Record<string, number> = {
  '0018_unreadable_rows': 1795868287422,
  '0019_user_language': 1795950000000,
  '0020_job_message_words': 1795887266958,
};

/** The columns those three migrations add, and the ones added since (a parsing-history entry's sentence). */
const COLUMNS = [
  ['parsing_history', 'unreadable_rows'],
  ['users', 'language'],
  ['jobs', 'message_id'],
  ['jobs', 'message_args'],
  ['parsing_history', 'message_id'],
  ['parsing_history', 'message_args'],
] as const;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations up to and including `lastTag`, journaled as they were released. */
function releasedMigrations(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-released-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  for (const entry of journal.entries.slice(last + 1)) rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, last + 1).map((entry) => ({ ...entry, when: RELEASED_WHEN[entry.tag] ?? entry.when }));
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

async function missingColumns(db: ReturnType<typeof drizzle>): Promise<string[]> {
  const found = await db.execute<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const have = new Set(found.rows.map((row) => `${row.table_name}.${row.column_name}`));
  return COLUMNS.map(([table, column]) => `${table}.${column}`).filter((name) => !have.has(name));
}

describe('a database left by an earlier release, upgraded', () => {
  for (const lastTag of ['0017_offer_sync', '0020_job_message_words', '0021_title_lower_count']) {
    it(`gets every column when it was last migrated at ${lastTag}, and a second start changes nothing`, async () => {
      const client = await createPglite();
      try {
        const db = drizzle(client);
        await migrate(db, { migrationsFolder: releasedMigrations(lastTag) });
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        expect(await missingColumns(db)).toEqual([]);
        const recorded = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]?.n;
        const before = await recorded();
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        expect(await recorded()).toBe(before);
      } finally {
        await client.close();
      }
    });
  }
});
