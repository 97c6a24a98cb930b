/**
 * The browser tests' servers (docs/testing.md, "Browser tests"): one real server per Vitest worker,
 * so test files running side by side never share a catalogue, accounts or a service worker file.
 *
 * A migrated empty database is made once, here. A first server on a copy of it imports the demo
 * catalogue while the PWA builds (when it is not built yet); once the import and its catalogue
 * upkeep are done it stops, and every worker's server starts on a copy of its data folder (a
 * restart of that server, in effect) instead of importing the catalogue again.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfNeeded } from '../../../scripts/lib/build';
import { findChromium } from '../../../scripts/lib/chromium';
import { startServerProcess, type RunningServer } from '../../../scripts/lib/server-process';
import { openDatabase } from '../../../src/server/db/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server of each worker, by VITEST_POOL_ID - 1. */
    baseUrls: string[];
    /** The app each worker's server serves (a copy of dist/ of its own), by VITEST_POOL_ID - 1. */
    staticDirs: string[];
    /** A stopped server's data folder with the demo catalogue imported, for tests that start a server of their own. */
    demoDataDir: string;
    /** A data folder with a migrated empty database, for tests that start a server of their own without the demo catalogue. */
    migratedDataDir: string;
    chromiumPath: string;
  }
}

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
const ADMIN_ENV = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password };

/** Resolves once the server's output has a line matching `pattern` after `from` characters; its end. */
async function lineAfter(server: RunningServer, pattern: RegExp, from: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const output = server.output();
    const match = pattern.exec(output.slice(from));
    if (match) return from + match.index + match[0].length;
    if (/\[demo\] .*: skipped/.test(output)) throw new Error(`the demo catalogue was not imported:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A data folder whose embedded database is migrated and empty, as a server's first start leaves it. */
async function migratedDataFolder(dir: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  await handle.close();
}

/** A data folder with the demo catalogue imported, made by a server that ran and stopped cleanly. */
async function demoDataFolder(dir: string, migrated: string): Promise<void> {
  const first = await startServerProcess({ ...ADMIN_ENV, DATA_DIR: dir }, { copyDataFrom: migrated });
  try {
    // The build and the import each keep about one core busy.
    buildIfNeeded();
    const ready = await lineAfter(first, /\[demo\] demo catalogue ready[^\n]*\n/, 0, 180_000);
    // The full statistics refresh after the import runs once the server is quiet for a moment (catalogue-upkeep.ts).
    await lineAfter(first, /\[upkeep\] [^\n]*refreshed the catalogue statistics[^\n]*\n/, ready, 60_000);
  } finally {
    // A clean stop, waited for: the copies must not start on a database left open.
    await first.kill('SIGTERM');
  }
  if (!first.output().includes('database closed; stopped')) throw new Error(`the demo catalogue's server did not stop cleanly:\n${first.output()}`);
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const chromiumPath = findChromium();
  const work = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const migratedDataDir = path.join(work, 'migrated-data');
  await migratedDataFolder(migratedDataDir);
  const demoDataDir = path.join(work, 'demo-data');
  await demoDataFolder(demoDataDir, migratedDataDir);
  console.log(`[e2e] demo catalogue imported (and the PWA built) after ${seconds()} s`);
  const workers = Math.max(1, project.config.maxWorkers);
  // A copy of the app per server: pwa.test.ts publishes a "new version" by changing its sw.js.
  const staticDirs = Array.from({ length: workers }, (_, index) => {
    const dir = path.join(work, `app-${index + 1}`);
    cpSync('dist', dir, { recursive: true });
    return dir;
  });
  const servers = await Promise.all(
    staticDirs.map((staticDir) => startServerProcess({ ...ADMIN_ENV, STATIC_DIR: staticDir }, { copyDataFrom: demoDataDir })),
  );
  console.log(`[e2e] ${servers.length} servers listening after ${seconds()} s`);
  project.provide('baseUrls', servers.map((server) => server.url));
  project.provide('staticDirs', staticDirs);
  project.provide('demoDataDir', demoDataDir);
  project.provide('migratedDataDir', migratedDataDir);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    if (process.env.E2E_SERVER_LOG) for (const server of servers) console.log(server.output());
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(work, { recursive: true, force: true });
  };
}
