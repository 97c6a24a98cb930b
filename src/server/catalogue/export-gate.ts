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

export interface ExportLimits {
  /** Exports reading at once. */
  concurrent: number;
  /** Exports waiting for a place; one more is refused (503). */
  maxWaiting: number;
}

export const EXPORT_LIMITS: ExportLimits = { concurrent: 2, maxWaiting: 4 };
/** Retry-After of the refusal: an export of 100,000 products takes a few seconds. */
export const EXPORTS_BUSY_RETRY_AFTER_SECONDS = 10;

export class ExportGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: ExportLimits = EXPORT_LIMITS) {}

  /** Exports reading now, and waiting (for the tests and the log). */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * A place to read the catalogue, once one is free; ApiError 503 when too many wait already. The
   * answer frees it: call it once the export ended, failed or was cancelled (more calls do nothing).
   */
  async enter(): Promise<() => void> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.maxWaiting) {
        throw ApiError.saying(503, serverSentence('exportsBusy'), { 'Retry-After': String(EXPORTS_BUSY_RETRY_AFTER_SECONDS) });
      }
      // The place is handed over by the export that frees it (running stays as it is).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
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
