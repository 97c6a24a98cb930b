/** A server app on a fresh database with a user, a known signing secret and a controllable clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp, type AppDeps } from '../../../src/server/app';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { DiskMediaStore } from '../../../src/server/media/disk-media-store';
import type { MediaStore, StoredFile } from '../../../src/server/media/media-store';
import { S3MediaStore, s3ClientOf, type S3MediaConfig } from '../../../src/server/media/s3-media-store';
import { S3RVER_CREDENTIALS } from './s3-server';
import { users } from '../../../src/server/db/schema';
import { LoginThrottle } from '../../../src/server/auth/login-throttle';
import { TokenService } from '../../../src/server/auth/tokens';
import { ensureAdministrator } from '../../../src/server/accounts/accounts';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_USER = { username: 'admin', password: 'correct horse battery staple' } as const;
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  media: MediaStore;
  /** The disk store's folder (with the S3 store: where streamed uploads are spooled). */
  mediaDir: string;
  /** How many files the media store holds. */
  storedFileCount(): Promise<number>;
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
  /** Where images are kept: the disk (default) or a fresh bucket on the S3 test server. */
  mediaStore?: MediaStoreKind;
  /** With mediaStore 's3': MEDIA_PUBLIC_URL. */
  mediaPublicUrl?: string;
}

export type MediaStoreKind = 'disk' | 's3';
/** The stores the media tests run against. */
export const MEDIA_STORE_KINDS: readonly MediaStoreKind[] = ['disk', 's3'];

/** A fresh bucket on the S3 test server (global-setup.ts), with the settings to reach it. */
export async function createTestBucket(publicUrl: string | null = null): Promise<S3MediaConfig> {
  const config: S3MediaConfig = {
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    bucket: `backoffice-test-${randomBytes(6).toString('hex')}`,
    credentials: { ...S3RVER_CREDENTIALS },
    forcePathStyle: true,
    publicUrl,
  };
  const client = await s3ClientOf(config);
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return config;
}

async function countFiles(media: MediaStore): Promise<number> {
  let count = 0;
  for await (const _file of media.list() as AsyncIterable<StoredFile>) count += 1;
  return count;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'backoffice-media-'));
  const media: MediaStore =
    options.mediaStore === 's3' ? new S3MediaStore(database.db, await createTestBucket(options.mediaPublicUrl ?? null), mediaDir) : new DiskMediaStore(database.db, mediaDir);
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
    mediaDir,
    storedFileCount: () => countFiles(media),
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
