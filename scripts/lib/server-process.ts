/** Starts the real server as a child process on a free loopback port, for browser tests and benches. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeArgs } from './server-bundle';

export interface RunningServer {
  url: string;
  /** The server's process id (e.g. to read its CPU time in /proc for the load bench). */
  pid: number | undefined;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** Sends a signal (e.g. SIGKILL for the kill test) and waits until the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  /** The project folder (its dist-server/ and dist/). */
  root?: string;
  /**
   * A data folder of a stopped server to start from, copied into this server's (e.g. a migrated
   * database, or one with the demo catalogue imported): the start skips what that server did.
   */
  copyDataFrom?: string;
}

export async function startServerProcess(env: Record<string, string> = {}, { root = process.cwd(), copyDataFrom }: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  // A data folder of its own (removed by stop()) unless env names one.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'backoffice-data-'));
  if (copyDataFrom) cpSync(copyDataFrom, dataDir, { recursive: true });
  // SERVER_NODE_ARGS: extra node flags for the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile a bench.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // The built server with the flags of `npm start` (server-bundle.ts), not the TypeScript sources under tsx.
  const child: ChildProcess = spawn(process.execPath, serverNodeArgs(root, nodeArgs), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid, dataDir, output: () => output, stop, kill };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy within 90 s:\n${output}`);
}
