/**
 * The product list's selection and bulk actions in Chromium. The Bol calls are answered by a
 * stand-in (context.route) so the test checks what the screen sends and how it shows each kind of
 * answer, whatever the Bol back end of the server does; the list itself is the real server's.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { productList } from './support/product-list';

/** Answers can be slow on a loaded machine: wait for them longer than expect.poll's 1 s. */
const POLL = { timeout: 15_000 };
const freshPage = useFreshPage({ width: 1280, height: 800 }, { serviceWorker: false }); // never offline (support/browser.ts)
let page: Page;
let context: BrowserContext;
let list: ReturnType<typeof productList>;
beforeEach(() => {
  page = freshPage();
  context = page.context();
  list = productList(page);
});

const bar = () => page.getByRole('region', { name: 'Bulk actions' });
const outcome = () => page.getByTestId('bulk-outcome');
const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Ids of the rows whose box is ticked. */
async function checkedIds(): Promise<number[]> {
  const ids = await list.rowIds();
  const states = await list.rows.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
  return ids.filter((_, index) => states[index] === true);
}

describe('Product list bulk actions', () => {
  it('keeps the selection across pages and sends the selected ids to content creation and the upload report', async () => {
    await signedInStart(page);
    await list.openFullList();
    const createButton = bar().getByRole('button', { name: /^Create content on bol/ });
    expect(await createButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('bulk-reason').textContent()).toBe('Select products for content creation and upload reports.');

    const firstPage = await list.rowIds();
    await list.rows.nth(0).getByRole('checkbox').click();
    await list.rows.nth(2).getByRole('checkbox').click();
    expect(await page.getByTestId('selected-count').textContent()).toBe('2 selected');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toMatch(/^21–40 of /);
    await list.settledTotal();
    const secondPage = await list.rowIds();
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).click();
    expect(await page.getByTestId('selected-count').textContent()).toBe('22 selected');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => list.range.textContent(), POLL).toMatch(/^1–20 of /);
    await list.settledTotal();
    expect(await checkedIds()).toEqual([firstPage[0], firstPage[2]]);
    expect(await page.getByRole('checkbox', { name: 'Select all products on this page' }).getAttribute('aria-checked')).toBe('mixed');
    const selected = [firstPage[0], firstPage[2], ...secondPage];

    const sent: unknown[] = [];
    await context.route('**/api/v1/bol/retailer/create/content/', async (route) => {
      sent.push(route.request().postDataJSON());
      await json(route, 200, { message: 'Content sent to bol.', created: 21, failed: 1, processStatusId: 4711 });
    });
    await context.route('**/api/v1/bol/report/upload', async (route) => {
      sent.push(route.request().postDataJSON());
      await json(route, 409, { message: 'An upload report for these products is already being made.' });
    });

    await page.screenshot({ path: '/tmp/list-selection-1280x800.png' });
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/list-selection-800x1280.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await bar().getByRole('button', { name: 'Create content on bol (22)' }).click();
    await expect.poll(() => outcome().textContent(), POLL).toBe('Create content on bol: Content sent to bol (created 21, failed 1).');
    await bar().getByRole('button', { name: 'Upload report (22)' }).click();
    await expect.poll(() => outcome().locator('span, p').allTextContents(), POLL).toEqual([
      'Create content on bol: Content sent to bol (created 21, failed 1).',
      'Upload report: An upload report for these products is already being made.',
    ]);
    expect(sent).toEqual([selected, selected]);
    // The selection stays for the next action.
    expect(await page.getByTestId('selected-count').textContent()).toBe('22 selected');

    await bar().getByRole('button', { name: 'Clear selection' }).click();
    expect(await page.getByTestId('selected-count').textContent()).toBe('No products selected');
    expect(await checkedIds()).toEqual([]);
    expect(await createButton.isDisabled()).toBe(true);
  });

  it('runs the catalogue-wide actions: a report, a call the server lacks, and the export as a file with its name', async () => {
    await signedInStart(page);
    await list.openFullList();
    const calls: string[] = [];
    await context.route('**/api/v1/bol/retailer/import', async (route) => {
      calls.push(`${route.request().method()} retailer/import`);
      await json(route, 200, { status: 'SUCCESS', updated: 12, unchanged: 2342 });
    });
    await context.route('**/api/v1/process/report/bol/offer/import', async (route) => {
      calls.push(`${route.request().method()} offer/import`);
      await json(route, 404, { message: 'No such call: GET /api/v1/process/report/bol/offer/import' });
    });
    const spreadsheet = Buffer.from('PK\u0003\u0004 a spreadsheet stand-in');
    await context.route('**/api/v1/process/report/bol/product-content/export', async (route) => {
      calls.push(`${route.request().method()} product-content/export`);
      await route.fulfill({
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="product-content-2026-11-23.xlsx"',
        },
        body: spreadsheet,
      });
    });

    const refetched = page.waitForResponse((response) => response.url().includes('/api/v1/bol/product/filter'));
    await bar().getByRole('button', { name: 'Update info from bol' }).click();
    await expect.poll(() => outcome().textContent(), POLL).toBe('Update info from bol: Done by bol (updated 12, unchanged 2,342).');
    // What bol changed shows: the list is fetched again.
    await refetched;

    await bar().getByRole('button', { name: 'Re-import offers' }).click();
    await expect.poll(() => outcome().textContent(), POLL).toContain('Re-import offers is not available on this server yet.');

    const download = page.waitForEvent('download');
    await bar().getByRole('button', { name: 'Export content report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('product-content-2026-11-23.xlsx');
    expect(readFileSync(await file.path())).toEqual(spreadsheet);
    await expect.poll(() => outcome().textContent(), POLL).toContain('Export content report: downloaded product-content-2026-11-23.xlsx.');
    expect(calls).toEqual(['POST retailer/import', 'GET offer/import', 'GET product-content/export']);
  });
});
