/** The real server (src/server/main.ts) in a child process on a free loopback port, for shutdown and several-process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { serverNodeArgs } from '../../../scripts/lib/server-bundle';
import type { S3MediaConfig } from '../../../src/server/media/s3-media-store';

export const PROCESS_ADMIN = { username: 'admin', password: 'a long test password for the child server' } as const;

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** A bearer token of PROCESS_ADMIN, signed in through this process. */
  signIn(): Promise<string>;
  kill(): Promise<void>;
}

/**
 * A new data folder (under the system's temporary folder, named `prefix…`) whose embedded database
 * is a copy of the migrated one global-setup.ts made: a server or a test opens it without PGlite's
 * first-start set-up.
 */
export function migratedDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = env.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), 'backoffice-process-')) : migratedDataDir('backoffice-process-');
  // node itself on the built server with the flags of `npm start` (scripts/lib/server-bundle.ts; not
  // tsx's CLI, which runs the server in a child of its own): a SIGKILL must reach the server process.
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-pwa'),
      DEMO_CATALOGUE: '0',
      ADMIN_USERNAME: PROCESS_ADMIN.username,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      JWT_SECRET: 'a-shared-signing-secret-for-every-process-of-the-test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it listened:\n${output}`));
    });
  });

  return {
    origin,
    child,
    output: () => output,
    exited,
    async signIn() {
      const response = await fetch(`${origin}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(PROCESS_ADMIN),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return ((await response.json()) as { accessToken: string }).accessToken;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The settings of server processes that share one PostgreSQL and one S3 bucket
 * (docs/deployment.md, "Running on several machines").
 */
export function sharedStoreEnv(databaseUrl: string, bucket: S3MediaConfig): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    MEDIA_STORE: 's3',
    S3_ENDPOINT: bucket.endpoint ?? '',
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: bucket.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: '1',
  };
}
