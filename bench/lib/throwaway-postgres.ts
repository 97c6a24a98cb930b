/**
 * A throw-away PostgreSQL cluster on loopback for the PostgreSQL benches, started as .ci/run starts
 * the tests' one: the newest /usr/lib/postgresql/<version>/bin, initdb in a temporary folder owned
 * by the postgres user (PostgreSQL refuses root), trust authentication, its own port. `stop()`
 * stops it and removes the folder. BENCH_DATABASE_URL instead uses that server (nothing is started).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ThrowawayPostgres {
  /** The server's maintenance database, e.g. postgres://postgres@127.0.0.1:55460/postgres. */
  url: string;
  /** A new empty database on it, answered as its connection string. */
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  stop(): void;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL under ${root}: install Debian's postgresql (as .ci/run does)`);
  return path.join(root, newest, 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when we are root (as .ci/run does), else as ourselves. */
function asPostgres(tool: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [command, all] = root ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  const result = spawnSync(command, all, { cwd: '/', stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${path.basename(tool)} failed (exit ${result.status})`);
}

export async function startThrowawayPostgres(port = Number(process.env.BENCH_PG_PORT) || 55460): Promise<ThrowawayPostgres> {
  const external = process.env.BENCH_DATABASE_URL;
  let stop = () => {};
  let url: string;
  if (external) {
    url = external;
  } else {
    const bin = postgresBin();
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-bench-pg-'));
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    const data = path.join(dir, 'data');
    asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, 'start']);
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stop = () => {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
      const database = new URL(url);
      database.pathname = `/${name}`;
      return database.toString();
    },
    async dropDatabase(name) {
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
      await admin(`drop database if exists ${name} with (force)`);
    },
    stop,
  };
}
