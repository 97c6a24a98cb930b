/**
 * The write kind `held-back-dismiss`: "Keep mine" on a supplier value a feed held back
 * (docs/product-edit.md "The supplier now says"; docs/feeds.md "Held-back values"), DELETE
 * /api/v1/product/{id}/held-back/{field}. The note leaves the device's copy at once, also offline;
 * the entry waits in the outbox like any write and is sent when the connection returns. The server
 * answers success for a hold already ended, so a send repeated after a lost answer is harmless.
 */
import type { Product } from '../../../shared/contract';
import { isFeedField, type FeedField } from '../../../shared/feed-fields';
import type { OutboxRequest } from '../../api/outbox-requests';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../db/database';
import { withQuotaFallback } from '../../db/storage';
import { productEntityKey, type KindEntry, type OutboxRow } from '../../db/outbox-entry';
import { isProduct } from '../outbox-memory';
import { addEntry, laterEntriesOf } from './outbox-queue';
import type { DetailWords, WriteKind } from './write-kind';

/** A feed field's name in the words given (feedFieldLabel's rule: the images, else the product field). */
function feedFieldName(field: FeedField, words: DetailWords): string {
  return field === 'images' ? words.details.images : words.fields[field];
}
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface HeldBackDismissPayload {
  productId: number;
  /** The held field (a feed field name: 'title', 'categoryId', 'images', ...). */
  field: string;
}
export type HeldBackDismissEntry = KindEntry<'held-back-dismiss', HeldBackDismissPayload>;

/** The change a feature submits: keep my value of `field` over the supplier's held-back one. */
export interface HeldBackDismissChange {
  kind: 'held-back-dismiss';
  productId: number;
  field: string;
}

export const HELD_BACK_DISMISS = 'held-back-dismiss';

const isDismissOf = (row: OutboxRow, productId: number, field: string): boolean =>
  row.kind === HELD_BACK_DISMISS && (row.payload as HeldBackDismissPayload).productId === productId && (row.payload as HeldBackDismissPayload).field === field;

/** The product without its held value of `field` (what the device shows at once). */
export function withoutHold(product: Product, field: string): Product {
  const left = (product.heldBack ?? []).filter((held) => held.field !== field);
  const { heldBack: _dropped, ...rest } = product;
  return left.length > 0 ? { ...rest, heldBack: left } : rest;
}

/**
 * Queues "Keep mine" of a held value and drops the hold from the device's copy at once. A second
 * Keep mine of the same hold while one waits queues nothing more. Answers the entry.
 */
export async function enqueueHeldBackDismiss(
  db: BackofficeDatabase,
  target: HeldBackDismissPayload,
  author: string,
  now: number = Date.now(),
): Promise<HeldBackDismissEntry> {
  return withQuotaFallback(db, () =>
    db.transaction('rw', [db.outbox, db.products, db.meta], async () => {
      const local = await db.products.get(target.productId);
      if (local) await db.products.put(toCachedProduct(withoutHold(fromCachedProduct(local), target.field)));
      const entityKey = productEntityKey(target.productId);
      const waiting = (await db.outbox.where('entityKey').equals(entityKey).toArray()).find(
        (row) => isDismissOf(row, target.productId, target.field) && (row.status === 'pending' || row.status === 'sending'),
      );
      if (waiting) return waiting as HeldBackDismissEntry;
      return addEntry<HeldBackDismissEntry>(db, { kind: 'held-back-dismiss', entityKey, author, payload: target }, now);
    }),
  );
}

/** DELETE /api/v1/product/{id}/held-back/{field}. */
function heldBackDismissRequest(payload: HeldBackDismissPayload, headers: Record<string, string>): OutboxRequest {
  return { method: 'DELETE', url: `/api/v1/product/${payload.productId}/held-back/${encodeURIComponent(payload.field)}`, headers };
}

export const heldBackDismiss: WriteKind<HeldBackDismissEntry, HeldBackDismissChange> = {
  name: 'held-back-dismiss',
  label: syncPanelMessages.kinds.keepMyValue,
  async submit(ctx, change, author) {
    const entry = await enqueueHeldBackDismiss(ctx.db, { productId: change.productId, field: change.field }, author);
    return { saveId: entry.id, uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.productId,
  detail: (entry, words) => (isFeedField(entry.payload.field) ? words.details.supplierValueHidden(feedFieldName(entry.payload.field, words)) : null),
  mine: () => null,
  diff: () => [],
  // No If-Match: ending a hold builds on no version of the product.
  request: async (_ctx, entry, headers) => {
    const { 'If-Match': _ignored, ...rest } = headers;
    return heldBackDismissRequest(entry.payload, rest);
  },
  async applySuccess(ctx, entry, answer) {
    if (!isProduct(answer)) return;
    const later = await laterEntriesOf(ctx.db, entry);
    const local = await ctx.db.products.get(entry.payload.productId);
    if (later.length === 0 || !local) {
      await ctx.db.products.put(toCachedProduct(answer));
      return;
    }
    // My later changes still show on the device: only the holds come from the answer.
    const { heldBack: _old, ...rest } = fromCachedProduct(local);
    await ctx.db.products.put(toCachedProduct(answer.heldBack ? { ...rest, heldBack: answer.heldBack } : rest));
  },
  discarded: async () => undefined,
  takeTheirs: async () => undefined,
};
