/**
 * Offers follow the catalogue (docs/bol.md, "Offers follow the catalogue"), against the simulator
 * on a virtual clock: creation, price and stock changes, on hold, the guard rails and "Send
 * anyway", the broken-feed hold, the first sync's dry run, retries after 429 and after a process
 * FAILURE, and a restart in the middle of a run (nothing sent twice, nothing lost).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BolMarketplaceState } from '../../src/shared/bol-contract';
import type { Page, ProductHistoryEntry } from '../../src/shared/contract';
import { OFFER_MAX_ATTEMPTS } from '../../src/shared/bol-offer-sync';
import { offerSyncHandler, queueOfferSyncIfDue } from '../../src/server/bol/offers/offer-sync-job';
import { JobRunner } from '../../src/server/jobs/job-runner';
import { bolOfferSync, jobs } from '../../src/server/db/schema';
import { createOfferSyncKit, offerEan, offerIdOf, simulatorOffer, type OfferSyncKit } from './support/offer-sync-kit';

let k: OfferSyncKit;
afterEach(async () => {
  await k.close();
});

async function state(productId: number): Promise<BolMarketplaceState> {
  const response = await k.t.app.request(`/api/v1/bol/state/${productId}`, { headers: k.auth });
  expect(response.status).toBe(200);
  return (await response.json()) as BolMarketplaceState;
}

async function history(productId: number): Promise<ProductHistoryEntry[]> {
  const response = await k.t.app.request(`/api/v1/product/${productId}/history?size=100`, { headers: k.auth });
  return ((await response.json()) as Page<ProductHistoryEntry>).content;
}

const offerLines = (entries: ProductHistoryEntry[]) => entries.flatMap((entry) => entry.changes.filter((change) => change.field.startsWith('bol:offer:')).map((change) => ({ ...change, author: entry.author })));

const post = (path: string, body?: unknown) =>
  k.t.app.request(`/api/v1${path}`, { method: 'POST', headers: { ...k.auth, 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('an offer follows its product', { timeout: 60_000 }, () => {
  it('creates the offer: NEW, the selling price, stock less the supplier buffer, reference the SKU, fulfilled by us with the delivery code', async () => {
    k = await createOfferSyncKit({ known: [1] });
    await k.t.app.request('/api/v1/bol/offers/settings', {
      method: 'PUT',
      headers: { ...k.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: { [String(k.supplierId)]: 2 } }),
    });
    const id = await k.product({ ean: offerEan(1), sku: 'GG-1', sellingPrice: 24.95, stock: 9, deliveryCode: '2-3d' });
    expect((await state(id)).offerSync.waiting).toBe(true);

    const report = await k.run();
    expect(report).toMatchObject({ sent: 1, held: 0, failed: 0 });
    const offer = k.offer(1);
    expect(offer).toMatchObject({ price: 24.95, stock: 7, deliveryCode: '2-3d', fulfilmentType: 'FBR', onHoldByRetailer: false, referenceCode: 'GG-1', managedByRetailer: true, condition: { name: 'NEW' } });
    const after = await state(id);
    expect(after.offerSync).toMatchObject({ onBol: { offerId: offer?.offerId, price: 24.95, stock: 7, onHold: false }, source: 'sync', waiting: false, heldBack: null, error: null });
    expect(after.offerSync.lastSentAt).not.toBeNull();
    expect(offerLines(await history(id))).toEqual([{ field: 'bol:offer:status', old: 'no offer', new: 'created at € 24,95, stock 7', author: 'bol' }]);
  });

  it('sends only what changed: a price, a stock, and coalesces changes per product to the latest', async () => {
    k = await createOfferSyncKit({ known: [1, 2] });
    const a = await k.product({ ean: offerEan(1) });
    const b = await k.product({ ean: offerEan(2) });
    await k.run();
    k.calls.length = 0;

    await k.update(a, { sellingPrice: 18.95 });
    await k.update(b, { stock: 5 });
    await k.update(b, { stock: 4 });
    await k.update(b, { stock: 3 });
    const report = await k.run();
    expect(report.sent).toBe(2);
    const writes = k.calls.filter((call) => !call.includes('process-status'));
    expect(writes.sort()).toEqual([`PUT /retailer/offers/${k.offer(1)?.offerId}/price`, `PUT /retailer/offers/${k.offer(2)?.offerId}/stock`].sort());
    expect(k.offer(1)).toMatchObject({ price: 18.95, stock: 12 });
    expect(k.offer(2)).toMatchObject({ price: 19.95, stock: 3 });
    expect(offerLines(await history(a))[0]).toEqual({ field: 'bol:offer:price', old: '€ 19,95', new: '€ 18,95', author: 'bol' });
    expect(offerLines(await history(b))[0]).toEqual({ field: 'bol:offer:stock', old: '12', new: '3', author: 'bol' });

    // Nothing changed: nothing sent.
    k.calls.length = 0;
    await k.update(a, { title: 'Renamed' });
    expect((await k.run()).sent).toBe(0);
    expect(k.calls).toEqual([]);
  });

  it("a person's save reaches bol: the staff save marks the offer due and the queued job sends it", async () => {
    k = await createOfferSyncKit({ known: [1] });
    const id = await k.product({ ean: offerEan(1) });
    await k.run();
    const saved = await k.t.app.request(`/api/v1/product/${id}`, {
      method: 'PATCH',
      headers: { ...k.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: { stock: { base: 12, value: 30 } }, images: { added: [], deleted: [], edited: [] }, madeAt: k.t.clock.now - 1_000, offline: true }),
    });
    expect(saved.status).toBe(200);
    // The scheduler's look: one job queued however often it looks.
    const queued = await queueOfferSyncIfDue(k.t.database.db, new Date());
    expect(queued).toHaveLength(1);
    expect(await queueOfferSyncIfDue(k.t.database.db, new Date())).toHaveLength(0);
    const runner = new JobRunner(k.t.database.db).register('offer-sync', offerSyncHandler(k.t.database.db, () => k.kit.client));
    runner.kick();
    const [ended] = await runner.waitFor([queued[0]?.id ?? 0], 20);
    expect(ended).toMatchObject({ status: 'success', message: '1 offer change(s) sent to bol', messageId: 'server.offerSyncReport', messageArgs: [1, 0, 0, 0, 0, 0] });
    expect(k.offer(1)?.stock).toBe(30);
    expect(offerLines(await history(id))[0]).toMatchObject({ field: 'bol:offer:stock', old: '12', new: '30' });
    await runner.stop();
  });

  it('puts the offer on hold (not deleted) with Buy Block on or Export on Bol off, and back on sale', async () => {
    k = await createOfferSyncKit({ known: [1] });
    const id = await k.product({ ean: offerEan(1) });
    await k.run();
    await k.update(id, { buyBlock: true });
    await k.run();
    expect(k.offer(1)).toMatchObject({ onHoldByRetailer: true, price: 19.95 });
    await k.update(id, { buyBlock: false, isExportOnBol: false });
    await k.run();
    expect(k.offer(1)?.onHoldByRetailer).toBe(true);
    await k.update(id, { isExportOnBol: true });
    await k.run();
    expect(k.offer(1)?.onHoldByRetailer).toBe(false);
    expect(offerLines(await history(id)).map((line) => `${line.old} → ${line.new}`)).toEqual(['on hold → for sale', 'for sale → on hold', 'no offer → created at € 19,95, stock 12']);
  });
});

describe('guard rails', { timeout: 60_000 }, () => {
  it('holds back a price below supplier price plus delivery price; Send anyway sends it and the history names who', async () => {
    k = await createOfferSyncKit({ known: [1] });
    const id = await k.product({ ean: offerEan(1), sellingPrice: 13 });
    await k.run();
    await k.update(id, { sellingPrice: 12 });
    const report = await k.run();
    expect(report).toMatchObject({ sent: 0, held: 1 });
    expect(k.offer(1)?.price).toBe(13);
    const held = (await state(id)).offerSync;
    expect(held.waiting).toBe(false);
    expect(held.heldBack).toMatchObject({ kind: 'price-floor', reason: 'The price € 12,00 is below supplier price plus delivery price (€ 12,50).', changes: [{ field: 'bol:offer:price', old: '€ 13,00', new: '€ 12,00' }] });
    expect((await k.run()).sent).toBe(0);

    const anyway = await k.t.app.request(`/api/v1/bol/offers/${id}/send-anyway`, { method: 'POST', headers: { ...k.auth, 'Idempotency-Key': 'send-anyway-1' } });
    expect(anyway.status).toBe(200);
    expect(((await anyway.json()) as BolMarketplaceState).offerSync).toMatchObject({ heldBack: null, waiting: true });
    expect((await k.run()).sent).toBe(1);
    expect(k.offer(1)?.price).toBe(12);
    expect(offerLines(await history(id))[0]).toMatchObject({ field: 'bol:offer:price', new: '€ 12,00', author: 'admin' });
    // The outbox re-sends after a lost answer: the same answer again, nothing approved twice.
    const replay = await k.t.app.request(`/api/v1/bol/offers/${id}/send-anyway`, { method: 'POST', headers: { ...k.auth, 'Idempotency-Key': 'send-anyway-1' } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    // Nothing held any more.
    expect((await post(`/bol/offers/${id}/send-anyway`)).status).toBe(409);
  });

  it('holds back a change of more than the set percentage since the last price on bol', async () => {
    k = await createOfferSyncKit({ known: [1] });
    const id = await k.product({ ean: offerEan(1), sellingPrice: 20 });
    await k.run();
    await k.update(id, { sellingPrice: 27 });
    await k.run();
    expect((await state(id)).offerSync.heldBack?.kind).toBe('price-jump');
    expect(k.offer(1)?.price).toBe(20);
    // A stock change meanwhile does not slip the price through.
    await k.update(id, { stock: 2 });
    await k.run();
    expect(k.offer(1)).toMatchObject({ price: 20, stock: 12 });
    await k.update(id, { sellingPrice: 25 });
    await k.run();
    expect(k.offer(1)).toMatchObject({ price: 25, stock: 2 });
  });

  it('send anyway: 404 for an unknown product, 400 for a bad id, 401 without a token', async () => {
    k = await createOfferSyncKit();
    expect((await post('/bol/offers/999999/send-anyway')).status).toBe(404);
    expect((await post('/bol/offers/abc/send-anyway')).status).toBe(400);
    expect((await k.t.app.request('/api/v1/bol/offers/1/send-anyway', { method: 'POST' })).status).toBe(401);
    const bad = await k.t.app.request('/api/v1/bol/offers/settings', { method: 'PUT', headers: { ...k.auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ maxPriceChangePercent: 0, zeroStockShare: 2, stockBuffers: {} }) });
    expect(bad.status).toBe(400);
  });

  it('holds a feed import that zeroes the stock of more than the set share of the catalogue for a person to confirm', async () => {
    k = await createOfferSyncKit({ known: [1, 2, 3, 4] });
    const ids = [];
    for (const serial of [1, 2, 3, 4]) ids.push(await k.product({ ean: offerEan(serial) }));
    await k.run();
    const db = k.t.database.db;
    const [job] = await db.insert(jobs).values({ kind: 'feed-import', supplierId: k.supplierId, status: 'running', trigger: 'user' }).returning();
    for (const id of ids.slice(0, 2)) await k.update(id, { stock: 0 });
    // Not while the import runs.
    expect((await k.run()).sent).toBe(0);
    await db.update(jobs).set({ status: 'success' }).where(eq(jobs.id, job?.id ?? 0));
    const report = await k.run();
    expect(report).toMatchObject({ sent: 0, feedBatchesHeld: 1 });
    expect(k.offer(1)?.stock).toBe(12);
    expect((await state(ids[0] ?? 0)).offerSync.heldBack).toMatchObject({ kind: 'feed-batch', reason: 'The feed import of Garden Goods set the stock of 2 of its 4 products on bol to 0: confirm the batch to send it.' });

    const confirmed = await post(`/bol/offers/feed-batch/${job?.id}/confirm`);
    expect(await confirmed.json()).toEqual({ jobId: job?.id, released: 2 });
    expect((await k.run()).sent).toBe(2);
    expect([k.offer(1)?.stock, k.offer(2)?.stock, k.offer(3)?.stock]).toEqual([0, 0, 12]);
    expect(offerLines(await history(ids[0] ?? 0))[0]).toMatchObject({ field: 'bol:offer:stock', new: '0', author: 'admin' });
    expect((await post(`/bol/offers/feed-batch/${job?.id}/confirm`)).status).toBe(404);
  });

  it('lets a feed import that zeroes a few stocks through', async () => {
    k = await createOfferSyncKit({ known: [1, 2, 3, 4, 5] });
    const ids = [];
    for (const serial of [1, 2, 3, 4, 5]) ids.push(await k.product({ ean: offerEan(serial) }));
    await k.run();
    const [job] = await k.t.database.db.insert(jobs).values({ kind: 'feed-import', supplierId: k.supplierId, status: 'running', trigger: 'user' }).returning();
    await k.update(ids[0] ?? 0, { stock: 0 });
    await k.t.database.db.update(jobs).set({ status: 'success' }).where(eq(jobs.id, job?.id ?? 0));
    expect(await k.run()).toMatchObject({ sent: 1, feedBatchesHeld: 0 });
    expect(k.offer(1)?.stock).toBe(0);
  });

  it("makes the first change of an offer bol already had (offer import) a dry run a person approves once", async () => {
    k = await createOfferSyncKit({ offers: [simulatorOffer(7, 21.5, 4)] });
    const id = await k.product({ ean: offerEan(7), sellingPrice: 21.5, stock: 4, isExportOnBol: false });
    const imported = await k.t.app.request('/api/v1/process/report/bol/offer/import', { headers: k.auth });
    expect(imported.status).toBe(200);
    await k.update(id, { isExportOnBol: true, stock: 9 });
    expect(await k.run()).toMatchObject({ sent: 0, held: 1 });
    const dry = (await state(id)).offerSync;
    expect(dry.source).toBe('import');
    expect(dry.heldBack?.kind).toBe('first-sync');
    expect(dry.heldBack?.changes).toContainEqual({ field: 'bol:offer:stock', old: '4', new: '9' });
    expect(k.offer(7)?.stock).toBe(4);
    expect((await post(`/bol/offers/${id}/send-anyway`)).status).toBe(200);
    const approved = await k.run();
    expect(approved, JSON.stringify(await state(id))).toMatchObject({ sent: 1 });
    expect(k.offer(7)).toMatchObject({ offerId: offerIdOf(7), stock: 9, referenceCode: 'SKU' });
    // Approved once: the next change goes straight out.
    await k.update(id, { stock: 8 });
    expect((await k.run()).sent).toBe(1);
    expect(k.offer(7)?.stock).toBe(8);
  });
});

describe('retries', { timeout: 60_000 }, () => {
  it("waits out bol's 429 and Retry-After, and past our patience tries again later", async () => {
    k = await createOfferSyncKit({ known: [1, 2] });
    const a = await k.product({ ean: offerEan(1) });
    const b = await k.product({ ean: offerEan(2) });
    await k.run();
    k.kit.simulator.failNextOfferCalls('stock', { as: 'RATE_LIMIT', times: 2, retryAfterSeconds: 3 });
    await k.update(a, { stock: 1 });
    expect((await k.run()).sent).toBe(1);
    expect(k.offer(1)?.stock).toBe(1);

    // More 429s than the client waits for: the product is tried again later, with the reason shown.
    k.kit.simulator.failNextOfferCalls('stock', { as: 'RATE_LIMIT', times: 6, retryAfterSeconds: 1 });
    await k.update(b, { stock: 2 });
    expect(await k.run()).toMatchObject({ sent: 0, retrying: 1 });
    const waiting = (await state(b)).offerSync;
    expect(waiting).toMatchObject({ waiting: true, attempts: 1 });
    expect(waiting.error).toContain('429');
    expect((await k.run()).sent).toBe(0);
    k.kit.clock.now += 31_000;
    expect((await k.run()).sent).toBe(1);
    expect(k.offer(2)?.stock).toBe(2);
    expect((await state(b)).offerSync).toMatchObject({ waiting: false, error: null, attempts: 0 });
  });

  it("tries again after bol's process FAILURE, and ends with an error people can read after the last try", async () => {
    k = await createOfferSyncKit({ known: [1] });
    const id = await k.product({ ean: offerEan(1) });
    await k.run();
    k.kit.simulator.failNextOfferCalls('price', { as: 'FAILURE', times: 1, message: 'Temporary problem at bol.' });
    await k.update(id, { sellingPrice: 18 });
    expect(await k.run()).toMatchObject({ retrying: 1 });
    expect((await state(id)).offerSync.error).toContain('Temporary problem at bol.');
    k.kit.clock.now += 31_000;
    expect((await k.run()).sent).toBe(1);
    expect(k.offer(1)?.price).toBe(18);

    k.kit.simulator.failNextOfferCalls('price', { as: 'FAILURE', times: 10, message: 'The price is not allowed for this product.' });
    await k.update(id, { sellingPrice: 17 });
    for (let attempt = 1; attempt <= OFFER_MAX_ATTEMPTS; attempt += 1) {
      await k.run();
      k.kit.clock.now += 20 * 60_000;
    }
    const failed = (await state(id)).offerSync;
    expect(failed).toMatchObject({ waiting: false, attempts: OFFER_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(failed.error).toBe(`Updating the price of bol offer ${k.offer(1)?.offerId} failed: bol reports: The price is not allowed for this product. (tried ${OFFER_MAX_ATTEMPTS} times; the next change of the product tries again)`);
    expect(k.offer(1)?.price).toBe(18);
    const summary = await k.t.app.request('/api/v1/bol/offers/summary', { headers: k.auth });
    expect(await summary.json()).toEqual({ live: 0, waiting: 0, held: 0, failed: 1 });
  });
});

describe('a restart in the middle of a run', { timeout: 60_000 }, () => {
  it('sends nothing twice and loses nothing', async () => {
    const serials = Array.from({ length: 30 }, (_, index) => index + 1);
    k = await createOfferSyncKit({ offers: serials.map((serial) => simulatorOffer(serial, 19.95, 12)) });
    const db = k.t.database.db;
    const ids: number[] = [];
    for (const serial of serials) ids.push(await k.product({ ean: offerEan(serial) }));
    // As after an earlier sync: bol's offers are ours.
    await db.execute(sql`update bol_offer_sync s set due = false, source = 'sync', on_bol = jsonb_build_object('offerId', '00000000-0000-4000-b000-' || lpad((p.product_id - ${(ids[0] ?? 0) - 1})::text, 12, '0'), 'ean', p.ean, 'price', 19.95, 'stock', 12, 'reference', 'SKU', 'deliveryCode', '1-2d', 'onHold', false)
      from products p where p.product_id = s.product_id`);
    for (const [index, id] of ids.entries()) await k.update(id, { stock: index });

    const stockPuts = () => k.calls.filter((call) => call.startsWith('PUT') && call.endsWith('/stock'));
    await k.runUntilDeath(() => stockPuts().length === 12);
    const inFlight = await db.select({ n: sql<number>`count(*)::int` }).from(bolOfferSync).where(sql`in_flight is not null`);
    expect(inFlight[0]?.n).toBeGreaterThan(0);

    const report = await k.run();
    expect(report.recovered).toBeGreaterThan(0);
    const perOffer = new Map<string, number>();
    for (const call of stockPuts()) perOffer.set(call, (perOffer.get(call) ?? 0) + 1);
    expect([...perOffer.values()].every((n) => n === 1)).toBe(true);
    // Product index 12 had stock 12 already: nothing to send for it.
    expect(perOffer.size).toBe(29);
    for (const [index, serial] of serials.entries()) expect(k.offer(serial)?.stock).toBe(index);
    for (const id of ids) {
      const lines = offerLines(await history(id));
      expect(lines.length).toBeLessThanOrEqual(1);
    }
    const left = await db.select({ n: sql<number>`count(*)::int` }).from(bolOfferSync).where(sql`due or in_flight is not null`);
    expect(left[0]?.n).toBe(0);
  });

  it('a create cut off after bol made the offer is found in the offer export: adopted, not created twice', async () => {
    k = await createOfferSyncKit({ known: [1, 2] });
    const made = await k.product({ ean: offerEan(1), stock: 7 });
    // Dies on the poll that finishes the create at bol (2 polls): bol has the offer, we never hear of it.
    let polls = 0;
    await k.runUntilDeath((call) => call.includes('process-status') && (polls += 1) === 2);
    expect(k.kit.simulator.offers.filter((offer) => offer.ean === offerEan(1))).toHaveLength(1);
    const [left] = await k.t.database.db.select({ inFlight: bolOfferSync.inFlight }).from(bolOfferSync).where(eq(bolOfferSync.productId, made));
    expect(left?.inFlight).not.toBeNull();

    k.calls.length = 0;
    const report = await k.run();
    expect(report.recovered).toBe(1);
    expect(k.calls).toContain('POST /retailer/offers/export');
    expect(k.calls).not.toContain('POST /retailer/offers');
    expect(k.kit.simulator.offers.filter((offer) => offer.ean === offerEan(1))).toHaveLength(1);
    const after = (await state(made)).offerSync;
    expect(after).toMatchObject({ onBol: { offerId: k.offer(1)?.offerId, stock: 7 }, waiting: false, error: null });
    expect(offerLines(await history(made))).toEqual([{ field: 'bol:offer:status', old: 'no offer', new: 'created at € 19,95, stock 7', author: 'bol' }]);

    // Cut off before bol got it: not in the export, so created once by the next run.
    const lost = await k.product({ ean: offerEan(2) });
    await k.runUntilDeath((call) => call === 'POST /retailer/offers');
    // The create that reached bol is never polled (the process died): bol never finishes it.
    k.calls.length = 0;
    await k.run();
    expect(k.calls.filter((call) => call === 'POST /retailer/offers')).toHaveLength(1);
    expect(k.kit.simulator.offers.filter((offer) => offer.ean === offerEan(2))).toHaveLength(1);
    expect((await state(lost)).offerSync).toMatchObject({ waiting: false, error: null });
  });
});
