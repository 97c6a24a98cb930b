/**
 * Runs feed parsing in a worker thread (parse-worker.ts) and hands its batches over as an async
 * generator. Where no worker can start (e.g. a test runner without a TypeScript loader for
 * workers) startParseWorker answers null and the import parses on the main thread instead.
 */
import type { TransferListItem, Worker } from 'node:worker_threads';
import type { FeedMapping } from '../../shared/feed-mapping';
import type { ImageBase } from '../../shared/feed-image-addresses';
import type { TestFeedReport } from '../../shared/suppliers';
import { FeedFormatError } from './feed-item';
import { serverSentence } from '../../shared/server-messages';
import type { ParsedBatch } from './feed-row-batches';
import type { ParseWorkerReply, ParseWorkerRequest } from './parse-worker-protocol';
import type { PreviewRequest } from './test-feed-preview';
import { prepareBundledWorker, startBundledWorker } from '../lib/worker-thread';

const START_TIMEOUT_MS = 10_000;
/**
 * Feed bytes pushed to the worker but not yet taken by its parser: ~2,000 rows of a typical CSV,
 * several batches' worth, so the parser never waits for the writer's thread (docs/feeds.md,
 * "Import memory"; it was 8 MB).
 */
export const MAX_BYTES_AHEAD = 1024 * 1024;
/**
 * The parser's heap: a feed that needs more (an .xlsx with huge shared strings) ends this worker
 * and fails its import or its Test feed, never the server (docs/security.md, "Outbound fetches and
 * imports").
 */
const WORKER_RESOURCE_LIMITS = {
  maxOldGenerationSizeMb: 768,
  // The parser makes short-lived garbage fast: a young generation of 48 MB filled to the top before
  // each scavenge (~25 MB more resident memory); 8 MB is collected as often and as fast.
  maxYoungGenerationSizeMb: 8,
  stackSizeMb: 4,
};

const ENTRY = new URL('./parse-worker.ts', import.meta.url);

/** Bundles the worker's entry ahead (under tsx), so the first import does not wait for it; never rejects. */
export function prepareParseWorker(): Promise<void> {
  return prepareBundledWorker(ENTRY);
}

/**
 * A started worker waiting for the next import (docs/feeds.md, "Import memory"): a thread takes
 * ~250 ms to start and load the parser, which every import's first progress waited for. The
 * server keeps one ready (keepParseWorkerReady, from main.ts): an import takes it, and the next is
 * started a few seconds after the last running import's worker stopped, never while an import runs
 * (its heap on top of an import's: the job bench's peak went from ~260 to ~300 MB, the direct
 * bench's re-import to ~312 MB), so there is never more than one idle. It is unref'd while it waits, so it never keeps a process alive.
 */
let ready: Promise<ParseWorker | null> | null = null;
let keepReady = false;
const READY_AGAIN_AFTER_MS = 5_000;
/** Workers at work for an import: the next one is kept ready only while there is none (one import's memory at a time). */
let atWork = 0;

/** From now on one started parser waits for the next import (the server calls this once it listens). */
export function keepParseWorkerReady(): void {
  keepReady = true;
  startReadyWorker();
}

function startReadyWorker(): void {
  if (!keepReady || ready || atWork > 0) return;
  ready = ParseWorker.spawn().then((worker) => {
    worker?.idle(true);
    return worker;
  });
}

export class ParseWorker {
  private readonly replies: ParseWorkerReply[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;
  private bytesAhead = 0;
  private drained: (() => void) | null = null;
  private working = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ParseWorkerReply) => this.push(reply));
    worker.on('error', (error: Error & { code?: string }) =>
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FeedFormatError(serverSentence('feedNeedsMoreMemory')) : error),
    );
    worker.on('exit', (code) => this.fail(new Error(`the feed parser stopped (exit code ${code})`)));
  }

  /** A started worker (the one kept ready, when there is one), or null when none can start here. */
  static async start(): Promise<ParseWorker | null> {
    const waiting = ready;
    ready = null;
    const handle = waiting ? await waiting : null;
    if (handle && !handle.failure) {
      handle.idle(false);
      return handle.toWork();
    }
    if (handle) await handle.stop();
    return (await ParseWorker.spawn())?.toWork() ?? null;
  }

  /** Taken by an import (counted in atWork until it stops). */
  private toWork(): this {
    this.working = true;
    atWork += 1;
    return this;
  }

  /** Waiting for an import, the thread does not keep the process alive; at work it does. */
  idle(waiting: boolean): void {
    if (waiting) this.worker.unref();
    else this.worker.ref();
  }

  /** A newly started worker, or null when none can start here. */
  static async spawn(): Promise<ParseWorker | null> {
    let handle: ParseWorker;
    try {
      handle = new ParseWorker(await startBundledWorker(ENTRY, { resourceLimits: WORKER_RESOURCE_LIMITS }));
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
  async *batches(
    format: string,
    body: ReadableStream<Uint8Array>,
    supplierName: string,
    batchSize: number,
    read: { mapping: FeedMapping | null; maxBytes: number; charset?: string | null; imageBase?: ImageBase; variantParents?: ReadonlyMap<string, string> | null } = {
      mapping: null,
      maxBytes: Number.MAX_SAFE_INTEGER,
    },
  ): AsyncGenerator<ParsedBatch> {
    this.send({ type: 'parse', format, supplierName, batchSize, charset: null, imageBase: { kind: 'own-server' }, ...read });
    void this.pump(body);
    this.send({ type: 'more' });
    for (;;) {
      const reply = await this.next();
      if (reply.type === 'end') return;
      if (reply.type === 'error') throw reply.unreadable ? new FeedFormatError(reply.sentence ?? reply.message) : new Error(reply.message);
      if (reply.type !== 'batch') continue;
      // Let the worker parse the next batch while this one is written.
      this.send({ type: 'more' });
      yield reply.batch;
    }
  }

  /**
   * Test feed: the first rows of the body (transferred to the worker) as one report. Throws a
   * FeedFormatError for a feed the worker cannot read (a limit of feed-limits.ts, or its memory cap).
   */
  async preview(body: ReadableStream<Uint8Array>, request: PreviewRequest): Promise<TestFeedReport> {
    this.send({ type: 'preview', ...request });
    void this.pump(body);
    for (;;) {
      const reply = await this.next();
      if (reply.type === 'preview') return reply.report;
      if (reply.type === 'error') throw reply.unreadable ? new FeedFormatError(reply.sentence ?? reply.message) : new Error(reply.message);
    }
  }

  /** Ends this worker; the server starts the next one to keep ready a little later (keepParseWorkerReady). */
  async stop(): Promise<void> {
    this.fail(new Error('stopped'));
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    if (!this.working) return;
    this.working = false;
    atWork -= 1;
    if (keepReady && atWork === 0) setTimeout(startReadyWorker, READY_AGAIN_AFTER_MS).unref();
  }
}
