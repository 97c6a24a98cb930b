/** A server app on a fresh database with a user, a known signing secret and a controllable clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp, type AppDeps } from '../../../src/server/app';
import { users } from '../../../src/server/db/schema';
import { MediaStore } from '../../../src/server/media/media-store';
import { LoginThrottle } from '../../../src/server/auth/login-throttle';
import { TokenService } from '../../../src/server/auth/tokens';
import { ensureAdministrator } from '../../../src/server/auth/users';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_USER = { username: 'admin', password: 'correct horse battery staple' } as const;
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  media: MediaStore;
  clock: { now: number };
  tokens: TokenService;
  /** A valid bearer token for TEST_USER. */
  token(): Promise<string>;
  /** A valid bearer token for another user, created in the database when missing (tokens of unknown users are refused). */
  tokenFor(username: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  staticDir?: string;
  tokenLifetimeSeconds?: number;
  /** Replace or add dependencies of the app (e.g. a fake fetch for feeds); a function gets the test database. */
  deps?: Partial<AppDeps> | ((db: TestDatabase['db']) => Partial<AppDeps>);
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'backoffice-media-'));
  const media = new MediaStore(database.db, mediaDir);
  await ensureAdministrator(database.db, TEST_USER.username, TEST_USER.password);
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const tokens = new TokenService(TEST_SECRET, options.tokenLifetimeSeconds ?? 3_600, now);
  const app = createApp({
    db: database.db,
    tokens,
    throttle: new LoginThrottle(5, 60),
    media,
    staticDir: options.staticDir,
    clientAddress: (c) => c.req.header('X-Test-Address') ?? '192.0.2.1',
    now,
    ...(typeof options.deps === 'function' ? options.deps(database.db) : options.deps),
  });
  return {
    app,
    database,
    media,
    clock,
    tokens,
    async token() {
      const issued = await tokens.issue({ userId: 1, username: TEST_USER.username, sessionVersion: 1 });
      return issued.accessToken;
    },
    async tokenFor(username: string) {
      await database.db.insert(users).values({ username, passwordHash: 'not-used-by-this-test' }).onConflictDoNothing();
      const [user] = await database.db.select().from(users).where(eq(users.username, username));
      if (!user) throw new Error(`could not create the user ${username}`);
      return (await tokens.issue({ userId: user.id, username, sessionVersion: user.sessionVersion })).accessToken;
    },
    async close() {
      await database.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
