/**
 * Background jobs (docs/jobs.md): POST /feed/parse/{id} answers 202 with its job at once, the job
 * shows progress and refused lines, can be cancelled, its refused lines download as CSV; the list
 * filters; stale leases end as interrupted; the order-import schedule is read and set.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import { jobs, parsingHistory, products, suppliers } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/query-rows';
import { claimNextJob, interruptAbandonedJobs } from '../../src/server/jobs/job-store';
import { createTestApp, type TestApp } from './support/test-app';

const served = new Map<string, () => Response>();
let t: TestApp;

const fakeFetch = (async (input: string | URL | Request) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const answer = served.get(url);
  if (!answer) throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') });
  return answer();
}) as typeof fetch;

const HEADER = 'ean;sku;title;price;stock';
/** A valid row per number, with a GS1 check digit. */
function row(n: number): string {
  const base = `871${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(base[i]) * (i % 2 === 0 ? 1 : 3);
  return `${base}${(10 - (sum % 10)) % 10};SKU-${n};Product ${n};10,00;${n % 7}`;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: fakeFetch } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string, body?: unknown, token?: string | null) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token ?? (await t.token())}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get('Content-Type') ?? '';
  // ignoreBOM: keep the byte order mark a CSV starts with, to check it is there.
  const answer = type.includes('json') ? await response.json() : new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: answer };
}

async function addSupplier(name: string, url: string): Promise<number> {
  const [created] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat: 'csv' }).returning();
  if (!created) throw new Error('no supplier');
  return created.supplierId;
}

async function job(id: number): Promise<Job> {
  const answer = await call('GET', `/api/v1/jobs/${id}`);
  expect(answer.status).toBe(200);
  return answer.body as Job;
}

async function ended(id: number): Promise<Job> {
  let current = await job(id);
  const deadline = Date.now() + 20_000;
  while (current.status === 'queued' || current.status === 'running') {
    if (Date.now() > deadline) throw new Error(`job ${id} did not end: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await job(id);
  }
  return current;
}

describe('POST /api/v1/feed/parse/{id} as a job', () => {
  it('answers 202 at once with the queued job, which then runs to its end with counts, refused lines and the history entry', async () => {
    const url = 'https://supplier.test/jobs.csv';
    const id = await addSupplier('Job Co', url);
    const feed = `${HEADER}\n${row(1)}\n;;No key;1;1\n${row(2)}\n`;
    served.set(url, () => new Response(feed, { headers: { 'Content-Length': String(Buffer.byteLength(feed)) } }));
    const started = await call('POST', `/api/v1/feed/parse/${id}`);
    expect(started.status).toBe(202);
    const answer = started.body as JobStartAnswer;
    expect(answer.skipped).toEqual([]);
    expect(answer.jobs).toHaveLength(1);
    expect(answer.jobs[0]).toMatchObject({ kind: 'feed-import', supplierId: id, supplierName: 'Job Co', trigger: 'user', startedBy: 'admin' });
    expect(['queued', 'running']).toContain(answer.jobs[0]?.status);

    const done = await ended(answer.jobs[0]?.id ?? 0);
    expect(done).toMatchObject({ status: 'partial', read: 3, written: 2, refused: 1, percent: 100 });
    expect(done.refusals).toEqual([
      { line: 3, reason: 'Neither EAN nor SKU is given, so the row cannot be matched to a product of Job Co', reasonId: 'server.feedNoEanNorSku', reasonArgs: ['Job Co'] },
    ]);
    expect(done.finishedAt).not.toBeNull();
    expect(Date.parse(done.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(done.startedAt ?? ''));
    const [history] = await t.database.db.select().from(parsingHistory).where(eq(parsingHistory.id, done.historyId ?? -1));
    expect(history).toMatchObject({ supplierId: id, status: 'partial', refused: 1 });
    expect((await t.database.db.select().from(products).where(eq(products.supplierId, id))).length).toBe(2);
  });

  it('refuses a second run while the first is queued or running (409), and 404s an unknown supplier', async () => {
    const url = 'https://supplier.test/slow-job.csv';
    const id = await addSupplier('Slow Job Co', url);
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    served.set(url, () => new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) })));
    const first = await call('POST', `/api/v1/feed/parse/${id}`);
    expect(first.status).toBe(202);
    const second = await call('POST', `/api/v1/feed/parse/${id}`);
    expect(second.status).toBe(409);
    expect((second.body as { message: string }).message).toBe("An import or image re-export of supplier 'Slow Job Co' is already running; try again when it has finished");
    expect((await call('POST', '/api/v1/feed/parse/999999')).status).toBe(404);
    expect((await call('POST', '/api/v1/feed/parse/abc')).status).toBe(400);
    expect((await call('POST', `/api/v1/feed/parse/${id}?wait=maybe`)).status).toBe(400);

    await expect.poll(() => push !== undefined).toBe(true);
    push?.enqueue(new TextEncoder().encode(`${HEADER}\n${row(10)}\n`));
    push?.close();
    const done = await ended((first.body as JobStartAnswer).jobs[0]?.id ?? 0);
    expect(done.status).toBe('success');
  });

  it('cancels a running import between batches: whole batches kept, the job cancelled, the supplier free again', async () => {
    const url = 'https://supplier.test/cancel.csv';
    const id = await addSupplier('Cancel Co', url);
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    served.set(url, () => new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) })));
    const started = await call('POST', `/api/v1/feed/parse/${id}`);
    const jobId = (started.body as JobStartAnswer).jobs[0]?.id ?? 0;
    await expect.poll(() => push !== undefined).toBe(true);
    // 600 rows: two batches of 250 are written, the rest waits in the parser for more bytes.
    push?.enqueue(new TextEncoder().encode(`${HEADER}\n${Array.from({ length: 600 }, (_, i) => row(1_000 + i)).join('\n')}\n`));
    await expect.poll(async () => (await job(jobId)).written, { timeout: 10_000 }).toBeGreaterThanOrEqual(500);

    const cancel = await call('POST', `/api/v1/jobs/${jobId}/cancel`);
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({ id: jobId, cancelRequested: true });
    const done = await ended(jobId);
    expect(done.status).toBe('cancelled');
    expect(done.message).toMatch(/^Cancelled by admin\. The import of supplier 'Cancel Co' was cancelled; rows before were imported\./);
    const stored = await t.database.db.select().from(products).where(eq(products.supplierId, id));
    expect(stored.length % 250).toBe(0);
    expect(stored.length).toBe(done.written);
    const [supplier] = await t.database.db.select().from(suppliers).where(eq(suppliers.supplierId, id));
    expect(supplier?.inProgress).toBe(false);

    const again = await call('POST', `/api/v1/jobs/${jobId}/cancel`);
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(`Job ${jobId} has already ended (cancelled)`);
  });

  it('cancels a queued job at once', async () => {
    // A kind this test app's runner does not take, so it stays queued until cancelled.
    const [queued] = await t.database.db.insert(jobs).values({ kind: 'retailer-import', status: 'queued', trigger: 'schedule' }).returning();
    const cancel = await call('POST', `/api/v1/jobs/${queued?.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', startedAt: null, message: 'Cancelled by admin' });
  });
});

describe('GET /api/v1/jobs', () => {
  it('lists every job newest first, filtered by kind, supplier and outcome, paged', async () => {
    const all = await call('GET', '/api/v1/jobs?size=100');
    expect(all.status).toBe(200);
    const page = all.body as { content: Job[]; totalElements: number };
    expect(page.totalElements).toBeGreaterThanOrEqual(4);
    const ids = page.content.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.content.every((entry) => entry.refusals === undefined)).toBe(true);

    const [jobCo] = await t.database.db.select().from(suppliers).where(eq(suppliers.supplierName, 'Job Co'));
    const bySupplier = (await call('GET', `/api/v1/jobs?supplierId=${jobCo?.supplierId}`)).body as { content: Job[] };
    expect(bySupplier.content.map((entry) => entry.supplierName)).toEqual(['Job Co']);
    const partial = (await call('GET', '/api/v1/jobs?outcome=partial')).body as { content: Job[] };
    expect(partial.content.length).toBeGreaterThan(0);
    expect(partial.content.every((entry) => entry.status === 'partial')).toBe(true);
    const problems = (await call('GET', '/api/v1/jobs?outcome=problems&kind=feed-import')).body as { content: Job[] };
    expect(problems.content.every((entry) => ['partial', 'failed', 'interrupted'].includes(entry.status) && entry.kind === 'feed-import')).toBe(true);
    const bol = (await call('GET', '/api/v1/jobs?kind=order-import')).body as { content: Job[] };
    expect(bol.content).toEqual([]);
    const second = (await call('GET', '/api/v1/jobs?size=1&page=1')).body as { content: Job[]; number: number; size: number };
    expect(second).toMatchObject({ number: 1, size: 1 });
    expect(second.content[0]?.id).toBe(ids[1]);
  });

  it('refuses bad filters with 400 naming them', async () => {
    for (const [query, name] of <[string, string][]>[
      ['kind=nonsense', 'kind'],
      ['outcome=great', 'outcome'],
      ['supplierId=-1', 'supplierId'],
      ['page=x', 'page'],
      ['size=1000', 'size'],
    ]) {
      const answer = await call('GET', `/api/v1/jobs?${query}`);
      expect(answer.status, query).toBe(400);
      expect((answer.body as { message: string }).message.startsWith(name)).toBe(true);
    }
    expect((await call('GET', '/api/v1/jobs/0')).status).toBe(400);
    expect((await call('GET', '/api/v1/jobs/12x')).status).toBe(400);
    expect((await call('GET', '/api/v1/jobs/99999999')).status).toBe(404);
    expect((await call('POST', '/api/v1/jobs/99999999/cancel')).status).toBe(404);
  });

  it('needs a token for every job call', async () => {
    for (const [method, path] of <[string, string][]>[
      ['GET', '/api/v1/jobs'],
      ['GET', '/api/v1/jobs/1'],
      ['GET', '/api/v1/jobs/1/refusals.csv'],
      ['POST', '/api/v1/jobs/1/cancel'],
      ['GET', '/api/v1/jobs/schedules/order-import'],
      ['PUT', '/api/v1/jobs/schedules/order-import'],
    ]) {
      const answer = await call(method, path, undefined, null);
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    const forged = await call('GET', '/api/v1/jobs', undefined, 'not-a-token');
    expect(forged.status).toBe(401);
  });
});

describe('GET /api/v1/jobs/{id}/refusals.csv', () => {
  it('downloads the refused lines with their reasons, quoted and defused for spreadsheets', async () => {
    const [refused] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'feed-import',
        status: 'partial',
        refusedCount: 2,
        items: [
          { line: 4, reason: 'Title is missing' },
          { line: 9, reason: '=HYPERLINK("x"); bad' },
        ],
      })
      .returning();
    const answer = await call('GET', `/api/v1/jobs/${refused?.id}/refusals.csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe(`attachment; filename="job-${refused?.id}-refused.csv"`);
    expect(answer.body).toBe('\uFEFFline;product;order;reason\r\n4;;;Title is missing\r\n9;;;"\'=HYPERLINK(""x""); bad"\r\n');
  });

  it('lists bol items that failed with their product and reason', async () => {
    const [bolJob] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'content-creation',
        status: 'partial',
        items: [
          { productId: 7, status: 'success', message: 'Sent' },
          { productId: 8, status: 'failed', message: 'Choose a Bol category for this product first' },
        ],
      })
      .returning();
    const detail = await job(bolJob?.id ?? 0);
    expect(detail.refusals).toEqual([{ productId: 8, reason: 'Choose a Bol category for this product first' }]);
    const csv = await call('GET', `/api/v1/jobs/${bolJob?.id}/refusals.csv`);
    expect(csv.body).toBe('\uFEFFline;product;order;reason\r\n;8;;Choose a Bol category for this product first\r\n');
  });
});

describe('durability', () => {
  it('marks a running job whose heartbeat went stale interrupted, closes its history entry and frees its supplier', async () => {
    const id = await addSupplier('Dead Co', 'https://supplier.test/dead.csv');
    await t.database.db.update(suppliers).set({ inProgress: true }).where(eq(suppliers.supplierId, id));
    const [history] = await t.database.db.insert(parsingHistory).values({ supplierId: id, status: 'running' }).returning();
    const [dead] = await t.database.db
      .insert(jobs)
      .values({ kind: 'feed-import', supplierId: id, status: 'running', runner: 'gone:1:abc', heartbeatAt: sql`now() - interval '5 minutes'`, historyId: history?.id })
      .returning();
    const [alive] = await t.database.db
      .insert(jobs)
      .values({ kind: 'retailer-import', status: 'running', runner: 'alive:1:abc', heartbeatAt: sql`now()` })
      .returning();
    const reaped = await interruptAbandonedJobs(t.database.db, { all: false, leaseSeconds: 30 });
    expect(reaped.map((r) => r.id)).toEqual([dead?.id]);
    expect(await job(dead?.id ?? 0)).toMatchObject({ status: 'interrupted', message: 'Interrupted: the server stopped while this was running' });
    expect((await job(alive?.id ?? 0)).status).toBe('running');
    const [closed] = await t.database.db.select().from(parsingHistory).where(eq(parsingHistory.id, history?.id ?? -1));
    expect(closed).toMatchObject({ status: 'failed', message: 'Interrupted: the server stopped while this was running', messageId: 'server.jobInterrupted' });
    const [supplier] = await t.database.db.select().from(suppliers).where(eq(suppliers.supplierId, id));
    expect(supplier?.inProgress).toBe(false);
    // The supplier can be imported again at once.
    served.set('https://supplier.test/dead.csv', () => new Response(`${HEADER}\n${row(77)}\n`));
    const again = await call('POST', `/api/v1/feed/parse/${id}`);
    expect(again.status).toBe(202);
    expect((await ended((again.body as JobStartAnswer).jobs[0]?.id ?? 0)).status).toBe('success');
    await t.database.db.update(jobs).set({ status: 'success' }).where(eq(jobs.id, alive?.id ?? -1));
  });

  it('claims a queued job once even when two claims race (SKIP LOCKED)', async () => {
    const id = await addSupplier('Race Co', 'https://supplier.test/race.csv');
    const [queued] = await t.database.db.insert(jobs).values({ kind: 'image-reexport', supplierId: id, status: 'queued' }).returning();
    const claims = await Promise.all([claimNextJob(t.database.db, 'a', ['image-reexport']), claimNextJob(t.database.db, 'b', ['image-reexport'])]);
    const won = claims.filter((claim) => claim !== null);
    expect(won.map((claim) => claim?.id)).toEqual([queued?.id]);
    const [rowNow] = await queryRows<{ status: string; runner: string }>(t.database.db, sql`select status, runner from jobs where id = ${queued?.id ?? -1}`);
    expect(rowNow?.status).toBe('running');
    expect(['a', 'b']).toContain(rowNow?.runner);
    await t.database.db.update(jobs).set({ status: 'success' }).where(eq(jobs.id, queued?.id ?? -1));
  });
});

describe('the order-import schedule', () => {
  it('is empty at first, is set to every 15 minutes with the next run, and refuses bad shapes', async () => {
    const first = await call('GET', '/api/v1/jobs/schedules/order-import');
    expect(first).toMatchObject({ status: 200, body: { schedule: null, nextRunAt: null } });
    const set = await call('PUT', '/api/v1/jobs/schedules/order-import', { schedule: { kind: 'minutes', minutes: 15 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ schedule: { kind: 'minutes', minutes: 15, timeZone: 'Europe/Amsterdam' }, lastRunAt: null });
    // Never ran: every 15 minutes is due now, as the slot of the server clock's current minute
    // (src/shared/schedule.ts); the test app's clock stands still at its start.
    expect(Date.parse((set.body as { nextRunAt: string }).nextRunAt)).toBe(Math.floor(t.clock.now / 60_000) * 60_000);
    const daily = await call('PUT', '/api/v1/jobs/schedules/order-import', { schedule: { kind: 'daily', time: '02:30' } });
    const next = Date.parse((daily.body as { nextRunAt: string }).nextRunAt);
    expect(next).toBeGreaterThanOrEqual(Math.floor(t.clock.now / 60_000) * 60_000);
    expect(next).toBeLessThanOrEqual(t.clock.now + 24 * 3_600_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('02:30');
    for (const bad of [{ kind: 'minutes', minutes: 2 }, { kind: 'daily', time: '25:00' }, { kind: 'every', hours: 0 }, { kind: 'daily', time: '03:00', timeZone: 'Mars/Olympus' }, 'often']) {
      const refused = await call('PUT', '/api/v1/jobs/schedules/order-import', { schedule: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('PUT', '/api/v1/jobs/schedules/order-import', { nothing: true })).status).toBe(400);
    const cleared = await call('PUT', '/api/v1/jobs/schedules/order-import', { schedule: null });
    expect(cleared.body).toMatchObject({ schedule: null, nextRunAt: null });
  });
});

describe('POST /api/v1/feed/parse/0', () => {
  it('queues every enabled supplier and lists a disabled one as skipped with the reason', async () => {
    // The feeds earlier tests held open answer at once now.
    for (const url of ['https://supplier.test/slow-job.csv', 'https://supplier.test/cancel.csv']) served.set(url, () => new Response(`${HEADER}\n${row(9)}\n`));
    const off = await addSupplier('Off Co', 'https://supplier.test/off.csv');
    await t.database.db.update(suppliers).set({ enabled: false }).where(eq(suppliers.supplierId, off));
    const answer = await call('POST', '/api/v1/feed/parse/0');
    expect(answer.status).toBe(202);
    const started = answer.body as JobStartAnswer;
    expect(started.jobs.map((entry) => entry.supplierId)).not.toContain(off);
    expect(started.jobs.length).toBeGreaterThan(3);
    expect(started.skipped).toContainEqual({ supplierId: off, supplierName: 'Off Co', message: "Supplier 'Off Co' is disabled", messageId: 'server.supplierDisabled', messageArgs: ['Off Co'] });
    for (const entry of started.jobs) expect(['success', 'partial', 'failed']).toContain((await ended(entry.id)).status);
  }, 60_000);
});
