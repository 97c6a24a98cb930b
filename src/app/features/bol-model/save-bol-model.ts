/**
 * Saving the Bol model through the outbox's entry point (docs/architecture.md "The offline engine"):
 * the save is submitted and shown on the device at once, then sent by the drainer; online, the tab
 * follows it like every other save and reports what became of it. Offline (or without an answer) the save stays queued and the tab says so.
 * Only what the person changed goes, each attribute with its value when the form was filled (a
 * change set, PATCH /api/v1/bol/model/{productId}; docs/bol.md), so others' edits of other attributes stay.
 */
import type { BolModel } from '../../../shared/bol-contract';
import { bolModelMessages, type BolModelWords } from '../../../shared/bol-model-messages';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import type { EditOutcome, OutcomeTexts } from '../../edit/edit-outcome';
import type { Change, SaveOutcome, Submitted } from '../../sync/app-sync';

export type BolSaveOutcome =
  /** The server has it; `model` is its answer (new version). */
  | { kind: 'saved'; model: BolModel | null }
  /** Kept on the device, sent when the connection returns. */
  | { kind: 'kept'; reason: 'offline' | 'no-answer' }
  /** Someone else changed one of these attributes meanwhile: the tab shows it per attribute. */
  | { kind: 'conflict'; message: string }
  /** The server refused it (e.g. 400 naming the attributes). */
  | { kind: 'failed'; message: string };

/** What the save needs: the outbox's entry point (submit, then follow, as every save does). */
export interface BolSaveDeps {
  online(): boolean;
  author(): string | null;
  submit(change: Extract<Change, { kind: 'bol-model-change' }>, author: string): Promise<Submitted>;
  follow(submitted: Submitted): Promise<SaveOutcome>;
  readKeptModel(productId: number): Promise<BolModel | null>;
}

/** The save's own sentences (the language shown; English by default). */
type SaveWords = Pick<BolModelWords, 'signInToSave' | 'changedMeanwhile' | 'refused'> & Pick<typeof productEditMessages, 'savedOnDevice'>;
const ENGLISH: SaveWords = { ...bolModelMessages, savedOnDevice: productEditMessages.savedOnDevice };

function messageOf(record: unknown): string | null {
  const message = typeof record === 'object' && record !== null ? (record as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : null;
}

/** Saves what changed from `before` (the model the form was filled from) to `after` (the form's model). */
export async function saveBolModel(before: BolModel, after: BolModel, deps: BolSaveDeps, words: SaveWords = ENGLISH): Promise<BolSaveOutcome> {
  const author = deps.author();
  if (!author) return { kind: 'failed', message: words.signInToSave };
  const submitted = await deps.submit({ kind: 'bol-model-change', before, after }, author);
  if (!deps.online()) return { kind: 'kept', reason: 'offline' };
  const outcome = await deps.follow(submitted);
  switch (outcome.kind) {
    case 'sent':
      return { kind: 'saved', model: await deps.readKeptModel(after.productId).catch(() => null) };
    case 'conflict':
      return { kind: 'conflict', message: messageOf(outcome.serverCopy) ?? words.changedMeanwhile };
    case 'failed':
      return { kind: 'failed', message: outcome.message || words.refused };
    default:
      return { kind: 'kept', reason: 'no-answer' };
  }
}

/** The line the tab shows after a save that did not reach the server (null when it did). */
export function savedOutcomeNote(outcome: BolSaveOutcome, words: Pick<SaveWords, 'savedOnDevice'> = ENGLISH): string | null {
  switch (outcome.kind) {
    case 'saved':
      return null;
    case 'kept':
      return words.savedOnDevice;
    case 'conflict':
      return outcome.message;
    case 'failed':
      return outcome.message;
  }
}

/** The save's outcome as the edit controller follows it (src/app/edit/edit-outcome.ts). */
export function editOutcomeOf(outcome: BolSaveOutcome): EditOutcome<BolModel> {
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'sent', record: outcome.model };
    case 'kept':
      return { kind: 'pending' };
    case 'conflict':
      // Shown on the tab from the outbox itself (the banner and each attribute), also on reconnect.
      return { kind: 'conflict', message: outcome.message, theirs: null };
    case 'failed':
      return { kind: 'failed', message: outcome.message };
  }
}

/** What the tab says of each outcome: a refusal's notice is the server's reason itself. */
export function bolSaveTexts(bol: Pick<typeof messages.bol, 'saved' | 'saveFailed'> = messages.bol, words: Pick<SaveWords, 'savedOnDevice'> = ENGLISH): OutcomeTexts<BolModel> {
  return {
    sentToast: bol.saved,
    pendingNotice: words.savedOnDevice,
    failedToast: bol.saveFailed,
    errorLog: 'Saving the Bol model failed',
  };
}
