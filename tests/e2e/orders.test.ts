/**
 * The Orders screen in real Chromium against the real server and its bol simulator (130 demo
 * orders): the import with its result, newest first, infinite scroll past two pages of 20 that
 * stops at the last page, and the orders read from the device after an offline reload.
 */
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BolOrderPage } from '../../src/shared/bol-contract';
import { baseUrl, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { keptCount } from './support/device-store';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const orders = () => page.getByTestId('order');

async function api<T>(path: string, method = 'GET'): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, method }) => {
      const response = await fetch(path, { method, headers: { Authorization: `Bearer ${localStorage.getItem('jwt') ?? ''}` } });
      return { status: response.status, body: (await response.json()) as T };
    },
    { path, method },
  );
}

/** Imports every order through the screen ('Import all orders'; a second import finds them unchanged). */
async function importThroughScreen(): Promise<void> {
  await page.goto(`${baseUrl()}/orders`);
  await page.getByRole('button', { name: 'Import all orders' }).waitFor();
  // The tapped button says it is busy. Watched from inside the page: a quick import can end
  // between two of Playwright's checks, and the busy label would be missed.
  const sawBusy = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const busy = () => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Importing...');
        const observer = new MutationObserver(() => {
          if (!busy()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(busy());
        }, 60_000);
      }),
  );
  await page.getByRole('button', { name: 'Import all orders' }).click();
  expect(await sawBusy).toBe(true);
  const result = page.getByTestId('order-import-result');
  await result.waitFor({ timeout: 90_000 });
  expect(await result.textContent()).toMatch(/^130 order\(s\) on 3 page\(s\): \d+ new, \d+ updated, \d+ unchanged$/);
}

async function scrollToLastOrder(): Promise<void> {
  await orders().last().scrollIntoViewIfNeeded();
}

describe('Orders', () => {
  it('imports the orders and scrolls past two pages, newest first, stopping at the last page', async () => {
    await signedInStart(page);
    const requests: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().includes('/api/v1/bol/order?')) requests.push(request.url());
    });
    await importThroughScreen();
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(20);

    // The first order is the newest: the server's first order of the newest-first list.
    const first = await api<BolOrderPage>('/api/v1/bol/order?page=0&size=1&sort=orderPlacedDateTime,desc');
    const newest = first.body.content[0];
    expect(await orders().first().getAttribute('data-order-id')).toBe(newest?.orderId);
    // The line says who and what; tapped, it opens the order's shipment details.
    expect(await orders().first().getByTestId('order-toggle').textContent()).toContain(newest?.shipmentDetails.surname);
    await orders().first().getByTestId('order-toggle').click();
    const card = await orders().first().textContent();
    for (const label of ['First Name', 'Surname', 'Email', 'City', 'Street', 'Zip Code', 'House']) expect(card).toContain(label);
    expect(card).toContain(newest?.shipmentDetails.surname);
    expect(card).toContain(newest?.shipmentDetails.zipCode);
    await page.screenshot({ path: '/tmp/orders-1280x800.png' });

    await scrollToLastOrder();
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(40);
    await scrollToLastOrder();
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(60);
    // Keep scrolling: 130 orders are 7 pages; then it stops. Each scroll waits for the page it
    // asked for (a busy machine answers slower than a fixed pause).
    await expect
      .poll(
        async () => {
          await scrollToLastOrder();
          return orders().count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(130);
    await page.getByTestId('order-count').getByText('All 130 orders shown').waitFor();
    await page.waitForTimeout(500);
    // The screen's own requests (the test's call above asks for size 1): after the import, pages
    // 0 to 6 of 20 in order, and none past the last page.
    const screen = requests.filter((url) => new URL(url).searchParams.get('size') === '20');
    const afterImport = screen.slice(-7);
    expect(screen.length).toBeLessThanOrEqual(8);
    for (const [index, url] of afterImport.entries()) {
      const query = new URL(url).searchParams;
      expect(query.get('page')).toBe(String(index));
      expect(query.get('size')).toBe('20');
      expect(query.get('sort')).toBe('orderPlacedDateTime,desc');
    }
    // Newest first all the way down.
    const times = await page.getByTestId('order-placed').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
  }, 150_000);

  it('shows the orders kept on the device after an offline reload, marked as offline data', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    const imported = await api<BolOrderPage>('/api/v1/bol/order?page=0&size=20&sort=orderPlacedDateTime,desc');
    if (imported.body.totalElements === 0) await importThroughScreen();
    await page.goto(`${baseUrl()}/orders`);
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(20);
    const online = await orders().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-order-id')));
    await scrollToLastOrder();
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(40);
    expect(await page.getByTestId('orders-offline-note').count()).toBe(0);
    // The screen keeps each page on the device after showing it; a reload before that write ends
    // would lose it (the write is not waited for, it changes nothing on the screen).
    await expect.poll(() => keptCount(page, 'orders'), { timeout: 15_000 }).toBeGreaterThanOrEqual(40);

    // Back to the top first: the reload restores the scroll position, and at the bottom the second
    // page would load at once, before the first page could be compared.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('orders-offline-note').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('orders-offline-note').textContent()).toMatch(/^Offline data, fetched at /);
    await expect.poll(() => orders().count()).toBe(20);
    expect(await orders().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-order-id')))).toEqual(online);
    // Tapped, the kept order opens its shipment details.
    await orders().first().getByTestId('order-toggle').click();
    expect(await orders().first().textContent()).toContain('Zip Code');
    await page.screenshot({ path: '/tmp/orders-offline.png' });
    // The second page kept on the device follows on scrolling, then the list ends with what is kept.
    await scrollToLastOrder();
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBe(40);
    await page.getByTestId('order-count').getByText('All 40 orders shown').waitFor();
  }, 120_000);

  it("'Import orders' reads only what changed since the last import; an open item is cancelled with bol's reason, refused offline", async () => {
    await signedInStart(page);
    const imported = await api<BolOrderPage>('/api/v1/bol/order?page=0&size=20&sort=orderPlacedDateTime,desc');
    if (imported.body.totalElements === 0) await importThroughScreen();
    await page.goto(`${baseUrl()}/orders`);
    await page.getByRole('button', { name: 'Import orders', exact: true }).click();
    const result = page.getByTestId('order-import-result');
    await result.waitFor({ timeout: 90_000 });
    expect(await result.textContent()).toMatch(/changed since/);

    // The first open item of the list: cancel it with a reason.
    await expect.poll(() => orders().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const cancel = page.getByTestId('cancel-item').first();
    await cancel.waitFor({ timeout: 15_000 });
    const itemId = await cancel.getAttribute('data-order-item-id');
    await cancel.click();
    const reason = page.getByTestId('cancel-reason');
    await reason.waitFor();
    const labels = await reason.locator('option').allTextContents();
    expect(labels).toContain('Out of stock');
    expect(labels.length).toBe(13); // 'Choose a reason…' and bol's twelve
    expect(await page.getByTestId('cancel-confirm').isDisabled()).toBe(true);
    await reason.selectOption('OUT_OF_STOCK');
    await page.getByTestId('cancel-confirm').click();
    const outcome = page.getByTestId('cancel-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toBe(`Order item ${itemId} is cancelled at bol (Out of stock)`);
    await page.screenshot({ path: '/tmp/orders-cancel.png' });
    await page.getByRole('button', { name: 'Close' }).click();
    // The list is read again: the item is no longer open, so it has no cancel button.
    await expect.poll(() => page.locator(`[data-testid="cancel-item"][data-order-item-id="${itemId}"]`).count(), { timeout: 15_000 }).toBe(0);

    // Offline: the kept reasons show, with their age; cancelling is refused with a reason.
    await page.context().setOffline(true);
    await page.getByTestId('cancel-item').first().click();
    await page.getByTestId('cancel-reasons-offline').waitFor();
    expect(await page.getByTestId('cancel-reason').locator('option').count()).toBe(13);
    await page.getByTestId('cancel-reason').selectOption('OTHER');
    expect(await page.getByTestId('cancel-offline').textContent()).toBe('Cancelling an order item needs a connection: bol must confirm the cancellation.');
    expect(await page.getByTestId('cancel-confirm').isDisabled()).toBe(true);
    await page.context().setOffline(false);
  }, 150_000);
});
