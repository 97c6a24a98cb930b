/**
 * The offer sync's settings call (docs/bol.md, "Guard rails"; docs/api.md): everyone signed in
 * reads them, only an administrator changes them; a wrong value is refused with a sentence naming
 * it, and a saved buffer is used by the next send.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferSettings } from '../../src/shared/bol-offer-sync';
import { createOfferSyncKit, offerEan, type OfferSyncKit } from './support/offer-sync-kit';

let k: OfferSyncKit;
afterEach(async () => {
  await k.close();
});

const put = (body: unknown, token: Record<string, string> = k.auth) =>
  k.t.app.request('/api/v1/bol/offers/settings', { method: 'PUT', headers: { ...token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const read = async (token: Record<string, string> = k.auth) => {
  const response = await k.t.app.request('/api/v1/bol/offers/settings', { headers: token });
  expect(response.status).toBe(200);
  return (await response.json()) as OfferSettings;
};

describe('the offer settings call', { timeout: 60_000 }, () => {
  it('an administrator saves them, staff read them and are refused a change, and the next send keeps the buffer back', async () => {
    k = await createOfferSyncKit({ known: [1] });
    const staff = { Authorization: `Bearer ${await k.t.tokenFor('sam')}` };
    expect(await read(staff)).toMatchObject({ maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: {}, updatedAt: null });

    const refused = await put({ maxPriceChangePercent: 50, zeroStockShare: 0.5, stockBuffers: {} }, staff);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('Only an administrator can change the offer settings.');
    expect((await read()).maxPriceChangePercent).toBe(30);

    const saved = await put({ maxPriceChangePercent: 12.5, zeroStockShare: 0.1, stockBuffers: { [String(k.supplierId)]: 3 } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ maxPriceChangePercent: 12.5, zeroStockShare: 0.1, stockBuffers: { [String(k.supplierId)]: 3 }, updatedBy: 'admin' });
    expect(await read(staff)).toMatchObject({ maxPriceChangePercent: 12.5, zeroStockShare: 0.1 });

    await k.product({ ean: offerEan(1), stock: 10 });
    await k.run();
    expect(k.offer(1)?.stock).toBe(7);
  });

  it('refuses wrong values with a sentence, and needs a token', async () => {
    k = await createOfferSyncKit();
    for (const body of [
      { maxPriceChangePercent: 0, zeroStockShare: 0.25, stockBuffers: {} },
      { maxPriceChangePercent: 30, zeroStockShare: 1.5, stockBuffers: {} },
      { maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: { '1': 1000 } },
      { maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: { abc: 1 } },
      { maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: {}, extra: true },
    ]) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await refused.json()) as { message?: unknown }).message).toBe('string');
    }
    expect((await put('not json at all')).status).toBe(400);
    expect((await k.t.app.request('/api/v1/bol/offers/settings')).status).toBe(401);
    expect((await read()).maxPriceChangePercent).toBe(30);
  });
});
