/** How the offer on bol reads on the Bol Model tab, and how Send anyway's answers are read (docs/bol.md, "Offers follow the catalogue"). */
import { describe, expect, it } from 'vitest';
import type { OfferSyncState } from '../../src/shared/bol-offer-sync';
import { offerView } from '../../src/app/features/bol-model/bol-offer-view';
import { offerSendAnyway } from '../../src/app/sync/kinds/offer-send-anyway';

const base: OfferSyncState = {
  onBol: { offerId: 'o-1', ean: '8715000000012', price: 20, stock: 12, reference: 'SKU', deliveryCode: '1-2d', onHold: false },
  source: 'sync',
  lastSentAt: '2025-06-01T12:00:00.000Z',
  waiting: false,
  waitingSince: null,
  heldBack: null,
  error: null,
  attempts: 0,
  nextAttemptAt: null,
  notPublishableReasons: [],
  notOffered: null,
};
const time = (iso: string) => `at ${iso.slice(11, 16)}`;

describe('the offer on the Bol Model tab', () => {
  it('shows what bol holds and when it was last sent', () => {
    expect(offerView(base, false, time)).toMatchObject({ summary: '€ 20,00 · stock 12 · for sale', tone: 'green', status: null, canSendAnyway: false, notes: ['Last sent at 12:00'] });
  });

  it('shows a held-back change with its reason and the changes that wait, and offers Send anyway unless one waits', () => {
    const held: OfferSyncState = {
      ...base,
      heldBack: { kind: 'price-jump', reason: 'The price changes by 40 %.', since: '2025-06-01T12:01:00.000Z', changes: [{ field: 'bol:offer:price', old: '€ 20,00', new: '€ 28,00' }] },
    };
    expect(offerView(held, false, time)).toMatchObject({ tone: 'amber', status: 'Held back, not sent: The price changes by 40 %.', changes: ['price: € 20,00 → € 28,00'], canSendAnyway: true });
    const waiting = offerView(held, true, time);
    expect(waiting.canSendAnyway).toBe(false);
    expect(waiting.notes[0]).toBe('Send anyway is waiting to reach the server.');
  });

  it('says why sending failed and when it tries again, that a change waits, or why nothing is offered', () => {
    expect(offerView({ ...base, error: 'bol reports: no.', nextAttemptAt: '2025-06-01T12:05:00.000Z' }, false, time).status).toBe('Sending to bol failed: bol reports: no. Trying again at at 12:05.');
    expect(offerView({ ...base, waiting: true }, false, time)).toMatchObject({ tone: 'blue', status: 'A change is waiting to be sent to bol (within two minutes).' });
    expect(offerView({ ...base, onBol: null, source: null, lastSentAt: null, notOffered: 'The product has no EAN.' }, false, time)).toMatchObject({ summary: 'No offer on bol yet.', status: 'Not offered on bol: The product has no EAN.' });
  });
});

describe('Send anyway in the outbox', () => {
  it('counts "nothing held back any more" (409) as done, and sends without If-Match', async () => {
    expect(offerSendAnyway.reread?.({ kind: 'conflict' }, 409, {}, { method: 'POST', url: '', headers: {} })).toEqual({ kind: 'done' });
    expect(offerSendAnyway.reread?.({ kind: 'retry', delayMs: 1000 }, 503, {}, { method: 'POST', url: '', headers: {} })).toBeNull();
    const entry = { id: 'e', kind: 'offer-send-anyway', payload: { productId: 7, holdKind: 'price-floor' } } as unknown as Parameters<typeof offerSendAnyway.request>[1];
    const request = await offerSendAnyway.request({} as never, entry, { 'If-Match': '"3"', 'Idempotency-Key': 'k' });
    expect(request).toEqual({ method: 'POST', url: '/api/v1/bol/offers/7/send-anyway', headers: { 'Idempotency-Key': 'k' } });
  });
});
