/**
 * The browser tests' servers (docs/testing.md, "Browser tests"): one real server per Vitest worker,
 * so test files running side by side never share a catalogue, accounts or a service worker file.
 *
 * Every worker's server starts on a copy of one data folder with the demo catalogue imported (a
 * restart of that server, in effect) instead of importing the catalogue again. `npm test` makes
 * that folder during its first phase and names it in E2E_PREPARED_DATA; run on its own, this
 * setup makes it first (scripts/lib/browser-test-data.ts).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_ENV, preparedBrowserTestData, prepareBrowserTestData } from '../../../scripts/lib/browser-test-data';
import { findTestChromium } from '../../../scripts/lib/chromium';
import { startServerProcess } from '../../../scripts/lib/server-process';

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

export { E2E_ADMIN } from '../../../scripts/lib/browser-test-data';

export default async function setup(project: TestProject) {
  const setupStarted = performance.now();
  const seconds = () => ((performance.now() - setupStarted) / 1000).toFixed(1);
  const chromiumPath = findTestChromium();
  const work = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const prepared = process.env.E2E_PREPARED_DATA ? preparedBrowserTestData(process.env.E2E_PREPARED_DATA) : null;
  const { demoDataDir, migratedDataDir } = prepared ?? (await prepareBrowserTestData(work));
  console.log(prepared ? `[e2e] demo catalogue imported beforehand (${process.env.E2E_PREPARED_DATA})` : `[e2e] demo catalogue imported (and the PWA built) after ${seconds()} s`);
  const workers = Math.max(1, project.config.maxWorkers);
  // A copy of the app per server: pwa.test.ts publishes a "new version" by changing its sw.js.
  const staticDirs = Array.from({ length: workers }, (_, index) => {
    const dir = path.join(work, `app-${index + 1}`);
    cpSync('dist', dir, { recursive: true });
    return dir;
  });
  const started = await Promise.allSettled(
    staticDirs.map((staticDir) => startServerProcess({ ...ADMIN_ENV, STATIC_DIR: staticDir }, { copyDataFrom: demoDataDir })),
  );
  const servers = started.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failed = started.find((start) => start.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
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
