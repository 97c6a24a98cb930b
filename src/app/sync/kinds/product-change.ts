/**
 * The write kind `product-change`: a product's change set (docs/offline.md "Change sets"), PATCH
 * /api/v1/product/{id} or an item of POST /api/v1/product/batch, merged three ways on the server
 * (src/shared/change-set-merge.ts). Consecutive sets of one person on one product compose into one;
 * a conflict is settled field by field.
 */
import {
  applyChangeSet,
  buildChangeSet,
  type ChangeSetConflict,
  composeChangeSets,
  conflictingPart,
  isChangeSetConflict,
  isEmptyChangeSet,
  revertChangeSet,
  settleConflicts,
  type ProductChangeSet,
} from '../../../shared/change-set';
import type { Product } from '../../../shared/contract';
import { isProductFieldName } from '../../../shared/product-fields';
import { newImage } from '../../../shared/rules/new-image';
import { versionedBody, writeProtocolOf } from '../../../shared/write-protocol';
import type { OutboxRequest } from '../../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { placeholderPath, productEntityKey, type KindEntry, type OutboxRow } from '../../db/outbox-entry';
import { isOnline } from '../../lib/online';
import { isProduct } from '../outbox-memory';
import { conflictDifferences, type FieldDifference } from '../record-diff';
import { changeSetConflicted } from './change-set-conflicted';
import { enqueuePickedFiles } from './image-upload';
import { composedEntryFields, laterEntriesOf, nextSeq, pendingUploadsOf, replaceEntry, waitingChangeSetOf, withUploadedPaths } from './outbox-queue';
import { ENGLISH_DETAIL_WORDS, type DetailWords, type PickedFile, type Submitted, type WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

/** A change set of one product (PATCH /api/v1/product/{id}, docs/offline.md "Change sets"). */
export interface ProductChangePayload {
  productId: number;
  changes: ProductChangeSet;
}
export type ProductChangeEntry = KindEntry<'product-change', ProductChangePayload>;

/**
 * The change a feature submits: what the person changed from `before` (the product as the form was
 * filled) to `after`, as a change set; picked files are uploaded first and added.
 */
export interface ProductChangeChange {
  kind: 'product-change';
  before: Product;
  after: Product;
  files?: readonly PickedFile[];
}

const isProductChange = (row: OutboxRow | undefined): row is ProductChangeEntry => row?.kind === 'product-change';

/**
 * Queues a change set of one product and shows `local` (the product as the person now sees it) on
 * the device at once. Consecutive change sets of one person on one product merge into one
 * (docs/offline.md "Change sets"): the first base stays, the last value wins, and a field edited
 * back to its base drops out. A set merged into an entry that was already tried goes under a new
 * Idempotency-Key, carrying the values the earlier attempt may have written (`via`). Answers the
 * entry, or null when nothing is left to send.
 */
export async function enqueueProductChange(
  db: BackofficeDatabase,
  changes: ProductChangeSet,
  local: Product,
  author: string,
  now: number = Date.now(),
): Promise<ProductChangeEntry | null> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const shown = fromCachedProduct({ ...local, productImages: await withUploadedPaths(db, local.productImages) });
      await db.products.put(toCachedProduct(shown));
      const set: ProductChangeSet = { ...changes, images: { ...changes.images, added: await withUploadedPaths(db, changes.images.added) } };
      const entityKey = productEntityKey(shown.productId);
      const existing = await waitingChangeSetOf(db, entityKey, isProductChange, author);
      const merged = existing ? composeChangeSets(existing.payload.changes, set, existing.attempts > 0) : set;
      const dependsOn = await pendingUploadsOf(db, merged.images.added);
      if (isEmptyChangeSet(merged)) {
        if (existing) await db.outbox.delete(existing.id);
        return null;
      }
      const seq = await nextSeq(db);
      const entry: ProductChangeEntry = {
        ...composedEntryFields(existing, now),
        kind: 'product-change',
        entityKey,
        seq,
        baseVersion: null,
        author,
        payload: { productId: shown.productId, changes: merged },
        dependsOn,
      };
      await replaceEntry(db, existing, entry);
      return entry;
    }),
  );
}

/** Queues the uploads of `picked`, then the change set from `before` to `after` with those images added. */
export async function queueProductChange(
  db: BackofficeDatabase,
  before: Product,
  after: Product,
  picked: readonly PickedFile[],
  author: string,
  now: number = Date.now(),
): Promise<Submitted & { product: Product }> {
  const uploads = await enqueuePickedFiles(db, after.productId, picked, author);
  const images = [...after.productImages, ...uploads.map((upload, index) => newImage((picked[index] as PickedFile).id, upload.filePath))];
  const shown: Product = { ...after, productImages: images, numberOfImages: images.length };
  const changes = buildChangeSet(before, shown, now, !isOnline());
  const entry = await enqueueProductChange(db, changes, shown, author, now);
  return { saveId: entry?.id ?? '', uploadIds: uploads.map((upload) => upload.entryId), product: shown };
}

/** PATCH /api/v1/product/{id}: a change set (only what changed, each with its base), as a body of the entry's protocol version. */
function productChangeRequest(productId: number, body: object, headers: Record<string, string>): OutboxRequest {
  return { method: 'PATCH', url: `/api/v1/product/${productId}`, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** The entry's change set as sent: uploaded paths swapped in, in the entry's protocol version. */
async function sentChangeSet(db: BackofficeDatabase, entry: ProductChangeEntry) {
  const changes = entry.payload.changes;
  const resolved: ProductChangeSet = { ...changes, images: { ...changes.images, added: await withUploadedPaths(db, changes.images.added) } };
  return versionedBody(resolved, writeProtocolOf(entry));
}

/** The labels of what a change set changes (the panel's detail line), in `words`. */
export function changeSetSummary(changes: ProductChangeSet, words: DetailWords = ENGLISH_DETAIL_WORDS): string {
  const labels = Object.keys(changes.fields).map((name) => (isProductFieldName(name) ? words.fields[name] : name));
  const images = changes.images;
  if (images.added.length > 0) labels.push(words.details.imagesAdded(images.added.length));
  if (images.deleted.length > 0) labels.push(words.details.imagesRemoved(images.deleted.length));
  if (images.edited.length > 0 || images.order || images.main) labels.push(words.details.images);
  return labels.join(', ');
}

/** The fields of a change-set conflict, mine beside theirs, with who changed theirs. */
export function changeSetDifferences(server: unknown): FieldDifference[] {
  return isChangeSetConflict(server) ? conflictDifferences(server.conflicts) : [];
}

/**
 * Shows the server's copy of the product with what still waits of mine on top (`own`: what of this
 * entry still waits, then my later entries): what this device should show after an answer.
 */
async function showWithMineOnTop(db: BackofficeDatabase, entry: ProductChangeEntry, server: Product, own: ProductChangeSet | null): Promise<void> {
  const waiting = await laterEntriesOf(db, entry);
  let local = own ? applyChangeSet(server, own) : server;
  for (const other of waiting) if (isProductChange(other)) local = applyChangeSet(local, other.payload.changes);
  if (waiting.some((other) => !isProductChange(other))) {
    const current = await db.products.get(server.productId);
    if (current) {
      await db.products.put({ ...current, version: server.version, dateUpdate: server.dateUpdate });
      return;
    }
  }
  await db.products.put(toCachedProduct(local));
}

export const productChange: WriteKind<ProductChangeEntry, ProductChangeChange> = {
  name: 'product-change',
  label: syncPanelMessages.kinds.product,
  submit: (ctx, change, author) => queueProductChange(ctx.db, change.before, change.after, change.files ?? [], author),
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry, words) => changeSetSummary(entry.payload.changes, words) || null,
  mine: (entry) => entry.payload.changes,
  diff: (_mine, theirs) => changeSetDifferences(theirs),
  async request(ctx, entry, headers) {
    // No If-Match: the server merges field by field (docs/products.md "PATCH /product/{id}").
    const { 'If-Match': _ignored, ...rest } = headers;
    return productChangeRequest(entry.payload.productId, await sentChangeSet(ctx.db, entry), rest);
  },
  // The same change set and Idempotency-Key as the PATCH: the server treats both as one request.
  batchItem: async (ctx, entry) => ({ productId: entry.payload.productId, key: entry.id, changes: await sentChangeSet(ctx.db, entry) }),
  async applySuccess(ctx, entry, answer) {
    if (isProduct(answer)) await showWithMineOnTop(ctx.db, entry, answer, null);
  },
  conflicted: changeSetConflicted<ProductChangeEntry, ProductChangeSet, ChangeSetConflict, Product>({
    isConflict: isChangeSetConflict,
    recordOf: (answer) => answer.product,
    conflictingPart,
    showWithMineOnTop,
  }),
  async discarded(ctx, entry) {
    if (isChangeSetConflict(entry.serverCopy)) {
      await ctx.db.products.put(toCachedProduct(entry.serverCopy.product));
      return;
    }
    // Undo my change on the device: every field back to its base, added images gone.
    const local = await ctx.db.products.get(entry.payload.productId);
    if (local) await ctx.db.products.put(toCachedProduct(revertChangeSet(fromCachedProduct(local), entry.payload.changes)));
  },
  async takeTheirs(ctx, _entry, server) {
    if (isChangeSetConflict(server)) await ctx.db.products.put(toCachedProduct(server.product));
  },
  async settle(ctx, entry, choices, now) {
    const server = entry.serverCopy;
    if (!isChangeSetConflict(server)) return;
    const perField = typeof choices === 'string' ? Object.fromEntries(server.conflicts.map((conflict) => [conflict.field, choices])) : choices;
    // The product as the server answered: what an image delete's new base and a restored image's place are read from.
    const settled = settleConflicts(entry.payload.changes, server.conflicts, perField, server.product);
    if (isEmptyChangeSet(settled)) {
      await ctx.db.outbox.delete(entry.id);
      await ctx.db.products.put(toCachedProduct(server.product));
      return;
    }
    const { serverCopy: _dropped, ...rest } = entry;
    const again: ProductChangeEntry = { ...rest, payload: { ...entry.payload, changes: settled }, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, updatedAt: now };
    await ctx.db.outbox.put(again);
    // The open form and the list show the server's copy with my kept values on top, at once.
    await ctx.db.products.put(toCachedProduct(applyChangeSet(server.product, settled)));
  },
  withUpload(entry, uploadId, path) {
    const placeholder = placeholderPath(uploadId);
    const changes = entry.payload.changes;
    const added =
      path === null
        ? changes.images.added.filter((image) => image.filePath !== placeholder)
        : changes.images.added.map((image) => (image.filePath === placeholder ? { ...image, filePath: path } : image));
    return { ...entry.payload, changes: { ...changes, images: { ...changes.images, added } } };
  },
};
