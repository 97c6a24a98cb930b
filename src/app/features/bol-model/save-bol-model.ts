/**
 * Saving the Bol model through the outbox (DESIGN.md section 4): the save is queued and shown on
 * the device at once, then sent by the drainer; online, the tab waits for that drain and reports
 * what became of the entry. Offline (or without an answer) the save stays queued and the tab says so.
 */
import type { BolModel } from '../../../shared/bol-contract';

export type BolSaveOutcome =
  /** The server has it; `model` is its answer (new version). */
  | { kind: 'saved'; model: BolModel | null }
  /** Kept on the device, sent when the connection returns. */
  | { kind: 'kept'; reason: 'offline' | 'no-answer' }
  /** Someone else saved this model meanwhile: the sync panel offers both versions. */
  | { kind: 'conflict'; message: string }
  /** The server refused it (e.g. 400 naming the attributes). */
  | { kind: 'failed'; message: string };

/** What the save needs from the outbox; `readEntry` answers null once the entry has left it. */
export interface BolSaveDeps {
  online(): boolean;
  author(): string | null;
  enqueue(model: BolModel, baseVersion: number | null, author: string): Promise<{ id: string }>;
  /** Drains now (or after the running drain) and resolves when that drain ended. */
  syncNow(): Promise<unknown>;
  readEntry(id: string): Promise<{ status: 'pending' | 'sending' | 'failed' | 'conflict'; lastError: string | null } | null>;
  readKeptModel(productId: number): Promise<BolModel | null>;
}

export const SIGN_IN_TO_SAVE = 'Sign in again to save: the Bol model was not saved.';

export async function saveBolModel(model: BolModel, deps: BolSaveDeps): Promise<BolSaveOutcome> {
  const author = deps.author();
  if (!author) return { kind: 'failed', message: SIGN_IN_TO_SAVE };
  // A never-saved model is version 0: If-Match "0" still guards against a save made meanwhile.
  const entry = await deps.enqueue(model, model.version ?? null, author);
  if (!deps.online()) return { kind: 'kept', reason: 'offline' };
  await deps.syncNow();
  const after = await deps.readEntry(entry.id);
  if (after === null) return { kind: 'saved', model: await deps.readKeptModel(model.productId).catch(() => null) };
  if (after.status === 'conflict') return { kind: 'conflict', message: after.lastError ?? 'Someone else changed this Bol model meanwhile.' };
  if (after.status === 'failed') return { kind: 'failed', message: after.lastError ?? 'The server refused the Bol model.' };
  return { kind: 'kept', reason: 'no-answer' };
}

/** The line the tab shows after a save that did not reach the server (null when it did). */
export function savedOutcomeNote(outcome: BolSaveOutcome): string | null {
  switch (outcome.kind) {
    case 'saved':
      return null;
    case 'kept':
      return 'Saved on this device. It is sent to the server when the connection returns.';
    case 'conflict':
      return `${outcome.message} Open the sync status (the cloud in the top bar) to keep yours or take theirs.`;
    case 'failed':
      return outcome.message;
  }
}
