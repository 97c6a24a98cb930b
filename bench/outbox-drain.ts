/**
 * Outbox drain bench: 1,000 waiting product saves (one per product, so merging collapses
 * nothing) in an outbox on fake IndexedDB, drained by the real drainer into the real server
 * (a child process on loopback, demo catalogue, fresh data folder) over HTTP with fetch, until
 * nothing waits. Measures the engine end to end: claim in Dexie, the request(s) with their
 * Idempotency-Keys, the saves on the embedded database, the answers applied locally.
 * The saves are change sets, as the editor queues them (docs/offline.md "Change sets"), sent in
 * batches (POST /api/v1/product/batch, docs/offline.md "Batches"); OUTBOX_BENCH_SAVES=whole
 * queues whole-product saves (PUT with If-Match, entries queued by older versions of the app).
 * Standalone: `npx tsx bench/outbox-drain.ts`.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openDatabase } from '../src/app/db/database';
import { DEFAULT_PARALLEL_SENDS, drainOutbox, type OutboxRequest, type ResponseLike } from '../src/app/sync/drainer';
import { enqueueProductChange, enqueueProductSave } from '../src/app/sync/outbox';
import { buildChangeSet } from '../src/shared/change-set';
import type { Product } from '../src/shared/contract';
import { startServerProcess } from '../scripts/lib/server-process';
import { cpuSecondsOf, machineLoad } from './lib/process-cpu';

const SAVES = 1_000;
const ADMIN = { username: 'bench', password: 'bench-password-1' };
/** Drains are repeated (like the scheduler would) until the outbox is empty, at most this often. */
const MAX_DRAINS = 50;
/** The target for draining the 1,000 saves (the drain bench reports its figure beside it). */
const TARGET_SECONDS = 6;
/** OUTBOX_BENCH_SAVES=whole: whole-product saves (PUT) instead of the editor's change sets (PATCH / batch). */
const WHOLE_SAVES = process.env.OUTBOX_BENCH_SAVES === 'whole';

const format = (n: number) => n.toLocaleString('en-US');

const server = await startServerProcess({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
try {
  const demoDeadline = Date.now() + 180_000;
  while (!/\[demo\] demo catalogue ready/.test(server.output())) {
    if (Date.now() > demoDeadline) throw new Error(`the demo catalogue was not ready within 180 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };

  // Products a save is accepted for as they are: the demo catalogue has a few without an EAN,
  // which the server rightly refuses to save ("Please fill all required fields: ean").
  const products: Product[] = [];
  let cursor: string | null = null;
  for (let page = 0; products.length < SAVES && page < 20; page += 1) {
    const query: string = cursor === null ? `limit=${SAVES}` : `limit=${SAVES}&cursor=${encodeURIComponent(cursor)}`;
    const changes = await fetch(`${server.url}/api/v1/product/changes?${query}`, { headers: auth });
    if (!changes.ok) throw new Error(`reading the catalogue failed: ${changes.status}`);
    const answer = (await changes.json()) as { products: Product[]; cursor: string; hasMore: boolean };
    products.push(...answer.products.filter((product) => product.ean.trim() !== '').slice(0, SAVES - products.length));
    if (!answer.hasMore) break;
    cursor = answer.cursor;
  }
  if (products.length < SAVES) throw new Error(`the demo catalogue has ${products.length} savable products; ${SAVES} are needed`);

  const db = openDatabase(`bench-outbox-${Date.now()}`, { indexedDB, IDBKeyRange });
  const enqueueStarted = performance.now();
  for (const [index, product] of products.entries()) {
    const edited = { ...product, title: `${product.title} (bench)`, sellingPrice: Math.round((product.sellingPrice + 1 + (index % 7)) * 100) / 100 };
    if (WHOLE_SAVES) await enqueueProductSave(db, edited, product.version, ADMIN.username);
    else await enqueueProductChange(db, buildChangeSet(product, edited, Date.now(), false), edited, ADMIN.username);
  }
  const enqueueMs = performance.now() - enqueueStarted;
  const waiting = await db.outbox.count();
  if (waiting !== SAVES) throw new Error(`expected ${SAVES} waiting saves, found ${waiting}`);

  let requests = 0;
  /** Time spent waiting for the server (request out, whole answer in); the rest is the client. */
  let serverMs = 0;
  const send = async (request: OutboxRequest): Promise<ResponseLike> => {
    requests += 1;
    const sentAt = performance.now();
    const response = await fetch(`${server.url}${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = await response.text();
    serverMs += performance.now() - sentAt;
    return { status: response.status, headers: response.headers, text: async () => text };
  };
  const deps = {
    db,
    send,
    token: () => accessToken,
    currentUser: () => ADMIN.username,
    now: () => Date.now(),
    random: Math.random,
    // OUTBOX_PARALLEL=1 measures the old one-at-a-time drain for comparison.
    parallel: Number(process.env.OUTBOX_PARALLEL ?? DEFAULT_PARALLEL_SENDS),
    // OUTBOX_BATCH=0: one PATCH per change set, as before POST /product/batch (for comparison).
    batch: process.env.OUTBOX_BATCH !== '0',
  };

  let sent = 0;
  let drains = 0;
  const serverCpuBefore = cpuSecondsOf(server.pid);
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  while ((await db.outbox.count()) > 0 && drains < MAX_DRAINS) {
    const summary = await drainOutbox(deps);
    drains += 1;
    sent += summary.sent;
    if (summary.conflicts > 0 || summary.failed > 0 || summary.pausedForAuth) {
      const stuck = await db.outbox.where('status').anyOf('failed', 'conflict').toArray();
      const reasons = [...new Set(stuck.map((entry) => entry.lastError))].slice(0, 5).join('; ');
      throw new Error(`the drain did not go cleanly: ${JSON.stringify(summary)}: ${reasons}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const serverCpuAfter = cpuSecondsOf(server.pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
  const serverCpuMs = serverCpuBefore === null || serverCpuAfter === null ? null : (serverCpuAfter - serverCpuBefore) * 1000;
  const left = await db.outbox.count();
  if (left > 0) throw new Error(`${left} saves still waiting after ${drains} drains`);

  // Spot check: the last product saved carries its edit on the server.
  const last = products[products.length - 1] as Product;
  const check = (await (await fetch(`${server.url}/api/v1/product/${last.productId}`, { headers: auth })).json()) as Product;
  if (check.title !== `${last.title} (bench)` || check.version !== last.version + 1) {
    throw new Error(`product ${last.productId} does not carry its saved edit: ${check.title} v${check.version}`);
  }

  console.log(
    `outbox drain (${format(SAVES)} waiting ${WHOLE_SAVES ? 'whole-product saves' : 'change sets'} over ${format(SAVES)} products, local server): ${seconds.toFixed(1)} s; ` +
      `target ≤ ${TARGET_SECONDS} s ${seconds <= TARGET_SECONDS ? 'pass' : 'FAIL'} ` +
      `(${Math.round(sent / seconds)} saves/s, ${(1000 * seconds / sent).toFixed(1)} ms per save, up to ${deps.parallel} requests at a time, batches ${deps.batch ? 'on' : 'off'}; ` +
      `${(serverMs / 1000).toFixed(1)} s of it waiting for the server; ${requests} requests, ${drains} drain run${drains === 1 ? '' : 's'}; queueing the ${format(SAVES)} edits took ${(enqueueMs / 1000).toFixed(1)} s)`,
  );
  // Load-independent figures: CPU time per save, in the server and in the client (drainer + Dexie on fake IndexedDB).
  console.log(
    `  CPU per save: server ${serverCpuMs === null ? 'n/a' : `${(serverCpuMs / sent).toFixed(2)} ms`}, client ${(clientCpuMs / sent).toFixed(2)} ms; ` +
      `load average ${machineLoad()}`,
  );
  await db.delete();
} finally {
  await server.stop();
}
