/**
 * Worker thread entry: reads one EAN sheet (readEanSheet) and posts back its rows or the reason it
 * cannot be read. Runs under a memory limit (ean-sheet-in-worker.ts): a workbook that needs more
 * kills this thread, never the server.
 */
import { parentPort } from 'node:worker_threads';
import { EanSheetError, readEanSheet } from './ean-sheet';
import type { EanSheetWorkerReply } from './ean-sheet-worker-protocol';
import { serverSentence } from '../../shared/server-messages';

const DAMAGED = serverSentence('eanSheetDamaged');

const port = parentPort;
if (!port) throw new Error('ean-sheet-worker.ts runs as a worker thread only');

port.once('message', (bytes: Uint8Array) => {
  readEanSheet(bytes).then(
    (rows) => port.postMessage({ ok: true, rows } satisfies EanSheetWorkerReply),
    (error: unknown) => {
      const reply: EanSheetWorkerReply =
        error instanceof EanSheetError
          ? { ok: false, status: error.status, message: error.message, ...(error.sentence ? { sentence: error.sentence } : {}) }
          : { ok: false, status: 422, message: DAMAGED.message, sentence: DAMAGED, detail: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    },
  );
});
port.postMessage({ ready: true });
