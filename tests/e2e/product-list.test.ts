import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import type { Product } from '../../src/shared/contract';
import { authorizedJson, DEMO_TOTAL, euros, productList, serverPage } from './support/product-list';
import { ALL_SUPPLIERS_ID } from '../../src/shared/constants';

/** Answers can be slow on a loaded machine: wait for them longer than expect.poll's 1 s. */
const POLL = { timeout: 15_000 };
const freshPage = useFreshPage({ width: 1280, height: 800 }, { serviceWorker: false }); // never offline (support/browser.ts)
let page: Page;
let list: ReturnType<typeof productList>;
beforeEach(() => {
  page = freshPage();
  list = productList(page);
});

const rows = () => list.rows;
const range = () => list.range;
const openFullList = () => list.openFullList();

describe('Product list', () => {
  it('filters rows and the total by the search text', async () => {
    await signedInStart(page);
    await openFullList();
    expect(await rows().count()).toBe(20);
    await page.screenshot({ path: '/tmp/products-1280x800.png' });

    await page.getByLabel('Search').fill('planter');
    await page.waitForURL(/keyword=planter/);
    // Wait for the filtered answer itself (while it loads the list is cleared and the range empty).
    const filteredTotal = async () => {
      const match = /^1–\d+ of ([\d,]+)$/.exec((await range().textContent()) ?? '');
      return match ? Number(match[1]?.replace(/,/g, '')) : null;
    };
    await expect.poll(filteredTotal, { timeout: 15_000 }).toBeLessThan(2354);
    const titles = await page.getByRole('table', { name: 'Products' }).locator('tbody tr th a').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain('planter');
    const total = Number((await range().textContent())?.split(' of ')[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(2354);
  });

  it('a title opens its product inside the app, without loading the page again', async () => {
    await signedInStart(page);
    await openFullList();
    const [id] = await list.rowIds();
    // A mark on the window: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await list.table.locator('tbody tr th a').first().click();
    await page.waitForURL(`${baseUrl()}/products/${id}`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  it('restores the view from a bookmarked URL', async () => {
    await signedInStart(page);
    await openFullList();
    await page.goto(`${baseUrl()}/products?supplier=Volt+Electronics&sortBy=sellingPrice%2Casc&page=1&size=10`);
    await expect.poll(() => range().textContent(), { timeout: 15_000 }).toMatch(/^11–20 of \d/);
    expect(await rows().count()).toBe(10);
    const suppliers = await page.getByRole('table', { name: 'Products' }).locator('tbody tr td:nth-child(6)').allTextContents();
    expect(new Set(suppliers)).toEqual(new Set(['Volt Electronics']));
    expect(await list.chosen('Supplier')).toBe('Volt Electronics');
    expect(await page.getByTestId('page-text').textContent()).toMatch(/^Page 2 of /);
    // The address follows the view once the list shows it (a bookmark's old names rewritten).
    await expect.poll(() => page.url(), POLL).toContain('supplierName=Volt+Electronics');

    await page.setViewportSize({ width: 800, height: 1280 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/products-800x1280.png' });
  });

  it('"Run feed import" for every supplier asks first, says how many feeds, and keeping the catalogue starts nothing', async () => {
    await signedInStart(page);
    await openFullList();
    const started: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/feed/parse/')) started.push(request.url());
    });
    const suppliers = (await authorizedJson<{ supplierId: number }[]>(page, '/api/v1/supplier')).body.filter((supplier) => supplier.supplierId !== ALL_SUPPLIERS_ID).length;
    await page.getByRole('button', { name: 'Run feed import' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(`Import the feeds of all ${suppliers} suppliers?`);
    expect(await dialog.textContent()).toMatch(/added or updated in the catalogue/);
    await dialog.getByRole('button', { name: 'Keep the catalogue as it is' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(started).toEqual([]);
    expect(await page.getByTestId('feed-progress').count()).toBe(0);
  });

  it('runs a feed import for the chosen supplier and shows its outcome and the history entry', async () => {
    await signedInStart(page);
    await openFullList();
    await page.goto(`${baseUrl()}/products?supplier=Green+Garden+Supplies`);
    await page.getByRole('button', { name: 'Run feed import' }).click();
    // The demo feed has not changed since the first start: no new rows, one refused; rows that
    // other tests edited (not moderated yet) are put back to the feed's values and count as updated.
    // A row was refused: the line is a warning (⚠), and the refused line is listed with its reason.
    const outcome = page.getByTestId('feed-outcome').locator(':scope > span').first();
    await expect
      .poll(() => outcome.textContent(), { timeout: 30_000 })
      .toMatch(/^⚠ Green Garden Supplies: Read 901 rows: 0 new, \d+ updated, \d+ unchanged, 1 refused(; \d+ supplier values? held back because people changed them)?$/);
    expect(await page.getByTestId('feed-problems').locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^Green Garden Supplies, line \d+: EAN '\d{13}' has a wrong check digit \(expected \d\)$/),
    ]);
    const [updated, unchanged] = (/(\d+) updated, (\d+) unchanged/.exec((await outcome.textContent()) ?? '') ?? []).slice(1).map(Number);
    expect((updated ?? 0) + (unchanged ?? 0)).toBe(900);
    expect(await page.getByRole('button', { name: 'Run feed import' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Parsing history' }).click();
    const newest = page.getByTestId('parsing-history').locator('tbody tr').first();
    await expect.poll(() => newest.textContent(), POLL).toContain('Green Garden Supplies');
    expect(await newest.textContent()).toContain('Feed import');
    expect(await newest.textContent()).toContain('Read 901 rows: 0 new');
    await page.screenshot({ path: '/tmp/products-feed-import.png' });
  }, 120_000);

  it('filters by supplier, price range and moderation: every row matches and the total is the server\'s', async () => {
    await signedInStart(page);
    await openFullList();
    // The demo feeds bring every product in as not moderated: two in the price range pass moderation here.
    const candidates = await serverPage(page, { supplierName: 'Volt Electronics', priceFrom: '20', priceTo: '150,50', size: '2', sort: 'productId,desc' });
    for (const product of candidates.content) {
      const saved = await authorizedJson<Product>(page, '/api/v1/product', { method: 'PUT', body: { ...product, passedModeration: true } });
      expect(saved.status).toBe(200);
    }
    await list.choose('Supplier', 'Volt Electronics');
    await page.waitForURL(/supplierName=Volt\+Electronics/);
    const supplierTotal = await list.settledTotal();
    await list.choose('Moderation', 'Passed');
    await page.waitForURL(/passedModeration=true/);
    await page.getByLabel('Price from').fill('20');
    await page.getByLabel('Price from').press('Enter');
    await page.getByLabel('Price to').fill('150,50');
    await page.getByLabel('Price to').press('Tab');
    await page.waitForURL(/priceTo=150%2C50/);
    const total = await list.settledTotal();

    const expected = await serverPage(page, { supplierName: 'Volt Electronics', passedModeration: 'true', priceFrom: '20', priceTo: '150,50', size: '20', page: '0', sort: 'dateUpdate,desc' });
    expect(total).toBe(expected.totalElements);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(total).toBeLessThan(supplierTotal);
    expect(await list.rowIds()).toEqual(expect.arrayContaining(candidates.content.map((product) => product.productId)));
    expect(supplierTotal).toBeLessThan(DEMO_TOTAL);
    expect(await list.rowIds()).toEqual(expected.content.map((product) => product.productId));
    expect(new Set(await list.column(6))).toEqual(new Set(['Volt Electronics']));
    expect(new Set(await list.column(10))).toEqual(new Set(['Passed']));
    for (const price of (await list.column(8)).map(euros)) {
      expect(price).toBeGreaterThanOrEqual(20);
      expect(price).toBeLessThanOrEqual(150.5);
    }
    expect(await range().textContent()).toBe(`1–${Math.min(20, total)} of ${total.toLocaleString('en-US')}`);
  });

  it('pages forward and back, and a new page size starts again on page 1', async () => {
    await signedInStart(page);
    const total = await openFullList();
    const first = await list.rowIds();
    const server = await serverPage(page, { size: '20', page: '1', sort: 'dateUpdate,desc' });

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range().textContent(), POLL).toBe(`21–40 of ${total.toLocaleString('en-US')}`);
    await list.settledTotal();
    expect(await page.getByTestId('page-text').textContent()).toBe(`Page 2 of ${Math.ceil(total / 20)}`);
    const second = await list.rowIds();
    expect(second).toEqual(server.content.map((product) => product.productId));
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await expect.poll(() => page.url(), POLL).toContain('page=1');

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range().textContent(), POLL).toBe(`1–20 of ${total.toLocaleString('en-US')}`);
    await list.settledTotal();
    expect(await list.rowIds()).toEqual(first);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range().textContent(), POLL).toBe(`21–40 of ${total.toLocaleString('en-US')}`);
    await list.choose('Products per page', '50');
    await expect.poll(() => range().textContent(), POLL).toBe(`1–50 of ${total.toLocaleString('en-US')}`);
    await list.settledTotal();
    expect(await rows().count()).toBe(50);
    expect(await page.getByTestId('page-text').textContent()).toBe('Page 1 of 48');
    expect((await list.rowIds()).slice(0, 20)).toEqual(first);
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('?size=50');
  });

  it('a page of 100 rows shows the first screen of rows first, busy, then all 100 settled, and only the whole page is kept as the list snapshot', async () => {
    await signedInStart(page);
    const total = await openFullList();
    // Every state of the table while the page fills (rows, aria-busy, the first stage's mark), and
    // the row count of every list snapshot written (docs/offline.md "Cold start on /products").
    await page.evaluate(() => {
      const seen = { stages: [] as { rows: number; busy: string | null; pending: string | null }[], snapshots: [] as { view: string; rows: number }[] };
      (window as unknown as { __rowStages: typeof seen }).__rowStages = seen;
      const area = document.querySelector('.product-table-area');
      if (!area) throw new Error('no product table area');
      new MutationObserver(() => {
        seen.stages.push({ rows: area.querySelectorAll('tbody tr').length, busy: area.getAttribute('aria-busy'), pending: area.getAttribute('data-rows-pending') });
      }).observe(area, { subtree: true, childList: true, attributes: true });
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key === 'productListSnapshot') {
          const snapshot = JSON.parse(value) as { view: string; html: string };
          seen.snapshots.push({ view: snapshot.view, rows: new DOMParser().parseFromString(snapshot.html, 'text/html').querySelectorAll('.product-table tbody tr').length });
        }
        setItem.call(this, key, value);
      };
    });

    await list.choose('Products per page', '100');
    await expect.poll(() => range().textContent(), POLL).toBe(`1–100 of ${total.toLocaleString('en-US')}`);
    await list.settledTotal();
    expect(await rows().count()).toBe(100);
    const expected = await serverPage(page, { size: '100', page: '0', sort: 'dateUpdate,desc' });
    expect(await list.rowIds()).toEqual(expected.content.map((product) => product.productId));
    // "Select all on this page" is every row of the page.
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).click();
    expect(await page.getByTestId('selected-count').textContent()).toBe('100 selected');
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).click();

    type Seen = { stages: { rows: number; busy: string | null; pending: string | null }[]; snapshots: { view: string; rows: number }[] };
    const seen = () => page.evaluate(() => (window as unknown as { __rowStages: Seen }).__rowStages);
    // 800 px over rows of at least 40 px: the answer's first 20 rows came first, marked and busy;
    // the list was never settled with fewer than all 100.
    // (Before that, the old page of 20 went busy and the list was cleared while the answer loaded.)
    const { stages } = await seen();
    const cleared = stages.map((stage) => stage.rows).lastIndexOf(0);
    expect(cleared).toBeGreaterThanOrEqual(0);
    const filling = stages.slice(cleared + 1);
    const partial = filling.filter((stage) => stage.rows < 100);
    expect(partial.length).toBeGreaterThan(0);
    for (const stage of partial) expect(stage).toEqual({ rows: 20, busy: 'true', pending: 'true' });
    for (const stage of filling.filter((each) => each.busy === 'false')) expect(stage.rows).toBe(100);
    expect(filling.at(-1)).toEqual({ rows: 100, busy: 'false', pending: null });
    // The snapshot of this view is written once the browser is idle, with all 100 rows.
    await expect.poll(async () => (await seen()).snapshots.filter((snapshot) => snapshot.view === '?size=100').length, POLL).toBeGreaterThan(0);
    for (const snapshot of (await seen()).snapshots.filter((each) => each.view === '?size=100')) expect(snapshot.rows).toBe(100);
  });

  it('Reset all filters keeps the stock and export filters and clears the rest, the selection and the page size', async () => {
    await signedInStart(page);
    await openFullList();
    await page.goto(`${baseUrl()}/products?stock=true&isExportOnBol=false&supplier=Green+Garden+Supplies&priceFrom=5&size=50&page=1`);
    await expect.poll(() => range().textContent(), { timeout: 15_000 }).toMatch(/^51–/);
    await list.settledTotal();
    await rows().nth(0).getByRole('checkbox').click();
    await rows().nth(1).getByRole('checkbox').click();
    expect(await page.getByTestId('selected-count').textContent()).toBe('2 selected');
    await list.openFilters();
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByLabel('Family key').fill('HOME-0001');
    await page.getByLabel('Family key').press('Enter');
    await page.waitForURL(/familyKey=HOME-0001/);

    await page.getByRole('button', { name: 'Reset all filters' }).click();
    await page.waitForURL((url) => url.search === '?stock=true&isExportOnBol=false');
    const total = await list.settledTotal();
    expect(await page.getByTestId('selected-count').textContent()).toBe('No products selected');
    expect(await page.getByLabel('Family key').inputValue()).toBe('');
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await list.chosen('Stock')).toBe('In stock');
    expect(await list.chosen('Export to bol')).toBe('Not exported');
    expect(await list.chosen('Supplier')).toBe('All');
    expect(await list.chosen('Products per page')).toBe('20');
    const expected = await serverPage(page, { stock: 'true', isExportOnBol: 'false', size: '20', page: '0', sort: 'dateUpdate,desc' });
    expect(total).toBe(expected.totalElements);
    expect(await list.rowIds()).toEqual(expected.content.map((product) => product.productId));
    for (const stock of await list.column(9)) expect(Number(stock)).toBeGreaterThan(0);
    expect(new Set(await list.column(12))).toEqual(new Set(['No']));
  });
});
