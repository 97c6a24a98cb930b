/**
 * Scanning an EAN on the product list in Chromium (docs/product-list.md, "Scanning an EAN"): a hand
 * scanner types the code and Enter. Two tablets: one online finds the product in the server's
 * catalogue, one offline in the products kept on it. The camera button shows only where the
 * browser reads barcodes, and a refused camera says what to do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { productList, serverPage } from './support/product-list';
import { useStaffTablets } from './support/two-staff';

const POLL = { timeout: 15_000 };
const tablet = useStaffTablets();

/** What a hand scanner does: the code's digits typed fast, then Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/**
 * A row's product whose EAN no other product has (other test files on this server may have added
 * products with the demo's EANs): its EAN and id, from the n-th row on.
 */
async function rowProduct(page: Page, from: number): Promise<{ ean: string; productId: number }> {
  const list = productList(page);
  const eans = (await list.column(3)).map((text) => /^\d{13}/.exec(text)?.[0] ?? '');
  const ids = await list.rowIds();
  for (let index = from; index < eans.length; index += 1) {
    const ean = eans[index] ?? '';
    if (!ean) continue;
    const same = (await serverPage(page, { keyword: ean, size: '10' })).content.filter((product) => product.ean === ean);
    if (same.length === 1) return { ean, productId: ids[index] ?? 0 };
  }
  throw new Error('no row with an EAN of its own');
}

describe('Scanning an EAN', () => {
  it('online, "/" and a scan open the one product with that EAN; an unknown EAN is said so', async () => {
    const page = await tablet({ width: 1280, height: 800 });
    await productList(page).openFullList();
    const { ean, productId } = await rowProduct(page, 3);
    expect(ean).toMatch(/^\d{13}$/);

    // Focus is on the page, not a field: "/" puts the cursor in the scan field.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-field');
    await scan(page, ean);
    await page.waitForURL(`${baseUrl()}/products/${productId}`, POLL);

    await page.goBack();
    await page.getByTestId('scan-field').click();
    await scan(page, '4006381333931');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), POLL).toBe('No product has EAN 4006381333931.');
    expect(page.url()).toMatch(/\/products(\?|$)/);
    // The field is empty again for the next scan, and a scan of something else says it is no EAN.
    expect(await page.getByTestId('scan-field').inputValue()).toBe('');
    await page.getByTestId('scan-field').fill('SS-0108-9');
    await page.getByTestId('scan-field').press('Enter');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), POLL).toMatch(/^"SS-0108-9" is not an EAN\./);
  });

  it('offline, a second tablet finds the product among those kept on it, and says when the device has none', async () => {
    const page = await tablet({ width: 800, height: 1280 });
    await productList(page).openFullList();
    const { ean, productId } = await rowProduct(page, 5);
    await page.context().setOffline(true);
    await page.getByTestId('offline-note').waitFor(POLL).catch(() => undefined);

    await page.getByTestId('scan-field').click();
    await scan(page, '4006381333931');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), POLL).toMatch(/^No product kept on this device has EAN 4006381333931\./);

    await scan(page, ean);
    await page.waitForURL(`${baseUrl()}/products/${productId}`, POLL);
    await page.context().setOffline(false);
  });

  it('the camera button shows only with BarcodeDetector, and a refused camera says why', async () => {
    const page = await tablet({ width: 1280, height: 800 });
    await page.goto(`${baseUrl()}/products`);
    await page.getByTestId('scan-field').waitFor();
    const reads = await page.evaluate(() => 'BarcodeDetector' in window);
    expect(await page.getByRole('button', { name: 'Camera' }).count()).toBe(reads ? 1 : 0);

    // A browser that reads barcodes, whose person refused the camera.
    await page.addInitScript(() => {
      Object.assign(window, { BarcodeDetector: class { detect() { return Promise.resolve([]); } } });
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Camera' }).click();
    await expect
      .poll(() => page.getByTestId('camera-refusal').textContent(), POLL)
      .toBe("The camera is blocked for this app. Allow the camera in the browser's site settings, or scan with the hand scanner.");
  });
});
