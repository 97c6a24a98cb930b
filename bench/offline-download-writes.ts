/**
 * Where "Make available offline" spends its time on the device (a diagnostic, not a pass/fail
 * bench; docs/benchmarks.md "Make available offline: where the time goes"). The catalogue is seeded
 * and paged from the real server's GET /api/v1/product/changes as the app pages it (500 a page),
 * each product given its search fields and write stamp as the app's database writes them
 * (toCachedProduct, searchFieldsOf). Headless Chromium then writes the pages into a fresh
 * IndexedDB store, one transaction per page, in one shape after the other:
 *
 * - `all`: every index of the products table (database.ts, version 4), one record per product;
 * - `no-multi-entry`: the same without the three multi-entry indexes (searchWords, searchCodes, filterKeys);
 * - `no-index`: the primary key only, one record per product;
 * - `page-record`: one record per page (no index).
 * - `block-16`, `block-64`: products kept in blocks by id (`productId` ÷ 16 or 64), one record a
 *   block, no index: a page is merged into the blocks it touches (each read, then written).
 *
 * For `no-index` and the block shapes it also times what such a store costs afterwards: a refresh
 * that writes 1 % of the products (every hundredth id, pages of 500), reading 50 scattered
 * products (a sorted page of a view: median of 20 reads), and reading every product back.
 *
 * Per shape: the wall clock, and the CPU of Chromium's browser process (where IndexedDB writes its
 * files) and of its other processes (the page's renderer among them). Only shapes to compare: the
 * app writes `all`.
 *
 * `npx tsx bench/offline-download-writes.ts [products] [shapes]`, e.g. `20000 all,no-index`.
 */
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from '../scripts/lib/build';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium';
import { startServerProcess } from '../scripts/lib/server-process';
import { openDatabase } from '../src/server/db/connection';
import type { Product } from '../src/shared/contract';
import { toCachedProduct } from '../src/app/db/cached-product';
import { searchFieldsOf } from '../src/app/db/search-fields';
import { seedCatalogue, settleSeededOffers } from './product-filter';

const ADMIN = { username: 'bench', password: 'bench-password-1' };
const PAGE_SIZE = 500;

/** The products table's indexes at database version 4 (database.ts): name, key path, multi-entry. */
const VERSION_4_INDEXES: readonly (readonly [string, boolean])[] = [
  ['supplier.supplierName', false],
  ['moderationKey', false],
  ['sellingPrice', false],
  ['dateUpdate', false],
  ['familyKey', false],
  ['brand', false],
  ['categoryId', false],
  ['dateCreate', false],
  ['title', false],
  ['stock', false],
  ['searchWords', true],
  ['searchCodes', true],
  ['filterKeys', true],
  ['keptAt', false],
];
const SHAPES = ['all', 'no-multi-entry', 'no-index', 'page-record', 'block-16', 'block-64'] as const;
type Shape = (typeof SHAPES)[number];

function indexesOf(shape: Shape): (readonly [string, boolean])[] {
  if (shape === 'all') return [...VERSION_4_INDEXES];
  if (shape === 'no-multi-entry') return VERSION_4_INDEXES.filter(([, multiEntry]) => !multiEntry);
  return [];
}

/** The pages as the app's database writes them: the server's products with search fields and a write stamp. */
async function downloadPages(products: number): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-download-writes-'));
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await seedCatalogue(handle.db, products);
      await settleSeededOffers(handle.db);
    } finally {
      await handle.close();
    }
    const server = await startServerProcess({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir, DEMO_CATALOGUE: '0' });
    try {
      const login = await fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const pages: string[] = [];
      let stamp = Date.now();
      for (let cursor: string | null = null; ; ) {
        const answer = await fetch(`${server.url}/api/v1/product/changes?limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { Authorization: `Bearer ${accessToken}` } });
        const page = (await answer.json()) as { products: Product[]; cursor: string | null; hasMore: boolean };
        pages.push(JSON.stringify(page.products.map((product) => ({ ...toCachedProduct(product), ...searchFieldsOf(product), keptAt: (stamp += 1) }))));
        if (!page.hasMore) return pages;
        cursor = page.cursor;
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU milliseconds (user + system) of a process and of every process under it, from /proc. */
function processTreeCpu(rootPid: number): { root: number; others: number } {
  const parentOf = new Map<number, number>();
  const cpuOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = (readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
      cpuOf.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) if (at === rootPid) return true;
    return false;
  };
  let others = 0;
  for (const [pid, cpu] of cpuOf) if (pid !== rootPid && inTree(pid)) others += cpu;
  return { root: cpuOf.get(rootPid) ?? 0, others };
}

/** The browser process: the one started with this profile and no `--type`. */
function browserPid(profile: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.includes(profile) && !command.includes('--type=')) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error('the browser process was not found');
}

/** In the page: writes every page into a fresh database of the shape, one transaction per page. Plain JavaScript. */
const WRITE_PAGES = `async ({ shape, indexes, pages }) => {
  const name = 'writes-' + shape + '-' + Date.now();
  const blockSize = shape.startsWith('block-') ? Number(shape.slice(6)) : 0;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('products', { keyPath: blockSize ? 'blockId' : 'productId' });
      for (const [index, multiEntry] of indexes) store.createIndex(index, index, { multiEntry });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const done = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
  const committed = (transaction) => new Promise((resolve, reject) => { transaction.oncomplete = resolve; transaction.onerror = () => reject(transaction.error); });
  /** Writes rows in one transaction: one record each, or merged into their blocks. */
  const write = async (rows, pageAt) => {
    const transaction = db.transaction('products', 'readwrite');
    const store = transaction.objectStore('products');
    if (shape === 'page-record') store.put({ productId: pageAt, rows });
    else if (!blockSize) for (const row of rows) store.put(row);
    else {
      const byBlock = new Map();
      for (const row of rows) {
        const blockId = Math.floor(row.productId / blockSize);
        if (!byBlock.has(blockId)) byBlock.set(blockId, []);
        byBlock.get(blockId).push(row);
      }
      await Promise.all([...byBlock].map(async ([blockId, changed]) => {
        const block = (await done(store.get(blockId))) ?? { blockId, products: {} };
        for (const row of changed) block.products[row.productId] = row;
        store.put(block);
      }));
    }
    await committed(transaction);
  };
  const started = performance.now();
  const get = (at) => fetch('/pages/' + at).then((answer) => answer.json());
  let next = get(0);
  const ids = [];
  for (let at = 0; at < pages; at += 1) {
    const rows = await next;
    if (at + 1 < pages) next = get(at + 1);
    for (const row of rows) ids.push(row.productId);
    await write(rows, at);
  }
  const result = { ms: performance.now() - started };
  if (shape === 'no-index' || blockSize) {
    const readMany = async (wanted) => {
      const store = db.transaction('products', 'readonly').objectStore('products');
      const keys = blockSize ? [...new Set(wanted.map((id) => Math.floor(id / blockSize)))] : wanted;
      const records = await Promise.all(keys.map((key) => done(store.get(key))));
      return blockSize ? wanted.map((id) => records[keys.indexOf(Math.floor(id / blockSize))].products[id]) : records;
    };
    // A refresh: every hundredth product changed, written in pages of 500.
    const changed = ids.filter((_, at) => at % 100 === 0);
    let at = performance.now();
    for (let from = 0; from < changed.length; from += 500) {
      const rows = (await readMany(changed.slice(from, from + 500))).map((row) => ({ ...row, title: row.title + ' (changed)' }));
      await write(rows, -1);
    }
    result.refreshMs = performance.now() - at;
    // A sorted page of a view: 50 scattered products.
    const reads = [];
    for (let round = 0; round < 20; round += 1) {
      const wanted = Array.from({ length: 50 }, (_, i) => ids[(round * 7919 + i * 1543) % ids.length]);
      at = performance.now();
      const rows = await readMany(wanted);
      if (rows.some((row) => !row)) throw new Error('a product was not found');
      reads.push(performance.now() - at);
    }
    reads.sort((a, b) => a - b);
    result.pageReadMs = reads[10];
    at = performance.now();
    const all = await done(db.transaction('products', 'readonly').objectStore('products').getAll());
    result.readAllMs = performance.now() - at;
    result.readAll = blockSize ? all.reduce((sum, block) => sum + Object.keys(block.products).length, 0) : all.length;
  }
  db.close();
  indexedDB.deleteDatabase(name);
  return result;
}`;

interface WriteResult {
  ms: number;
  refreshMs?: number;
  pageReadMs?: number;
  readAllMs?: number;
  readAll?: number;
}

async function main(): Promise<void> {
  const products = Number(process.argv[2] ?? 20_000);
  const shapes = (process.argv[3]?.split(',') ?? SHAPES) as Shape[];
  const unknown = shapes.find((shape) => !(SHAPES as readonly string[]).includes(shape));
  if (unknown) throw new Error(`unknown shape ${unknown}; shapes: ${SHAPES.join(', ')}`);
  buildIfNeeded();
  const pages = await downloadPages(products);
  const rows = pages.reduce((sum, page) => sum + (JSON.parse(page) as unknown[]).length, 0);
  const pageServer = createServer((request, response) => {
    const at = /^\/pages\/(\d+)$/.exec(request.url ?? '')?.[1];
    response.setHeader('Content-Type', at === undefined ? 'text/html' : 'application/json');
    response.end(at === undefined ? '<!doctype html><title>writes</title>' : pages[Number(at)]);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const address = pageServer.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const profile = mkdtempSync(path.join(tmpdir(), 'backoffice-download-writes-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    const browser = browserPid(profile);
    console.log(`${rows.toLocaleString('en-US')} products in ${pages.length} pages of ${PAGE_SIZE}`);
    for (const shape of shapes) {
      const before = processTreeCpu(browser);
      const result = (await page.evaluate(`(${WRITE_PAGES})(${JSON.stringify({ shape, indexes: indexesOf(shape), pages: pages.length })})`)) as WriteResult;
      const after = processTreeCpu(browser);
      const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
      const afterwards =
        result.refreshMs === undefined
          ? ''
          : `; then a refresh of 1 % ${seconds(result.refreshMs)}, 50 scattered products ${result.pageReadMs?.toFixed(1)} ms, every product (${result.readAll}) ${seconds(result.readAllMs ?? 0)}`;
      console.log(
        `${shape}: ${seconds(result.ms)} wall; CPU: browser process ${seconds(after.root - before.root)}, its other processes ${seconds(after.others - before.others)}${afterwards}; machine load ${loadavg().map((load) => load.toFixed(2)).join(' ')}`,
      );
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    pageServer.close();
  }
}

await main();
