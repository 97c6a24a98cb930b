/**
 * Orders beyond the first import: only what changed since the last import (bol's
 * change-interval-minute / latest-change-date filters), and cancelling an order item with one of
 * bol's reasons (docs/bol.md, "Order import" and "Order cancellation").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BolJobReport, BolOrderPage } from '../../src/shared/bol-contract';
import { orderImportScope } from '../../src/server/bol/marketplace/order-import';
import { createBolKit, type BolKit } from './support/bol-fixtures';
import { createTestApp, jsonPost, type TestApp } from './support/test-app';

let t: TestApp;
let kit: BolKit;
let auth: Record<string, string>;

beforeAll(async () => {
  kit = createBolKit();
  t = await createTestApp({ deps: { bol: kit.deps, now: () => kit.clock.now } });
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(async () => {
  await t.close();
});

const importOrders = async (query = '') => (await (await t.app.request(`/api/v1/bol/order/import${query}`, { method: 'POST', headers: auth })).json()) as BolJobReport;
const cancel = (body: unknown) => t.app.request('/api/v1/bol/order/cancel', { ...jsonPost(body, auth) });
const listQueries = () => kit.simulator.requests.filter((request) => request === 'GET /retailer/orders').length;
const details = () => kit.simulator.requests.filter((request) => request.startsWith('GET /retailer/orders/')).length;
const openItem = (skip = 0) => kit.simulator.orders.flatMap((order) => order.orderItems.map((item) => ({ order, item }))).filter(({ item }) => item.quantityShipped + item.quantityCancelled < item.quantity)[skip];

describe('what an import with since=last-import asks bol for', () => {
  const at = (iso: string) => new Date(iso);
  it('everything without an earlier import or after 90 days', () => {
    expect(orderImportScope(null, at('2025-06-01T12:00:00Z'))).toEqual({ kind: 'all' });
    expect(orderImportScope(at('2025-02-01T12:00:00Z'), at('2025-06-01T12:00:00Z'))).toEqual({ kind: 'all' });
  });
  it('the minutes since the last import plus one, within the hour', () => {
    expect(orderImportScope(at('2025-06-01T11:50:30Z'), at('2025-06-01T12:00:00Z'))).toMatchObject({ kind: 'interval', minutes: 11 });
    expect(orderImportScope(at('2025-06-01T11:01:00Z'), at('2025-06-01T12:00:00Z'))).toMatchObject({ kind: 'interval', minutes: 60 });
  });
  it('each day from the day before the last import to the day after today, beyond the hour', () => {
    expect(orderImportScope(at('2025-05-30T08:00:00Z'), at('2025-06-01T12:00:00Z'))).toMatchObject({ kind: 'days', days: ['2025-05-29', '2025-05-30', '2025-05-31', '2025-06-01', '2025-06-02'] });
  });
});

describe('POST /api/v1/bol/order/import?since=last-import', () => {
  it('reads every order the first time', async () => {
    const job = await importOrders('?since=last-import');
    expect(job).toMatchObject({ status: 'success', total: 130 });
    expect(job.counts).toMatchObject({ created: 130 });
  });

  it('reads nothing when nothing changed since', async () => {
    kit.clock.now += 5 * 60_000;
    const [lists, reads] = [listQueries(), details()];
    const job = await importOrders('?since=last-import');
    expect(job).toMatchObject({ status: 'success', total: 0 });
    expect(job.message).toMatch(/^0 order\(s\) changed since .+ on 0 page\(s\): 0 new, 0 updated, 0 unchanged$/);
    expect(listQueries() - lists).toBe(1);
    expect(details() - reads).toBe(0);
  });

  it('reads only the order that changed at bol within the hour, and its detail only', async () => {
    kit.clock.now += 10 * 60_000;
    const { order, item } = openItem() ?? {};
    if (!order || !item) throw new Error('no open demo item');
    item.quantityShipped = item.quantity;
    item.latestChangedDateTime = new Date(kit.clock.now - 60_000).toISOString().replace('Z', '+00:00');
    const reads = details();
    const job = await importOrders('?since=last-import');
    expect(job).toMatchObject({ status: 'success', total: 1 });
    expect(job.counts).toMatchObject({ pages: 1, updated: 1 });
    expect(details() - reads).toBe(1);
    const page = (await (await t.app.request('/api/v1/bol/order?size=100', { headers: auth })).json()) as BolOrderPage;
    const stored = [...page.content].find((entry) => entry.orderId === order.orderId);
    expect(stored?.orderItems.find((entry) => entry.orderItemId === item.orderItemId)?.fulfilmentStatus).toBe('HANDLED');
  });

  it('after more than an hour reads the days since the last import: the changed order is updated, the rest of those days unchanged', async () => {
    kit.clock.now += 3 * 3_600_000;
    const { item } = openItem() ?? {};
    if (!item) throw new Error('no open demo item');
    item.quantityShipped = item.quantity;
    item.latestChangedDateTime = new Date(kit.clock.now - 60_000).toISOString().replace('Z', '+00:00');
    const reads = details();
    const job = await importOrders('?since=last-import');
    expect(job.status).toBe('success');
    expect(job.counts.updated).toBe(1);
    expect(details() - reads).toBe(1);
    expect(job.total).toBeLessThan(130);
  });

  it('refuses an unknown since', async () => {
    const response = await t.app.request('/api/v1/bol/order/import?since=yesterday', { method: 'POST', headers: auth });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("since must be 'last-import' (or left out for every order), got 'yesterday'");
  });
});

describe('POST /api/v1/bol/order/cancel', () => {
  it("lists bol's twelve reasons", async () => {
    const body = (await (await t.app.request('/api/v1/bol/order/cancellation-reasons', { headers: auth })).json()) as { reasons: { code: string; label: string }[] };
    expect(body.reasons).toHaveLength(12);
    expect(body.reasons[0]).toEqual({ code: 'OUT_OF_STOCK', label: 'Out of stock' });
  });

  it('needs a token', async () => {
    expect((await t.app.request('/api/v1/bol/order/cancel', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('refuses a reason bol does not know and an item that was never imported', async () => {
    const bad = await cancel({ orderItemId: '2000000000', reasonCode: 'BORED' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^The cancellation is not valid: reasonCode must be one of OUT_OF_STOCK, REQUESTED_BY_CUSTOMER, /);
    const unknown = await cancel({ orderItemId: '99', reasonCode: 'OUT_OF_STOCK' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Order item 99 is not among the imported orders; import the orders first');
  });

  it('cancels an open item at bol, follows the process and stores the order as bol now has it', async () => {
    const { order, item } = openItem() ?? {};
    if (!order || !item) throw new Error('no open demo item');
    const response = await cancel({ orderItemId: item.orderItemId, reasonCode: 'OUT_OF_STOCK' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ orderId: order.orderId, orderItemId: item.orderItemId, status: 'SUCCESS', message: `Order item ${item.orderItemId} is cancelled at bol (Out of stock)` });
    expect(kit.simulator.requests).toContain('PUT /retailer/orders/cancellation');
    expect(item.quantityCancelled).toBe(item.quantity);
    const page = (await (await t.app.request('/api/v1/bol/order?size=100', { headers: auth })).json()) as BolOrderPage;
    expect(page.content.find((entry) => entry.orderId === order.orderId)?.orderItems.find((entry) => entry.orderItemId === item.orderItemId)?.fulfilmentStatus).toBe('HANDLED');

    // bol refuses a second cancellation of the handled item: 409 with bol's reason.
    const again = await cancel({ orderItemId: item.orderItemId, reasonCode: 'OUT_OF_STOCK' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 'FAILURE', message: `Order item ${item.orderItemId} has already been handled and cannot be cancelled.` });
    // The next import sees nothing new for it (the stored latest change is bol's).
    const job = await importOrders('?since=last-import');
    expect(job.counts.created ?? 0).toBe(0);
  });
});
