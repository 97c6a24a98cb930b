/**
 * The server's database thread (docs/architecture.md, "The embedded database's thread"): it opens
 * the embedded PGlite in the data folder and runs what the main thread sends, one message after
 * the other, in the order sent (pglite-thread.ts keeps the session's rules on its side).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { OneMessageQueries } from './pglite-one-message';
import { createPglite } from './pglite-open';
import { threadErrorOf, type DatabaseAnswer, type DatabaseRequest, type ThreadStart } from './pglite-thread-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };

const keepText = (value: string) => value;

async function answer(db: PGlite, queries: OneMessageQueries, request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      // A statement seen before goes as one protocol message, kept prepared unless it must be
      // planned with its values (pglite-one-message.ts).
      return queries.query(
        request.text,
        request.params,
        { rowMode: request.rowMode, parsers: Object.fromEntries(request.keepAsText.map((type) => [type, keepText])) },
        { withValues: request.withValues },
      );
    case 'exec':
      return db.exec(request.text);
    case 'close':
      await db.close();
      return null;
  }
}

let db: PGlite;
try {
  db = await createPglite(dataDir);
} catch (error) {
  port.postMessage({ started: false, error: threadErrorOf(error) } satisfies ThreadStart);
  throw error;
}
const queries = new OneMessageQueries(db);
port.postMessage({ started: true } satisfies ThreadStart);

// One at a time, in the order received: the main thread decides what may run together.
let queue = Promise.resolve();
port.on('message', (request: DatabaseRequest) => {
  queue = queue.then(async () => {
    let reply: DatabaseAnswer;
    try {
      reply = { id: request.id, ok: true, result: await answer(db, queries, request) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: threadErrorOf(error) };
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // An answer that cannot be copied to the main thread: its caller gets why, the queue goes on.
      port.postMessage({ id: request.id, ok: false, error: threadErrorOf(error) } satisfies DatabaseAnswer);
    }
  });
});
