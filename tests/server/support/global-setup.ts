/**
 * Makes one migrated embedded database in a folder and dumps it, so every test file starts its own
 * copy in well under a second instead of paying PGlite's ~4 s first start; the folder itself is
 * copied into the data folder of every server the tests start as a process (server-process.ts).
 * Also starts the S3-compatible test server (s3-server.ts) the media tests run against besides the
 * disk, and the keeper of the test files' turns (scripts/lib/test-turns.ts: timed files run alone).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerIfNeeded } from '../../../scripts/lib/server-bundle';
import { createPglite, openDatabase } from '../../../src/server/db/connection';
import { startS3Server } from './s3-server';
import { startTurnKeeper, TURN_KEEPER_PORT_VARIABLE } from '../../../scripts/lib/test-turns';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** A migrated PGlite data folder (a server's DATA_DIR/pgdata), stopped. */
    pgliteTemplateDir: string;
    /** The S3-compatible test server (s3-server.ts) every test file can make buckets on. */
    s3Endpoint: string;
    /** The loopback port of the keeper of the test files' turns (scripts/lib/test-turns.ts, run-alone.ts). */
    turnKeeperPort: number;
  }
}

export default async function setup(project: TestProject) {
  // The tests that start the server as a process run the built server (support/server-process.ts):
  // built once here rather than by several test files at once.
  buildServerIfNeeded();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-snapshot-'));
  const template = path.join(dir, 'pgdata');
  const client = await createPglite(template);
  const handle = await openDatabase({ kind: 'pglite-instance', client });
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  project.provide('pgliteTemplateDir', template);
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  // npm test's keeper, whose turns its checks take too (scripts/test.ts); else one of our own.
  const given = Number(process.env[TURN_KEEPER_PORT_VARIABLE]);
  const turns = Number.isInteger(given) && given > 0 ? { port: given, close: async () => undefined } : await startTurnKeeper();
  project.provide('turnKeeperPort', turns.port);
  return async () => {
    await turns.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
