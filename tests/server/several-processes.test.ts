/**
 * Two server processes on one PostgreSQL and one object store (README, "Running on several
 * machines"), requests alternating between them. Needs a real PostgreSQL: runs when
 * TEST_DATABASE_URL is set (.ci/run sets it), and is skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, PROCESS_ADMIN, type ServerProcess } from './support/server-process';
import { createTestBucket } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const postgres = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgres)('two server processes on one PostgreSQL and one object store', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    const bucket = await createTestBucket();
    const env = {
      DATABASE_URL: database.url ?? '',
      MEDIA_STORE: 's3',
      S3_ENDPOINT: bucket.endpoint ?? '',
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: bucket.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
      LOGIN_MAX_FAILURES: '3',
    };
    // One after the other: both run the migrations and create the first user on start.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 180_000);
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await database?.close();
  });

  it('serves an image uploaded through one process from the other, byte for byte', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(5_000)]);
    const form = new FormData();
    form.append('multipartFile', new File([png], 'shared.png', { type: 'image/png' }));
    const uploaded = await fetch(`${a.origin}/api/v1/media/save/image`, { method: 'POST', headers: { Authorization: `Bearer ${await a.signIn()}` }, body: form });
    expect(uploaded.status).toBe(200);
    const filePath = (await uploaded.json()) as string;

    const served = await fetch(`${b.origin}${filePath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('counts failed sign-ins across both processes', async () => {
    const attempt = (server: ServerProcess) =>
      fetch(`${server.origin}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: PROCESS_ADMIN.username, password: 'wrong guess' }),
      });
    // LOGIN_MAX_FAILURES=3 per process would allow 6 guesses over two processes if each counted alone.
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) statuses.push((await attempt(server)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
