/**
 * The embedded PGlite on a thread of its own (docs/architecture.md, "The embedded database's
 * thread"). PGlite runs PostgreSQL as WebAssembly; on the main thread every statement held the
 * event loop for as long as it ran, so during a feed import each request, /healthz included,
 * waited behind the import's statements, and the server used one core for both. Here the main
 * thread only sends statements and reads answers; the database works beside it.
 *
 * This object stands in for the PGlite instance drizzle's PGlite driver is given: it has the
 * calls that driver makes (`query` with its row mode and parsers, `transaction`) and `exec` and
 * `close`. It keeps PGlite's one rule for its single session: while a transaction is open nothing
 * else runs on the session; a statement outside it waits until it ends. Statements are answered
 * in the order sent.
 */
import type { Worker } from 'node:worker_threads';
import { startBundledWorker } from '../lib/worker-thread';
import { errorOf, type DatabaseAnswer, type DatabaseRequest, type ThreadStart } from './pglite-thread-protocol';
import { plansWithValues } from './value-plans';

/** PGlite's query result, as the driver reads it. */
export interface ThreadResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** By type id. Parsers cannot cross threads: every parser given must return its text unchanged (drizzle's do). */
  parsers?: Record<number | string, (value: string, typeId: number) => unknown>;
}

/** The session inside a transaction, as PGlite hands it to a transaction's callback. */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(text: string): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** A request as a caller writes it: each kind of DatabaseRequest without its id (`send` numbers it). */
type Request = DatabaseRequest extends infer Kind ? (Kind extends DatabaseRequest ? Omit<Kind, 'id'> : never) : never;

/** First come, first served; `run` holds it while its work runs. */
class SessionLock {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

export class PGliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly session = new SessionLock();
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: DatabaseAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(errorOf(answer.error));
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', (error) => stop(new Error(`the embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`the embedded database stopped (its thread ended with code ${code})`)));
  }

  /** Opens the database in `dataDir` on a new thread; resolves once it is open. */
  static async start(dataDir: string): Promise<PGliteThread> {
    const worker = await startBundledWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir } });
    let onExit!: (code: number) => void;
    let onError!: (error: Error) => void;
    const start = await new Promise<ThreadStart>((resolve, reject) => {
      onError = reject;
      onExit = (code) => reject(new Error(`the embedded database's thread ended with code ${code} before it opened`));
      worker.once('message', resolve);
      worker.once('error', onError);
      worker.once('exit', onExit);
    }).finally(() => {
      // Only these: a Worker's own listeners (it has some) must stay.
      worker.off('error', onError);
      worker.off('exit', onExit);
    });
    if (!start.started) {
      await worker.terminate();
      throw errorOf(start.error);
    }
    return new PGliteThread(worker);
  }

  private send<T>(request: Request): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private sendQuery(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, withValues: boolean): Promise<ThreadResults> {
    const keepAsText = Object.keys(options?.parsers ?? {}).map(Number);
    return this.send({ op: 'query', text, params: params ?? [], rowMode: options?.rowMode ?? 'object', keepAsText, withValues });
  }

  /**
   * Waits only until it is sent, not until it is answered: the thread answers in order, so
   * statements outside transactions follow each other without a round trip in between.
   */
  private async outsideTransactions<T>(send: () => Promise<T>): Promise<T> {
    let sent!: Promise<T>;
    await this.session.run(async () => {
      sent = send();
    });
    return sent;
  }

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    // Read in the caller's context: the session's queue may send it from another one.
    const withValues = plansWithValues();
    return this.outsideTransactions(() => this.sendQuery(text, params, options, withValues));
  }

  exec(text: string): Promise<ThreadResults[]> {
    return this.outsideTransactions(() => this.send<ThreadResults[]>({ op: 'exec', text }));
  }

  /** PGlite's transaction: BEGIN, the callback's statements, COMMIT (ROLLBACK when it throws); nothing else meanwhile. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.session.run(async () => {
      await this.send({ op: 'exec', text: 'BEGIN' });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: ThreadTransaction = {
        query: async (text, params, options) => (open(), this.sendQuery(text, params, options, plansWithValues())),
        exec: async (text) => (open(), this.send<ThreadResults[]>({ op: 'exec', text })),
        rollback: async () => {
          open();
          await this.send({ op: 'exec', text: 'ROLLBACK' });
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.send<{ command?: string }[]>({ op: 'exec', text: 'COMMIT' });
          // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK.
          if (commit?.command === 'ROLLBACK') throw new Error('The transaction was rolled back');
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.send({ op: 'exec', text: 'ROLLBACK' });
        }
        throw error;
      }
    });
  }

  /** Closes the database, then ends its thread (nothing is left for it to write). */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.session.run(async () => {
      await this.send({ op: 'close' });
      this.stopped = new Error('the embedded database stopped: it was closed');
    });
    await this.worker.terminate();
  }
}
