import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport, BolOrderPage } from '../../src/shared/bol-contract';
import { suppliers } from '../../src/server/db/schema';
import { insertProduct } from './support/product-fixtures';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let kit: BolKit;
let auth: Record<string, string>;
let linkedProduct: number;

beforeAll(async () => {
  kit = createBolKit();
  t = await createTestApp({ deps: { bol: kit.deps } });
  auth = { Authorization: `Bearer ${await t.token()}` };
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Volt Electronics' }).returning({ id: suppliers.supplierId });
  const firstEan = kit.simulator.orders[0]?.orderItems[0]?.product.ean ?? '';
  linkedProduct = await insertProduct(t.database.db, { supplierId: supplier?.id ?? 0, ean: firstEan });
});
afterAll(async () => {
  await t.close();
});

const get = (path: string) => t.app.request(`/api/v1${path}`, { headers: auth });
const importOrders = () => t.app.request('/api/v1/bol/order/import', { method: 'POST', headers: auth });
const page = async (query: string) => (await (await get(`/bol/order?${query}`)).json()) as BolOrderPage;

describe('POST /api/v1/bol/order/import', () => {
  it('imports every page with the details of each order, renewing an expired token on the way', async () => {
    await kit.client.http.tokens.get();
    kit.simulator.expireTokens(); // the client's cached token is now 'Expired JWT' to bol
    const response = await importOrders();
    expect(response.status).toBe(200);
    const job = (await response.json()) as BolJobReport;
    expect(job).toMatchObject({ kind: 'order-import', status: 'success', total: 130, done: 130, failed: 0 });
    expect(job.counts).toMatchObject({ pages: 3, created: 130 });
    expect(job.message).toBe('130 order(s) on 3 page(s): 130 new, 0 updated, 0 unchanged');
    expect(kit.client.stats.tokenRenewals).toBeGreaterThanOrEqual(1);
    // Four list pages (the fourth is `{}`), the first asked twice (its first answer was 401), and one detail per order.
    expect(kit.simulator.requests.filter((request) => request === 'GET /retailer/orders')).toHaveLength(5);
    expect(new Set(kit.simulator.requests.filter((request) => request.startsWith('GET /retailer/orders/'))).size).toBe(130);
    // 130 details are more than bol's 25 a second: the client waited where bol said 429.
    expect(kit.client.stats.rateLimited).toBeGreaterThan(0);
  });

  it('does not fetch the details of unchanged orders again', async () => {
    const before = kit.simulator.requests.length;
    const job = (await (await importOrders()).json()) as BolJobReport;
    expect(job.counts).toMatchObject({ pages: 3, unchanged: 130 });
    expect(kit.simulator.requests.slice(before).filter((request) => request.startsWith('GET /retailer/orders/'))).toHaveLength(0);
  });

  it('rides out 5xx answers and rate limits', async () => {
    kit.simulator.inject({ path: '/retailer/orders', status: 502, times: 2 });
    kit.simulator.inject({ path: '/retailer/orders', status: 429, retryAfterSeconds: 2 });
    const response = await importOrders();
    expect(response.status).toBe(200);
    expect(((await response.json()) as BolJobReport).status).toBe('success');
  });

  it('refuses a second import while one runs', async () => {
    kit.simulator.inject({ path: '/retailer/orders', delayMs: 400 });
    const first = importOrders();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await importOrders();
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toMatch(/^An order import is already running \(started .+\); try again when it has finished$/);
    expect((await first).status).toBe(200);
  });

  it('fails with bol’s message (502) when bol keeps failing, and the next run works', async () => {
    kit.simulator.inject({ path: '/retailer/orders', status: 503, times: 20 });
    const failed = await importOrders();
    expect(failed.status).toBe(502);
    const body = (await failed.json()) as BolJobReport & { message: string };
    expect(body.status).toBe('failed');
    expect(body.message).toBe("Reading page 1 of bol's orders failed: bol answered 503 Internal Server Error (Injected fault.)");
    kit.simulator.clearFaults();
    expect((await importOrders()).status).toBe(200);
  });

  it('finds no orders in an empty account (bol answers {})', async () => {
    const empty = createBolKit({ orders: [], offers: [] });
    const other = await createTestApp({ deps: { bol: empty.deps } });
    try {
      const response = await other.app.request('/api/v1/bol/order/import', { method: 'POST', headers: { Authorization: `Bearer ${await other.token()}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as BolJobReport).message).toBe('0 order(s) on 0 page(s): 0 new, 0 updated, 0 unchanged');
    } finally {
      await other.close();
    }
  });

  it('answers 503 with what to set when no bol connection is configured', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.request('/api/v1/bol/order/import', { method: 'POST', headers: { Authorization: `Bearer ${await other.token()}` } });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toMatch(/^The bol connection is not configured: set BOL_CLIENT_ID and BOL_CLIENT_SECRET/);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/v1/bol/order', () => {
  it('answers a page of orders, newest first, with shipment details', async () => {
    const first = await page('page=0&size=50&sort=orderPlacedDateTime,desc');
    expect(first).toMatchObject({ totalElements: 130, totalPages: 3, number: 0, size: 50 });
    expect(first.content).toHaveLength(50);
    const times = first.content.map((order) => order.orderPlacedDateTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.content[0]?.orderId).toBe(kit.simulator.orders[0]?.orderId);
    expect(Object.keys(first.content[0]?.shipmentDetails ?? {})).toEqual(expect.arrayContaining(['firstName', 'surname', 'email', 'city', 'streetName', 'zipCode', 'houseNumber']));
    expect(first.content[0]?.orderItems[0]?.productId).toBe(linkedProduct);

    const last = await page('page=2&size=50&sort=orderPlacedDateTime,desc');
    expect(last.content).toHaveLength(30);
    expect((await page('page=3&size=50')).content).toHaveLength(0);
  });

  it('sorts oldest first on request', async () => {
    const oldest = await page('page=0&size=1&sort=orderPlacedDateTime,asc');
    expect(oldest.content[0]?.orderId).toBe(kit.simulator.orders.at(-1)?.orderId);
  });

  it('keeps the page size within 1..100 and knows one sort key', async () => {
    for (const query of ['size=0', 'size=101', 'size=abc', 'page=-1', 'sort=orderId,desc']) {
      const response = await get(`/bol/order?${query}`);
      expect(response.status, query).toBe(400);
    }
    expect(((await (await get('/bol/order?size=0')).json()) as { message: string }).message).toBe("size must be a whole number from 1 to 100, got '0'");
    expect((await page('')).size).toBe(20);
  });
});
