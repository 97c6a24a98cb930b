/**
 * The data folders the browser tests' servers start from (docs/testing.md, "Browser tests"): a
 * migrated empty embedded database, and a copy of it on which a first server imported the demo
 * catalogue and stopped cleanly. `npm test` makes them during its first phase, beside the unit and
 * server tests (scripts/prepare-browser-test-data.ts); the browser tests' global setup makes them
 * itself when it is run on its own.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/connection';
import { buildIfNeeded } from './build';
import { startServerProcess, type RunningServer } from './server-process';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
export const ADMIN_ENV = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password };

export interface BrowserTestData {
  /** A stopped server's data folder with the demo catalogue imported. */
  demoDataDir: string;
  /** A data folder with a migrated, empty database. */
  migratedDataDir: string;
}

/** Written last into the folder, once both data folders are complete. */
const READY_FILE = 'ready.json';

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
    // The build (when it is not current) and the import each keep about one core busy.
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

/** Makes both data folders inside `workDir` (an empty folder) and marks them complete. */
export async function prepareBrowserTestData(workDir: string): Promise<BrowserTestData> {
  const data: BrowserTestData = { migratedDataDir: path.join(workDir, 'migrated-data'), demoDataDir: path.join(workDir, 'demo-data') };
  await migratedDataFolder(data.migratedDataDir);
  await demoDataFolder(data.demoDataDir, data.migratedDataDir);
  writeFileSync(path.join(workDir, READY_FILE), JSON.stringify(data));
  return data;
}

/** The folders made by prepareBrowserTestData in `workDir`, or null when it did not finish. */
export function preparedBrowserTestData(workDir: string): BrowserTestData | null {
  const ready = path.join(workDir, READY_FILE);
  if (!existsSync(ready)) return null;
  const data = JSON.parse(readFileSync(ready, 'utf8')) as BrowserTestData;
  return existsSync(data.demoDataDir) && existsSync(data.migratedDataDir) ? data : null;
}
