import { describe, expect, it } from 'vitest';
import { BolClient } from '../../src/server/bol/client/bol-client';
import { FAST_BOL_TIMING } from '../../src/server/bol/client/bol-client-options';
import { BolApiError } from '../../src/server/bol/client/bol-errors';
import { BOL_CSV, BOL_JSON, type BolCreateProductContent } from '../../src/server/bol/client/bol-wire';
import { BolSimulator, OFFER_EXPORT_COLUMNS, SIMULATOR_CREDENTIALS } from '../../src/server/bol/simulator/bol-simulator';
import { createBolKit } from './support/bol-fixtures';

/** A valid GTIN-13 and the same digits with a wrong check digit. */
const GOOD_EAN = '8714000000015';
const BAD_EAN = '8714000000014';

const content = (ean: string, extra: BolCreateProductContent['attributes'] = []): BolCreateProductContent => ({
  language: 'nl',
  attributes: [{ id: 'EAN', values: [{ value: ean }] }, { id: 'Name', values: [{ value: 'Stride Runner One Black' }] }, ...extra],
  assets: [{ url: 'http://127.0.0.1:8080/media/ab/abc.png', labels: ['FRONT'] }],
});

async function rejection(promise: Promise<unknown>): Promise<BolApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BolApiError);
  return error as BolApiError;
}

describe('the token', () => {
  it('is asked for once with Basic auth and a form body, and reused while it lives', async () => {
    const kit = createBolKit();
    await kit.client.getOrders(1);
    await kit.client.getOrders(2);
    expect(kit.simulator.tokensIssued).toBe(1);
    expect(kit.client.http.tokens.requests).toBe(1);
  });

  it('is renewed before its five minutes run out', async () => {
    const kit = createBolKit();
    await kit.client.getOrders(1);
    kit.clock.now += 280_000; // 19 s left: less than the 30 s margin
    await kit.client.getOrders(1);
    expect(kit.simulator.tokensIssued).toBe(2);
  });

  it("is renewed once when bol answers 401 'Expired JWT' in the middle of a job, and the call goes on", async () => {
    const kit = createBolKit();
    expect(await kit.client.getOrders(1)).toHaveLength(50);
    kit.simulator.expireTokens();
    expect(await kit.client.getOrders(2)).toHaveLength(50);
    expect(kit.client.stats.tokenRenewals).toBe(1);
    expect(kit.simulator.tokensIssued).toBe(2);
  });

  it('refuses wrong credentials with a message naming the problem', async () => {
    const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS });
    const client = new BolClient({ apiUrl: 'http://bol.test', tokenUrl: 'http://bol.test/token', clientId: 'x', clientSecret: 'y', fetch: simulator.fetch, timing: FAST_BOL_TIMING });
    const error = await rejection(client.getOrders(1));
    expect(error.status).toBe(401);
    expect(error.message).toBe('bol refused the client id and secret: bol answered 401 invalid_client (Bad client credentials)');
  });

  it('is not handed out for parameters in the query string (bol stopped that in 2024)', async () => {
    const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS });
    const basic = Buffer.from(`${SIMULATOR_CREDENTIALS.clientId}:${SIMULATOR_CREDENTIALS.clientSecret}`).toString('base64');
    const response = await simulator.fetch('http://bol.test/token?grant_type=client_credentials', { method: 'POST', headers: { Authorization: `Basic ${basic}` } });
    expect(response.status).toBe(400);
  });
});

describe('rate limits and failures', () => {
  it('waits Retry-After on a 429 and then succeeds', async () => {
    const kit = createBolKit();
    kit.simulator.inject({ path: '/retailer/orders', status: 429, retryAfterSeconds: 4 });
    expect(await kit.client.getOrders(1)).toHaveLength(50);
    expect(kit.sleeps).toEqual([4_000]);
    expect(kit.client.stats.rateLimited).toBe(1);
  });

  it("stays within bol's per-endpoint limit by waiting, sending X-RateLimit headers on every answer", async () => {
    const kit = createBolKit({ rateLimits: [{ method: 'GET', pattern: /^\/retailer\/orders\/[^/]+$/, limit: 3, windowMs: 1_000 }] });
    const ids = kit.simulator.orders.slice(0, 7).map((order) => order.orderId);
    for (const id of ids) expect((await kit.client.getOrder(id)).orderId).toBe(id);
    expect(kit.client.stats.rateLimited).toBeGreaterThan(0);
    expect(kit.sleeps.every((ms) => ms === 1_000)).toBe(true);

    const token = await kit.client.http.tokens.get();
    const answer = await kit.simulator.fetch(`http://bol.test/retailer/orders/${ids[0]}`, { headers: { Authorization: `Bearer ${token}`, Accept: BOL_JSON } });
    expect(answer.headers.get('X-RateLimit-Limit')).toBe('3');
    expect(answer.headers.get('X-RateLimit-Remaining')).not.toBeNull();
    expect(answer.headers.get('X-RateLimit-Reset')).not.toBeNull();
  });

  it('gives up after a bounded number of 429s with a Retry-After too long to wait', async () => {
    const kit = createBolKit({}, { maxRetryAfterMs: 60_000 });
    kit.simulator.inject({ path: '/retailer/orders', status: 429, retryAfterSeconds: 3_600 });
    const error = await rejection(kit.client.getOrders(1));
    expect(error.status).toBe(429);
    expect(error.message).toBe("Reading page 1 of bol's orders failed: bol answered 429 Too Many Requests (Too many requests, retry in 3600 seconds.)");
  });

  it('retries a 5xx (even an HTML error page) with growing backoff, then succeeds', async () => {
    const kit = createBolKit();
    kit.simulator.inject({ path: '/retailer/orders', status: 503, body: '<html><body>Service Unavailable</body></html>', times: 2 });
    kit.simulator.inject({ path: '/retailer/orders', status: 500, times: 1 });
    expect(await kit.client.getOrders(1)).toHaveLength(50);
    expect(kit.client.stats.serverErrors).toBe(3);
    expect(kit.sleeps).toHaveLength(3);
    // Exponential with jitter: each wait is at least half of 500, 1000, 2000 ms.
    expect(kit.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(kit.sleeps[2]).toBeGreaterThanOrEqual(1_000);
  });

  it('stops retrying a 5xx after the bound and says what failed', async () => {
    const kit = createBolKit();
    kit.simulator.inject({ path: '/retailer/orders', status: 503, body: '<html>down</html>', times: 10 });
    const error = await rejection(kit.client.getOrders(1));
    expect(error.status).toBe(503);
    expect(error.message).toBe("Reading page 1 of bol's orders failed: bol answered HTTP 503");
    expect(kit.sleeps).toHaveLength(4);
  });

  it("turns bol's Problem into a sentence with its violations", async () => {
    const kit = createBolKit();
    const error = await rejection(kit.client.postProductContent({ language: 'nl', attributes: [{ id: 'Name', values: [{ value: 'x' }] }] }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Sending product content to bol failed: bol answered 400 Error validating request. Consult the bol.com API documentation for more information. (Bad request; attributes: Must contain exactly one attribute with id EAN.)',
    );
  });
});

describe('media types', () => {
  it('answers 406 for a wrong Accept and 415 for a wrong Content-Type', async () => {
    const kit = createBolKit();
    const token = await kit.client.http.tokens.get();
    const wrongAccept = await kit.simulator.fetch('http://bol.test/retailer/orders', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    expect(wrongAccept.status).toBe(406);
    expect(wrongAccept.headers.get('Content-Type')).toBe(BOL_JSON);
    const wrongType = await kit.simulator.fetch('http://bol.test/retailer/offers/export', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: BOL_JSON, 'Content-Type': 'application/json' },
      body: '{"format":"CSV"}',
    });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { detail: string }).detail).toBe('The supplied content-type media type is not supported.');
  });
});

describe('process statuses', () => {
  it('are polled until SUCCESS, with the upload id as entity id', async () => {
    const kit = createBolKit({ pollsUntilDone: 3 });
    const started = await kit.client.postProductContent(content(GOOD_EAN));
    expect(started).toMatchObject({ status: 'PENDING', eventType: 'CREATE_PRODUCT_CONTENT' });
    expect(started.entityId).toBeUndefined();
    const outcome = await kit.client.waitForProcess(started);
    expect(outcome.outcome).toBe('SUCCESS');
    expect(kit.sleeps).toEqual([1_000, 1_000, 1_000]);
    const uploadId = outcome.outcome === 'SUCCESS' ? outcome.entityId : null;
    expect(uploadId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reports FAILURE with bol's error message", async () => {
    const kit = createBolKit();
    const outcome = await kit.client.waitForProcess(await kit.client.postProductContent(content(BAD_EAN)));
    expect(outcome).toMatchObject({ outcome: 'FAILURE', message: `The EAN '${BAD_EAN}' is not a valid GTIN.` });
  });

  it('are followed together: ten uploads take as many waits as one', async () => {
    const kit = createBolKit({ pollsUntilDone: 2 });
    const started = [];
    for (let i = 0; i < 10; i += 1) started.push(await kit.client.postProductContent(content(GOOD_EAN)));
    const outcomes = await kit.client.waitForProcesses(started);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(Array(10).fill('SUCCESS'));
    expect(kit.sleeps).toEqual([1_000, 1_000]);
  });

  it('end as PURGED on a 404 after bol purged them', async () => {
    const kit = createBolKit({ pollsUntilDone: 5 });
    const started = await kit.client.postProductContent(content(GOOD_EAN));
    kit.simulator.purgeProcessStatuses();
    const outcome = await kit.client.waitForProcess(started);
    expect(outcome.outcome).toBe('PURGED');
  });

  it('are given up on after our time bound, as TIMEOUT', async () => {
    const kit = createBolKit({ pollsUntilDone: 1_000 }, { pollTimeoutMs: 10_000 });
    const outcome = await kit.client.waitForProcess(await kit.client.postProductContent(content(GOOD_EAN)));
    expect(outcome.outcome).toBe('TIMEOUT');
    expect(kit.sleeps).toHaveLength(10);
  });

  it('vanish (404) once their retention has passed', async () => {
    const kit = createBolKit({ statusRetentionMs: 60_000 });
    const started = await kit.client.postProductContent(content(GOOD_EAN));
    await kit.client.waitForProcess(started);
    kit.clock.now += 61_000;
    const error = await rejection(kit.client.getProcessStatus(started.processStatusId));
    expect(error.status).toBe(404);
  });
});

describe('orders', () => {
  it('come 50 to a page, and an empty page is {} which reads as no orders', async () => {
    const kit = createBolKit();
    const sizes = [];
    for (let page = 1; page <= 4; page += 1) sizes.push((await kit.client.getOrders(page)).length);
    expect(sizes).toEqual([50, 50, 30, 0]);

    const token = await kit.client.http.tokens.get();
    const raw = await kit.simulator.fetch('http://bol.test/retailer/orders?page=4&status=ALL&fulfilment-method=ALL', { headers: { Authorization: `Bearer ${token}`, Accept: BOL_JSON } });
    expect(await raw.text()).toBe('{}');
  });

  it('have shipment details in their detail', async () => {
    const kit = createBolKit();
    const [first] = await kit.client.getOrders(1);
    const order = await kit.client.getOrder(first?.orderId ?? '');
    expect(order.shipmentDetails).toMatchObject({ firstName: expect.any(String), surname: expect.any(String), zipCode: expect.any(String), city: expect.any(String) });
    expect(order.orderItems[0]?.product.ean).toMatch(/^871[234]\d{9}$/);
  });

  it('are deterministic: the same ids on every start', () => {
    const a = new BolSimulator({ ...SIMULATOR_CREDENTIALS, now: () => 0 });
    const b = new BolSimulator({ ...SIMULATOR_CREDENTIALS, now: () => 0 });
    expect(a.orders.length).toBeGreaterThanOrEqual(120);
    expect(a.orders.map((order) => order.orderId)).toEqual(b.orders.map((order) => order.orderId));
  });
});

describe('offer export', () => {
  it('is requested, waited for and read as CSV by its header, also with the columns in another order', async () => {
    const shuffled = [...OFFER_EXPORT_COLUMNS].reverse();
    const kit = createBolKit({ offerExportColumns: shuffled });
    const offers = await kit.client.exportOffers();
    expect(offers.length).toBe(kit.simulator.offers.length);
    const expected = kit.simulator.offers[0];
    expect(offers[0]).toMatchObject({ offerId: expected?.offerId, ean: expected?.ean, price: expected?.price, stock: expected?.stock });
    expect(kit.simulator.requests.filter((request) => request.startsWith('GET /retailer/offers/export/'))).toHaveLength(1);
  });

  it('is downloaded with the CSV media type (406 with JSON)', async () => {
    const kit = createBolKit();
    await kit.client.exportOffers();
    const exportPath = kit.simulator.requests.find((request) => request.startsWith('GET /retailer/offers/export/'))?.slice(4) ?? '';
    const token = await kit.client.http.tokens.get();
    const asJson = await kit.simulator.fetch(`http://bol.test${exportPath}`, { headers: { Authorization: `Bearer ${token}`, Accept: BOL_JSON } });
    expect(asJson.status).toBe(406);
    const asCsv = await kit.simulator.fetch(`http://bol.test${exportPath}`, { headers: { Authorization: `Bearer ${token}`, Accept: BOL_CSV } });
    expect((await asCsv.text()).split('\n')[0]).toBe(OFFER_EXPORT_COLUMNS.join(','));
  });
});

describe('upload reports', () => {
  it('start IN_PROGRESS, then decline a value outside its value list and publish the rest', async () => {
    const kit = createBolKit();
    const outcome = await kit.client.waitForProcess(
      await kit.client.postProductContent(content(GOOD_EAN, [{ id: 'Schoenmaat', values: [{ value: '44.7' }] }, { id: 'Colour', values: [{ value: 'Black' }] }])),
    );
    const uploadId = outcome.outcome === 'SUCCESS' ? (outcome.entityId ?? '') : '';
    expect((await kit.client.getUploadReport(uploadId)).status).toBe('IN_PROGRESS');
    const report = await kit.client.getUploadReport(uploadId);
    expect(report.status).toBe('COMPLETED');
    expect(report.attributes.find((attribute) => attribute.id === 'Schoenmaat')).toMatchObject({ status: 'DECLINED', subStatus: 'VALIDATION_FAILED_INVALID_LOV_VALUE' });
    expect(report.attributes.find((attribute) => attribute.id === 'Colour')).toMatchObject({ status: 'PUBLISHED' });
    expect(await kit.client.getCatalogProduct(GOOD_EAN)).toMatchObject({ published: false });
  });
});

describe('the simulator as its own listener', () => {
  it('serves the same API over loopback HTTP, with timings in milliseconds', async () => {
    const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS, pollsUntilDone: 2 });
    const listener = await simulator.listen(0);
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new BolClient({ apiUrl: listener.url, tokenUrl: `${listener.url}/token`, ...SIMULATOR_CREDENTIALS, timing: FAST_BOL_TIMING });
      expect(await client.getOrders(1)).toHaveLength(50);
      const outcome = await client.waitForProcess(await client.postProductContent(content(GOOD_EAN)));
      expect(outcome.outcome).toBe('SUCCESS');
    } finally {
      await listener.close();
    }
  });
});
