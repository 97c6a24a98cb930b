/**
 * Scheduled runs (docs/jobs.md, "Schedules"): a due supplier schedule is queued once per slot and
 * run by the job runner; two app instances, each with its own connection pool, job runner and
 * scheduler, racing for the same due slot and the same queued jobs run each once. On the embedded
 * database the two instances share one database object; with TEST_DATABASE_URL they are two pools
 * on one real PostgreSQL (as two server processes would be).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/app-deps';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/connection';
import { jobs, products, suppliers } from '../../src/server/db/schema';
import { createJobRunner } from '../../src/server/app-jobs';
import type { JobRunner } from '../../src/server/jobs/job-runner';
import { Scheduler, queueDueRuns } from '../../src/server/jobs/scheduler';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let second: DatabaseHandle | null = null;
const fetchedBy: string[] = [];

function feedFetch(instance: string): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    fetchedBy.push(`${instance} ${url}`);
    // Slow enough that both instances are looking while the run is under way.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return new Response('ean;sku;title;price;stock\n;S-1;Scheduled thing;1,00;1\n');
  }) as typeof fetch;
}

interface Instance {
  runner: JobRunner;
  scheduler: Scheduler;
}

function instance(name: string, db: Database): Instance {
  const deps = { db, fetch: feedFetch(name) } as unknown as AppDeps;
  const runner = createJobRunner(deps);
  return { runner, scheduler: new Scheduler(db, () => runner.kick(), { orderImport: false }) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) second = await openDatabase({ kind: 'postgres', url: database.url });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await database?.close();
});

async function addScheduled(name: string, schedule: unknown): Promise<number> {
  const [row] = await database.db
    .insert(suppliers)
    .values({ supplierName: name, supplierUrlFeed: `https://supplier.test/${encodeURIComponent(name)}.csv`, schedule })
    .returning();
  if (!row) throw new Error('no supplier');
  return row.supplierId;
}

async function settled(runners: JobRunner[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const active = await database.db.select().from(jobs).where(eq(jobs.status, 'running'));
    const queued = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    if (active.length === 0 && queued.length === 0 && runners.every((runner) => runner.leases.running === 0)) return;
    if (Date.now() > deadline) throw new Error('jobs did not settle');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the scheduler', () => {
  it('queues a due slot once, skips disabled suppliers and schedules not yet due', async () => {
    const due = await addScheduled('Every hour', { kind: 'every', hours: 1, timeZone: 'Europe/Amsterdam' });
    const disabled = await addScheduled('Disabled', { kind: 'every', hours: 1, timeZone: 'Europe/Amsterdam' });
    await database.db.update(suppliers).set({ enabled: false }).where(eq(suppliers.supplierId, disabled));
    const notYet = await addScheduled('Daily later', { kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' });
    const now = new Date('2026-01-15T12:00:00Z'); // the start of a minute: a never-run interval's slot
    const first = await queueDueRuns(database.db, now, { orderImport: false });
    expect(first.map((job) => [job.supplierId, job.trigger, job.scheduledFor?.toISOString()])).toEqual([[due, 'schedule', now.toISOString()]]);
    // Seen due again a moment later (the job is still queued): nothing new.
    expect(await queueDueRuns(database.db, new Date(now.getTime() + 5_000), { orderImport: false })).toEqual([]);
    const rows = await database.db.select().from(jobs).where(and(eq(jobs.kind, 'feed-import')));
    expect(rows.filter((row) => row.supplierId === notYet || row.supplierId === disabled)).toEqual([]);
    await database.db.delete(jobs);
    await database.db.delete(suppliers);
  });
});

describe('two app instances on one database', () => {
  it('run a due scheduled import exactly once, however often both schedulers and runners look', async () => {
    const a = instance('a', database.db);
    const b = instance('b', second?.db ?? database.db);
    const id = await addScheduled('Race Scheduled', { kind: 'every', hours: 6, timeZone: 'Europe/Amsterdam' });
    fetchedBy.length = 0;
    // Both look at once, again and again, while the run is queued, running and ended.
    for (let round = 0; round < 8; round += 1) {
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await settled([a.runner, b.runner]);
    const runs = await database.db.select().from(jobs).where(eq(jobs.supplierId, id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'feed-import', trigger: 'schedule', status: 'success', writtenCount: 1 });
    expect(fetchedBy.filter((entry) => entry.endsWith('Race%20Scheduled.csv'))).toHaveLength(1);
    expect(await database.db.select().from(products).where(eq(products.supplierId, id))).toHaveLength(1);
  }, 60_000);

  it('claim each of many queued jobs once (FOR UPDATE SKIP LOCKED), spreading them over both', async () => {
    const a = instance('a', database.db);
    const b = instance('b', second?.db ?? database.db);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await addScheduled(`Queued ${i}`, null));
    fetchedBy.length = 0;
    await database.db.insert(jobs).values(ids.map((supplierId) => ({ kind: 'feed-import', supplierId, status: 'queued', trigger: 'user' })));
    a.runner.kick();
    b.runner.kick();
    await settled([a.runner, b.runner]);
    const runs = await database.db.select().from(jobs).where(eq(jobs.kind, 'feed-import'));
    const these = runs.filter((run) => run.supplierId !== null && ids.includes(run.supplierId));
    expect(these).toHaveLength(10);
    expect(these.every((run) => run.status === 'success')).toBe(true);
    // Each feed fetched once: no job ran twice.
    for (const supplierId of ids) {
      const [supplier] = await database.db.select().from(suppliers).where(eq(suppliers.supplierId, supplierId));
      expect(fetchedBy.filter((entry) => entry.endsWith(`/${encodeURIComponent(supplier?.supplierName ?? '')}.csv`))).toHaveLength(1);
    }
    const byInstance = new Set(fetchedBy.map((entry) => entry.split(' ')[0]));
    if (second) expect([...byInstance].sort()).toEqual(['a', 'b']);
  }, 60_000);
});
