/**
 * Contract tests: every answer of the bol simulator (status, content type, headers, body) and
 * every request our client builds, checked with a JSON-Schema validator (ajv) against bol's own
 * OpenAPI documents (tests/contract/bol-openapi). Zero departures, apart from the documented
 * quirks of the real API, each named and shown in a test of its own. See docs/bol.md.
 */
import { describe, expect, it } from 'vitest';
import { BOL_CSV, BOL_JSON, type BolCreateProductContent } from '../../src/server/bol/client/bol-wire';
import type { BolSimulatorOptions } from '../../src/server/bol/simulator/bol-simulator';
import { DEFAULT_RATE_LIMITS } from '../../src/server/bol/simulator/rate-limiter';
import { encodePng } from '../../src/server/demo/png-encoder';
import { BOL_QUIRKS, checkContract, openApi, recordingBolKit } from './support/bol-contract';
import { toJsonSchema, type ExchangeRecord } from './support/bol-openapi';

const GOOD_EAN = '8714000000015';
const BAD_EAN = '8714000000014';
const PNG = encodePng(2, 2, new Uint8Array(12).fill(200));

/** Where the simulated bol downloads images from: one image, one HTML page, one missing file. */
const imageHost: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === '/img/front.png') return new Response(new Uint8Array(PNG), { headers: { 'Content-Type': 'image/png' } });
  if (url.pathname === '/img/page.html') return new Response('<html>not an image</html>', { headers: { 'Content-Type': 'text/html' } });
  return new Response('gone', { status: 404 });
};

function contractKit(options: Partial<BolSimulatorOptions> = {}) {
  return recordingBolKit({ imageFetch: { fetch: imageHost }, ...options });
}

const content = (ean: string, assets: BolCreateProductContent['assets'] = [{ url: 'http://images.test/img/front.png', labels: ['FRONT'] }]): BolCreateProductContent => ({
  language: 'nl',
  attributes: [
    { id: 'EAN', values: [{ value: ean }] },
    { id: 'Name', values: [{ value: 'Stride Runner One Black' }] },
    { id: 'Weight', values: [{ value: '0.8', unitId: 'unece.unit.KGM' }] },
    { id: 'Schoenmaat', values: [{ value: '44.7' }] },
  ],
  assets,
});

const violationNames = async (response: Response) => ((await response.json()) as { violations?: { name: string }[] }).violations?.map((violation) => violation.name) ?? [];

describe('bol contract: what the client sends and the simulator answers', () => {
  it('holds for the order list on every page and all 130 demo order details', async () => {
    const kit = contractKit();
    const orders = [];
    for (let page = 1; ; page += 1) {
      const found = await kit.client.getOrders(page);
      if (found.length === 0) break;
      orders.push(...found);
    }
    expect(orders).toHaveLength(130);
    for (const order of orders) await kit.client.getOrder(order.orderId);
    const result = checkContract(kit.exchanges);
    expect(result.deviations).toEqual([]);
    // 4 list pages and 130 details, and the retries after bol's 429s (25 details a second).
    expect(result.checked).toBeGreaterThanOrEqual(4 + 130);
  });

  it('holds for the demo orders with the cases a seller meets (pick-up points, companies, French, discounts, delivery windows, cancellations)', () => {
    const kit = contractKit();
    const orders = kit.simulator.orders;
    const items = orders.flatMap((order) => order.orderItems);
    expect(orders.some((order) => order.pickupPoint && order.shipmentDetails.pickupPointName)).toBe(true);
    expect(orders.some((order) => order.billingDetails?.company && order.billingDetails.vatNumber)).toBe(true);
    expect(new Set(orders.map((order) => order.shipmentDetails.language))).toEqual(new Set(['nl', 'nl-BE', 'fr', 'fr-BE']));
    expect(items.some((item) => item.discounts.length > 0)).toBe(true);
    expect(new Set(items.map((item) => item.fulfilment.timeFrameType))).toEqual(new Set(['REGULAR', 'EVENING', 'APPOINTMENT', 'SAMEDAY', 'SUNDAY']));
    expect(items.some((item) => item.quantityCancelled > 0)).toBe(true);
    expect(items.some((item) => item.cancellationRequest && item.quantityCancelled === 0)).toBe(true);
    expect(orders.some((order) => order.billingDetails && 'language' in order.billingDetails)).toBe(false);
    const order = openApi.validator('retailer', { $ref: '#/components/schemas/Order' });
    for (const detail of orders) expect(order(detail), `${detail.orderId}: ${openApi.ajv.errorsText(order.errors)}`).toBe(true);
  });

  it('holds for a content upload followed to its report, images downloaded and judged', async () => {
    const kit = contractKit();
    const started = await kit.client.postProductContent(
      content(GOOD_EAN, [
        { url: 'http://images.test/img/front.png', labels: ['FRONT'] },
        { url: 'http://images.test/img/page.html', labels: ['OTHER'] },
        { url: 'http://images.test/img/missing.png', labels: ['OTHER'] },
      ]),
    );
    const outcome = await kit.client.waitForProcess(started);
    expect(outcome.outcome).toBe('SUCCESS');
    const uploadId = outcome.outcome === 'SUCCESS' ? (outcome.entityId ?? '') : '';
    expect((await kit.client.getUploadReport(uploadId)).status).toBe('IN_PROGRESS');
    const report = await kit.client.getUploadReport(uploadId);
    expect(report.assets.map((asset) => [asset.status, asset.subStatus])).toEqual([
      ['PUBLISHED', 'PUBLISHED'],
      ['DECLINED', 'UNSUPPORTED_MIMETYPE'],
      ['DECLINED', 'DOWNLOAD_FAILED_404'],
    ]);
    const failed = await kit.client.waitForProcess(await kit.client.postProductContent(content(BAD_EAN)));
    expect(failed.outcome).toBe('FAILURE');
    const result = checkContract(kit.exchanges);
    expect(result.deviations).toEqual([]);
    expect(result.quirksSeen).toEqual(new Set(['content values without a unit leave out the required unitId', 'process status links carry a method']));
  });

  it('holds for chunk recommendations, catalog products (found, unknown, by language) and the offer export', async () => {
    const kit = contractKit();
    expect(await kit.client.getChunkRecommendations('Stride Runner One', 'A light running shoe')).toHaveLength(3);
    const ean = kit.simulator.offers[0]?.ean ?? '';
    expect(await kit.client.getCatalogProduct(ean)).not.toBeNull();
    expect(await kit.client.getCatalogProduct('0000000000000')).toBeNull();
    for (const language of ['nl', 'nl-BE', 'fr', 'fr-BE']) expect((await kit.raw('GET', `/retailer/content/catalog-products/${ean}`, { headers: { 'Accept-Language': language } })).status).toBe(200);
    expect((await kit.client.exportOffers()).length).toBe(kit.simulator.offers.length);
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
  });

  it('holds for an order item cancellation and the process status calls (by id, by entity, in bulk)', async () => {
    const kit = contractKit();
    const item = kit.simulator.orders.flatMap((order) => order.orderItems).find((entry) => entry.quantityShipped + entry.quantityCancelled < entry.quantity);
    if (!item) throw new Error('no open demo order item');
    const started = await kit.client.cancelOrderItem(item.orderItemId, 'OUT_OF_STOCK');
    expect(started).toMatchObject({ eventType: 'CANCEL_ORDER', status: 'PENDING', entityId: item.orderItemId });
    const outcome = await kit.client.waitForProcess(started);
    expect(outcome).toMatchObject({ outcome: 'SUCCESS', entityId: item.orderItemId });
    expect(item.quantityCancelled).toBe(item.quantity);
    const byEntity = await kit.client.getProcessStatusesByEntity(item.orderItemId, 'CANCEL_ORDER');
    expect(byEntity.map((status) => status.processStatusId)).toEqual([started.processStatusId]);
    const bulk = await kit.client.getProcessStatuses([started.processStatusId, '999999999']);
    expect(bulk.map((status) => status.status)).toEqual(['SUCCESS']);
    // A second cancellation of the now handled item: accepted, and the process fails with bol's reason.
    const again = await kit.client.waitForProcess(await kit.client.cancelOrderItem(item.orderItemId, 'OUT_OF_STOCK'));
    expect(again).toMatchObject({ outcome: 'FAILURE', message: `Order item ${item.orderItemId} has already been handled and cannot be cancelled.` });
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
  });

  it('holds for the order filters: change-interval-minute, latest-change-date, vvb-only and the default list', async () => {
    const kit = contractKit();
    const now = kit.clock.now;
    const items = kit.simulator.orders.flatMap((order) => order.orderItems.map((item) => ({ ...item, placed: order.orderPlacedDateTime })));
    const list = async (query: string) => {
      const response = await kit.raw('GET', `/retailer/orders${query}`);
      expect(response.status).toBe(200);
      return (((await response.json()) as { orders?: { orderItems: { orderItemId: string; latestChangedDateTime: string; fulfilmentStatus: string }[] }[] }).orders ?? []).flatMap((order) => order.orderItems);
    };
    const recent = await list('?fulfilment-method=ALL&status=ALL&change-interval-minute=60');
    expect(recent.map((item) => item.orderItemId).sort()).toEqual(items.filter((item) => Date.parse(item.latestChangedDateTime) >= now - 3_600_000).map((item) => item.orderItemId).sort());
    const day = items[5]?.latestChangedDateTime.slice(0, 10) ?? '';
    const onDay = await list(`?fulfilment-method=ALL&status=ALL&latest-change-date=${day}`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay.every((item) => item.latestChangedDateTime.startsWith(day))).toBe(true);
    const vvb = await list('?fulfilment-method=ALL&status=ALL&vvb-only=true');
    expect(vvb.length).toBeGreaterThan(0);
    expect(vvb.length).toBeLessThan(items.length);
    expect(await list('?fulfilment-method=FBB&vvb-only=true')).toEqual([]);
    // bol's default list: open items plus the ones handled in the last 48 hours (first page of 50).
    const fallback = await list('?fulfilment-method=ALL');
    expect(fallback.every((item) => item.fulfilmentStatus === 'OPEN' || Date.parse(item.latestChangedDateTime) >= now - 48 * 3_600_000)).toBe(true);
    expect(fallback.some((item) => item.fulfilmentStatus === 'HANDLED')).toBe(true);
    const all = await list('?fulfilment-method=ALL&status=ALL');
    expect(all.some((item) => item.fulfilmentStatus === 'HANDLED' && Date.parse(item.latestChangedDateTime) < now - 48 * 3_600_000)).toBe(true);
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
  });

  it("holds for bol's refusals: 400 with violations, 404, 406, 415, 401 and 429", async () => {
    const kit = contractKit({ rateLimits: [{ method: 'GET', pattern: /^\/retailer\/orders\/[^/]+$/, limit: 1, windowMs: 60_000 }, ...DEFAULT_RATE_LIMITS] });
    expect(await violationNames(await kit.raw('GET', '/retailer/orders?change-interval-minute=61'))).toEqual(['change-interval-minute']);
    expect(await violationNames(await kit.raw('GET', '/retailer/orders?page=0&status=NEW&latest-change-date=yesterday&vvb-only=yes'))).toEqual(['page', 'status', 'latest-change-date', 'vvb-only']);
    const notJson = await kit.raw('POST', '/retailer/content/products', { body: '{"language": "nl", ' });
    expect(notJson.status).toBe(400);
    expect(await violationNames(notJson)).toEqual(['body']);
    const labels = await kit.raw('POST', '/retailer/content/products', {
      body: JSON.stringify({ ...content(GOOD_EAN), assets: [{ url: 'http://images.test/a.png', labels: [] }, { url: 'http://images.test/b.png', labels: ['FRONT', 'OTHER', 'OTHER'] }, { labels: ['OTHER'] }] }),
    });
    expect(labels.status).toBe(400);
    expect(await violationNames(labels)).toEqual(['assets[0].labels', 'assets[1].labels', 'assets[2].url']);
    expect(await violationNames(await kit.raw('PUT', '/retailer/orders/cancellation', { body: JSON.stringify({ orderItems: [{ orderItemId: '1', reasonCode: 'BORED' }] }) }))).toEqual(['orderItems[0].reasonCode']);
    expect(await violationNames(await kit.raw('GET', '/shared/process-status'))).toEqual(['entity-id', 'event-type']);
    expect(await violationNames(await kit.raw('POST', '/shared/process-status', { body: JSON.stringify({ processStatusQueries: [] }) }))).toEqual(['processStatusQueries']);
    const german = await kit.raw('GET', `/retailer/content/catalog-products/${kit.simulator.offers[0]?.ean ?? ''}`, { headers: { 'Accept-Language': 'de' } });
    expect(german.status).toBe(406);
    const missing = await kit.raw('GET', '/retailer/orders/NOPE');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { instance: string }).instance).toBe('https://api.bol.com/retailer/orders/NOPE');
    expect((await kit.raw('GET', '/retailer/orders/NOPE')).status).toBe(429);
    expect((await kit.raw('GET', '/shared/process-status/42')).status).toBe(404);
    expect((await kit.raw('GET', '/retailer/orders', { headers: { Accept: 'application/json' } })).status).toBe(406);
    expect((await kit.raw('POST', '/retailer/offers/export', { body: '{"format":"CSV"}', headers: { 'Content-Type': 'application/json' } })).status).toBe(415);
    kit.simulator.expireTokens();
    expect((await kit.raw('GET', '/retailer/orders')).status).toBe(401);
    // These requests are wrong on purpose: bol's answers are checked, the requests are not.
    const result = checkContract(kit.exchanges, BOL_QUIRKS, { requests: false });
    expect(result.deviations).toEqual([]);
    expect([...result.quirksSeen].sort()).toEqual(['Problems other than 400 leave out violations', 'statuses outside the document answer with a Problem']);
    // Checked as requests, the checker names what is wrong in each of them.
    const requests = checkContract(kit.exchanges).deviations;
    expect(requests).toContain("GET /retailer/orders: query parameter 'change-interval-minute'='61' data must be <= 60");
    expect(requests).toContain("GET /retailer/content/catalog-products/" + (kit.simulator.offers[0]?.ean ?? '') + ": header parameter 'Accept-Language'='de' data must be equal to one of the allowed values");
    expect(requests).toContain("GET /retailer/orders: Accept 'application/json' is none of application/vnd.retailer.v10+json");
    expect(requests).toContain("POST /retailer/offers/export: request Content-Type 'application/json' is none of application/vnd.retailer.v10+json");
    expect(requests).toContain('POST /retailer/content/products request body: /assets/2 must have required property \'url\' {"missingProperty":"url"}');
  });
});

describe("bol contract: the real API's documented quirks, kept by the simulator", () => {
  const quirk = (name: string) => BOL_QUIRKS.filter((entry) => entry.name !== name);

  it('quirk "an empty order list is {} without the required orders": the only departure of an empty account', async () => {
    const kit = contractKit({ orders: [], offers: [] });
    expect(await kit.client.getOrders(1)).toEqual([]);
    expect(kit.exchanges.at(-1)?.responseBody).toBe('{}');
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
    expect(checkContract(kit.exchanges, quirk('an empty order list is {} without the required orders')).deviations).toEqual([
      "GET /retailer/orders → 200 body: / must have required property 'orders' {\"missingProperty\":\"orders\"}",
    ]);
  });

  it('quirk "content values without a unit leave out the required unitId": accepted by bol, sent by our client', async () => {
    const kit = contractKit();
    expect((await kit.client.postProductContent(content(GOOD_EAN))).status).toBe('PENDING');
    const without = checkContract(kit.exchanges, quirk('content values without a unit leave out the required unitId')).deviations;
    expect(without).toHaveLength(3); // EAN, Name and Schoenmaat have no unit
    expect(without.every((departure) => departure.includes('"missingProperty":"unitId"'))).toBe(true);
  });

  it('quirk "statuses outside the document answer with a Problem": a 429 with Retry-After and X-RateLimit-*', async () => {
    const kit = contractKit({ rateLimits: [{ method: 'GET', pattern: /^\/retailer\/orders$/, limit: 1, windowMs: 60_000 }, ...DEFAULT_RATE_LIMITS] });
    await kit.raw('GET', '/retailer/orders');
    const limited = await kit.raw('GET', '/retailer/orders');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(checkContract(kit.exchanges).deviations).toEqual([]);
    expect(checkContract(kit.exchanges, quirk('statuses outside the document answer with a Problem')).deviations).toEqual(['GET /retailer/orders → 429: status 429 is not declared (declared: 200)']);
  });

  it('quirk "process status links carry a method": {rel, href, method} as bol answers', async () => {
    const kit = contractKit();
    const started = await kit.client.postProductContent(content(GOOD_EAN));
    expect(started.links).toEqual([{ rel: 'self', href: `https://api.bol.com/shared/process-status/${started.processStatusId}`, method: 'GET' }]);
    const without = checkContract(kit.exchanges, quirk('process status links carry a method')).deviations;
    expect(without).toEqual(['POST /retailer/content/products → 202 body: /links/0 must NOT have additional properties {"additionalProperty":"method"}']);
  });

  it('quirk "Problems other than 400 leave out violations": a 404 Problem without them', async () => {
    const kit = contractKit();
    const missing = await kit.raw('GET', '/retailer/content/upload-report/nope');
    expect(missing.status).toBe(404);
    const without = checkContract(kit.exchanges, quirk('Problems other than 400 leave out violations')).deviations;
    expect(without).toEqual(["GET /retailer/content/upload-report/nope → 404 body: / must have required property 'violations' {\"missingProperty\":\"violations\"}"]);
  });
});

describe('bol contract: the checker itself', () => {
  it('names a field, a status and a header that depart from the document', () => {
    const exchange = (status: number, body: unknown, headers: Record<string, string> = {}): ExchangeRecord => ({
      method: 'GET',
      url: 'http://bol.test/shared/process-status/1',
      requestHeaders: new Headers({ Accept: BOL_JSON }),
      requestBody: null,
      status,
      responseHeaders: new Headers({ 'Content-Type': BOL_JSON, 'X-RateLimit-Limit': '1', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1', ...headers }),
      responseBody: JSON.stringify(body),
    });
    const status = { processStatusId: '1', eventType: 'CREATE_OFFER_EXPORT', description: 'x', status: 'PENDING', createTimestamp: '2025-06-01T12:00:00+00:00', links: [] };
    expect(checkContract([exchange(200, status)]).deviations).toEqual([]);
    expect(checkContract([exchange(200, { ...status, status: 'WAITING' })]).deviations).toEqual([
      'GET /shared/process-status/1 → 200 body: /status must be equal to one of the allowed values {"allowedValues":["PENDING","SUCCESS","FAILURE","TIMEOUT"]}',
    ]);
    expect(checkContract([exchange(200, { ...status, language: 'nl' })]).deviations).toEqual(['GET /shared/process-status/1 → 200 body: / must NOT have additional properties {"additionalProperty":"language"}']);
    expect(checkContract([exchange(200, { ...status, createTimestamp: 'today' })]).deviations).toEqual(['GET /shared/process-status/1 → 200 body: /createTimestamp must match format "date-time" {"format":"date-time"}']);
    expect(checkContract([exchange(201, status)]).deviations).toEqual(['GET /shared/process-status/1 → 201: status 201 is not declared (declared: 200, 404)']);
    expect(checkContract([exchange(200, status, { 'Content-Type': 'application/json' })]).deviations).toContain("GET /shared/process-status/1 → 200: Content-Type 'application/json' is none of application/vnd.retailer.v10+json, application/vnd.advertiser.v10+json");
    expect(checkContract([exchange(200, status, { 'X-RateLimit-Remaining': '' })]).deviations).toEqual(["GET /shared/process-status/1 → 200: header X-RateLimit-Remaining missing or not a number ('')"]);
  });

  it('reads OpenAPI 3.0 schemas as JSON Schema: nullable, examples, closed objects', () => {
    expect(toJsonSchema({ type: 'object', properties: { a: { type: 'string', nullable: true, example: 'x' } }, required: ['a'] })).toEqual({
      type: 'object',
      properties: { a: { type: ['string', 'null'] } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(toJsonSchema({ type: 'string', enum: ['A', 'B'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['A', 'B', null] });
  });

  it('reads the documents as published: OpenAPI 3.0.1, Retailer and Shared API 10.x', () => {
    expect(openApi.documents.retailer.info).toMatchObject({ title: 'v10 - Retailer API', version: '10.x' });
    expect(openApi.documents.shared.info).toMatchObject({ title: 'v10 - Shared API', version: '10.x' });
    expect(BOL_CSV).toBe('application/vnd.retailer.v10+csv');
  });
});
