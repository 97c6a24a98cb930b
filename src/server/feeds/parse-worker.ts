/**
 * Worker thread entry: parses one feed and posts batches of rows to the import, which writes them
 * meanwhile (parsing beside the writing makes large imports faster). The main thread pushes the
 * feed's bytes; at most one batch waits ahead of the writer.
 * Test feed reads its first rows here too and gets one report back (test-feed-preview.ts).
 */
import { parentPort } from 'node:worker_threads';
import { FeedFormatError } from './feed-item';
import { feedRowBatches, readFeedBytes } from './feed-row-batches';
import type { ParseWorkerReply, ParseWorkerRequest } from './parse-worker-protocol';
import { previewFeedBytes } from './test-feed-preview';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread only');

const send = (reply: ParseWorkerReply) => port.postMessage(reply);
let credit = 0;
const chunks: Uint8Array[] = [];
let inputEnded = false;
/** The input reader and the batch sender may both be waiting (the CSV stream reads ahead): wake all. */
let waiting: (() => void)[] = [];
const nudge = () => {
  const resolvers = waiting;
  waiting = [];
  for (const resolve of resolvers) resolve();
};
const sleep = () => new Promise<void>((resolve) => waiting.push(resolve));

async function* input(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const chunk = chunks.shift();
    if (chunk) {
      send({ type: 'consumed', bytes: chunk.byteLength });
      yield chunk;
    } else if (inputEnded) {
      return;
    } else {
      await sleep();
    }
  }
}

async function parse(request: Extract<ParseWorkerRequest, { type: 'parse' }>): Promise<void> {
  try {
    const items = readFeedBytes(request.format, input(), {
      mapping: request.mapping,
      maxBytes: request.maxBytes,
      charset: request.charset,
      variantParents: request.variantParents ?? null,
    });
    for await (const batch of feedRowBatches(items, { supplierName: request.supplierName, imageBase: request.imageBase }, request.batchSize, request.mapping)) {
      while (credit === 0) await sleep();
      credit -= 1;
      send({ type: 'batch', batch });
    }
    send({ type: 'end' });
  } catch (error) {
    send(errorReply(error));
  }
}

async function preview(request: Extract<ParseWorkerRequest, { type: 'preview' }>): Promise<void> {
  try {
    send({ type: 'preview', report: await previewFeedBytes(input(), request) });
  } catch (error) {
    send(errorReply(error));
  }
}

/** A failure as the worker tells it: a FeedFormatError keeps its sentence across the thread (docs/languages.md). */
function errorReply(error: unknown): ParseWorkerReply {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof FeedFormatError)) return { type: 'error', unreadable: false, message };
  return { type: 'error', unreadable: true, message, ...(error.sentence ? { sentence: error.sentence } : {}) };
}

port.on('message', (message: ParseWorkerRequest) => {
  if (message.type === 'parse') void parse(message);
  else if (message.type === 'preview') void preview(message);
  else if (message.type === 'chunk') chunks.push(message.bytes);
  else if (message.type === 'end-of-input') inputEnded = true;
  else credit += 1;
  nudge();
});

send({ type: 'ready' });
