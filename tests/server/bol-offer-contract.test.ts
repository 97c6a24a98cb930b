/**
 * Contract tests of the offer calls: every request the offer port sends and every answer the
 * simulator gives (202 process statuses, the offer, 400 and 404 Problems, 429) checked with ajv
 * against bol's own OpenAPI documents (tests/contract/bol-openapi), the way bol-contract.test.ts
 * checks the other calls. docs/bol.md, "Contract tests".
 */
import { describe, expect, it } from 'vitest';
import type { NewOffer } from '../../src/server/bol/client/offer-port';
import { createRequestV10, OfferPortV10 } from '../../src/server/bol/client/offer-port-v10';
import type { BolSimulatorOptions } from '../../src/server/bol/simulator/bol-simulator';
import { BOL_QUIRKS, checkContract, recordingBolKit } from './support/bol-contract';

const UNKNOWN_EAN = '8714000000015';

function contractKit(options: Partial<BolSimulatorOptions> = {}) {
  const kit = recordingBolKit(options);
  return { ...kit, port: new OfferPortV10(kit.client) };
}

const newOffer = (ean: string, extra: Partial<NewOffer> = {}): NewOffer => ({
  ean,
  prices: [{ quantity: 1, unitPrice: 24.95 }, { quantity: 2, unitPrice: 22.5 }],
  stock: { amount: 7, managedByRetailer: true },
  fulfilment: { method: 'FBR', deliveryCode: '1-2d' },
  reference: 'SKU-7',
  ...extra,
});

const violationNames = async (response: Response) => ((await response.json()) as { violations?: { name: string }[] }).violations?.map((violation) => violation.name) ?? [];

describe('bol contract of the offer calls', () => {
  it('holds for create, get, update, hold, price, stock and delete, and their process statuses', async () => {
    const kit = contractKit();
    const ean = kit.simulator.offers.shift()?.ean ?? '';
    const created = await kit.port.create(newOffer(ean, { economicOperatorId: '90bfddc5-a6d0-4986-9253-407b3a6850ca' }));
    if (created.status !== 'SUCCESS') throw new Error(created.message);
    const { offerId } = created;
    expect(await kit.port.get(offerId)).not.toBeNull();
    for (const outcome of [
      await kit.port.update(offerId, { reference: 'SKU-7B', fulfilment: { method: 'FBB' } }),
      await kit.port.hold(offerId),
      await kit.port.unhold(offerId),
      await kit.port.updatePrice(offerId, [{ quantity: 1, unitPrice: 19.99 }]),
      await kit.port.updateStock(offerId, { amount: 0, managedByRetailer: false }),
      await kit.port.delete(offerId),
    ]) {
      expect(outcome.status).toBe('SUCCESS');
    }
    const result = checkContract(kit.exchanges);
    expect(result.deviations).toEqual([]);
    expect(result.quirksSeen).toEqual(new Set(['process status links carry a method']));
    const operations = new Set(kit.exchanges.map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname.replace(offerId, '{offer-id}')} ${exchange.status}`));
    expect([...operations].filter((line) => line.includes('/retailer/offers')).sort()).toEqual([
      'DELETE /retailer/offers/{offer-id} 202',
      'GET /retailer/offers/{offer-id} 200',
      'POST /retailer/offers 202',
      'PUT /retailer/offers/{offer-id} 202',
      'PUT /retailer/offers/{offer-id}/price 202',
      'PUT /retailer/offers/{offer-id}/stock 202',
    ]);
  });

  it('holds for an offer bol cannot publish (unknown product, no stock) with its not-publishable reasons, and for FAILURE statuses', async () => {
    const kit = contractKit();
    const created = await kit.port.create(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'Stride Runner One Black 44', stock: { amount: 0, managedByRetailer: true }, condition: { name: 'GOOD', comment: 'Box opened' } }));
    expect(created.status === 'SUCCESS' ? created.notPublishableReasons.map((reason) => reason.code) : created.message).toEqual(['4009', '4005']);
    expect((await kit.port.create(newOffer(UNKNOWN_EAN))).status).toBe('FAILURE');
    expect((await kit.port.updatePrice('no-such-offer', [{ quantity: 1, unitPrice: 9.99 }])).status).toBe('FAILURE');
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
  });

  it("holds for bol's refusals of offer calls: 400 with violations, 404, 415 and 429", async () => {
    const kit = contractKit();
    const offerId = kit.simulator.offers[0]?.offerId ?? '';
    const good = createRequestV10(newOffer(UNKNOWN_EAN, { unknownProductTitle: 'x' }));
    expect(await violationNames(await kit.raw('POST', '/retailer/offers', { body: { ...good, ean: '', condition: { name: 'MINT' }, stock: { amount: 1000 }, fulfilment: { method: 'FBR', deliveryCode: 'tomorrow' } } }))).toEqual([
      'ean',
      'condition.name',
      'stock.amount',
      'stock.managedByRetailer',
      'fulfilment.deliveryCode',
    ]);
    expect(await violationNames(await kit.raw('POST', '/retailer/offers', { body: { ...good, pricing: { bundlePrices: [{ quantity: 25, unitPrice: 0 }] } } }))).toEqual(['pricing.bundlePrices[0].quantity', 'pricing.bundlePrices[0].unitPrice']);
    expect(await violationNames(await kit.raw('POST', '/retailer/offers', { body: '{"ean": ' }))).toEqual(['body']);
    expect(await violationNames(await kit.raw('PUT', `/retailer/offers/${offerId}`, { body: { reference: 'x'.repeat(101) } }))).toEqual(['reference', 'fulfilment']);
    expect(await violationNames(await kit.raw('PUT', `/retailer/offers/${offerId}/price`, { body: { pricing: { bundlePrices: [] } } }))).toEqual(['pricing.bundlePrices']);
    expect(await violationNames(await kit.raw('PUT', `/retailer/offers/${offerId}/price`, { body: { pricing: { bundlePrices: [{ quantity: 1, unitPrice: 10000 }] } } }))).toEqual(['pricing.bundlePrices[0].unitPrice']);
    expect(await violationNames(await kit.raw('PUT', `/retailer/offers/${offerId}/stock`, { body: { amount: -1 } }))).toEqual(['amount', 'managedByRetailer']);
    const missing = await kit.raw('GET', '/retailer/offers/no-such-offer');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, title: 'Not Found', instance: 'https://api.bol.com/retailer/offers/no-such-offer' });
    expect((await kit.raw('PUT', `/retailer/offers/${offerId}/stock`, { body: '{"amount":1,"managedByRetailer":true}', headers: { 'Content-Type': 'application/json' } })).status).toBe(415);
    kit.simulator.failNextOfferCalls('get', { as: 'RATE_LIMIT', retryAfterSeconds: 2 });
    const limited = await kit.raw('GET', `/retailer/offers/${offerId}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('2');
    // These requests are wrong on purpose: bol's answers are checked, the requests are not.
    const answers = checkContract(kit.exchanges, BOL_QUIRKS, { requests: false });
    expect(answers.deviations).toEqual([]);
    expect([...answers.quirksSeen].sort()).toEqual(['Problems other than 400 leave out violations', 'statuses outside the document answer with a Problem']);
    // Checked as requests, the checker names what is wrong in them: the simulator refused what the document forbids.
    const requests = checkContract(kit.exchanges).deviations;
    expect(requests).toContain('POST /retailer/offers request body: /pricing/bundlePrices/0/unitPrice must be >= 1 {"comparison":">=","limit":1}');
    expect(requests).toContain('PUT /retailer/offers/' + offerId + ' request body: / must have required property \'fulfilment\' {"missingProperty":"fulfilment"}');
    expect(requests).toContain('PUT /retailer/offers/' + offerId + '/stock request body: /amount must be >= 0 {"comparison":">=","limit":0}');
  });
});
