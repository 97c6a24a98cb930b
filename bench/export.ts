/**
 * The product export with 100,000 products on the embedded database (docs/reports-and-export.md):
 * time and peak memory of POST /api/v1/export/products as CSV and as .xlsx with every column in the list's default order (last update, newest first),
 * through the real Hono app, the answer read as a stream and thrown away (as a download to disk
 * would). Memory is sampled every 20 ms: the peak resident set size during the export above the
 * size just before it (the embedded database's own memory is already in that base), and the peak
 * JS heap, which would hold the whole file and its rows if the export were not streamed.
 * Standalone: `npx tsx bench/export.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app';
import { LoginThrottle } from '../src/server/auth/login-throttle';
import { TokenService } from '../src/server/auth/tokens';
import { benchToken } from './lib/bench-token';
import { openDatabase } from '../src/server/db/connection';
import { DiskMediaStore } from '../src/server/media/disk-media-store';
import { EXPORT_COLUMN_IDS } from '../src/shared/export-contract';
import { BENCH_PRODUCTS, seedCatalogue } from './product-filter';

/** Targets: a whole catalogue exports within these times, and never holds more than this in memory. */
export const EXPORT_TARGETS = { csvSeconds: 30, xlsxSeconds: 60, peakGrowthMb: 256, peakHeapMb: 160 } as const;

export const MB = 1_048_576;

/** Runs `run` (it answers the bytes it read), sampling memory every 20 ms: its time, the peak RSS (and its growth over the start) and the peak JS heap. */
export async function measure(run: () => Promise<number>): Promise<{ seconds: number; bytes: number; peakGrowthMb: number; peakRssMb: number; peakHeapMb: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peakRss = before;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const bytes = await run();
    return { seconds: (performance.now() - t0) / 1000, bytes, peakGrowthMb: (peakRss - before) / MB, peakRssMb: peakRss / MB, peakHeapMb: peakHeap / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** POSTs the export of every product with every column and reads the answer through, as a download to disk would: its bytes and the rows it announced. */
export async function readExport(app: ReturnType<typeof createApp>, headers: Record<string, string>, format: 'csv' | 'xlsx'): Promise<{ bytes: number; rows: string }> {
  const response = await app.request('/api/v1/export/products', { method: 'POST', headers, body: JSON.stringify({ format, columns: EXPORT_COLUMN_IDS, filter: {}, sort: 'dateUpdate,desc' }) });
  if (response.status !== 200 || !response.body) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return { bytes, rows: response.headers.get('X-Export-Rows') ?? '' };
}

export async function benchExport(options: { products?: number; log?: (line: string) => void } = {}): Promise<boolean> {
  const productCount = options.products ?? BENCH_PRODUCTS;
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-export-bench-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  let pass = true;
  try {
    await seedCatalogue(handle.db, productCount);
    const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256', 3_600);
    const app = createApp({ db: handle.db, tokens, throttle: new LoginThrottle(5, 60), media: new DiskMediaStore(handle.db, path.join(dir, 'media')) });
    const accessToken = await benchToken(handle.db, tokens);
    const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' };

    for (const format of ['csv', 'xlsx'] as const) {
      let rows = '';
      const result = await measure(async () => {
        const read = await readExport(app, headers, format);
        rows = read.rows;
        return read.bytes;
      });
      if (Number(rows) !== productCount) throw new Error(`export ${format}: ${rows} rows announced, expected ${productCount}`);
      const targetSeconds = format === 'csv' ? EXPORT_TARGETS.csvSeconds : EXPORT_TARGETS.xlsxSeconds;
      const ok = result.seconds <= targetSeconds && result.peakGrowthMb <= EXPORT_TARGETS.peakGrowthMb && result.peakHeapMb <= EXPORT_TARGETS.peakHeapMb;
      pass &&= ok;
      log(
        `export ${productCount.toLocaleString('en')} products as ${format} (${EXPORT_COLUMN_IDS.length} columns, ${(result.bytes / MB).toFixed(1)} MB): ` +
          `${result.seconds.toFixed(1)} s, peak memory +${result.peakGrowthMb.toFixed(0)} MB RSS (heap peak ${result.peakHeapMb.toFixed(0)} MB); ` +
          `target ≤ ${targetSeconds} s, ≤ +${EXPORT_TARGETS.peakGrowthMb} MB RSS, heap ≤ ${EXPORT_TARGETS.peakHeapMb} MB: ${ok ? 'pass' : 'FAIL'}`,
      );
    }
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return pass;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(await benchExport())) process.exitCode = 1;
}
