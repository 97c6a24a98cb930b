/** Messages between the EAN sheet worker (ean-sheet-worker.ts) and the server thread. */
import type { ServerSentence } from '../../shared/server-messages';
import type { EanSheetRow } from './ean-sheet';

export type EanSheetWorkerReply =
  | { ok: true; rows: EanSheetRow[] }
  /** `detail`: an unexpected failure's own message, for the server log only; `sentence`: the message's sentence (docs/languages.md). */
  | { ok: false; status: 413 | 415 | 422 | 503; message: string; sentence?: ServerSentence; detail?: string };
