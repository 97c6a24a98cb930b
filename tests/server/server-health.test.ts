/**
 * /healthz as a quick path, and imports on a filling disk (docs/security.md, "Outbound fetches
 * and imports"). The disk's free space is a fake here; the real thing was checked by hand on a
 * 150 MB tmpfs (see the docs): without the reserve the embedded database stopped answering.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import { suppliers } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/query-rows';
import { isDiskFullError } from '../../src/server/lib/caught-errors';
import { DISK_RESERVE_BYTES, ServerHealth } from '../../src/server/http/server-health';
import { createTestApp, type TestApp } from './support/test-app';

const GB = 1024 * 1024 * 1024;
const disk = { free: 10 * GB, calls: 0, fullAfterCalls: Number.POSITIVE_INFINITY };
let t: TestApp;
let health: ServerHealth;

function feed(rows: number): string {
  const lines = ['ean;sku;title;price;stock'];
  for (let i = 1; i <= rows; i += 1) lines.push(`;HEALTH-${i};Health product ${i};1,00;${i % 7}`);
  return lines.join('\n');
}

beforeAll(async () => {
  t = await createTestApp({
    deps: (db) => {
      health = new ServerHealth({
        db,
        dataDir: '/data',
        importMinFreeBytes: 500 * 1024 * 1024,
        freeSpace: async () => {
          disk.calls += 1;
          return disk.calls > disk.fullAfterCalls ? DISK_RESERVE_BYTES - 1 : disk.free;
        },
      });
      return {
        health,
        fetch: (async () => new Response(feed(5_000), { headers: { 'Content-Type': 'text/csv' } })) as typeof fetch,
      };
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function api(method: string, path: string) {
  const response = await t.app.request(path, { method, headers: { Authorization: `Bearer ${await t.token()}` } });
  return { status: response.status, body: (await response.json()) as FeedRunReport & { message?: string } };
}

async function supplier(name: string): Promise<number> {
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: 'https://feeds.example.com/health.csv', feedFormat: 'csv' }).returning();
  if (!row) throw new Error('no supplier');
  return row.supplierId;
}

describe('/healthz', () => {
  it('answers 200 while a database transaction of an import holds the database', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = health.whileImporting(() => t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    }));
    const started = performance.now();
    const response = await t.app.request('/healthz');
    const elapsed = performance.now() - started;
    release();
    await busy;
    expect(response.status).toBe(200);
    // The embedded database has one connection, held by the import: the answer says why it did not
    // ask it. A PostgreSQL pool answers `select 1` on another connection.
    const embedded = t.database.kind !== 'postgres';
    expect(await response.json()).toEqual(embedded ? { status: 'ok', detail: 'busy with an import' } : { status: 'ok' });
    expect(elapsed).toBeLessThan(1_000);
  });

  it('answers at once, without queueing behind the database, while an import commits batches', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = health.whileImporting(() =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        health.noteProgress();
        await held;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const response = await t.app.request('/healthz');
    const elapsed = performance.now() - started;
    release();
    await busy;
    expect(response.status).toBe(200);
    // The select-1 path would wait its 500 ms first.
    expect(elapsed).toBeLessThan(300);
  });

  it('answers 503 "disk full" while the data disk is down to its reserve, 200 again once there is room', async () => {
    disk.free = DISK_RESERVE_BYTES - 1;
    const full = await t.app.request('/healthz');
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ status: 'disk full' });
    disk.free = 10 * GB;
    const again = await t.app.request('/healthz');
    expect(again.status).toBe(200);
  });
});

describe('imports and disk space', () => {
  it('refuses an import up front with 507 when the data folder has less free space than IMPORT_MIN_FREE_MB', async () => {
    const id = await supplier('Low space');
    disk.free = 200 * 1024 * 1024;
    const { status, body } = await api('POST', `/api/v1/feed/parse/${id}?wait=true`);
    disk.free = 10 * GB;
    expect(status).toBe(507);
    expect(body.message).toBe(
      'Not enough free disk space to import: 200 MB free in the data folder, at least 500 MB needed (IMPORT_MIN_FREE_MB). Free some space and try again.',
    );
    const [history] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from parsing_history where supplier_id = ${id}`);
    expect(history?.n).toBe(0);
  });

  it('stops an import when the disk fills: whole batches kept, a clear message, reads keep working, /healthz 503', async () => {
    const id = await supplier('Disk fills');
    disk.calls = 0;
    disk.fullAfterCalls = 1; // the check before the import passes, the first check during it finds the disk full
    const { status, body } = await api('POST', `/api/v1/feed/parse/${id}?wait=true`);
    expect(status).toBe(507);
    const entry = body.entries[0];
    expect(entry?.status).toBe('failed');
    expect(entry?.message).toMatch(/^The import of supplier 'Disk fills' stopped because the disk of the data folder is full; rows before were imported\. Free disk space and import again\./);
    // The space is checked after every 8th batch of 250 rows: 2,000 rows, never a part of a batch.
    // On PostgreSQL after every COPY commit, whose first holds the feed's 5,000 rows (docs/feeds.md, "Writing on PostgreSQL").
    const kept = t.database.kind === 'postgres' ? 5_000 : 2_000;
    expect(entry?.created).toBe(kept);
    const [stored] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products where supplier_id = ${id}`);
    expect(stored?.n).toBe(kept);
    const [flag] = await queryRows<{ in_progress: boolean }>(t.database.db, sql`select in_progress from suppliers where supplier_id = ${id}`);
    expect(flag?.in_progress).toBe(false);

    const read = await api('GET', '/api/v1/bol/product/filter?page=0&size=5&supplierName=Disk%20fills');
    expect(read.status).toBe(200);
    expect((await t.app.request('/healthz')).status).toBe(503);
    disk.fullAfterCalls = Number.POSITIVE_INFINITY;
    expect((await t.app.request('/healthz')).status).toBe(200);
  });
});

describe('isDiskFullError', () => {
  it('knows Node and PostgreSQL disk-full errors', () => {
    expect(isDiskFullError(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' }))).toBe(true);
    expect(isDiskFullError(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }))).toBe(true);
    expect(isDiskFullError(new Error('duplicate key value'))).toBe(false);
  });
});
