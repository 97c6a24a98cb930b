/**
 * The refusals of the calls a Dutch tablet still met in English name their sentence
 * (docs/languages.md, "Sentences the server writes"): the product list's filters, the order
 * calls, the EAN upload and the offer calls answer the same English `message` as before and
 * beside it `messageId` and `messageArgs`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfferSyncKit, offerEan, type OfferSyncKit } from './support/offer-sync-kit';

let k: OfferSyncKit;

beforeAll(async () => {
  k = await createOfferSyncKit();
});
afterAll(async () => {
  await k.close();
});

async function call(method: string, path: string, body?: BodyInit, json = false): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...k.auth, ...(json ? { 'Content-Type': 'application/json' } : {}) };
  const response = await k.t.app.request(`/api/v1${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  return { status: response.status, body: await response.json() };
}

describe('the product list filter', () => {
  it('a wrong offer state and crossed prices name their sentence', async () => {
    expect(await call('GET', '/bol/product/filter?offerState=Live')).toEqual({
      status: 400,
      body: {
        message: "offerState must be one of live, waiting, held, failed, none, got 'Live'",
        messageId: 'filterRefusal.choice',
        messageArgs: ['offerState', 'live, waiting, held, failed, none', 'Live'],
      },
    });
    expect(await call('GET', '/bol/product/filter?priceFrom=20&priceTo=10')).toEqual({
      status: 400,
      body: { message: 'priceFrom (20) must not be greater than priceTo (10)', messageId: 'filterRefusal.pricesCrossed', messageArgs: ['20', '10'] },
    });
  });
});

describe('the order calls', () => {
  it('an order import since something else names its sentence', async () => {
    expect(await call('POST', '/bol/order/import?since=yesterday')).toEqual({
      status: 400,
      body: { message: "since must be 'last-import' (or left out for every order), got 'yesterday'", messageId: 'server.orderSinceNotValid', messageArgs: ['yesterday'] },
    });
  });

  it('a cancellation the schema refuses: its problems stay English inside the sentence', async () => {
    const refused = await call('POST', '/bol/order/cancel', JSON.stringify({}), true);
    expect(refused.status).toBe(400);
    const body = refused.body as { message: string; messageId: string; messageArgs: string[] };
    expect(body.messageId).toBe('server.cancellationNotValid');
    expect(body.message).toBe(`The cancellation is not valid: ${body.messageArgs[0] ?? ''}`);
  });
});

describe('the EAN upload', () => {
  it('a file that is no workbook names its sentence', async () => {
    const form = new FormData();
    form.set('eanExel', new File([new TextEncoder().encode('not a workbook')], 'ean.xlsx'));
    expect(await call('POST', '/ean', form)).toEqual({
      status: 415,
      body: { message: 'The file is not an Excel workbook (.xlsx)', messageId: 'server.eanSheetNotXlsx', messageArgs: [] },
    });
  });
});

describe('the offer calls', () => {
  it('Send anyway of an unknown product and of one with nothing held back, a feed batch not held, settings not valid', async () => {
    expect(await call('POST', '/bol/offers/999999/send-anyway')).toEqual({
      status: 404,
      body: { message: 'Product 999999 was not found', messageId: 'server.offerProductMissing', messageArgs: [999999] },
    });
    const productId = await k.product({ ean: offerEan(1) });
    expect(await call('POST', `/bol/offers/${productId}/send-anyway`)).toEqual({
      status: 409,
      body: { message: 'Nothing is held back for this product: its offer changes are sent as they come', messageId: 'server.offerNothingHeldBack', messageArgs: [] },
    });
    expect(await call('POST', '/bol/offers/feed-batch/424242/confirm')).toEqual({
      status: 404,
      body: { message: 'No offer changes of feed import 424242 are held back', messageId: 'server.offerFeedBatchNotHeld', messageArgs: [424242] },
    });
    const settings = await call('PUT', '/bol/offers/settings', JSON.stringify({ maxPriceChangePercent: 0, zeroStockShare: 0.25, stockBuffers: {} }), true);
    expect(settings.status).toBe(400);
    const body = settings.body as { message: string; messageId: string; messageArgs: string[] };
    expect(body.messageId).toBe('server.offerSettingsNotValid');
    expect(body.message).toBe(`The offer settings is not valid: ${body.messageArgs[0] ?? ''}`);
  });
});
