/**
 * Runs feed parsing in a worker thread (parse-worker.ts) and hands its batches over as an async
 * generator. Where no worker can start (e.g. a test runner without a TypeScript loader for
 * workers) startParseWorker answers null and the import parses on the main thread instead.
 */
import type { TransferListItem } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import { FeedFormatError } from './feed-item';
import type { ParsedBatch } from './feed-row-batches';
import type { ParseWorkerReply, ParseWorkerRequest } from './parse-worker-protocol';

const START_TIMEOUT_MS = 10_000;
/** Feed bytes pushed to the worker but not yet taken by its parser. */
const MAX_BYTES_AHEAD = 8 * 1024 * 1024;

function createWorker(): Worker {
  const runningTypeScript = import.meta.url.endsWith('.ts');
  if (!runningTypeScript) return new Worker(new URL('./parse-worker.js', import.meta.url));
  // A worker's entry file does not go through tsx's loader: register it inside the worker first.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
  });
}

export class ParseWorker {
  private readonly replies: ParseWorkerReply[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;
  private bytesAhead = 0;
  private drained: (() => void) | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ParseWorkerReply) => this.push(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the feed parser stopped (exit code ${code})`)));
  }

  /** A started worker, or null when none can start here. */
  static async start(): Promise<ParseWorker | null> {
    let handle: ParseWorker;
    try {
      handle = new ParseWorker(createWorker());
    } catch {
      return null;
    }
    const timer = setTimeout(() => handle.fail(new Error('the feed parser did not start')), START_TIMEOUT_MS);
    try {
      const first = await handle.next();
      if (first.type === 'ready') return handle;
      throw new Error(`unexpected first message ${first.type}`);
    } catch {
      await handle.stop();
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private push(reply: ParseWorkerReply) {
    if (reply.type === 'consumed') {
      this.bytesAhead -= reply.bytes;
      this.drained?.();
      return;
    }
    this.replies.push(reply);
    this.wake?.();
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.wake?.();
    this.drained?.();
  }

  /** Reads the body on this thread and pushes its bytes to the worker, a bounded amount ahead. */
  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    try {
      for (;;) {
        while (this.bytesAhead > MAX_BYTES_AHEAD && !this.failure) await new Promise<void>((resolve) => (this.drained = resolve));
        if (this.failure) break;
        const { done, value } = await reader.read();
        if (done) break;
        this.bytesAhead += value.byteLength;
        // A copy we own, so its buffer can be transferred (a fetch body's chunks may share one).
        const bytes = new Uint8Array(value);
        this.send({ type: 'chunk', bytes }, [bytes.buffer]);
      }
      this.send({ type: 'end-of-input' });
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    } finally {
      if (this.failure) await reader.cancel().catch(() => undefined);
    }
  }

  private async next(): Promise<ParseWorkerReply> {
    for (;;) {
      const reply = this.replies.shift();
      if (reply) return reply;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  private send(request: ParseWorkerRequest, transfer: TransferListItem[] = []) {
    this.worker.postMessage(request, transfer);
  }

  /** Parses the feed body (transferred to the worker) and yields its batches in order. */
  async *batches(format: string, body: ReadableStream<Uint8Array>, supplierName: string, batchSize: number): AsyncGenerator<ParsedBatch> {
    this.send({ type: 'parse', format, supplierName, batchSize });
    void this.pump(body);
    this.send({ type: 'more' });
    for (;;) {
      const reply = await this.next();
      if (reply.type === 'end') return;
      if (reply.type === 'error') throw reply.unreadable ? new FeedFormatError(reply.message) : new Error(reply.message);
      if (reply.type !== 'batch') continue;
      // Let the worker parse the next batch while this one is written.
      this.send({ type: 'more' });
      yield reply.batch;
    }
  }

  async stop(): Promise<void> {
    this.fail(new Error('stopped'));
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
