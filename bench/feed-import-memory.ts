/**
 * Where the feed import's memory goes: samples process.memoryUsage() (rss, heap, external,
 * arrayBuffers) and PGlite's WebAssembly memory while the generated feed is imported.
 * Run with `npx tsx bench/feed-import-memory.ts [rows]` (it reruns itself as the built server runs). A diagnostic, not a pass/fail bench.
 * SMAPS=1 adds the largest mappings to each sample; HEAP_SNAPSHOT_MB=N writes one heap snapshot (in
 * the working directory) the first time the JavaScript heap holds N MB; ALLOC_PROFILE=FILE samples
 * every allocation of the main thread during the re-import, garbage included (V8's sampling heap
 * profiler), writes the profile to FILE (.heapprofile, for Chrome's DevTools) and prints the
 * functions that allocated most.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { importSupplierFeed } from '../src/server/feeds/feed-import';
import { feedStream } from './lib/generated-feed';
import { rerunWithServerFlags } from './lib/server-flags';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The largest resident mappings of this process (/proc/self/smaps), to tell WASM memory from heaps and code. */
function residentMappings(): string {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return '';
  }
  const maps: { name: string; size: number; rss: number }[] = [];
  let current: { name: string; size: number; rss: number } | null = null;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { name: head[3] || '[anon]', size: (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)), rss: 0 };
      maps.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
    }
  }
  const wasmBytes = 128 * 1024 * 1024;
  const sum = (list: typeof maps) => mb(list.reduce((total, m) => total + m.rss, 0));
  const wasm = maps.filter((m) => m.name === '[anon]' && m.size >= wasmBytes && m.size % (64 * 1024) === 0 && m.size < 4 * 1024 ** 3);
  const summaryLine = `wasm-sized anon ${sum(wasm)} MB, [heap] ${sum(maps.filter((m) => m.name === '[heap]'))} MB, other anon ${sum(maps.filter((m) => m.name === '[anon]' && !wasm.includes(m)))} MB, files ${sum(maps.filter((m) => m.name.startsWith('/')))} MB; `;
  return summaryLine + maps
    .sort((a, b) => b.rss - a.rss)
    .slice(0, 8)
    .map((m) => `${mb(m.rss)} MB of ${m.size >= 1024 ** 3 ? `${(m.size / 1024 ** 3).toFixed(0)} GB` : `${mb(m.size)} MB`} ${path.basename(m.name)}`)
    .join(', ');
}

let dumpedAt = 0;
let heapSnapshotWritten = false;
function snapshot(label: string, client: PGlite | null): void {
  const m = process.memoryUsage();
  const wasm = client ? (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0 : 0;
  console.log(`${label}: rss ${mb(m.rss)} MB, heapUsed ${mb(m.heapUsed)} / heapTotal ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, arrayBuffers ${mb(m.arrayBuffers)} MB, PGlite wasm memory ${mb(wasm)} MB, max rss ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
  if (process.env.SMAPS_DUMP && m.rss > dumpedAt) {
    dumpedAt = m.rss;
    writeFileSync(process.env.SMAPS_DUMP, readFileSync('/proc/self/smaps', 'utf8'));
  }
  if (process.env.SMAPS) console.log(`    largest: ${residentMappings()}`);
  // HEAP_SNAPSHOT_MB=N: one heap snapshot (live objects only) the first time the heap holds N MB.
  const snapshotAt = Number(process.env.HEAP_SNAPSHOT_MB);
  if (snapshotAt > 0 && !heapSnapshotWritten && m.heapUsed >= snapshotAt * 1024 * 1024) {
    heapSnapshotWritten = true;
    console.log(`    heap snapshot: ${v8.writeHeapSnapshot()}`);
  }
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Starts V8's sampling heap profiler counting collected objects too; answers how to stop it and report. */
async function profileAllocations(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return async () => {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SamplingNode } };
    writeFileSync(file, JSON.stringify(profile));
    const bySite = new Map<string, number>();
    let total = 0;
    const walk = (node: SamplingNode) => {
      const frame = node.callFrame;
      const site = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      total += node.selfSize;
      node.children.forEach(walk);
    };
    walk(profile.head);
    console.log(`allocated during the re-import (sampled): ${mb(total)} MB; the most by function:`);
    for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${mb(bytes)} MB  ${site}`);
    session.disconnect();
  };
}

async function main() {
  const rows = Number(process.argv[2] ?? 100_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-feed-mem-'));
  const self = fileURLToPath(import.meta.url);
  const init = spawnSync(process.execPath, ['--import', 'tsx', self, '--init-db', dataDir], { stdio: 'inherit' });
  if (init.status !== 0) throw new Error('init failed');
  if (process.env.V8_FLAGS) v8.setFlagsFromString(process.env.V8_FLAGS);
  snapshot('before open', null);
  const client = await createPglite(path.join(dataDir, 'pgdata'));
  snapshot('PGlite open', client);
  const handle = await openDatabase({ kind: 'pglite-instance', client });
  snapshot('migrated', client);
  const timer = setInterval(() => snapshot('  during', client), 1000);
  try {
    const [supplier] = await handle.db.insert(suppliers).values({ supplierName: 'Mem', supplierUrlFeed: 'https://feeds.example.com/m.csv', feedFormat: 'csv' }).returning();
    let revision = 0;
    const fakeFetch = (async () => new Response(feedStream(rows, revision), { headers: { 'Content-Type': 'text/csv' } })) as typeof fetch;
    let t = performance.now();
    let cpu = process.cpuUsage();
    const cpuSeconds = () => { const used = process.cpuUsage(cpu); return ((used.user + used.system) / 1e6).toFixed(1); };
    await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier!.supplierId, { parseInWorker: process.env.PARSE_IN_WORKER !== '0' });
    snapshot(`import done ${Math.round(rows / ((performance.now() - t) / 1000))} rows/s, ${cpuSeconds()} s CPU`, client);
    revision = 1;
    const stopProfile = process.env.ALLOC_PROFILE ? await profileAllocations(process.env.ALLOC_PROFILE) : null;
    t = performance.now();
    cpu = process.cpuUsage();
    await importSupplierFeed({ db: handle.db, fetch: fakeFetch }, supplier!.supplierId, { parseInWorker: process.env.PARSE_IN_WORKER !== '0' });
    await stopProfile?.();
    snapshot(`re-import done ${Math.round(rows / ((performance.now() - t) / 1000))} rows/s, ${cpuSeconds()} s CPU`, client);
  } finally {
    clearInterval(timer);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--init-db') {
  const handle = await openDatabase({ kind: 'pglite', dataDir: process.argv[3] ?? '' });
  await handle.close();
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // As the server runs: built JavaScript with the server's flags (bench/lib/server-flags.ts).
  rerunWithServerFlags(import.meta.url);
  await main();
}
