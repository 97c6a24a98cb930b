/**
 * What the load bench (bench/load.ts) and the kill test (tests/server/kill-restart.test.ts) need
 * around a real server process: a supplier web server on loopback serving generated CSV feeds of
 * any size (streamed, never in memory), a data folder prepared with suppliers pointing at it
 * (the server must not be running: the embedded database is one process's), and small HTTP helpers.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FEED_HEADER, row } from '../../bench/lib/generated-feed';

export interface FeedServer {
  port: number;
  /** http://127.0.0.1:<port>/feed.csv?rows=<rows>&offset=<offset>&revision=<revision> */
  feedUrl(rows: number, offset?: number, revision?: number | 'auto'): string;
  close(): Promise<void>;
}

/** Serves /feed.csv?rows&offset&revision: rows offset+1 … offset+rows of the generated feed. */
export async function startFeedServer(): Promise<FeedServer> {
  const downloads = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://feeds.local');
    if (url.pathname !== '/feed.csv') {
      res.writeHead(404).end();
      return;
    }
    const rows = Number(url.searchParams.get('rows') ?? 0);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    // revision=auto: every download of this URL is a new revision (new stock figures), so
    // back-to-back imports write every row instead of finding them unchanged.
    const asked = url.searchParams.get('revision') ?? '0';
    const revision = asked === 'auto' ? (downloads.set(url.search, (downloads.get(url.search) ?? 0) + 1).get(url.search) ?? 0) : Number(asked);
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.on('error', () => undefined);
    res.write(`${FEED_HEADER}\n`);
    let next = 0;
    const more = () => {
      while (next < rows) {
        const lines: string[] = [];
        for (const end = Math.min(rows, next + 200); next < end; next += 1) lines.push(row(offset + next + 1, revision));
        if (!res.write(`${lines.join('\n')}\n`)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    feedUrl: (rows, offset = 0, revision = 0) => `http://127.0.0.1:${port}/feed.csv?rows=${rows}&offset=${offset}&revision=${revision}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface FixtureSupplier {
  name: string;
  url: string;
}

/**
 * Creates (or opens) the database in dataDir, or DATABASE_URL when set, in a child process and
 * adds the suppliers. A child, because PGlite's one-off set-up should not stay in the caller.
 */
export function prepareDatabase(dataDir: string, list: FixtureSupplier[], env: NodeJS.ProcessEnv = process.env): void {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--prepare', dataDir, JSON.stringify(list)], {
    stdio: 'inherit',
    env,
    cwd: path.resolve(path.dirname(self), '../..'),
  });
  if (result.status !== 0) throw new Error(`preparing the database failed (exit ${result.status ?? result.signal})`);
}

async function prepareInThisProcess(dataDir: string, list: FixtureSupplier[]): Promise<void> {
  const { openDatabase } = await import('../../src/server/db/connection');
  const { suppliers } = await import('../../src/server/db/schema');
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  try {
    for (const supplier of list) {
      await handle.db.insert(suppliers).values({ supplierName: supplier.name, supplierUrlFeed: supplier.url, feedFormat: 'csv' });
    }
  } finally {
    await handle.close();
  }
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

/** The suppliers' ids by name. */
export async function supplierIds(baseUrl: string, auth: Record<string, string>): Promise<Map<string, number>> {
  const response = await fetch(`${baseUrl}/api/v1/supplier`, { headers: auth });
  const list = (await response.json()) as { supplierId: number; supplierName: string }[];
  return new Map(list.map((supplier) => [supplier.supplierName, supplier.supplierId]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--prepare') {
  await prepareInThisProcess(process.argv[3] ?? '', JSON.parse(process.argv[4] ?? '[]') as FixtureSupplier[]);
}
