/**
 * How many product exports read the catalogue at once (docs/reports-and-export.md, "Several exports
 * at once"). On PostgreSQL an export holds a connection of the pool (10) from its first row to its
 * last, for as long as the person's browser takes to receive the file: ten exports started
 * together would leave every other call waiting for a connection, the whole team's screens with
 * them. At most EXPORT_LIMITS.concurrent read at once; the next few wait for a place, and beyond
 * those an export is refused at once with a reason and when to try again.
 */
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from '../http/errors';
import { WaitingLine, type WaitingLineLimits } from '../lib/waiting-line';

export const EXPORT_LIMITS: WaitingLineLimits = { concurrent: 2, maxWaiting: 4 };
/** Retry-After of the refusal: an export of 100,000 products takes a few seconds. */
export const EXPORTS_BUSY_RETRY_AFTER_SECONDS = 10;

/**
 * The exports' waiting line (lib/waiting-line.ts); its refusal is the exports' own sentence, as a
 * 429 (too many at once) with Retry-After.
 */
export class ExportGate extends WaitingLine {
  constructor(limits: WaitingLineLimits = EXPORT_LIMITS) {
    super(limits, () => ApiError.saying(429, serverSentence('exportsBusy'), { 'Retry-After': String(EXPORTS_BUSY_RETRY_AFTER_SECONDS) }));
  }
}

/**
 * `stream` that frees its export's place (`free`) when it ends, fails or is cancelled (the person
 * closed the tab or cancelled the download), whichever comes first.
 */
export function freeingWhenDone(stream: ReadableStream<Uint8Array>, free: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            free();
            controller.close();
          } else {
            controller.enqueue(next.value);
          }
        } catch (error) {
          free();
          controller.error(error);
        }
      },
      async cancel(reason) {
        free();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
