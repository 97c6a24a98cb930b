/**
 * The pure rules under the offer port and the simulated bol's offers: back-off of process polls,
 * the v10 requests the port builds, the outcome sentences, and the simulator's checks (request
 * violations, processing failures, not-publishable reasons). docs/bol.md, "The offer port".
 */
import { describe, expect, it } from 'vitest';
import { processOutcomeMessage } from '../../src/server/bol/client/bol-errors';
import type { BolProcessStatus } from '../../src/server/bol/client/bol-wire';
import type { Offer } from '../../src/server/bol/client/offer-port';
import { createRequestV10, offerFromV10, updateRequestV10, writeOutcomeV10 } from '../../src/server/bol/client/offer-port-v10';
import { pollDelay } from '../../src/server/bol/client/process-poll';
import { bundlePriceFailure, createOfferFailure, createOfferViolations, notPublishableReasons, retailerOffer, updateOfferViolations, type SimulatorOffer } from '../../src/server/bol/simulator/sim-offers';

const status = (extra: Partial<BolProcessStatus> = {}): BolProcessStatus => ({
  processStatusId: '1000001',
  eventType: 'UPDATE_OFFER_PRICE',
  description: 'Update price for offer with id x.',
  status: 'PENDING',
  createTimestamp: '2025-06-01T12:00:00+00:00',
  links: [],
  ...extra,
});

const simOffer = (extra: Partial<SimulatorOffer> = {}): SimulatorOffer => ({
  offerId: 'o-1',
  ean: '8712000002114',
  price: 24.95,
  stock: 5,
  deliveryCode: '1-2d',
  fulfilmentType: 'FBR',
  onHoldByRetailer: false,
  mutationDateTime: '2025-06-01 12:00:00.000 UTC',
  referenceCode: 'SKU-1',
  ...extra,
});

describe('process polls back off', () => {
  it('doubles the wait from the poll interval up to the ceiling', () => {
    const timing = { pollIntervalMs: 1_000, pollMaxIntervalMs: 8_000 };
    expect([0, 1, 2, 3, 4, 5].map((poll) => pollDelay(poll, timing))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('never waits less than the poll interval, even with a lower ceiling', () => {
    expect(pollDelay(3, { pollIntervalMs: 500, pollMaxIntervalMs: 100 })).toBe(500);
  });
});

describe('the v10 requests of the offer port', () => {
  it('a new offer is NEW and on sale unless said otherwise; a delivery code goes with FBR only', () => {
    const request = createRequestV10({ ean: '8712000002114', prices: [{ quantity: 1, unitPrice: 9.99 }], stock: { amount: 3, managedByRetailer: true }, fulfilment: { method: 'FBB', deliveryCode: '1-2d' } });
    expect(request).toEqual({
      ean: '8712000002114',
      condition: { name: 'NEW' },
      onHoldByRetailer: false,
      pricing: { bundlePrices: [{ quantity: 1, unitPrice: 9.99 }] },
      stock: { amount: 3, managedByRetailer: true },
      fulfilment: { method: 'FBB' },
    });
  });

  it('an update sends the current values with the changes on top (v10 resets what is left out)', () => {
    const current: Offer = offerFromV10(retailerOffer(simOffer({ onHoldByRetailer: true }), 'Runner'));
    expect(updateRequestV10(current, { reference: 'SKU-2' })).toEqual({ reference: 'SKU-2', onHoldByRetailer: true, fulfilment: { method: 'FBR', deliveryCode: '1-2d' } });
    expect(updateRequestV10(current, { onHold: false, fulfilment: { method: 'FBR', deliveryCode: '3-5d' } })).toEqual({ reference: 'SKU-1', onHoldByRetailer: false, fulfilment: { method: 'FBR', deliveryCode: '3-5d' } });
  });

  it("bol's offer reads as the port's offer: countries for sale, reasons, stock", () => {
    expect(offerFromV10(retailerOffer(simOffer(), 'Runner'))).toMatchObject({ forSaleIn: ['NL', 'BE'], notPublishableReasons: [], productTitle: 'Runner', stock: { amount: 5, correctedStock: 5, managedByRetailer: true }, reference: 'SKU-1' });
    expect(offerFromV10(retailerOffer(simOffer({ referenceCode: '' }), null))).toMatchObject({ forSaleIn: [], productTitle: null, reference: null });
  });
});

describe('outcomes of offer writes', () => {
  it('SUCCESS carries the offer id (a create learns it from the entity id)', () => {
    expect(writeOutcomeV10('Creating', null, { outcome: 'SUCCESS', status: status({ status: 'SUCCESS', entityId: 'o-9' }), entityId: 'o-9' })).toEqual({ status: 'SUCCESS', offerId: 'o-9', processStatusId: '1000001', notPublishableReasons: [] });
  });

  it("FAILURE says what failed and bol's reason; TIMEOUT and PURGED are UNKNOWN, to be read again", () => {
    const what = 'Updating the price of bol offer o-1';
    expect(writeOutcomeV10(what, 'o-1', { outcome: 'FAILURE', status: status({ status: 'FAILURE' }), message: 'Too cheap.' })).toEqual({
      status: 'FAILURE',
      stage: 'process',
      offerId: 'o-1',
      processStatusId: '1000001',
      message: 'Updating the price of bol offer o-1 failed: bol reports: Too cheap.',
    });
    expect(writeOutcomeV10(what, 'o-1', { outcome: 'TIMEOUT', status: status(), message: 'not after 120 s' }).status).toBe('UNKNOWN');
    expect(processOutcomeMessage(what, { outcome: 'PURGED', message: 'bol no longer knows process 1' })).toBe(
      'Updating the price of bol offer o-1: outcome unknown (bol no longer knows process 1); read the offer to see whether it changed',
    );
  });
});

describe("the simulated bol's offer checks", () => {
  const good = { ean: '8712000002114', condition: { name: 'NEW' }, pricing: { bundlePrices: [{ quantity: 1, unitPrice: 9.99 }] }, stock: { amount: 1, managedByRetailer: true }, fulfilment: { method: 'FBR' } };

  it('refuses what the document forbids, naming each field', () => {
    expect(createOfferViolations(good)).toEqual([]);
    expect(createOfferViolations({ ...good, reference: 'x'.repeat(101), onHoldByRetailer: 'yes', pricing: { bundlePrices: [{ quantity: 1, unitPrice: 10_000 }] } }).map((violation) => violation.name)).toEqual([
      'reference',
      'onHoldByRetailer',
      'pricing.bundlePrices[0].unitPrice',
    ]);
    expect(createOfferViolations(null)).toEqual([{ name: 'body', reason: 'Must be an object.' }]);
    expect(updateOfferViolations({ onHoldByRetailer: true }).map((violation) => violation.name)).toEqual(['fulfilment']);
  });

  it('bundle prices: quantity 1 first, quantities rising, prices falling, two decimals', () => {
    expect(bundlePriceFailure([{ quantity: 1, unitPrice: 19.99 }, { quantity: 3, unitPrice: 17.5 }])).toBeNull();
    expect(bundlePriceFailure([{ quantity: 2, unitPrice: 10 }])).toBe('The bundle prices must start with a price for quantity 1.');
    expect(bundlePriceFailure([{ quantity: 1, unitPrice: 10 }, { quantity: 1, unitPrice: 9 }])).toBe('The quantities of the bundle prices must be in increasing order.');
    expect(bundlePriceFailure([{ quantity: 1, unitPrice: 10 }, { quantity: 2, unitPrice: 10 }])).toBe('The unit prices of the bundle prices must be in decreasing order.');
    expect(bundlePriceFailure([{ quantity: 1, unitPrice: 10.001 }])).toBe('The unit price 10.001 has more than 2 decimals.');
  });

  it('a new offer fails for an unknown product without a title, but not with one', () => {
    const request = { ...good, condition: { name: 'NEW' as const }, fulfilment: { method: 'FBR' as const } };
    expect(createOfferFailure(request, () => false, [])).toContain('is not known to bol');
    expect(createOfferFailure({ ...request, unknownProductTitle: 'Runner' }, () => false, [])).toBeNull();
    expect(createOfferFailure({ ...request, condition: { name: 'GOOD' } }, () => true, [simOffer()])).toBeNull();
  });

  it('not publishable: a product bol does not know, an FBR offer without stock; on hold is not a reason but not for sale', () => {
    expect(notPublishableReasons(simOffer(), true)).toEqual([]);
    expect(notPublishableReasons(simOffer({ stock: 0 }), false).map((reason) => reason.code)).toEqual(['4009', '4005']);
    expect(notPublishableReasons(simOffer({ stock: 0, fulfilmentType: 'FBB' }), true)).toEqual([]);
    expect(retailerOffer(simOffer({ onHoldByRetailer: true }), 'Runner')).toMatchObject({ notPublishableReasons: [], store: { visible: [] } });
  });
});
