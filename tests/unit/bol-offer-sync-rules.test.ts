/** Offers follow the catalogue: the desired offer, the plan of calls, the guard rails (docs/bol.md, "Offers follow the catalogue"). */
import { describe, expect, it } from 'vitest';
import {
  applyOfferOp,
  DEFAULT_OFFER_GUARD_SETTINGS,
  describeOfferOp,
  desiredOffer,
  euro,
  feedBatchTooDestructive,
  guardOfferPlan,
  offerRetryDelayMs,
  planOfferChanges,
  type OfferOnBol,
  type OfferProduct,
} from '../../src/shared/bol-offer-sync';

const product = (values: Partial<OfferProduct> = {}): OfferProduct => ({
  ean: '8715000000012',
  sku: 'SKU-1',
  sellingPrice: 19.95,
  priceSupplier: 10,
  deliveryPrice: 2.5,
  deliveryCode: '1-2d',
  stock: 12,
  buyBlock: false,
  isExportOnBol: true,
  ...values,
});

const onBol = (values: Partial<OfferOnBol> = {}): OfferOnBol => ({
  offerId: 'offer-1',
  ean: '8715000000012',
  price: 19.95,
  stock: 12,
  reference: 'SKU-1',
  deliveryCode: '1-2d',
  onHold: false,
  ...values,
});

describe('the desired offer of a product', () => {
  it('is condition NEW at the selling price, the stock less the buffer, reference the SKU, the product delivery code', () => {
    expect(desiredOffer(product(), 2)).toEqual({ offer: { ean: '8715000000012', price: 19.95, stock: 10, reference: 'SKU-1', deliveryCode: '1-2d', onHold: false }, holdReason: null });
  });

  it('never offers below 0 nor above bol\'s 999, whatever the buffer', () => {
    expect(desiredOffer(product({ stock: 3 }), 5).offer?.stock).toBe(0);
    expect(desiredOffer(product({ stock: -4 })).offer?.stock).toBe(0);
    expect(desiredOffer(product({ stock: 5000 })).offer?.stock).toBe(999);
  });

  it('is on hold with Buy Block on or Export on Bol off', () => {
    expect(desiredOffer(product({ buyBlock: true }))).toMatchObject({ offer: { onHold: true }, holdReason: 'Buy Block is on.' });
    expect(desiredOffer(product({ isExportOnBol: false }))).toMatchObject({ offer: { onHold: true }, holdReason: 'Export on Bol is off.' });
  });

  it('is none without a valid EAN, a selling price or a delivery code, with the reason', () => {
    expect(desiredOffer(product({ ean: '' }))).toEqual({ offer: null, reason: 'The product has no EAN.' });
    expect(desiredOffer(product({ ean: '8715000000019' })).offer).toBeNull();
    expect(desiredOffer(product({ sellingPrice: 0 })).offer).toBeNull();
    expect(desiredOffer(product({ deliveryCode: '' })).offer).toBeNull();
  });
});

describe('the plan: only what changed is sent', () => {
  it('creates an offer bol does not have, but not one that would only be on hold', () => {
    const wish = desiredOffer(product());
    expect(planOfferChanges(null, wish)).toEqual([{ kind: 'create', offer: wish.offer }]);
    expect(planOfferChanges(null, desiredOffer(product({ isExportOnBol: false })))).toEqual([]);
  });

  it('sends only the price, only the stock, or nothing', () => {
    expect(planOfferChanges(onBol(), desiredOffer(product()))).toEqual([]);
    expect(planOfferChanges(onBol(), desiredOffer(product({ sellingPrice: 18.95 })))).toEqual([{ kind: 'price', offerId: 'offer-1', from: 19.95, to: 18.95 }]);
    expect(planOfferChanges(onBol(), desiredOffer(product({ stock: 4 })))).toEqual([{ kind: 'stock', offerId: 'offer-1', from: 12, to: 4 }]);
  });

  it('puts the offer on hold before changing price or stock, and back on sale after', () => {
    const hold = planOfferChanges(onBol(), desiredOffer(product({ buyBlock: true, stock: 3 })));
    expect(hold.map((op) => op.kind)).toEqual(['update', 'stock']);
    const unhold = planOfferChanges(onBol({ onHold: true }), desiredOffer(product({ stock: 3 })));
    expect(unhold.map((op) => op.kind)).toEqual(['stock', 'update']);
  });

  it('holds a live offer when the product has nothing to offer any more, and leaves a held one alone', () => {
    expect(planOfferChanges(onBol(), desiredOffer(product({ deliveryCode: '' })))).toEqual([{ kind: 'update', offerId: 'offer-1', onHold: { from: false, to: true }, reference: null, deliveryCode: null }]);
    expect(planOfferChanges(onBol({ onHold: true }), desiredOffer(product({ deliveryCode: '' })))).toEqual([]);
  });

  it('updates the reference and delivery code in one call', () => {
    expect(planOfferChanges(onBol({ reference: null }), desiredOffer(product({ deliveryCode: '2-3d' })))).toEqual([
      { kind: 'update', offerId: 'offer-1', onHold: null, reference: 'SKU-1', deliveryCode: '2-3d' },
    ]);
  });

  it('holds the old offer and creates a new one when the EAN changed', () => {
    const ops = planOfferChanges(onBol({ ean: '8712345678906' }), desiredOffer(product()));
    expect(ops.map((op) => op.kind)).toEqual(['update', 'create']);
  });

  it('applying each call gives what bol holds afterwards', () => {
    const ops = planOfferChanges(onBol(), desiredOffer(product({ sellingPrice: 18.95, stock: 2 })));
    const after = ops.reduce<OfferOnBol | null>((state, op) => applyOfferOp(state, op, 'offer-1'), onBol());
    expect(after).toMatchObject({ price: 18.95, stock: 2 });
  });
});

describe('the guard rails', () => {
  const context = { product: product(), settings: DEFAULT_OFFER_GUARD_SETTINGS, firstSync: false, approved: [] };

  it('holds a price below supplier price plus delivery price', () => {
    const ops = planOfferChanges(onBol({ price: 13 }), desiredOffer(product({ sellingPrice: 12 })));
    expect(guardOfferPlan(ops, context)).toEqual({ kind: 'price-floor', reason: 'The price € 12,00 is below supplier price plus delivery price (€ 12,50).' });
    expect(guardOfferPlan(ops, { ...context, approved: ['price-floor'] })).toBeNull();
    // A person's approval of the floor does not wave a large jump through.
    const both = planOfferChanges(onBol(), desiredOffer(product({ sellingPrice: 12 })));
    expect(guardOfferPlan(both, { ...context, approved: ['price-floor'] })?.kind).toBe('price-jump');
  });

  it('holds a change of more than the set percentage, not one at it', () => {
    const jump = planOfferChanges(onBol({ price: 20 }), desiredOffer(product({ sellingPrice: 26.01 })));
    expect(guardOfferPlan(jump, context)?.kind).toBe('price-jump');
    const atLimit = planOfferChanges(onBol({ price: 20 }), desiredOffer(product({ sellingPrice: 26 })));
    expect(guardOfferPlan(atLimit, context)).toBeNull();
    expect(guardOfferPlan(jump, { ...context, settings: { ...DEFAULT_OFFER_GUARD_SETTINGS, maxPriceChangePercent: 50 } })).toBeNull();
  });

  it('checks a new offer against the floor too', () => {
    const ops = planOfferChanges(null, desiredOffer(product({ sellingPrice: 5 })));
    expect(guardOfferPlan(ops, context)?.kind).toBe('price-floor');
  });

  it('makes the first sync of an offer bol already had a dry run, approved once', () => {
    const ops = planOfferChanges(onBol(), desiredOffer(product({ stock: 3 })));
    expect(guardOfferPlan(ops, { ...context, firstSync: true })?.kind).toBe('first-sync');
    expect(guardOfferPlan(ops, { ...context, firstSync: true, approved: ['first-sync'] })).toBeNull();
  });

  it('holds a feed batch that zeroes more than the share of the catalogue', () => {
    expect(feedBatchTooDestructive(3, 10, DEFAULT_OFFER_GUARD_SETTINGS)).toBe(true);
    expect(feedBatchTooDestructive(2, 10, DEFAULT_OFFER_GUARD_SETTINGS)).toBe(false);
    expect(feedBatchTooDestructive(0, 0, DEFAULT_OFFER_GUARD_SETTINGS)).toBe(false);
  });
});

describe('how changes read', () => {
  it('reads as the history shows it', () => {
    expect(describeOfferOp({ kind: 'price', offerId: 'o', from: 19.95, to: 18.95 })).toEqual({ field: 'bol:offer:price', old: '€ 19,95', new: '€ 18,95' });
    expect(describeOfferOp({ kind: 'stock', offerId: 'o', from: 12, to: 0 })).toEqual({ field: 'bol:offer:stock', old: '12', new: '0' });
    expect(euro(1234.5)).toBe('€ 1.234,50');
  });

  it('retries later and later, at most every 15 minutes', () => {
    expect(offerRetryDelayMs(1)).toBe(30_000);
    expect(offerRetryDelayMs(2)).toBe(60_000);
    expect(offerRetryDelayMs(20)).toBe(15 * 60_000);
  });
});
