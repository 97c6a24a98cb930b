/**
 * Reads EAN sheets in a worker thread with a memory limit, one at a time, with a short queue:
 * a workbook that needs more memory than allowed ends its worker (413), never the server, and
 * the server thread stays free to answer other requests meanwhile. Limits: docs/security.md,
 * "Uploads".
 */
import { EanSheetError, type EanSheetRow } from './ean-sheet';
import type { EanSheetWorkerReply } from './ean-sheet-worker-protocol';
import { startWorker } from '../lib/worker-thread';
import { describeError } from '../lib/caught-errors';
import { WaitingLine } from '../lib/waiting-line';
import { serverSentence } from '../../shared/server-messages';

export interface EanSheetWorkerLimits {
  /** V8 old-generation heap of the worker, in MB. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** A sheet taking longer than this is given up (422). */
  timeoutMs: number;
  /** Sheets read at the same time. */
  concurrent: number;
  /** Uploads waiting for their turn; one more gets 503 with Retry-After. */
  maxWaiting: number;
}

export const EAN_SHEET_WORKER_LIMITS: EanSheetWorkerLimits = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  timeoutMs: 30_000,
  concurrent: 1,
  maxWaiting: 8,
};

const NEEDS_TOO_MUCH_MEMORY = serverSentence('eanSheetTooMuchMemory');
const TOO_SLOW = serverSentence('eanSheetTooSlow');
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Runs one sheet in a fresh worker (a fresh heap each time: nothing of one upload stays for the next). */
function readInWorker(bytes: Uint8Array, limits: EanSheetWorkerLimits): Promise<EanSheetRow[]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./ean-sheet-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new EanSheetError(422, TOO_SLOW))), limits.timeoutMs);
    worker.on('message', (message: EanSheetWorkerReply | { ready: true }) => {
      if ('ready' in message) {
        // A copy whose buffer moves to the worker: this thread keeps nothing of it.
        const copy = new Uint8Array(bytes);
        worker.postMessage(copy, [copy.buffer]);
        return;
      }
      if (message.ok) return finish(() => resolve(message.rows));
      if (message.detail) console.warn('[server] EAN sheet could not be read:', message.detail);
      finish(() => reject(new EanSheetError(message.status, message.sentence ?? message.message)));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return finish(() => reject(new EanSheetError(413, NEEDS_TOO_MUCH_MEMORY)));
      console.error(`[server] the EAN sheet worker failed: ${describeError(error)}`);
      finish(() => reject(new EanSheetError(422, serverSentence('eanSheetDamaged'))));
    });
    worker.on('exit', (code) => {
      // An exit without an answer: the memory limit (some versions exit instead of raising an error) or a crash.
      finish(() => reject(new EanSheetError(413, code === 0 ? serverSentence('eanSheetNotRead') : NEEDS_TOO_MUCH_MEMORY)));
    });
  });
}

/** The queue in front of the workers. */
export class EanSheetReader {
  private readonly line: WaitingLine;

  constructor(private readonly limits: EanSheetWorkerLimits = EAN_SHEET_WORKER_LIMITS) {
    this.line = new WaitingLine(limits, () => new EanSheetError(503, serverSentence('eanSheetsBusy'), BUSY_RETRY_AFTER_SECONDS));
  }

  /** Rows of the sheet; EanSheetError for a sheet that cannot be used, or 503 while too many wait. */
  async read(bytes: Uint8Array): Promise<EanSheetRow[]> {
    const free = await this.line.enter();
    try {
      return await readInWorker(bytes, this.limits);
    } finally {
      // Hand the place straight to the next waiting upload, or free it.
      free();
    }
  }
}
