/**
 * Offers follow the catalogue (docs/bol.md, "Guard rails"), in real Chromium on two tablets against
 * the real server and its bol simulator: a product put on bol with a selling price below supplier
 * price plus delivery price is held back by the offer sync; anna sees why on the Bol Model tab and
 * taps Send anyway (an outbox write); bram's tablet then shows the hold gone. With OFFER_SHOTS=<folder>
 * the tab is photographed at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BolMarketplaceState } from '../../src/shared/bol-contract';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { heldBackProduct } from './support/offer-held';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets({ serviceWorker: false }); // never offline (support/browser.ts)
const SHOTS = process.env.OFFER_SHOTS;

async function openBolTab(page: Page, productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
  await page.getByRole('tab', { name: 'Bol Model' }).click();
  await page.getByTestId('bol-offer-status').waitFor({ timeout: 30_000 });
}

describe('an offer change held back on the Bol Model tab', () => {
  it('shows why it is held back, and Send anyway from one tablet releases it for the other', async () => {
    const admin = await tablet();
    // Supplier price 10,00, on bol at 8,00: below supplier price plus delivery price.
    const product = await heldBackProduct(admin, { supplierName: `Offer Guard ${Date.now()}`, ean: '8710103974307', sku: 'OG-1', title: 'Garden hose 20 m' });
    expect((await serverProduct(admin, product.productId)).sellingPrice).toBe(8);

    // anna's tablet, landscape: the reason and the change that waits; she sends it anyway.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    await openBolTab(anna, product.productId);
    await expect.poll(() => anna.getByTestId('bol-offer-reason').textContent()).toContain('is below supplier price plus delivery price');
    await expect.poll(() => anna.getByTestId('bol-offer-changes').textContent()).toContain('€ 8,00');
    // Its touch size is checked with the tab's other controls by tablet-checks.test.ts.
    const button = anna.getByTestId('bol-offer-send-anyway');
    if (SHOTS) {
      await anna.getByTestId('bol-offer-status').scrollIntoViewIfNeeded();
      await anna.screenshot({ path: `${SHOTS}/offer-held-1280x800.png` });
    }
    await button.click();
    await anna.getByText('Sending the held-back change to bol.').waitFor({ timeout: 30_000 });
    await waitSynced(anna);
    await expect
      .poll(async () => (await apiJson<BolMarketplaceState>(admin, `/api/v1/bol/state/${product.productId}`)).body.offerSync.heldBack, { timeout: 30_000 })
      .toBeNull();

    // bram's tablet, portrait: no hold, no Send anyway.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    await openBolTab(bram, product.productId);
    await expect.poll(() => bram.getByTestId('bol-offer-send-anyway').count()).toBe(0);
    await expect.poll(() => bram.getByTestId('bol-offer-summary').textContent()).toBeTruthy();
    if (SHOTS) {
      await bram.getByTestId('bol-offer-status').scrollIntoViewIfNeeded();
      await bram.screenshot({ path: `${SHOTS}/offer-sent-800x1280.png` });
    }
  }, 180_000);
});
