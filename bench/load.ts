/**
 * Load bench (`npm run bench:load`): 20 clients on loopback against the real server (a child
 * process with a fresh data folder), each in a loop of product filters and saves with If-Match
 * and Idempotency-Key, a third of the saves sent twice with the same key (an outbox retry).
 * Two windows: the catalogue at rest, and while 100,000-row feed imports run back to back.
 * Prints requests/s, p50/p95/p99 per kind, errors, lost and duplicated writes and /healthz
 * latency, each beside its target with PASS/FAIL, and exits 1 when a target is missed.
 *
 * LOAD_SECONDS (default 60) sets each window, LOAD_CLIENTS (20), LOAD_IMPORT_ROWS (100,000);
 * LOAD_WINDOWS=rest or LOAD_WINDOWS=import runs only that window (default: both).
 * With DATABASE_URL the server runs on that PostgreSQL (use a throw-away database: suppliers and
 * products are added to it) and the p95 target is 150 ms instead of 300 ms.
 *
 * LOAD_PROCESSES=2 (or `-- --processes=2`), with DATABASE_URL: two server processes on that one
 * PostgreSQL (docs/deployment.md, "Running on several machines"); the clients' calls alternate between them
 * as behind a round-robin load balancer, and each repeated save goes to the other process than its
 * first attempt. Then LOAD_SECONDS defaults to 20 and only the window at rest runs, unless
 * LOAD_WINDOWS says otherwise.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { Product } from '../src/shared/contract';
import { prepareDatabase, signIn, startFeedServer, supplierIds } from '../scripts/lib/load-fixture';
import { startServerProcess } from '../scripts/lib/server-process';
import { cpuSecondsOf, machineLoad } from './lib/process-cpu';

const processesArgument = process.argv.find((arg) => arg.startsWith('--processes='))?.split('=')[1];
const PROCESSES = Number(processesArgument ?? process.env.LOAD_PROCESSES ?? 1);
const SECONDS = Number(process.env.LOAD_SECONDS ?? (PROCESSES > 1 ? 20 : 60));
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const IMPORT_ROWS = Number(process.env.LOAD_IMPORT_ROWS ?? 100_000);
const SAVE_PRODUCTS = 2_000;
const WINDOWS = process.env.LOAD_WINDOWS ?? (PROCESSES > 1 ? 'rest' : 'both');
const ADMIN = { username: 'bench', password: 'bench-password-1' };
const onPostgres = Boolean(process.env.DATABASE_URL);
const P95_TARGET_MS = onPostgres ? 150 : 300;
const SAVES_SUPPLIER = 'Load saves';
const SHARED_SECRET = `load-bench-${randomUUID()}`;
const IMPORT_SUPPLIER = 'Load import';
const KEYWORDS = ['Green', 'Black', 'White', 'Bench product 1', 'Feature 3', '8715'];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
}

interface OwnedProduct {
  product: Product;
  /** Set after every acknowledged save: what the server must hold at the end. */
  acknowledged: { version: number; stock: number } | null;
}

interface WindowStats {
  label: string;
  seconds: number;
  /** CPU seconds the server process used during the window (null: not measurable here). */
  serverCpuSeconds: number | null;
  times: { filter: number[]; save: number[]; repeat: number[] };
  errors: Map<string, number>;
  duplicated: number;
  healthz: number[];
  imports: { rows: number; seconds: number; status: string }[];
}

const newStats = (label: string): WindowStats => ({
  label,
  seconds: 0,
  serverCpuSeconds: null,
  times: { filter: [], save: [], repeat: [] },
  errors: new Map(),
  duplicated: 0,
  healthz: [],
  imports: [],
});

function countError(stats: WindowStats, reason: string) {
  stats.errors.set(reason, (stats.errors.get(reason) ?? 0) + 1);
}

async function timed<T>(list: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    list.push(performance.now() - started);
  }
}

/** The server answering call number `n` (round robin over the processes). */
type Balancer = (n: number) => string;

async function client(balance: Balancer, auth: Record<string, string>, owned: OwnedProduct[], stats: WindowStats, until: number, seed: number) {
  let counter = seed * 1_000;
  while (Date.now() < until) {
    counter += 1;
    try {
      if (counter % 2 === 0) {
        const keyword = KEYWORDS[counter % KEYWORDS.length] ?? '';
        const query = `page=${counter % 5}&size=20&supplierName=${encodeURIComponent(SAVES_SUPPLIER)}&keyword=${encodeURIComponent(keyword)}`;
        const response = await timed(stats.times.filter, async () => {
          const answer = await fetch(`${balance(counter)}/api/v1/bol/product/filter?${query}`, { headers: auth });
          await answer.arrayBuffer();
          return answer;
        });
        if (!response.ok) countError(stats, `filter HTTP ${response.status}`);
        continue;
      }
      const item = owned[counter % owned.length];
      if (!item) continue;
      const stock = counter % 10_000;
      const body = JSON.stringify({ ...item.product, stock });
      const headers = { ...auth, 'Content-Type': 'application/json', 'If-Match': `"${item.product.version}"`, 'Idempotency-Key': randomUUID() };
      // A repeat goes to the other process than the first attempt (one process: the same).
      const send = (attempt: number) => fetch(`${balance(counter + attempt)}/api/v1/product`, { method: 'PUT', headers, body });
      const first = await timed(stats.times.save, async () => {
        const answer = await send(0);
        return { status: answer.status, product: answer.ok ? ((await answer.json()) as Product) : (await answer.arrayBuffer(), null) };
      });
      if (!first.product) {
        countError(stats, `save HTTP ${first.status}`);
        continue;
      }
      item.product = first.product;
      item.acknowledged = { version: first.product.version, stock };
      if (counter % 3 === 0) {
        const repeat = await timed(stats.times.repeat, async () => {
          const answer = await send(1);
          return { status: answer.status, replayed: answer.headers.get('Idempotent-Replayed') === 'true', product: answer.ok ? ((await answer.json()) as Product) : null };
        });
        if (!repeat.product) countError(stats, `repeated save HTTP ${repeat.status}`);
        else if (repeat.product.version !== first.product.version || !repeat.replayed) stats.duplicated += 1;
      }
    } catch (error) {
      countError(stats, `network: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`);
    }
  }
}

async function probeHealth(baseUrl: string, stats: WindowStats, until: () => boolean) {
  while (!until()) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (!response.ok) countError(stats, `healthz HTTP ${response.status}`);
    } catch {
      countError(stats, 'healthz no answer');
    }
    stats.healthz.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Checks every product against the last acknowledged save: answers [lost, duplicated]. */
async function verify(baseUrl: string, auth: Record<string, string>, owned: OwnedProduct[]): Promise<[number, number]> {
  let lost = 0;
  let duplicated = 0;
  for (const item of owned) {
    if (!item.acknowledged) continue;
    const response = await fetch(`${baseUrl}/api/v1/product/${item.product.productId}`, { headers: auth });
    const product = (await response.json()) as Product;
    if (product.version > item.acknowledged.version) duplicated += 1;
    else if (product.version < item.acknowledged.version || product.stock !== item.acknowledged.stock) lost += 1;
  }
  return [lost, duplicated];
}


function mark(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

let failed = false;
function report(line: string, ok: boolean | null) {
  if (ok === false) failed = true;
  console.log(ok === null ? line : `${line}  [${mark(ok)}]`);
}

function printWindow(stats: WindowStats, lost: number, duplicated: number) {
  const all = [...stats.times.filter, ...stats.times.save, ...stats.times.repeat].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const tag = `load ${stats.label}`;
  report(`${tag}: ${(all.length / stats.seconds).toFixed(0)} req/s over ${stats.seconds.toFixed(0)} s, ${CLIENTS} clients (${all.length} requests)`, null);
  if (stats.serverCpuSeconds !== null) {
    // Independent of how busy the machine is: what each request costs the server process itself.
    report(`${tag}: server process${PROCESSES > 1 ? 'es' : ''} CPU ${((stats.serverCpuSeconds * 1000) / all.length).toFixed(2)} ms per request (${((stats.serverCpuSeconds / stats.seconds) * 100).toFixed(0)} % of a core)`, null);
  }
  // The p95 target is the one at rest; while a 100,000-row import runs the targets are /healthz
  // within 1 s and a save's p95 under 1 s (the targets), printed below.
  const duringImport = stats.healthz.length > 0;
  const allLine = `${tag}: all requests p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))}`;
  const p99 = `p99 ${ms(percentile(all, 99))}`;
  if (duringImport) report(`${allLine}, ${p99}`, null);
  else report(`${allLine} (target < ${P95_TARGET_MS} ms), ${p99}`, percentile(all, 95) < P95_TARGET_MS);
  for (const [kind, list] of Object.entries(stats.times)) {
    const sorted = [...list].sort((a, b) => a - b);
    report(`${tag}: ${kind} (${sorted.length}) p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}`, null);
  }
  const errorCount = [...stats.errors.values()].reduce((a, b) => a + b, 0);
  const reasons = [...stats.errors.entries()].map(([reason, n]) => `${n}× ${reason}`).join(', ');
  report(`${tag}: errors ${errorCount} (target 0)${reasons ? `: ${reasons}` : ''}`, errorCount === 0);
  report(`${tag}: lost writes ${lost} (target 0)`, lost === 0);
  report(`${tag}: duplicated writes ${duplicated + stats.duplicated} (target 0)`, duplicated + stats.duplicated === 0);
  if (stats.healthz.length > 0) {
    const sorted = [...stats.healthz].sort((a, b) => a - b);
    const max = sorted[sorted.length - 1] ?? Number.NaN;
    report(`${tag}: /healthz (${sorted.length} probes) p50 ${ms(percentile(sorted, 50))}, max ${ms(max)} (target < 1000 ms)`, max < 1_000);
    const saves = [...stats.times.save].sort((a, b) => a - b);
    report(`${tag}: save p95 during the import ${ms(percentile(saves, 95))} (target < 1000 ms)`, percentile(saves, 95) < 1_000);
  }
  for (const run of stats.imports) {
    report(`${tag}: import of ${run.rows.toLocaleString('en-US')} rows ${run.status} in ${run.seconds.toFixed(1)} s (${Math.round(run.rows / run.seconds).toLocaleString('en-US')} rows/s)`, run.status === 'success');
  }
}

const feeds = await startFeedServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-load-'));
prepareDatabase(dataDir, [
  { name: SAVES_SUPPLIER, url: feeds.feedUrl(SAVE_PRODUCTS, 500_000) },
  { name: IMPORT_SUPPLIER, url: feeds.feedUrl(IMPORT_ROWS, 0, 'auto') },
]);
const server = await startServerProcess({
  DATA_DIR: dataDir,
  DEMO_CATALOGUE: '0',
  OUTBOUND_ALLOW: `127.0.0.1:${feeds.port}`,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  // Several processes must accept each other's tokens.
  JWT_SECRET: SHARED_SECRET,
});
if (PROCESSES > 1 && !onPostgres) throw new Error('LOAD_PROCESSES above 1 needs DATABASE_URL: several processes share one PostgreSQL');
const servers = [server];
try {
  // One after the other: each runs the migrations and checks the first user on start.
  while (servers.length < PROCESSES) {
    servers.push(
      await startServerProcess({ DEMO_CATALOGUE: '0', OUTBOUND_ALLOW: `127.0.0.1:${feeds.port}`, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: SHARED_SECRET }),
    );
  }
  const balance: Balancer = (n) => (servers[n % servers.length] as { url: string }).url;
  const auth = await signIn(server.url, ADMIN.username, ADMIN.password);
  const ids = await supplierIds(server.url, auth);
  const savesId = ids.get(SAVES_SUPPLIER);
  const importId = ids.get(IMPORT_SUPPLIER);
  if (savesId === undefined || importId === undefined) throw new Error('the bench suppliers are missing');
  const seeded = await fetch(`${server.url}/api/v1/feed/parse/${savesId}?wait=true`, { method: 'POST', headers: auth });
  if (!seeded.ok) throw new Error(`importing the products to save failed: ${seeded.status} ${await seeded.text()}`);

  const all: Product[] = [];
  for (let page = 0; all.length < SAVE_PRODUCTS; page += 1) {
    const answer = await fetch(`${server.url}/api/v1/bol/product/filter?page=${page}&size=200&supplierName=${encodeURIComponent(SAVES_SUPPLIER)}`, { headers: auth });
    const body = (await answer.json()) as { content: { productId: number }[] };
    if (body.content.length === 0) break;
    for (const row of body.content) {
      const product = await fetch(`${server.url}/api/v1/product/${row.productId}`, { headers: auth });
      all.push((await product.json()) as Product);
    }
  }
  // Each client saves only its own products, so every 412 or lost write is the server's.
  const owned = Array.from({ length: CLIENTS }, (_, c) => all.filter((_, i) => i % CLIENTS === c).map((product): OwnedProduct => ({ product, acknowledged: null })));

  const serversCpu = (): number | null => {
    const each = servers.map((running) => cpuSecondsOf(running.pid));
    return each.some((value) => value === null) ? null : each.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  };
  const runWindow = async (stats: WindowStats, withImport: boolean) => {
    const started = Date.now();
    const cpuBefore = serversCpu();
    const until = started + SECONDS * 1_000;
    let importsDone = !withImport;
    const importer = async () => {
      // Back to back, each with new prices and stock so every row is written, until the window ends.
      while (Date.now() < until) {
        const runStarted = performance.now();
        const answer = await fetch(`${server.url}/api/v1/feed/parse/${importId}?wait=true`, { method: 'POST', headers: auth });
        const body = (await answer.json()) as { entries?: { status: string; rowsRead: number }[] };
        stats.imports.push({ rows: body.entries?.[0]?.rowsRead ?? 0, seconds: (performance.now() - runStarted) / 1000, status: body.entries?.[0]?.status ?? `HTTP ${answer.status}` });
      }
      importsDone = true;
    };
    const work = [
      ...owned.map((list, c) => client(balance, auth, list, stats, until, c + 1)),
      ...(withImport ? [importer(), probeHealth(server.url, stats, () => importsDone)] : []),
    ];
    await Promise.all(work);
    stats.seconds = Math.min(SECONDS, (Date.now() - started) / 1000);
    const cpuAfter = serversCpu();
    stats.serverCpuSeconds = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
    const [lost, duplicated] = await verify(server.url, auth, owned.flat());
    printWindow(stats, lost, duplicated);
    console.log(`load ${stats.label}: machine load average ${machineLoad()} at the end (1, 5, 15 min; ${availableParallelism()} cores)`);
  };

  console.log(
    `load bench: ${CLIENTS} clients, ${SECONDS} s per window, ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded database'}, ` +
      `${PROCESSES} server process${PROCESSES > 1 ? 'es (calls alternate; repeats go to the other one)' : ''}, ${all.length} products saved`,
  );
  console.log(`load bench: machine load average ${machineLoad()} before the first window`);
  if (WINDOWS !== 'import') await runWindow(newStats('at rest'), false);
  if (WINDOWS !== 'rest') await runWindow(newStats(`during ${IMPORT_ROWS.toLocaleString('en-US')}-row imports`), true);
} finally {
  for (const running of servers) await running.stop();
  await feeds.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
