/**
 * Offers follow the catalogue (docs/bol.md, "Offers follow the catalogue"), in real Chromium on two
 * tablets against the real server and its bol simulator: anna turns Export on Bol on for a product
 * while her tablet is offline; once it is online the outbox sends the save, the offer sync's next run
 * (every 15 s) creates the offer at bol, and the Bol Model tab shows it for sale on her tablet and on
 * bram's. The product's content is published on bol first, as the simulator (like bol) only takes
 * an offer for an EAN its catalogue knows. The held-back change with its reason and Send anyway is
 * bol-offer-held.test.ts. With OFFER_SHOTS=<folder> the tab is photographed at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BolMarketplaceState } from '../../src/shared/bol-contract';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { publishedProduct } from './support/offer-held';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets();
const SHOTS = process.env.OFFER_SHOTS;

const offerSyncOf = async (page: Page, productId: number) => (await apiJson<BolMarketplaceState>(page, `/api/v1/bol/state/${productId}`)).body.offerSync;

async function openBolTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Bol Model' }).click();
  await page.getByTestId('bol-offer-status').waitFor({ timeout: 30_000 });
  // The tab's description editor loads on its own; photographed once it is there.
  await expect.poll(() => page.locator('.loading').count(), { timeout: 15_000 }).toBe(0);
}

describe('Export on Bol turned on offline', () => {
  it('reaches bol once the tablet is online: the offer goes live, and both tablets show it for sale', async () => {
    const admin = await tablet();
    const product = await publishedProduct(admin, { supplierName: `Offer Offline ${Date.now()}`, ean: '8710103975007', sku: 'OO-1', title: 'Pruning shears' });
    expect((await offerSyncOf(admin, product.productId)).onBol).toBeNull();

    // anna's tablet, landscape, offline: the switch is saved on the device only.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    await anna.goto(`${baseUrl()}/products/${product.productId}`);
    await anna.getByTestId('description-editor').waitFor({ state: 'attached' });
    await anna.context().setOffline(true);
    const exportOnBol = anna.getByRole('switch', { name: 'Export on Bol' });
    await exportOnBol.click();
    expect(await exportOnBol.getAttribute('aria-checked')).toBe('true');
    await anna.getByRole('button', { name: 'Apply', exact: true }).click();
    await anna.getByTestId('save-queued').waitFor();
    expect((await serverProduct(admin, product.productId)).isExportOnBol).toBe(false);
    expect((await offerSyncOf(admin, product.productId)).waiting).toBe(false);

    // Online: the outbox sends the save, and the offer sync creates the offer at bol.
    await anna.context().setOffline(false);
    await waitSynced(anna);
    expect((await serverProduct(admin, product.productId)).isExportOnBol).toBe(true);
    await expect
      .poll(async () => {
        const sync = await offerSyncOf(admin, product.productId);
        return sync.waiting ? 'waiting' : sync.onBol && !sync.onBol.onHold ? 'for sale' : (sync.error ?? sync.heldBack?.reason ?? sync.notOffered ?? 'no offer');
      }, { timeout: 90_000, interval: 2_000 })
      .toBe('for sale');
    const live = await offerSyncOf(admin, product.productId);
    expect(live).toMatchObject({ source: 'sync', heldBack: null, error: null, notPublishableReasons: [] });
    expect(live.onBol).toMatchObject({ ean: '8710103975007', price: 24.95, stock: 5, reference: 'OO-1', deliveryCode: '1-2d', onHold: false });
    expect(live.onBol?.offerId).toBeTruthy();

    await openBolTab(anna);
    await expect.poll(() => anna.getByTestId('bol-offer-summary').textContent(), { timeout: 30_000 }).toBe('€ 24,95 · stock 5 · for sale');
    expect(await anna.getByTestId('bol-offer-summary').getAttribute('data-accent-color')).toBe('green');
    expect(await anna.getByTestId('bol-offer-reason').count()).toBe(0);
    if (SHOTS) {
      await anna.getByTestId('bol-offer-status').scrollIntoViewIfNeeded();
      await anna.screenshot({ path: `${SHOTS}/offer-live-1280x800.png` });
    }

    // bram's tablet, portrait: the same live offer.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    await bram.goto(`${baseUrl()}/products/${product.productId}`);
    await bram.getByTestId('description-editor').waitFor({ state: 'attached' });
    await openBolTab(bram);
    await expect.poll(() => bram.getByTestId('bol-offer-summary').textContent(), { timeout: 30_000 }).toBe('€ 24,95 · stock 5 · for sale');
    expect(await bram.getByTestId('bol-offer-send-anyway').count()).toBe(0);
    if (SHOTS) {
      await bram.getByTestId('bol-offer-status').scrollIntoViewIfNeeded();
      await bram.screenshot({ path: `${SHOTS}/offer-live-800x1280.png` });
    }
  }, 240_000);
});
