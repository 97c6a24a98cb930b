/**
 * The product list's filter on the offer sync's state (`offerState`, docs/bol.md, "Offers follow
 * the catalogue") against the /report counts (GET /api/v1/bol/offers/summary): one product in each
 * state, reached by running the sync against the simulator; the filter's totals equal the counts
 * (the summary call's and the /report overview's),
 * `none` covers the products the sync never touched, and a wrong state is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProductPage } from '../../src/shared/contract';
import type { OfferStateCounts } from '../../src/shared/bol-offer-sync';
import type { BolReportOverview } from '../../src/shared/export-contract';
import { createOfferSyncKit, offerEan, type OfferSyncKit } from './support/offer-sync-kit';

let k: OfferSyncKit;
afterEach(async () => {
  await k.close();
});

const get = (path: string, headers: Record<string, string> = k.auth) => k.t.app.request(`/api/v1${path}`, { headers });
async function filtered(query: string): Promise<number[]> {
  const response = await get(`/bol/product/filter?size=50&sort=productId,asc&${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ProductPage).content.map((product) => product.productId);
}

describe('the offer state filter', { timeout: 60_000 }, () => {
  it('finds the products of each state, with totals equal to the /report counts', async () => {
    k = await createOfferSyncKit({ known: [1, 2, 3, 4, 5] });
    const live = await k.product({ ean: offerEan(1) });
    const held = await k.product({ ean: offerEan(2), sellingPrice: 13 });
    const failed = await k.product({ ean: offerEan(3) });
    const onHold = await k.product({ ean: offerEan(4) });
    const notOnBol = await k.product({ ean: offerEan(5), isExportOnBol: false });
    await k.run();
    // Below supplier price plus delivery price: held back by the price floor.
    await k.update(held, { sellingPrice: 12 });
    await k.update(onHold, { buyBlock: true });
    await k.run();
    // Every try failed: final error, no next try.
    await k.t.database.db.execute(sql`update bol_offer_sync set error = 'bol refused it', attempts = 4, next_attempt_at = null, due = false where product_id = ${failed}`);
    const waiting = await k.product({ ean: offerEan(6) });

    expect(await filtered('offerState=live')).toEqual([live]);
    expect(await filtered('offerState=held')).toEqual([held]);
    expect(await filtered('offerState=failed')).toEqual([failed]);
    expect(await filtered('offerState=waiting')).toEqual([waiting]);
    // On hold at bol, or never on bol: no offer for sale and nothing to do.
    expect(await filtered('offerState=none')).toEqual([onHold, notOnBol]);
    // Combined with the other filters like any filter.
    expect(await filtered(`offerState=live&keyword=${offerEan(1)}`)).toEqual([live]);
    expect(await filtered(`offerState=live&keyword=${offerEan(2)}`)).toEqual([]);

    const counts = (await (await get('/bol/offers/summary')).json()) as OfferStateCounts;
    expect(counts).toEqual({ live: 1, waiting: 1, held: 1, failed: 1 });
    // The /report overview carries the same counts (the screen and the device's copy read them there).
    expect(((await (await get('/report/bol')).json()) as BolReportOverview).offerSync).toEqual(counts);
    for (const state of ['live', 'waiting', 'held', 'failed'] as const) {
      const page = (await (await get(`/bol/product/filter?offerState=${state}`)).json()) as ProductPage;
      expect(page.totalElements).toBe(counts[state]);
    }
  });

  it('refuses a state it does not know with a sentence naming the parameter, and needs a token', async () => {
    k = await createOfferSyncKit();
    const wrong = await get('/bol/product/filter?offerState=sold');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("offerState must be one of live, waiting, held, failed, none, got 'sold'");
    expect((await get('/bol/product/filter?offerState=live', {})).status).toBe(401);
  });
});
