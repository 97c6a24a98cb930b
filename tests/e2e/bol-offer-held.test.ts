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
import type { Product } from '../../src/shared/contract';
import type { SupplierDetails } from '../../src/shared/suppliers';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { uploadAndRunFeed } from './support/feed-upload';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets({ serviceWorker: false }); // never offline (support/browser.ts)
const SHOTS = process.env.OFFER_SHOTS;

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color';

async function openBolTab(page: Page, productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
  await page.getByRole('tab', { name: 'Bol Model' }).click();
  await page.getByTestId('bol-offer-status').waitFor({ timeout: 30_000 });
}

describe('an offer change held back on the Bol Model tab', () => {
  it('shows why it is held back, and Send anyway from one tablet releases it for the other', async () => {
    const admin = await tablet();
    const name = `Offer Guard ${Date.now()}`;
    const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
    expect(created.status).toBe(201);
    // Supplier price 10,00; the selling price 24,95 from the feed.
    expect(await uploadAndRunFeed(admin, created.body.supplierId, `${HEADER}\n8710103974307;OG-1;Garden hose 20 m;<p>Hose</p>;Hoze;Garden;10,00;24,95;1-2d;5;Green\n`)).toEqual({ uploaded: 200, parsed: 200 });
    const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(name)}`);
    const product = found.content[0] as Product;

    // On bol, at a selling price below supplier price plus delivery price.
    const patched = await apiJson(admin, `/api/v1/product/${product.productId}`, {
      method: 'PATCH',
      body: { fields: { isExportOnBol: { base: false, value: true }, sellingPrice: { base: product.sellingPrice, value: 8 } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now() - 1_000, offline: false },
    });
    expect(patched.status).toBe(200);
    expect((await serverProduct(admin, product.productId)).sellingPrice).toBe(8);
    // The scheduler looks every 15 s; the run holds the change back.
    await expect
      .poll(async () => (await apiJson<BolMarketplaceState>(admin, `/api/v1/bol/state/${product.productId}`)).body.offerSync.heldBack?.kind, { timeout: 90_000, interval: 2_000 })
      .toBe('price-floor');

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
  });
});
