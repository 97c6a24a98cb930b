/**
 * Saving the product through the outbox's entry point (docs/product-edit.md "Saving through the
 * outbox"), the same shape as the Bol model's save (save-bol-model.ts): the change set from the
 * product the form was filled from to the form's product is queued with the picked files (their
 * uploads go first) and shown on the device at once; the drainer sends it. The save is followed
 * to its end. A refused upload is dropped and the save goes on without its image. Once the server
 * has it, its answer is read from the device's copy, where the drainer stored it: the product is
 * not read from the server again.
 */
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import type { Change, PickedFile, SaveOutcome, Submitted } from '../../sync/app-sync';
import type { EditOutcome, OutcomeTexts } from '../../edit/edit-outcome';

/** What the General tab says of a save's outcome (docs/product-edit.md), in `words` (the language shown). */
export function productSaveTexts(words: Pick<typeof productEditMessages, 'saved' | 'savedOnDevice' | 'saveFailed'> = productEditMessages): OutcomeTexts<Product> {
  return {
    sentToast: words.saved,
    pendingNotice: words.savedOnDevice,
    failedToast: words.saveFailed,
    failedNotice: (reason) => `${words.saveFailed} ${reason}`,
    errorLog: 'Saving the product failed',
  };
}

export interface ProductSaveDeps {
  submit(change: Extract<Change, { kind: 'product-change' }>, author: string): Promise<Submitted>;
  follow(submitted: Submitted): Promise<SaveOutcome>;
  /** Drops a waiting entry (a refused upload). */
  discard(entryId: string): Promise<void>;
  readKeptProduct(productId: number): Promise<Product | null>;
  /** Tells of a refused upload (a long toast). */
  uploadRefused(message: string): void;
}

/** What the editor hears while the save goes. */
export interface ProductSaveSteps {
  /** Queued: the product as this device now shows it. */
  queued(product: Product): void;
  /** A refused upload was dropped from the waiting save. */
  uploadDropped(uploadId: string): void;
}

/** Saves what changed from `before` to `after`, with the picked files added as images. */
export async function saveProduct(
  change: { before: Product; after: Product; files: readonly PickedFile[]; author: string },
  deps: ProductSaveDeps,
  steps: ProductSaveSteps,
): Promise<EditOutcome<Product>> {
  const { before, after, files, author } = change;
  const submitted = await deps.submit({ kind: 'product-change', before, after, files }, author);
  steps.queued(submitted.product ?? after);
  return followProductSave(after.productId, submitted, deps, steps);
}

async function followProductSave(productId: number, watched: Submitted, deps: ProductSaveDeps, steps: ProductSaveSteps): Promise<EditOutcome<Product>> {
  const outcome = await deps.follow(watched);
  switch (outcome.kind) {
    case 'sent':
      return { kind: 'sent', record: await deps.readKeptProduct(productId).catch(() => null) };
    case 'queued':
      return { kind: 'pending' };
    case 'upload-failed':
      deps.uploadRefused(outcome.message || messages.images.uploadFailed);
      // Dropping it takes its image out of the waiting save, so the save can go on.
      await deps.discard(outcome.uploadId);
      steps.uploadDropped(outcome.uploadId);
      return followProductSave(productId, { ...watched, uploadIds: watched.uploadIds.filter((id) => id !== outcome.uploadId) }, deps, steps);
    case 'failed':
      return { kind: 'failed', message: outcome.message };
    case 'conflict':
      // Shown on the form from the outbox itself, also when it arises later, on reconnect.
      return { kind: 'conflict', message: '', theirs: null };
  }
}
