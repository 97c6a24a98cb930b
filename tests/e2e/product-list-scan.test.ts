/**
 * Scanning an EAN on the product list in Chromium (docs/product-list.md, "Scanning an EAN" and
 * "Scanning with the camera"): a hand scanner types the code and Enter into the search box. Two
 * tablets: one online finds the product in the server's catalogue, one offline in the products
 * kept on it. A third tablet films a barcode with a fake camera: Chromium on Linux has no
 * BarcodeDetector, so the WebAssembly reader reads it, online and offline (from the service
 * worker's copy), on the list and in the product editor's EAN field. A refused camera says what to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../../src/shared/rules/ean';
import { fakeCameraArgs, writeBarcodeVideo } from './support/barcode-video';
import { baseUrl, launchBrowser, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson } from './support/catalogue-api';
import { productList, serverPage } from './support/product-list';
import { useStaffTablets } from './support/two-staff';

const POLL = { timeout: 15_000 };
const CAMERA_POLL = { timeout: 45_000 };
const tablet = useStaffTablets();

/** What a hand scanner does: the code's digits typed fast, then Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * A row's product whose EAN no other product has (other test files on this server may have added
 * products with the demo's EANs) and whose check digit is right (a barcode can be drawn of it): its
 * EAN and id, from the n-th row on.
 */
async function rowProduct(page: Page, from: number): Promise<{ ean: string; productId: number }> {
  const list = productList(page);
  const eans = (await list.column(3)).map((text) => /^\d{13}/.exec(text)?.[0] ?? '');
  const ids = await list.rowIds();
  for (let index = from; index < eans.length; index += 1) {
    const ean = eans[index] ?? '';
    if (!ean || !isValidGtin(ean)) continue;
    const same = (await serverPage(page, { keyword: ean, size: '10' })).content.filter((product) => product.ean === ean);
    if (same.length === 1) return { ean, productId: ids[index] ?? 0 };
  }
  throw new Error('no row with an EAN of its own');
}

const searchBox = (page: Page) => page.getByTestId('search-field');

/**
 * With SCREENSHOTS_DIR set (docs/screenshots): the search box with its camera button and a scan's
 * answer, and /logs with its jobs in words, at the page's tablet size.
 */
async function screenshots(page: Page): Promise<void> {
  const folder = process.env.SCREENSHOTS_DIR;
  if (!folder) return;
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await productList(page).openFullList();
  await page.getByTestId('search-camera').waitFor();
  await page.screenshot({ path: `${folder}/scan-search-box-${width}x${height}.png` });
  await searchBox(page).click();
  await scan(page, '4006381333931');
  await page.getByTestId('scan-message').waitFor(POLL);
  await page.screenshot({ path: `${folder}/scan-search-box-none-${width}x${height}.png` });
  // A feed import that refused a line, so the list has a job and its details show.
  const { body } = await apiJson<{ content: unknown[] }>(page, '/api/v1/jobs?outcome=partial&size=1');
  if (body.content.length === 0) {
    const suppliers = await apiJson<{ supplierId: number; supplierName: string }[]>(page, '/api/v1/supplier');
    const green = suppliers.body.find((entry) => entry.supplierName === 'Green Garden Supplies');
    if (green) await apiJson(page, `/api/v1/feed/parse/${green.supplierId}?wait=true`, { method: 'POST' });
  }
  await page.goto(`${baseUrl()}/logs`);
  await page.getByTestId('job-row').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Details' }).first().click();
  await page.getByTestId('job-details').first().waitFor(POLL);
  await page.screenshot({ path: `${folder}/logs-words-${width}x${height}.png` });
}

describe('Scanning an EAN into the search box', () => {
  it('online, "/" and a scan open the one product with that EAN; an unknown EAN filters the list and says so', async () => {
    const page = await tablet({ width: 1280, height: 800 });
    await productList(page).openFullList();
    const { ean, productId } = await rowProduct(page, 3);
    expect(ean).toMatch(/^\d{13}$/);

    // Focus is on the page, not a field: "/" puts the cursor in the search box.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-field');
    await scan(page, ean);
    await page.waitForURL(`${baseUrl()}/products/${productId}`, POLL);

    await page.goBack();
    await searchBox(page).click();
    await searchBox(page).fill('');
    await scan(page, '4006381333931');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), POLL).toBe('No product has EAN 4006381333931.');
    // The list is searched for the code (it shows its matches: none), and the code stays selected
    // in the box so the next scan replaces it.
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword'), POLL).toBe('4006381333931');
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(await searchBox(page).inputValue()).toBe('4006381333931');
    expect(await searchBox(page).evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 13]);

    // Text that is no EAN is a search, as ever: no lookup, no message.
    await searchBox(page).fill('SS-0108-9');
    await searchBox(page).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword'), POLL).toBe('SS-0108-9');
    expect(await page.getByTestId('scan-message').count()).toBe(0);
  });

  it('offline, a second tablet finds the product among those kept on it, and says when the device has none', async () => {
    const page = await tablet({ width: 800, height: 1280 });
    await productList(page).openFullList();
    const { ean, productId } = await rowProduct(page, 5);
    await page.context().setOffline(true);
    await page.getByTestId('offline-note').waitFor(POLL).catch(() => undefined);

    await searchBox(page).click();
    await scan(page, '4006381333931');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), POLL).toMatch(/^No product kept on this device has EAN 4006381333931\./);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/scan-search-box-offline-800x1280.png` });

    // The box keeps the cursor with the code selected: the next scan replaces it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-field');
    await scan(page, ean);
    await page.waitForURL(`${baseUrl()}/products/${productId}`, POLL);
    await page.context().setOffline(false);
  });
});

describe.runIf(process.env.SCREENSHOTS_DIR)('Screenshots of the search box and of /logs', () => {
  it('at both tablet sizes', async () => {
    for (const size of [{ width: 1280, height: 800 }, { width: 800, height: 1280 }]) await screenshots(await tablet(size));
  });
});

describe('Scanning with the camera', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'barcode-video-'));
  let cameraBrowser: Browser | undefined;
  afterAll(async () => {
    await cameraBrowser?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a tablet whose camera films a product\'s barcode opens it, online and offline, and fills the EAN field in the editor', async () => {
    // The first tablet picks a product; the second one's camera films its barcode.
    const first = await tablet({ width: 1280, height: 800 });
    await productList(first).openFullList();
    const { ean, productId } = await rowProduct(first, 2);
    const other = await rowProduct(first, 8);
    const video = path.join(folder, `${ean}.y4m`);
    writeBarcodeVideo(video, ean);

    cameraBrowser = await launchBrowser(fakeCameraArgs(video));
    const context = await cameraBrowser.newContext({ viewport: { width: 800, height: 1280 } });
    const page = await context.newPage();
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    await productList(page).openFullList();
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

    await page.getByTestId('search-camera').click();
    await page.waitForURL(`${baseUrl()}/products/${productId}`, CAMERA_POLL);

    // Offline, after a reload: the reader's .wasm comes from the service worker's copy.
    await page.goBack();
    await productList(page).openFullList();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('search-field').waitFor(POLL);
    const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'), CAMERA_POLL);
    await page.getByTestId('search-camera').click();
    expect((await wasm).fromServiceWorker()).toBe(true);
    await page.waitForURL(`${baseUrl()}/products/${productId}`, CAMERA_POLL);
    await context.setOffline(false);

    // The product editor's EAN field takes what the camera read (not saved here).
    await page.goto(`${baseUrl()}/products/${other.productId}`);
    const eanField = page.locator('input#ean');
    await expect.poll(() => eanField.inputValue(), POLL).toBe(other.ean);
    await page.getByTestId('ean-camera').click();
    await expect.poll(() => eanField.inputValue(), CAMERA_POLL).toBe(ean);
    await context.close();
  });

  it('a refused camera says why and what to do', async () => {
    const page = await tablet({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`${baseUrl()}/products`);
    await page.getByRole('button', { name: 'Scan a barcode with the camera' }).click();
    await expect
      .poll(() => page.getByTestId('camera-refusal').textContent(), POLL)
      .toBe("The camera is blocked for this app. Allow the camera in the browser's site settings, or scan with the hand scanner.");
  });
});
