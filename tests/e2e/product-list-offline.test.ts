/** The product list offline in Chromium: the pages seen before still show, marked, and network actions are off. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { keptCount } from './support/device-store';
import { productList, serverPage } from './support/product-list';

/** Answers can be slow on a loaded machine: wait for them longer than expect.poll's 1 s. */
const POLL = { timeout: 15_000 };
const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
let list: ReturnType<typeof productList>;
beforeEach(() => {
  page = freshPage();
  list = productList(page);
});

/** "21–40 of 2,354": the range as the list shows it for the list's total. */
const rangeText = (first: number, last: number, total: number) => `${first}–${last} of ${total.toLocaleString('en-US')}`;

describe('Product list offline', () => {
  it('shows the last viewed pages with the offline marking and disables network actions with their reason', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    const total = await list.openFullList();
    const firstPage = await list.rowIds();
    const firstTitles = await list.table.locator('tbody tr th a').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toBe(rangeText(21, 40, total));
    await list.settledTotal();
    const secondPage = await list.rowIds();
    expect(await page.getByTestId('offline-note').count()).toBe(0);

    await page.context().setOffline(true);
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent(), POLL).toMatch(/^Offline data, fetched at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await list.rowIds()).toEqual(secondPage);
    // The third page was never seen, and the device keeps no product beyond the two pages shown
    // (else it would answer the third page from them): Next is off and says why. The second page's
    // copy is written once its rows have painted: the connection may go before.
    await expect.poll(() => keptCount(page, 'products'), POLL).toBe(firstPage.length + secondPage.length);
    const next = page.getByRole('button', { name: 'Next' });
    const reason = page.getByTestId('pager-reason');
    await reason.waitFor(POLL);
    expect(await reason.textContent()).toBe('Offline: the next page is not kept on this device.');
    expect(await next.isDisabled()).toBe(true);
    expect(await next.getAttribute('title')).toBe('Offline: the next page is not kept on this device.');
    expect(await next.getAttribute('aria-describedby')).toBe('pager-reason');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toBe(rangeText(1, 20, total));
    // From the first page the second one is on the device: Next works, nothing to explain.
    await expect.poll(() => next.isEnabled(), POLL).toBe(true);
    expect(await reason.count()).toBe(0);
    expect(await list.rowIds()).toEqual(firstPage);
    expect(await list.table.locator('tbody tr th a').allTextContents()).toEqual(firstTitles);
    expect(await note.textContent()).toMatch(/^Offline data, fetched at /);

    for (const name of ['Run feed import', 'Re-export images', 'Update info from bol', 'Re-import offers', 'Export content report']) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
    }
    await list.rows.nth(0).getByRole('checkbox').click();
    expect(await page.getByRole('button', { name: 'Create content on bol (1)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload report (1)' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('bulk-reason').textContent()).toBe('Bol actions need a connection.');
    await page.getByText('Feed import and image re-export need a connection.').waitFor();
    await page.screenshot({ path: '/tmp/list-offline-1280x800.png' });

    // A view never opened is answered from the products kept on the device, and says so.
    await page.getByLabel('Search').fill(firstTitles[0] ?? '');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => note.textContent(), POLL).toBe('Offline data, filtered from the products kept on this device');
    const found = await list.rowIds();
    expect(found).toContain(firstPage[0]);
    for (const title of await list.table.locator('tbody tr th a').allTextContents()) {
      expect(title.toLowerCase()).toContain((firstTitles[0] ?? '').toLowerCase());
    }
    // The device does not know bol states: a filter on them is named as not applied.
    await list.openFilters();
    await page.getByRole('button', { name: 'More filters' }).click();
    await list.choose('Bol state', 'Declined by bol');
    await expect
      .poll(() => note.textContent(), POLL)
      .toBe('Offline data, filtered from the products kept on this device (without the Bol state filter, which needs a connection)');
    expect(await list.rowIds()).toEqual(found);

    await page.context().setOffline(false);
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole('button', { name: 'Update info from bol' }).isEnabled()).toBe(true);
  });

  it('paints the last view from its kept snapshot on an offline cold start, then the live list takes over', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    await list.openFullList();
    await list.settledTotal();
    const titles = await list.table.locator('tbody tr th a').allTextContents();
    // The list keeps what it shows as the snapshot once the browser is idle.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('productListSnapshot') !== null), POLL).toBe(true);

    // Chromium's emulated offline state does not reach the document a reload makes (see
    // bench/offline-start.ts); a device without a network knows it is offline. The snapshot is
    // recorded as it first appears, before the app has drawn anything of the list.
    await page.addInitScript({
      content: `(() => {
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
        const observer = new MutationObserver(() => {
          const overlay = document.querySelector('.list-snapshot');
          if (!overlay) return;
          observer.disconnect();
          window.__snapshot = {
            titles: [...overlay.querySelectorAll('tbody tr th a')].map((link) => link.textContent),
            ariaHidden: overlay.getAttribute('aria-hidden'),
            inert: overlay.inert,
            testIds: overlay.querySelectorAll('[data-testid], [id]').length,
            liveRows: document.querySelectorAll('#root tbody tr').length,
            // main.tsx marks boot:main when it runs: the boot entry loads it after the snapshot's frame.
            appEvaluated: performance.getEntriesByName('boot:main').length > 0,
          };
        });
        observer.observe(document, { childList: true, subtree: true });
      })();`,
    });
    await page.context().setOffline(true);
    await page.reload();
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent(), POLL).toMatch(/^Offline data, fetched at /);
    expect(await page.evaluate(() => (window as unknown as { __snapshot?: unknown }).__snapshot)).toEqual({
      titles,
      ariaHidden: 'true',
      inert: true,
      testIds: 0,
      liveRows: 0,
      appEvaluated: false,
    });
    // The live list has taken over: the snapshot is gone, the rows are the same.
    expect(await page.locator('.list-snapshot').count()).toBe(0);
    expect(await list.table.locator('tbody tr th a').allTextContents()).toEqual(titles);
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR ?? tmpdir(), 'list-offline-cold-start-1280x800.png') });
  });

  it('answers a view never opened on an offline cold start from the kept catalogue, as the server does, painting its rows before the app renders', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    await list.openFullList();
    await list.settledTotal();
    // The full list's snapshot: the frame the early rows of another view paint in.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('productListSnapshot') !== null), POLL).toBe(true);
    await page.getByTestId('sync-indicator').click();
    const section = page.getByRole('dialog', { name: 'Sync status' }).getByRole('region', { name: 'Make available offline' });
    await section.getByRole('button', { name: 'Download' }).click();
    await section.getByText(/^The whole catalogue is available offline/).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    // A word of a kept title, and the server's answer for it (sorted by title).
    const title = (await list.table.locator('tbody tr th a').first().textContent()) ?? '';
    const word = (title.toLowerCase().match(/[a-z]{4,}/g) ?? ['boot'])[0] ?? 'boot';
    const query = { keyword: word, sort: 'title,asc' };
    const expected = await serverPage(page, query);
    expect(expected.totalElements).toBeGreaterThan(0);

    // The first rows to appear are recorded as they appear: the early rows, over the page, while
    // the app has drawn nothing yet (React waits for them; see bench/offline-start.ts for onLine).
    await page.addInitScript({
      content: `(() => {
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
        const observer = new MutationObserver(() => {
          const row = document.querySelector('tbody tr');
          if (!row) return;
          observer.disconnect();
          const overlay = row.closest('.list-snapshot');
          window.__firstRows = {
            inOverlay: overlay !== null,
            ariaHidden: overlay?.getAttribute('aria-hidden') ?? null,
            inert: overlay?.inert ?? null,
            titles: [...document.querySelectorAll('tbody tr th a')].map((link) => link.textContent),
            links: [...document.querySelectorAll('tbody tr th a')].map((link) => link.getAttribute('href')),
            keyword: overlay?.querySelector('[data-filter="keyword"]')?.getAttribute('value') ?? null,
            summary: overlay?.querySelector('[data-frame="filter-summary"]')?.textContent ?? null,
            range: overlay?.querySelector('[data-frame="range"]')?.textContent ?? null,
            note: overlay?.querySelector('.rt-CalloutRoot')?.textContent ?? null,
            appDrawn: document.getElementById('root')?.childElementCount ?? -1,
            listRendered: performance.getEntriesByName('boot:list-render').length > 0,
          };
        });
        observer.observe(document, { childList: true, subtree: true });
      })();`,
    });
    await page.context().setOffline(true);
    await page.goto(`${page.url().split('/products')[0]}/products?${new URLSearchParams(query).toString()}`);
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent(), POLL).toBe('Offline data, filtered from the products kept on this device');
    await expect.poll(() => list.table.locator('tbody tr th a').allTextContents(), POLL).toEqual(expected.content.map((product) => product.title));
    expect(await list.rowIds()).toEqual(expected.content.map((product) => product.productId));
    // The read started in the boot module, before main.tsx's modules ran.
    const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])));
    expect(marks['boot:early-read']).toBeLessThan(marks['boot:main'] ?? 0);
    // One keyword word sorted by title: read on the boot module's connection without Dexie (docs/offline.md "Fifth pass").
    expect(marks['boot:read-without-dexie']).toBeLessThan(marks['boot:early-rows'] ?? 0);
    // The server's rows for this view painted first, in the kept frame filled for this view,
    // before the app drew anything (no live list yet), and the live list then took over.
    const total = expected.totalElements;
    expect(await page.evaluate(() => (window as unknown as { __firstRows?: unknown }).__firstRows)).toEqual({
      inOverlay: true,
      ariaHidden: 'true',
      inert: true,
      titles: expected.content.map((product) => product.title),
      links: expected.content.map((product) => `/products/${product.productId}`),
      keyword: word,
      // The sort is folded with the other filters: their one line names it.
      summary: 'Sort: Title, A to Z',
      range: `1–${Math.min(20, total)} of ${total.toLocaleString('en-US')}`,
      note: 'Offline data, filtered from the products kept on this device',
      appDrawn: 0,
      listRendered: false,
    });
    expect(marks['boot:early-rows']).toBeLessThan(marks['boot:list-render'] ?? 0);
    expect(await page.locator('.list-snapshot').count()).toBe(0);
  });
});
