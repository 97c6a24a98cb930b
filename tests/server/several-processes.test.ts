/**
 * Two server processes on one PostgreSQL and one object store (docs/deployment.md, "Running on
 * several machines"), requests alternating between them. Needs a real PostgreSQL: runs when
 * TEST_DATABASE_URL is set (.ci/run sets it), and is skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_HEADER, row } from '../../bench/lib/generated-feed';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import { sharedStoreEnv, startServerProcess, PROCESS_ADMIN, type ServerProcess } from './support/server-process';
import { createTestBucket } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const postgres = process.env.TEST_DATABASE_URL;
const FEED_ROWS = 30_000;

/** A supplier's CSV feed on loopback (the bench's generated rows), produced as it is read. */
async function serveFeed(rows: number): Promise<{ origin: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/csv' });
    response.write(`${FEED_HEADER}\n`);
    let next = 1;
    const more = () => {
      while (next <= rows) {
        const ok = response.write(`${row(next)}\n`);
        next += 1;
        if (!ok) return void response.once('drain', more);
      }
      response.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe.skipIf(!postgres)('two server processes on one PostgreSQL and one object store', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let feed: { origin: string; close: () => void };
  beforeAll(async () => {
    database = await createTestDatabase();
    feed = await serveFeed(FEED_ROWS);
    const bucket = await createTestBucket();
    const env = {
      ...sharedStoreEnv(database.url ?? '', bucket),
      LOGIN_MAX_FAILURES: '3',
      OUTBOUND_ALLOW: new URL(feed.origin).host,
    };
    // One after the other: both run the migrations and create the first user on start.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 180_000);
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await database?.close();
    feed?.close();
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

  it('shows a feed import started on one process, and its progress, on the other', async () => {
    const headersA = { Authorization: `Bearer ${await a.signIn()}` };
    const headersB = { Authorization: `Bearer ${await b.signIn()}` };
    // A supplier whose feed this test serves: 30,000 rows, so the import runs long enough to be seen.
    const created = await fetch(`${a.origin}/api/v1/suppliers`, {
      method: 'POST',
      headers: { ...headersA, 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierName: 'Feed seen from both', supplierUrlFeed: `${feed.origin}/feed.csv`, feedFormat: 'csv' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const supplierId = ((await created.json()) as { supplierId: number }).supplierId;

    const started = await fetch(`${a.origin}/api/v1/feed/parse/${supplierId}`, { method: 'POST', headers: headersA });
    expect(started.status).toBe(202);
    const job = ((await started.json()) as JobStartAnswer).jobs[0];
    expect(job?.supplierId).toBe(supplierId);
    const deadline = Date.now() + 150_000;

    // Polled on B: the job is there from the start, its counts only grow, and it ends.
    const seen: Job[] = [];
    for (;;) {
      const answer = await fetch(`${b.origin}/api/v1/jobs/${job?.id}`, { headers: headersB });
      expect(answer.status).toBe(200);
      const current = (await answer.json()) as Job;
      const previous = seen.at(-1);
      if (previous) expect(current.read).toBeGreaterThanOrEqual(previous.read);
      seen.push(current);
      if (current.status !== 'queued' && current.status !== 'running') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const last = seen.at(-1);
    expect(last?.status).toBe('success');
    expect(last?.written).toBe(FEED_ROWS);
    // B saw the job while A ran it, part way through.
    expect(seen.some((polled) => polled.status === 'running' && polled.read > 0 && polled.read < FEED_ROWS)).toBe(true);
    // A sees the same end as B.
    const onA = (await (await fetch(`${a.origin}/api/v1/jobs/${job?.id}`, { headers: headersA })).json()) as Job;
    expect({ status: onA.status, read: onA.read, written: onA.written }).toEqual({ status: last?.status, read: last?.read, written: last?.written });
  }, 180_000);

  it('reads a feed file uploaded through one process from the other: Test feed and Run (docs/feeds.md, "Feed sources")', async () => {
    const headersA = { Authorization: `Bearer ${await a.signIn()}` };
    const headersB = { Authorization: `Bearer ${await b.signIn()}` };
    const created = await fetch(`${a.origin}/api/v1/suppliers`, {
      method: 'POST',
      headers: { ...headersA, 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierName: 'Uploaded on one, read on the other', feedSource: 'upload', feedFormat: 'csv' }),
    });
    const supplierId = ((await created.json()) as { supplierId: number }).supplierId;
    // ~3.5 MB: several chunks of the file in the shared database.
    const rows = 12_000;
    const lines = [FEED_HEADER];
    for (let i = 1; i <= rows; i += 1) lines.push(row(1_000_000 + i));
    const form = new FormData();
    form.append('feedFile', new File([lines.join('\n')], 'shared-feed.csv'));
    const uploaded = await fetch(`${a.origin}/api/v1/suppliers/feed-file/${supplierId}`, { method: 'POST', headers: headersA, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    const preview = await fetch(`${b.origin}/api/v1/suppliers/test-feed`, {
      method: 'POST',
      headers: { ...headersB, 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierId, feedSource: 'upload', feedFormat: 'csv' }),
    });
    expect(preview.status).toBe(200);
    const report = (await preview.json()) as { rows: { problems: string[] }[]; more: boolean };
    expect(report.rows.every((previewed) => previewed.problems.length === 0)).toBe(true);
    expect(report.more).toBe(true);

    const run = await fetch(`${b.origin}/api/v1/feed/parse/${supplierId}?wait=true`, { method: 'POST', headers: headersB });
    expect(run.status).toBe(200);
    const entry = ((await run.json()) as { entries: { rowsRead: number; created: number; refused: number }[] }).entries[0];
    expect(entry).toMatchObject({ rowsRead: rows, created: rows, refused: 0 });
  }, 120_000);

  it('counts wrong current passwords of a password change across both processes', async () => {
    const admin = { Authorization: `Bearer ${await a.signIn()}`, 'Content-Type': 'application/json' };
    const staff = { username: 'guessed-on-both', password: 'staff password on both' };
    const added = await fetch(`${a.origin}/api/v1/users`, { method: 'POST', headers: admin, body: JSON.stringify(staff) });
    expect(added.status).toBe(201);
    const signedIn = await fetch(`${b.origin}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(staff) });
    const token = ((await signedIn.json()) as { accessToken: string }).accessToken;
    const guess = (server: ServerProcess) =>
      fetch(`${server.origin}/api/v1/me/password`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentPassword: 'wrong guess', newPassword: 'a new password' }),
      });
    // LOGIN_MAX_FAILURES=3 per process would allow 6 guesses over two processes if each counted alone.
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) statuses.push((await guess(server)).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
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
