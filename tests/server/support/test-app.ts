/** A server app on a fresh database with a user, a known signing secret and a controllable clock. */
import { createApp } from '../../../src/server/app';
import { LoginThrottle } from '../../../src/server/auth/login-throttle';
import { TokenService } from '../../../src/server/auth/tokens';
import { ensureAdministrator } from '../../../src/server/auth/users';
import type { DatabaseHandle } from '../../../src/server/db/connection';
import { createTestDatabase } from './test-database';

export const TEST_USER = { username: 'admin', password: 'correct horse battery staple' } as const;
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  clock: { now: number };
  tokens: TokenService;
  /** A valid bearer token for TEST_USER. */
  token(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(options: { staticDir?: string; tokenLifetimeSeconds?: number } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await ensureAdministrator(database.db, TEST_USER.username, TEST_USER.password);
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const tokens = new TokenService(TEST_SECRET, options.tokenLifetimeSeconds ?? 3_600, now);
  const app = createApp({
    db: database.db,
    tokens,
    throttle: new LoginThrottle(5, 60),
    staticDir: options.staticDir,
    clientAddress: (c) => c.req.header('X-Test-Address') ?? '192.0.2.1',
    now,
  });
  return {
    app,
    database,
    clock,
    tokens,
    async token() {
      const issued = await tokens.issue({ userId: 1, username: TEST_USER.username });
      return issued.accessToken;
    },
    close: () => database.close(),
  };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
