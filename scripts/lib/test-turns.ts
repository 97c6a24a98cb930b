/**
 * Turns for server test files (docs/testing.md, "Unit and server tests"): most files run two at a
 * time, but a file with timed checks (a child server's `/healthz` under 1 s, a kill halfway through
 * an import) runs alone. Every server test file asks for its turn before its first hook and gives
 * it back after its last (tests/server/support/run-alone.ts), and so does each check `npm test`
 * runs beside the tests (scripts/test.ts: type check, lint, build), so none of them runs beside a
 * timed file. The keeper answers over a loopback socket, so a worker that dies gives its turn back
 * with its connection. `npm test` starts it and names its port in TURN_KEEPER_PORT_VARIABLE;
 * without that, the server tests' global setup starts its own.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** The environment variable `npm test` names its keeper's port in (scripts/test.ts, global-setup.ts). */
export const TURN_KEEPER_PORT_VARIABLE = 'TEST_TURN_KEEPER_PORT';

interface Waiting {
  alone: boolean;
  start: () => void;
}

/**
 * Who may run now: first come, first served (no file overtakes one that waits before it); a file
 * that runs alone starts once nothing runs, and nothing starts beside it.
 */
export class TurnKeeper {
  private runningAlone = false;
  private runningTogether = 0;
  private readonly waiting: Waiting[] = [];

  /** Asks for a turn; `start` is called once it is this file's. Returns how to give it back (or give up waiting). */
  ask(alone: boolean, start: () => void): () => void {
    const entry: Waiting = { alone, start };
    let started = false;
    let done = false;
    entry.start = () => {
      started = true;
      start();
    };
    this.waiting.push(entry);
    this.startWhatMay();
    return () => {
      if (done) return;
      done = true;
      if (!started) {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
      } else if (alone) {
        this.runningAlone = false;
      } else {
        this.runningTogether -= 1;
      }
      this.startWhatMay();
    };
  }

  /** How many files run now, and whether one of them runs alone. */
  get running(): { alone: boolean; count: number } {
    return { alone: this.runningAlone, count: this.runningAlone ? 1 : this.runningTogether };
  }

  private startWhatMay(): void {
    for (;;) {
      const next = this.waiting[0];
      if (!next || this.runningAlone) return;
      if (next.alone && this.runningTogether > 0) return;
      this.waiting.shift();
      if (next.alone) this.runningAlone = true;
      else this.runningTogether += 1;
      next.start();
    }
  }
}

/** The keeper on a loopback port: a client sends `alone` or `together` and a line break, and gets `go` when its turn comes. */
export async function startTurnKeeper(): Promise<{ port: number; close(): Promise<void> }> {
  const keeper = new TurnKeeper();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let asked = '';
    let giveBack: (() => void) | null = null;
    socket.on('data', (chunk: Buffer) => {
      if (giveBack) return;
      asked += chunk.toString();
      if (!asked.includes('\n')) return;
      giveBack = keeper.ask(asked.trim() === 'alone', () => socket.write('go\n'));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      giveBack?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the turn keeper has no port');
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits for a turn (a test file's, a check's) from the keeper on `port`; resolves with how to give it back. */
export function takeTurn(port: number, alone: boolean): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write(`${alone ? 'alone' : 'together'}\n`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('go\n')) resolve(() => socket.end());
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('the turn keeper closed the connection before this file had its turn')));
  });
}
