/**
 * Kill test (docs/security.md, "Outbound fetches and imports"; docs/jobs.md, "Durability"): the
 * real server as a child process on the embedded database is killed with SIGKILL halfway through a
 * 20,000-row feed import job (80 batches: the kill lands between and inside batches alike) and during a burst of saves, and started again on the same data
 * folder. Afterwards the import's job is 'interrupted' (never 'running' forever), no import batch
 * is half written, the supplier can be imported again at once, the catalogue upkeep ran, every
 * acknowledged save is there, and a save retried with its Idempotency-Key is answered at once
 * without a second write. KILL_ROUNDS (default 1) repeats both kills for a longer soak.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ParsingHistoryEntry, Product, Supplier } from '../../src/shared/contract';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import { DEFAULT_BATCH_SIZE } from '../../src/server/feeds/feed-import';
import { prepareDatabase, signIn, startFeedServer, supplierIds, type FeedServer } from '../../scripts/lib/load-fixture';
import { startServerProcess, type RunningServer } from '../../scripts/lib/server-process';
import { migratedDataDir } from './support/server-process';

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 1);
const ADMIN = { username: 'killer', password: 'kill-test-password-1' };
const SAVES = 'Kill saves';
const IMPORT = 'Kill import';
/**
 * Enough batches (DEFAULT_BATCH_SIZE each) for the kill to land mid-import with seconds to spare:
 * the test is about what a kill leaves behind, not about speed (bench/job-import.ts measures that).
 */
const IMPORT_ROWS = 20_000;

let feeds: FeedServer;
let dataDir = '';
let server: RunningServer | null = null;
let auth: Record<string, string> = {};

async function start(): Promise<RunningServer> {
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DEMO_CATALOGUE: '0',
    OUTBOUND_ALLOW: `127.0.0.1:${feeds.port}`,
    IMPORT_MIN_FREE_MB: '100',
    // Counts of this test's 20,000 products must be exact, not the list's estimate (docs/products.md, "Totals").
    FILTER_EXACT_COUNT_LIMIT: '1000000',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  auth = await signIn(server.url, ADMIN.username, ADMIN.password);
  return server;
}

async function get<T>(url: string): Promise<T> {
  const response = await fetch(`${server?.url}${url}`, { headers: auth });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function productCount(supplierName: string): Promise<number> {
  const page = await get<Page<Product>>(`/api/v1/bol/product/filter?page=0&size=1&supplierName=${encodeURIComponent(supplierName)}`);
  return page.totalElements;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  feeds = await startFeedServer();
  dataDir = migratedDataDir('backoffice-kill-');
  prepareDatabase(dataDir, [
    { name: SAVES, url: feeds.feedUrl(400, 700_000) },
    { name: IMPORT, url: feeds.feedUrl(IMPORT_ROWS, 0, 'auto') },
  ]);
  const first = await start();
  const ids = await supplierIds(first.url, auth);
  const seeded = await fetch(`${first.url}/api/v1/feed/parse/${ids.get(SAVES)}?wait=true`, { method: 'POST', headers: auth });
  expect(seeded.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await feeds?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 and restart', () => {
  for (let round = 1; round <= ROUNDS; round += 1) {
    it(`round ${round}: halfway through a 20,000-row import job — job interrupted, no half batch, importable again at once, upkeep run`, async () => {
      const ids = await supplierIds(server!.url, auth);
      const importId = ids.get(IMPORT);
      const before = await productCount(IMPORT);
      const started = await fetch(`${server!.url}/api/v1/feed/parse/${importId}`, { method: 'POST', headers: auth });
      expect(started.status).toBe(202);
      const jobId = ((await started.json()) as JobStartAnswer).jobs[0]?.id;
      // Kill once the job's progress says half the rows were read.
      const deadline = Date.now() + 120_000;
      for (;;) {
        const job = await get<Job>(`/api/v1/jobs/${jobId}`);
        if (job.status === 'running' && job.read >= IMPORT_ROWS / 2) break;
        if (job.status !== 'running' && job.status !== 'queued') throw new Error(`the import ended before the kill: ${JSON.stringify(job)}`);
        if (Date.now() > deadline) throw new Error('the import did not get halfway');
        await sleep(50);
      }
      await server!.kill('SIGKILL');

      await start();
      const job = await get<Job>(`/api/v1/jobs/${jobId}`);
      expect(job).toMatchObject({ status: 'interrupted', message: 'Interrupted: the server stopped while this was running' });
      expect(job.finishedAt).not.toBeNull();
      const suppliers = await get<Supplier[]>('/api/v1/supplier');
      expect(suppliers.find((supplier) => supplier.supplierId === importId)?.inProgress).toBe(false);
      const history = await get<Page<ParsingHistoryEntry>>('/api/v1/history/feed?page=0&size=5');
      const interrupted = history.content.find((entry) => entry.supplierId === importId);
      expect(interrupted).toMatchObject({ status: 'failed', message: 'Interrupted: the server stopped while this was running', messageId: 'server.jobInterrupted' });
      const after = await productCount(IMPORT);
      // Every batch is one transaction of DEFAULT_BATCH_SIZE rows (no row of this feed is refused).
      expect(after).toBeGreaterThan(before);
      expect(after).toBeLessThan(IMPORT_ROWS);
      expect((after - before) % DEFAULT_BATCH_SIZE).toBe(0);
      // The upkeep the import would have run at its end runs after the restart.
      const upkeepDeadline = Date.now() + 30_000;
      while (!/import\(s\) or re-export\(s\) were interrupted: refreshed the catalogue statistics/.test(server!.output())) {
        if (Date.now() > upkeepDeadline) throw new Error(`no upkeep after the restart:\n${server!.output()}`);
        await sleep(100);
      }
      // The supplier is free at once: the same import is accepted and runs to its end.
      const again = await fetch(`${server!.url}/api/v1/feed/parse/${importId}`, { method: 'POST', headers: auth });
      expect(again.status).toBe(202);
      const againId = ((await again.json()) as JobStartAnswer).jobs[0]?.id;
      const endDeadline = Date.now() + 180_000;
      let rerun = await get<Job>(`/api/v1/jobs/${againId}`);
      while (rerun.status === 'queued' || rerun.status === 'running') {
        if (Date.now() > endDeadline) throw new Error('the second import did not end');
        await sleep(250);
        rerun = await get<Job>(`/api/v1/jobs/${againId}`);
      }
      expect(rerun).toMatchObject({ status: 'success', read: IMPORT_ROWS, written: IMPORT_ROWS, refused: 0, percent: 100 });
      expect(await productCount(IMPORT)).toBe(IMPORT_ROWS);
    }, 420_000);

    it(`round ${round}: during a burst of saves — every acknowledged save kept, a retry answered at once`, async () => {
      const page = await get<Page<Product>>(`/api/v1/bol/product/filter?page=0&size=40&supplierName=${encodeURIComponent(SAVES)}`);
      const products = await Promise.all(page.content.map((row) => get<Product>(`/api/v1/product/${row.productId}`)));
      interface Sent {
        product: Product;
        stock: number;
        key: string;
        ifMatch: string;
        body: string;
      }
      const acknowledged = new Map<number, { version: number; stock: number }>();
      const unanswered = new Map<number, Sent>();
      let stopped = false;
      let counter = round * 100_000;
      const client = async (own: Product[]) => {
        const current = new Map(own.map((product) => [product.productId, product]));
        while (!stopped) {
          for (const product of current.values()) {
            if (stopped) return;
            counter += 1;
            const sent: Sent = { product, stock: counter % 100_000, key: randomUUID(), ifMatch: `"${product.version}"`, body: '' };
            sent.body = JSON.stringify({ ...product, stock: sent.stock });
            unanswered.set(product.productId, sent);
            try {
              const response = await fetch(`${server!.url}/api/v1/product`, {
                method: 'PUT',
                headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': sent.ifMatch, 'Idempotency-Key': sent.key },
                body: sent.body,
              });
              const saved = (await response.json()) as Product;
              if (response.status !== 200) throw new Error(`save answered ${response.status}`);
              unanswered.delete(product.productId);
              acknowledged.set(product.productId, { version: saved.version, stock: sent.stock });
              current.set(product.productId, saved);
            } catch (error) {
              if (!stopped) throw error;
              return; // the server died with this save on its way: it stays in `unanswered`
            }
          }
        }
      };
      const clients = Array.from({ length: 8 }, (_, c) => client(products.filter((_, i) => i % 8 === c)));
      const burst = Promise.allSettled(clients);
      while (acknowledged.size < 20) await sleep(20);
      await sleep(200 + Math.random() * 500);
      stopped = true;
      await server!.kill('SIGKILL');
      const outcomes = await burst;
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(0);

      await start();
      for (const [productId, ack] of acknowledged) {
        const stored = await get<Product>(`/api/v1/product/${productId}`);
        const pending = unanswered.get(productId);
        // The acknowledged save, or (when the kill came after its commit but before its answer) the unanswered one after it.
        const isAck = stored.version === ack.version && stored.stock === ack.stock;
        const isPendingAfterAck = pending !== undefined && stored.version === ack.version + 1 && stored.stock === pending.stock;
        expect(isAck || isPendingAfterAck, `product ${productId}: stored v${stored.version} stock ${stored.stock}, acknowledged v${ack.version} stock ${ack.stock}`).toBe(true);
      }

      // The client retries what was never answered, with the same key: answered at once, written at most once.
      const retryStatuses: number[] = [];
      for (const sent of unanswered.values()) {
        const before = await get<Product>(`/api/v1/product/${sent.product.productId}`);
        const started = performance.now();
        const response = await fetch(`${server!.url}/api/v1/product`, {
          method: 'PUT',
          headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': sent.ifMatch, 'Idempotency-Key': sent.key },
          body: sent.body,
        });
        const answer = (await response.json()) as Product;
        expect(performance.now() - started).toBeLessThan(2_000);
        retryStatuses.push(response.status);
        const after = await get<Product>(`/api/v1/product/${sent.product.productId}`);
        // Never a second write of the same save.
        expect(after.version).toBeLessThanOrEqual(sent.product.version + 1);
        if (response.status === 200) {
          expect(answer.stock).toBe(sent.stock);
        } else {
          // The save landed before the kill but its answer was not stored: its edit is there, the
          // version moved on, so If-Match no longer fits (the idempotency record is not in the
          // save's transaction; see docs/security.md).
          expect(response.status).toBe(412);
          expect(before.stock).toBe(sent.stock);
          expect(before.version).toBe(sent.product.version + 1);
        }
      }
      expect(retryStatuses.every((status) => status === 200 || status === 412)).toBe(true);
      console.info(`kill during saves: ${acknowledged.size} products with acknowledged saves kept; ${retryStatuses.length} unanswered saves retried: ${retryStatuses.join(', ') || 'none'}`);
    }, 240_000);
  }
});
