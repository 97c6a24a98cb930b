/** The product list offline in Chromium: the pages seen before still show, marked, and network actions are off. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { DEMO_TOTAL, productList } from './support/product-list';

/** Answers can be slow on a loaded machine: wait for them longer than expect.poll's 1 s. */
const POLL = { timeout: 15_000 };
const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
let list: ReturnType<typeof productList>;
beforeEach(() => {
  page = freshPage();
  list = productList(page);
});

const demoRange = (first: number, last: number) => `${first}–${last} of ${DEMO_TOTAL.toLocaleString('en-US')}`;

describe('Product list offline', () => {
  it('shows the last viewed pages with the offline marking and disables network actions with their reason', async () => {
    await signIn(page);
    await waitForServiceWorkerControl(page);
    await list.openFullList();
    const firstPage = await list.rowIds();
    const firstTitles = await list.table.locator('tbody tr th a').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toBe(demoRange(21, 40));
    await list.settledTotal();
    const secondPage = await list.rowIds();
    expect(await page.getByTestId('offline-note').count()).toBe(0);

    await page.context().setOffline(true);
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent(), POLL).toMatch(/^Offline data, fetched at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await list.rowIds()).toEqual(secondPage);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toBe(demoRange(1, 20));
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

    await page.context().setOffline(false);
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole('button', { name: 'Update info from bol' }).isEnabled()).toBe(true);
  });
});
