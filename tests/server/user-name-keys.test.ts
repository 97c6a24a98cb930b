/**
 * The user-name key on a database that already has users whose names collide (docs/security.md,
 * "Accounts"): migration 0014_user_name_key must not fail, the oldest of each colliding pair gets
 * the key, the other keeps signing in by its exact name, and nothing new can collide with either.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { LoginThrottle } from '../../src/server/auth/login-throttle';
import { hashPassword } from '../../src/server/auth/passwords';
import { TokenService } from '../../src/server/auth/tokens';
import { assignUserNameKeys } from '../../src/server/accounts/accounts';
import type { DatabaseHandle } from '../../src/server/db/connection';
import * as schema from '../../src/server/db/schema';
import { accountMessages } from '../../src/shared/accounts';
import { DiskMediaStore } from '../../src/server/media/disk-media-store';
import { databaseBeforeMigration } from './support/database-before-migration';
import { jsonPost, TEST_SECRET } from './support/test-app';

const KEY_MIGRATION = '0014_user_name_key';

/**
 * A database migrated up to the migration before the key, filled by `fill`, then opened as the
 * server opens it (every migration). PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
async function databaseUpgradedFrom(fill: (run: (query: SQL) => Promise<unknown>) => Promise<void>): Promise<DatabaseHandle> {
  const old = await databaseBeforeMigration(KEY_MIGRATION);
  await fill((query) => old.db.execute(query));
  return old.openAsServer();
}

describe('user-name keys on a database with users whose names collide', () => {
  let handle: DatabaseHandle;
  let firstLog: string[];
  beforeAll(async () => {
    const admin = await hashPassword('admin password');
    const capital = await hashPassword('capital password');
    const zoe = await hashPassword('zoe password');
    handle = await databaseUpgradedFrom(async (run) => {
      // Oldest first: 'admin', then 'Admin' beside it, 'ZOË' then 'zoë', and a mixed-script name.
      for (const [username, hash] of [
        ['admin', admin],
        ['Admin', capital],
        ['ZOË', zoe],
        ['zoë', zoe],
        ['\u0430dmin', capital],
      ] as const) {
        await run(sql`insert into users (username, password_hash, role) values (${username}, ${hash}, 'admin')`);
      }
    });
    firstLog = await assignUserNameKeys(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const appOn = () =>
    createApp({
      db: handle.db,
      tokens: new TokenService(TEST_SECRET, 600),
      throttle: new LoginThrottle(100, 60, 100),
      media: new DiskMediaStore(handle.db, '/nonexistent-media-dir'),
    });
  const signIn = async (username: string, password: string) => {
    const answer = await appOn().request('/auth/login', jsonPost({ username, password }));
    return { status: answer.status, body: answer.status === 200 ? ((await answer.json()) as { username: string; accessToken: string }) : null };
  };

  it('the migration does not fail; the oldest of each pair gets the key, the later keeps none, and the log names each pair', async () => {
    const rows = await handle.db.select({ username: schema.users.username, key: schema.users.usernameKey }).from(schema.users).orderBy(asc(schema.users.id));
    expect(rows).toEqual([
      { username: 'admin', key: 'admin' },
      { username: 'Admin', key: null },
      { username: 'ZOË', key: 'zoë' },
      { username: 'zoë', key: null },
      { username: '\u0430dmin', key: '\u0430dmin' },
    ]);
    expect(firstLog).toEqual([
      "the user names 'Admin' and 'admin' count as the same name; 'Admin' signs in by its exact name only (deactivate one of them if they are not the same person)",
      "the user names 'zoë' and 'ZOË' count as the same name; 'zoë' signs in by its exact name only (deactivate one of them if they are not the same person)",
      `the user name '\u0430dmin' would not be accepted as a new name (${accountMessages.userNameMixedScripts(['Cyrillic', 'Latin'])}); it keeps working`,
    ]);
    // The next start changes nothing and names the pairs again.
    expect(await assignUserNameKeys(handle.db)).toEqual(firstLog.slice(0, 2));
  });

  it('every existing user still signs in by its exact name; another spelling finds the key holder', async () => {
    expect((await signIn('admin', 'admin password')).body?.username).toBe('admin');
    expect((await signIn('Admin', 'capital password')).body?.username).toBe('Admin');
    expect((await signIn('ADMIN', 'admin password')).body?.username).toBe('admin');
    expect((await signIn('ADMIN', 'capital password')).status).toBe(401);
    expect((await signIn('zoë', 'zoe password')).body?.username).toBe('zoë');
    expect((await signIn('Zoë', 'zoe password')).body?.username).toBe('ZOË');
  });

  it('no new name can collide with either of a pair', async () => {
    const token = (await signIn('admin', 'admin password')).body!.accessToken;
    const add = (username: string) =>
      appOn().request('/api/v1/users', jsonPost({ username, password: 'a new password' }, { Authorization: `Bearer ${token}` }));
    const refused = await add('aDmIn');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: accountMessages.userNameTaken('aDmIn', 'admin'), messageId: 'account.userNameTaken', messageArgs: ['aDmIn', 'admin'] });
    expect((await add('ZoË')).status).toBe(409);
    expect((await add('\uff41\uff44\uff4d\uff49\uff4e')).status).toBe(409);
    expect((await add('bram')).status).toBe(201);
  });
});
