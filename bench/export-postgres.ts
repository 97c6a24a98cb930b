/**
 * The product export on PostgreSQL with 1,000,000 products (EXPORT_PRODUCTS), docs/reports-and-export.md:
 * POST /api/v1/export/products as CSV with every column, through the real Hono app, on an empty
 * database of a throw-away PostgreSQL cluster this bench starts (bench/lib/throwaway-postgres.ts;
 * BENCH_DATABASE_URL uses that server instead), seeded as bench/product-filter.ts seeds. Targets:
 * ≤ 60 s, peak RSS of the process < 300 MB. Run alone with `npx tsx bench/export-postgres.ts`.
 * `EXPORT_SEEDED_URL=postgres://…/db` measures on a database a `FILTER_KEEP=1` run of
 * bench/product-filter.ts left seeded (the same products), without starting a cluster or seeding.
 */
import path from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app';
import { LoginThrottle } from '../src/server/auth/login-throttle';
import { TokenService } from '../src/server/auth/tokens';
import { openDatabase } from '../src/server/db/connection';
import { DiskMediaStore } from '../src/server/media/disk-media-store';
import { EXPORT_COLUMN_IDS } from '../src/shared/export-contract';
import { benchToken } from './lib/bench-token';
import { startThrowawayPostgres } from './lib/throwaway-postgres';
import { MB, measure, readExport } from './export';
import { seedCatalogue } from './product-filter';

export const POSTGRES_EXPORT_TARGETS = { csvSeconds: 60, peakRssMb: 300 } as const;

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  const productCount = Number(process.env.EXPORT_PRODUCTS) || 1_000_000;
  const seededUrl = process.env.EXPORT_SEEDED_URL;
  const cluster = seededUrl ? null : await startThrowawayPostgres();
  const url = seededUrl ?? (await cluster?.createDatabase('bench_export')) ?? '';
  const media = mkdtempSync(path.join(tmpdir(), 'backoffice-export-pg-'));
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    if (!seededUrl) {
      const seeded = performance.now();
      await seedCatalogue(handle.db, productCount);
      console.log(`seeded ${productCount.toLocaleString('en-US')} products in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
    }
    const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256', 3_600);
    const app = createApp({ db: handle.db, tokens, throttle: new LoginThrottle(5, 60), media: new DiskMediaStore(handle.db, media) });
    const headers = { Authorization: `Bearer ${await benchToken(handle.db, tokens)}`, 'Content-Type': 'application/json' };
    const load = loadavg()[0]?.toFixed(2);
    let rows = '';
    const cpuBefore = process.cpuUsage();
    const result = await measure(async () => {
      const read = await readExport(app, headers, 'csv');
      rows = read.rows;
      return read.bytes;
    });
    const cpu = process.cpuUsage(cpuBefore);
    if (Number(rows) !== productCount) throw new Error(`export: ${rows} rows announced, expected ${productCount}`);
    const t = POSTGRES_EXPORT_TARGETS;
    const ok = result.seconds <= t.csvSeconds && result.peakRssMb < t.peakRssMb;
    console.log(
      `export on PostgreSQL of ${productCount.toLocaleString('en-US')} products as csv (${EXPORT_COLUMN_IDS.length} columns, ${(result.bytes / MB).toFixed(0)} MB): ` +
        `${result.seconds.toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of this process's CPU, which moves less with the load), peak RSS ${result.peakRssMb.toFixed(0)} MB (+${result.peakGrowthMb.toFixed(0)} MB, heap peak ${result.peakHeapMb.toFixed(0)} MB); ` +
        `target ≤ ${t.csvSeconds} s, < ${t.peakRssMb} MB: ${ok ? 'pass' : 'FAIL'} (load average ${load} before, ${loadavg()[0]?.toFixed(2)} after)`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await handle.close();
    if (cluster) {
      await cluster.dropDatabase('bench_export');
      cluster.stop();
    }
    rmSync(media, { recursive: true, force: true });
  }
}
