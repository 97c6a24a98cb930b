/**
 * The write kind `offer-send-anyway`: a person sends a held-back offer change to bol anyway
 * (docs/bol.md, "Guard rails"), POST /api/v1/bol/offers/{id}/send-anyway with an Idempotency-Key.
 * It waits in the outbox like any write, also offline; a second press while one waits queues
 * nothing more. Nothing held back any more (409: someone else sent it, or the product changed)
 * is the wish met, so it counts as done.
 */
import type { OfferHoldKind } from '../../../shared/bol-offer-sync';
import type { OutboxRequest } from '../../api/outbox-requests';
import { productEntityKey, type KindEntry } from '../../db/outbox-entry';
import { withQuotaFallback } from '../../db/storage';
import { addEntry } from './outbox-queue';
import type { WriteKind } from './write-kind';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export interface OfferSendAnywayPayload {
  productId: number;
  /** The guard rail the person waved through, as the state showed it. */
  holdKind: OfferHoldKind;
}
export type OfferSendAnywayEntry = KindEntry<'offer-send-anyway', OfferSendAnywayPayload>;

export interface OfferSendAnywayChange extends OfferSendAnywayPayload {
  kind: 'offer-send-anyway';
}

export const offerSendAnyway: WriteKind<OfferSendAnywayEntry, OfferSendAnywayChange> = {
  name: 'offer-send-anyway',
  label: syncPanelMessages.kinds.sendAnyway,
  async submit(ctx, change, author) {
    const { db } = ctx;
    const entry = await withQuotaFallback(db, () =>
      db.transaction('rw', [db.outbox, db.meta], async () => {
        const entityKey = productEntityKey(change.productId);
        const waiting = (await db.outbox.where('entityKey').equals(entityKey).toArray()).find(
          (row) => row.kind === 'offer-send-anyway' && (row.status === 'pending' || row.status === 'sending'),
        );
        if (waiting) return waiting as OfferSendAnywayEntry;
        return addEntry<OfferSendAnywayEntry>(db, { kind: 'offer-send-anyway', entityKey, author, payload: { productId: change.productId, holdKind: change.holdKind } }, Date.now());
      }),
    );
    return { saveId: entry.id, uploadIds: [] };
  },
  productIdOf: (entry) => entry.payload.productId,
  detail: (_entry, words) => words.details.offerGoesToBol,
  mine: () => null,
  diff: () => [],
  // No If-Match: sending anyway builds on no version of the product.
  request: async (_ctx, entry, headers): Promise<OutboxRequest> => {
    const { 'If-Match': _ignored, ...rest } = headers;
    return { method: 'POST', url: `/api/v1/bol/offers/${entry.payload.productId}/send-anyway`, headers: rest };
  },
  reread: (verdict, status) => (status === 409 ? { kind: 'done' } : verdict.kind === 'conflict' ? { kind: 'failed' } : null),
  // The Bol Model tab reads the product's marketplace state again when the entry has gone.
  applySuccess: async () => undefined,
  discarded: async () => undefined,
  takeTheirs: async () => undefined,
};
