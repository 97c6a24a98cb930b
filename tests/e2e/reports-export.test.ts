/**
 * Reports, Export and the bulk create's per-product reasons in Chromium against the real server
 * and its bol simulator: every Reports count equals the product list it links to; an export of a
 * filtered view downloads a CSV and an .xlsx with exactly the filter's rows; creating content for
 * products without a Bol category lists each with the server's reason and a link to fix it.
 * Screenshots of /report (also offline) and /export at 1280x800 and 800x1280 go to tests/e2e/support/screenshots.ts's folder.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BolModel } from '../../src/shared/bol-contract';
import type { ProductPage } from '../../src/shared/contract';
import { baseUrl, useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson, demoProduct } from './support/catalogue-api';
import { productList } from './support/product-list';
import { SHOTS } from './support/screenshots';


const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const POLL = { timeout: 60_000, interval: 250 };
const serverTotal = async (query: string) => (await apiJson<ProductPage>(page, `/api/v1/bol/product/filter?size=1&${query}`)).body.totalElements;

/**
 * Gives one product a Bol category only (required attributes unsaved), another a saved, complete
 * model, and sends a third to bol (the simulator answers with an upload report), so every part of
 * the screen has something to show.
 */
async function prepareBolStates(): Promise<void> {
  // Products no other browser test has given a Bol category yet (they share one server).
  const missing = await demoProduct(page, 'hasDescription=true&bolState=noCategory', 3);
  const ready = await demoProduct(page, 'hasDescription=true&bolState=noCategory', 4);
  const sent = await demoProduct(page, 'hasDescription=true&bolState=noCategory', 5);
  for (const product of [missing, ready, sent]) {
    const saved = await apiJson(page, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: '10001347', chunkName: 'Speakers' } });
    expect(saved.status).toBe(200);
  }
  for (const product of [ready, sent]) {
    const model = (await apiJson<BolModel>(page, `/api/v1/bol/data/model/product/${product.productId}`)).body;
    for (const attribute of model.attributeData) {
      if (attribute.required && !attribute.value) attribute.value = attribute.valueList?.[0] ?? 'Filled in by the test';
    }
    const answer = await apiJson(page, '/api/v1/bol/data/model/product', { method: 'POST', body: model, headers: { 'If-Match': `"${model.version ?? 0}"` } });
    expect(answer.status).toBe(200);
  }
  const created = await apiJson(page, '/api/v1/bol/retailer/create/content/', { method: 'POST', body: [sent.productId] });
  expect(created.status).toBe(200);
}

describe('Reports', () => {
  it('each count equals the total of the product list it links to; offline it shows what was last fetched', async () => {
    await signedInStart(page);
    // The demo catalogue fills in the background after the server starts: counts are compared once it is complete.
    await productList(page).openFullList();
    await prepareBolStates();
    await page.goto(`${baseUrl()}/report`);
    const tiles = page.getByTestId('report-count');
    await expect.poll(() => tiles.count(), POLL).toBe(12);
    const read = await tiles.evaluateAll((links) => links.map((link) => ({ id: link.getAttribute('data-tile') ?? '', href: link.getAttribute('href') ?? '', count: Number((link.firstElementChild?.textContent ?? '').replace(/,/g, '')) })));
    expect(read.find((tile) => tile.id === 'missingRequired')?.count).toBeGreaterThanOrEqual(1);
    expect(read.find((tile) => tile.id === 'ready')?.count).toBeGreaterThanOrEqual(1);
    // The states split the catalogue, as do offer present/absent.
    const states = read.slice(0, 6).reduce((sum, tile) => sum + tile.count, 0);
    expect(states).toBe(read[6]!.count + read[7]!.count);
    await page.screenshot({ path: `${SHOTS}/report-1280x800.png` });
    // Tiles per row as each grid asks: states 6, offers 6 landscape; states 3, offers 2 upright.
    const tilesPerRow = (ids: readonly string[]) =>
      page.evaluate((wanted) => {
        const tops = wanted.map((id) => document.querySelector(`[data-testid="report-count"][data-tile="${id}"]`)?.getBoundingClientRect().top ?? NaN);
        return tops.filter((top) => top === tops[0]).length;
      }, ids);
    const stateIds = read.slice(0, 6).map((tile) => tile.id);
    const offerIds = read.slice(6, 8).map((tile) => tile.id);
    expect(await tilesPerRow(stateIds)).toBe(6);
    expect(await tilesPerRow(offerIds)).toBe(2);
    await page.setViewportSize({ width: 800, height: 1280 });
    expect(await tilesPerRow(stateIds)).toBe(3);
    expect(await tilesPerRow(offerIds)).toBe(2);
    await page.screenshot({ path: `${SHOTS}/report-800x1280.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/report-1280x800-full.png`, fullPage: true });

    const list = productList(page);
    // The four counts of the offers the sync keeps move while it runs in the background: they are
    // compared with the list they open in offer-report-settings.test.ts.
    const syncTiles = ['offer-live', 'offer-waiting', 'offer-held', 'offer-failed'];
    for (const tile of read.filter((each) => !syncTiles.includes(each.id))) {
      await page.goto(`${baseUrl()}/report`);
      await page.locator(`[data-testid="report-count"][data-tile="${tile.id}"]`).click();
      await page.waitForURL((url) => url.pathname === '/products');
      expect(new URL(page.url()).search).toBe(new URL(tile.href, baseUrl()).search);
      expect(await list.settledTotal(), `the ${tile.id} count`).toBe(tile.count);
    }

    await page.goto(`${baseUrl()}/report`);
    await expect.poll(() => tiles.count(), POLL).toBe(12);
    await page.context().setOffline(true);
    await page.reload().catch(() => undefined);
    await page.getByTestId('report-offline-note').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('report-offline-note').textContent()).toMatch(/^Offline data, fetched at /);
    expect(await tiles.count()).toBe(12);
    await page.screenshot({ path: `${SHOTS}/report-offline-1280x800.png` });
    await page.context().setOffline(false);
  }, 180_000);
});

describe('Export', () => {
  it("downloads a CSV and an .xlsx of a filtered view whose rows equal the filter's total", async () => {
    await signedInStart(page);
    await productList(page).openFullList();
    const query = 'stock=true&priceTo=40&sort=sellingPrice,desc';
    const total = await serverTotal(query);
    expect(total).toBeGreaterThan(0);
    // The list's view, as a person would set it; then the Export screen from the top bar.
    await page.goto(`${baseUrl()}/products?${query}`);
    expect(await productList(page).settledTotal()).toBe(total);
    const firstPage = await productList(page).rowIds();
    expect(firstPage.length).toBeGreaterThan(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Export' }).click();
    await page.waitForURL(`${baseUrl()}/export`);
    await expect.poll(() => page.getByTestId('export-filter').textContent()).toContain('In stock: yes · Price to: 40');
    expect(await page.getByTestId('export-order').textContent()).toBe("Rows in the list's order: Price, highest first.");
    await expect.poll(() => page.getByTestId('export-start').textContent(), POLL).toBe(`Export ${total.toLocaleString('en-US')} products as CSV`);
    await page.screenshot({ path: `${SHOTS}/export-1280x800.png` });
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.screenshot({ path: `${SHOTS}/export-800x1280.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('export-start').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Product ID,EAN,SKU,Title,Brand,Supplier,Selling price,Stock,Bol state');
    expect(lines.length - 1).toBe(total);
    // In the list's order: the file starts with the rows of the list's first page.
    expect(lines.slice(1, 1 + firstPage.length).map((line) => Number(line.split(',')[0]))).toEqual(firstPage);
    await page.getByTestId('export-done').waitFor();
    await page.screenshot({ path: `${SHOTS}/export-done-1280x800.png` });

    await page.getByText('Excel workbook (.xlsx)').click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('export-start').click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = readFileSync(await xlsx.path());
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0];
    expect((sheet?.rowCount ?? 0) - 1).toBe(total);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Product ID');

    // For Excel set to Dutch: the same rows, split by semicolons, prices with a decimal comma.
    await page.getByText('Excel (NL): CSV with semicolons').click();
    expect(await page.getByTestId('export-start').textContent()).toBe(`Export ${total.toLocaleString('en-US')} products as CSV for Excel (NL)`);
    const nlDownload = page.waitForEvent('download');
    await page.getByTestId('export-start').click();
    const nl = await nlDownload;
    expect(nl.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}-excel-nl\.csv$/);
    const nlText = readFileSync(await nl.path(), 'utf8');
    expect(nlText.startsWith('\uFEFF')).toBe(true);
    const nlLines = nlText.slice(1).trim().split('\r\n');
    expect(nlLines[0]).toBe('Product ID;EAN;SKU;Title;Brand;Supplier;Selling price;Stock;Bol state');
    expect(nlLines.length - 1).toBe(total);
    // A row without quoted fields (a title may hold a comma): its price, written both ways.
    const plain = lines.findIndex((line, index) => index > 0 && !line.includes('"') && !(nlLines[index] ?? '"').includes('"'));
    expect(plain).toBeGreaterThan(0);
    expect(nlLines[plain]?.split(';')[6]).toBe(lines[plain]?.split(',')[6]?.replace('.', ','));
  }, 120_000);
});

describe('Create content on bol with products lacking a category', () => {
  it('lists each refused product with the server reason and a link to fix it', async () => {
    await signedInStart(page);
    const list = productList(page);
    await page.goto(`${baseUrl()}/products?bolState=noCategory&size=10`);
    expect(await list.settledTotal()).toBeGreaterThan(10);
    const ids = await list.rowIds();
    expect(ids).toHaveLength(10);
    await page.getByRole('checkbox', { name: 'Select all products on this page' }).click();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Create content on bol (10)' }).click();
    const reasons = page.getByTestId('item-reason');
    await expect.poll(() => reasons.count(), POLL).toBe(10);
    const shown = await reasons.evaluateAll((items) => items.map((item) => ({ text: item.textContent, href: item.querySelector('a')?.getAttribute('href') })));
    expect(shown.map((item) => item.href).sort()).toEqual(ids.map((id) => `/products/${id}?tab=2`).sort());
    for (const item of shown) expect(item.text).toMatch(/^Product \d+: Choose a Bol category for this product first$/);
    // Nothing could be sent: an error, not a success.
    expect(await page.getByTestId('bulk-outcome-line').first().getAttribute('data-tone')).toBe('red');
    await page.screenshot({ path: `${SHOTS}/bulk-create-reasons-1280x800.png` });
    // The link opens the product's Bol Model tab.
    await reasons.first().locator('a').click();
    await page.waitForURL((url) => /^\/products\/\d+$/.test(url.pathname) && url.searchParams.get('tab') === '2');
  }, 120_000);
});
