/**
 * The offer port over bol's v10 API, against the simulator on a virtual clock: the whole life of
 * an offer (create, read, price, stock, hold, delete) as the offer export shows it, bol's
 * refusals as readable outcomes, process statuses polled with back-off, 429s waited out, and the
 * catalog calls in the configured content language. No database needed. docs/bol.md, "The offer port".
 */
import { describe, expect, it } from 'vitest';
import { BolClient } from '../../src/server/bol/client/bol-client';
import type { BolClientTiming, BolLanguage } from '../../src/server/bol/client/bol-client-options';
import { BolApiError } from '../../src/server/bol/client/bol-errors';
import type { NewOffer, OfferWriteOutcome } from '../../src/server/bol/client/offer-port';
import { createRequestV10, OfferPortV10 } from '../../src/server/bol/client/offer-port-v10';
import { BolSimulator, SIMULATOR_CREDENTIALS, type BolSimulatorOptions } from '../../src/server/bol/simulator/bol-simulator';
import { recordingBolKit } from './support/bol-contract';
import { createBolKit } from './support/bol-fixtures';

/** A valid EAN bol's catalogue does not know, and one with a wrong check digit. */
const UNKNOWN_EAN = '8714000000015';
const BAD_EAN = '8714000000014';

function offerKit(options: Partial<BolSimulatorOptions> = {}, timing: Partial<BolClientTiming> = {}) {
  const kit = createBolKit(options, timing);
  const port = new OfferPortV10(kit.client);
  /** A known EAN without an offer: the first demo offer's EAN, its offer deleted by bol before the test. */
  const freeKnownEan = () => {
    const first = kit.simulator.offers.shift();
    if (!first) throw new Error('no demo offer');
    return first.ean;
  };
  return { ...kit, port, freeKnownEan };
}

const newOffer = (ean: string, extra: Partial<NewOffer> = {}): NewOffer => ({
  ean,
  prices: [{ quantity: 1, unitPrice: 24.95 }],
  stock: { amount: 7, managedByRetailer: true },
  fulfilment: { method: 'FBR', deliveryCode: '1-2d' },
  reference: 'SKU-7',
  ...extra,
});

function successId(outcome: OfferWriteOutcome): string {
  expect(outcome.status, outcome.status === 'SUCCESS' ? '' : outcome.message).toBe('SUCCESS');
  return outcome.status === 'SUCCESS' ? outcome.offerId : '';
}

describe('the offer port over v10: an offer from creation to deletion', () => {
  it('creates, reads, prices, stocks, holds, unholds and deletes an offer, and the offer export follows every step', async () => {
    const kit = offerKit();
    const ean = kit.freeKnownEan();
    const created = await kit.port.create(newOffer(ean));
    const offerId = successId(created);
    expect(created).toMatchObject({ status: 'SUCCESS', notPublishableReasons: [] });

    const read = await kit.port.get(offerId);
    expect(read).toMatchObject({
      offerId,
      ean,
      reference: 'SKU-7',
      onHold: false,
      prices: [{ quantity: 1, unitPrice: 24.95 }],
      stock: { amount: 7, managedByRetailer: true },
      fulfilment: { method: 'FBR', deliveryCode: '1-2d' },
      condition: { name: 'NEW' },
      forSaleIn: ['NL', 'BE'],
      notPublishableReasons: [],
    });
    const exported = async () => (await kit.client.exportOffers()).find((offer) => offer.offerId === offerId);
    expect(await exported()).toMatchObject({ ean, price: 24.95, stock: 7, onHoldByRetailer: false });

    successId(await kit.port.updatePrice(offerId, [{ quantity: 1, unitPrice: 19.99 }, { quantity: 3, unitPrice: 17.5 }]));
    expect((await kit.port.get(offerId))?.prices).toEqual([{ quantity: 1, unitPrice: 19.99 }, { quantity: 3, unitPrice: 17.5 }]);
    successId(await kit.port.updateStock(offerId, { amount: 0, managedByRetailer: false }));
    expect((await kit.port.get(offerId))?.stock).toMatchObject({ amount: 0, managedByRetailer: false });
    expect(await exported()).toMatchObject({ price: 19.99, stock: 0 });

    successId(await kit.port.hold(offerId));
    const held = await kit.port.get(offerId);
    expect(held).toMatchObject({ onHold: true, forSaleIn: [], reference: 'SKU-7', fulfilment: { method: 'FBR', deliveryCode: '1-2d' } });
    expect(await exported()).toMatchObject({ onHoldByRetailer: true });
    successId(await kit.port.unhold(offerId));
    expect((await kit.port.get(offerId))?.onHold).toBe(false);

    successId(await kit.port.update(offerId, { reference: 'SKU-7B', fulfilment: { method: 'FBR', deliveryCode: '3-5d' } }));
    expect(await kit.port.get(offerId)).toMatchObject({ reference: 'SKU-7B', onHold: false, fulfilment: { deliveryCode: '3-5d' } });

    successId(await kit.port.delete(offerId));
    expect(await kit.port.get(offerId)).toBeNull();
    expect(await exported()).toBeUndefined();
  });

  it('answers the offer id from the process status, and the offer only exists once bol has processed it', async () => {
    const kit = offerKit({ pollsUntilDone: 3 });
    const ean = kit.freeKnownEan();
    const before = kit.simulator.offers.length;
    const created = await kit.port.create(newOffer(ean));
    const offerId = successId(created);
    expect(created.processStatusId).toMatch(/^\d+$/);
    expect(kit.simulator.offers).toHaveLength(before + 1);
    expect(kit.simulator.offers.at(-1)?.offerId).toBe(offerId);
  });

  it("gives bol's not-publishable reasons of a new offer for a product bol's catalogue does not know yet", async () => {
    const kit = offerKit();
    const created = await kit.port.create(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'Stride Runner One Black 44' }));
    expect(created.status).toBe('SUCCESS');
    expect(created.status === 'SUCCESS' ? created.notPublishableReasons.map((reason) => reason.code) : []).toEqual(['4009']);
    const read = await kit.port.get(successId(created));
    expect(read).toMatchObject({ unknownProductTitle: 'Stride Runner One Black 44', productTitle: null, forSaleIn: [] });
  });

  it('creates an offer on hold, not for sale until it is put back on sale', async () => {
    const kit = offerKit();
    const offerId = successId(await kit.port.create(newOffer(kit.freeKnownEan(), { onHold: true })));
    expect(await kit.port.get(offerId)).toMatchObject({ onHold: true, forSaleIn: [] });
    successId(await kit.port.unhold(offerId));
    expect((await kit.port.get(offerId))?.forSaleIn).toEqual(['NL', 'BE']);
  });
});

describe("the offer port over v10: bol's refusals are outcomes a person can read", () => {
  it('a FAILURE process status (prices that do not fall with the quantity) keeps the offer and says why', async () => {
    const kit = offerKit();
    const offer = kit.simulator.offers[0];
    if (!offer) throw new Error('no demo offer');
    const outcome = await kit.port.updatePrice(offer.offerId, [{ quantity: 1, unitPrice: 10 }, { quantity: 2, unitPrice: 12 }]);
    expect(outcome).toMatchObject({ status: 'FAILURE', stage: 'process', offerId: offer.offerId });
    expect(outcome.status === 'FAILURE' ? outcome.message : '').toBe(
      `Updating the price of bol offer ${offer.offerId} failed: bol reports: The unit prices of the bundle prices must be in decreasing order.`,
    );
    expect((await kit.port.get(offer.offerId))?.prices).toEqual([{ quantity: 1, unitPrice: offer.price }]);
  });

  it('a new offer for an EAN bol does not know, without an unknownProductTitle, fails with the way out in the message', async () => {
    const kit = offerKit();
    const outcome = await kit.port.create(newOffer(UNKNOWN_EAN));
    expect(outcome).toMatchObject({ status: 'FAILURE', stage: 'process', offerId: null });
    expect(outcome.status === 'FAILURE' ? outcome.message : '').toBe(
      `Creating a bol offer for EAN ${UNKNOWN_EAN} failed: bol reports: The product with EAN '${UNKNOWN_EAN}' is not known to bol; send an unknownProductTitle or create content for it first.`,
    );
  });

  it('a wrong EAN, a second offer for the same EAN and condition, and a comment on a NEW item fail while processing', async () => {
    const kit = offerKit();
    const free = kit.freeKnownEan();
    const taken = kit.simulator.offers[0]?.ean ?? '';
    const messages = [];
    for (const offer of [newOffer(BAD_EAN, { unknownProductTitle: 'x' }), newOffer(taken), newOffer(free, { condition: { name: 'NEW', comment: 'Box dented' } })]) {
      const outcome = await kit.port.create(offer);
      messages.push(outcome.status === 'FAILURE' ? outcome.message.replace(/^.* failed: bol reports: /, '') : outcome.status);
    }
    expect(messages).toEqual([
      `The EAN '${BAD_EAN}' is not a valid EAN.`,
      `An offer for EAN '${taken}' with condition NEW already exists.`,
      'A condition comment is only allowed when the condition is not NEW.',
    ]);
  });

  it('a price outside 1–9999 or stock above 999 is refused by the request (400), naming the field', async () => {
    const kit = offerKit();
    const offerId = kit.simulator.offers[0]?.offerId ?? '';
    const price = await kit.port.updatePrice(offerId, [{ quantity: 1, unitPrice: 0.5 }]);
    expect(price).toMatchObject({ status: 'FAILURE', stage: 'request', processStatusId: null });
    expect(price.status === 'FAILURE' ? price.message : '').toContain(`Updating the price of bol offer ${offerId} failed: bol answered 400`);
    expect(price.status === 'FAILURE' ? price.message : '').toContain("pricing.bundlePrices[0].unitPrice: Request contains invalid value(s): '0.5', must be from 1 to 9999.");
    const stock = await kit.port.updateStock(offerId, { amount: 1000, managedByRetailer: true });
    expect(stock.status === 'FAILURE' ? stock.message : '').toContain("amount: Request contains invalid value(s): '1000', must be a whole number from 0 to 999.");
  });

  it('an offer id bol does not know: get is null, price and delete fail in the process, hold fails before sending', async () => {
    const kit = offerKit();
    expect(await kit.port.get('no-such-offer')).toBeNull();
    const price = await kit.port.updatePrice('no-such-offer', [{ quantity: 1, unitPrice: 9.99 }]);
    expect(price.status === 'FAILURE' ? [price.stage, price.message] : []).toEqual(['process', "Updating the price of bol offer no-such-offer failed: bol reports: Offer with id 'no-such-offer' does not exist."]);
    const deleted = await kit.port.delete('no-such-offer');
    expect(deleted).toMatchObject({ status: 'FAILURE', stage: 'process' });
    const held = await kit.port.hold('no-such-offer');
    expect(held).toEqual({ status: 'FAILURE', stage: 'request', offerId: 'no-such-offer', processStatusId: null, message: 'Putting bol offer no-such-offer on hold failed: bol has no offer with this id' });
    expect(kit.simulator.requests.filter((line) => line.startsWith('PUT /retailer/offers/no-such-offer') && !line.endsWith('/price'))).toEqual([]);
  });

  it("the simulator's test hook fails the next N calls of one endpoint with a process FAILURE, then lets them through", async () => {
    const kit = offerKit({ offerFaults: [{ call: 'stock', as: 'FAILURE', times: 2, message: 'Stock service unavailable.' }] });
    const offerId = kit.simulator.offers[0]?.offerId ?? '';
    for (let i = 0; i < 2; i += 1) expect(await kit.port.updateStock(offerId, { amount: 3, managedByRetailer: true })).toMatchObject({ status: 'FAILURE', message: `Updating the stock of bol offer ${offerId} failed: bol reports: Stock service unavailable.` });
    // Other endpoints are not touched by it.
    successId(await kit.port.updatePrice(offerId, [{ quantity: 1, unitPrice: 12 }]));
    successId(await kit.port.updateStock(offerId, { amount: 3, managedByRetailer: true }));
    expect(kit.simulator.offers[0]?.stock).toBe(3);
  });

  it('a process bol had not finished within our bound is UNKNOWN, not a failure', async () => {
    const kit = offerKit({ pollsUntilDone: 1_000 }, { pollTimeoutMs: 10_000 });
    const outcome = await kit.port.updateStock(kit.simulator.offers[0]?.offerId ?? '', { amount: 1, managedByRetailer: true });
    expect(outcome.status).toBe('UNKNOWN');
    expect(outcome.status === 'UNKNOWN' ? outcome.message : '').toMatch(/^Updating the stock of bol offer .* not finished yet \(bol had not finished process \d+ after 10 s; its outcome can be read again later\)$/);
  });
});

describe('the offer port over v10: waiting for bol', () => {
  it('polls a process status with back-off: 1 s, 2 s, 4 s, 8 s, 8 s', async () => {
    const kit = offerKit({ pollsUntilDone: 5 });
    successId(await kit.port.updateStock(kit.simulator.offers[0]?.offerId ?? '', { amount: 2, managedByRetailer: true }));
    expect(kit.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it('waits Retry-After on a 429 and then succeeds (the hook: the next calls of one endpoint answer 429)', async () => {
    const kit = offerKit();
    const offerId = kit.simulator.offers[0]?.offerId ?? '';
    kit.simulator.failNextOfferCalls('price', { as: 'RATE_LIMIT', times: 2, retryAfterSeconds: 3 });
    successId(await kit.port.updatePrice(offerId, [{ quantity: 1, unitPrice: 11.5 }]));
    expect(kit.sleeps.slice(0, 2)).toEqual([3_000, 3_000]);
    expect(kit.client.stats.rateLimited).toBe(2);
    expect(kit.simulator.offers[0]?.price).toBe(11.5);
  });

  it("throws (no outcome about the offer) when bol's Retry-After is longer than we wait", async () => {
    const kit = offerKit();
    kit.simulator.failNextOfferCalls('create', { as: 'RATE_LIMIT', retryAfterSeconds: 3_600 });
    const error = await kit.port.create(newOffer(kit.freeKnownEan())).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BolApiError);
    expect((error as BolApiError).status).toBe(429);
    expect((error as BolApiError).message).toContain(`Creating a bol offer for EAN`);
  });

  it("bol's limits on the offer calls: 50 price (and stock) updates a second, 25 creates; then 429 with Retry-After", async () => {
    const kit = offerKit();
    const token = await kit.client.http.tokens.get();
    const send = (method: string, path: string, body: unknown) =>
      kit.simulator.fetch(`http://bol.test${path}`, {
        method,
        body: JSON.stringify(body),
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.retailer.v10+json', 'Content-Type': 'application/vnd.retailer.v10+json' },
      });
    const offerId = kit.simulator.offers[0]?.offerId ?? '';
    const statuses = async (count: number, call: () => Promise<Response>) => {
      const seen = [];
      for (let i = 0; i < count; i += 1) seen.push((await call()).status);
      return seen;
    };
    const prices = await statuses(51, () => send('PUT', `/retailer/offers/${offerId}/price`, { pricing: { bundlePrices: [{ quantity: 1, unitPrice: 10 }] } }));
    expect(prices.filter((status) => status === 202)).toHaveLength(50);
    expect(prices.at(-1)).toBe(429);
    const stock = await statuses(51, () => send('PUT', `/retailer/offers/${offerId}/stock`, { amount: 1, managedByRetailer: true }));
    expect(stock.filter((status) => status === 202)).toHaveLength(50);
    const creates = await statuses(26, () => send('POST', '/retailer/offers', createRequestV10(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'x' }))));
    expect(creates.filter((status) => status === 202)).toHaveLength(25);
    const limited = await send('POST', '/retailer/offers', createRequestV10(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'x' })));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // A second later the bucket has room again.
    kit.clock.now += 1_000;
    expect((await send('POST', '/retailer/offers', createRequestV10(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'x' })))).status).toBe(202);
  });
});

describe('catalog products in the content language', () => {
  it('asks with the configured content language, nl when none is configured (never Node’s default *)', async () => {
    const asked = async (language?: BolLanguage) => {
      const kit = recordingBolKit({}, language ? { language } : {});
      expect(await kit.client.getCatalogProduct(kit.simulator.offers[0]?.ean ?? '')).not.toBeNull();
      return kit.exchanges.at(-1)?.requestHeaders.get('Accept-Language');
    };
    expect(await asked()).toBe('nl');
    expect(await asked('fr-BE')).toBe('fr-BE');
  });

  it('the simulator takes Accept-Language * like no header, and still refuses a language bol does not have', async () => {
    const kit = offerKit();
    const token = await kit.client.http.tokens.get();
    const ask = (language: string) =>
      kit.simulator.fetch(`http://bol.test/retailer/content/catalog-products/${kit.simulator.offers[0]?.ean ?? ''}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.retailer.v10+json', 'Accept-Language': language },
      });
    expect((await ask('*')).status).toBe(200);
    expect((await ask('de')).status).toBe(406);
  });

  it('over a real socket (where fetch would send *), the catalog call answers 200', async () => {
    const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS });
    const listener = await simulator.listen(0);
    try {
      const client = new BolClient({ apiUrl: listener.url, tokenUrl: `${listener.url}/token`, ...SIMULATOR_CREDENTIALS });
      expect(await client.getCatalogProduct(simulator.offers[0]?.ean ?? '')).not.toBeNull();
    } finally {
      await listener.close();
    }
  });
});
