/**
 * Offers on /report and the offer settings screen (docs/bol.md, "Offers follow the catalogue"), in
 * real Chromium on two tablets against the real server and its bol simulator:
 * - a product whose offer the sync holds back; /report's offer counts equal the server's summary,
 *   and on the other tablet the held-back count opens the product list filtered on that state;
 * - the admin sets the guard rails and a stock buffer (a wrong value is named first), a staff
 *   member's tablet reads the same values and is refused the screen.
 * With OFFER_SHOTS=<folder> the screens are photographed at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OfferSettings, OfferStateCounts } from '../../src/shared/bol-offer-sync';
import { baseUrl } from './support/browser';
import { apiJson } from './support/catalogue-api';
import { heldBackProduct } from './support/offer-held';
import { productList } from './support/product-list';
import { STAFF, useStaffTablets } from './support/two-staff';

const tablet = useStaffTablets({ serviceWorker: false }); // never offline (support/browser.ts)
const SHOTS = process.env.OFFER_SHOTS;
const POLL = { timeout: 90_000, interval: 1_000 };

/** The offer tiles of /report as the screen shows them. */
async function offerTiles(page: Page): Promise<Record<string, { count: number; href: string }>> {
  const tiles = page.locator('[data-testid="report-count"][data-tile^="offer-"]');
  const read = await tiles.evaluateAll((links) =>
    links.map((link) => ({ id: link.getAttribute('data-tile') ?? '', href: link.getAttribute('href') ?? '', count: Number((link.firstElementChild?.textContent ?? '').replace(/,/g, '')) })),
  );
  return Object.fromEntries(read.map((tile) => [tile.id, { count: tile.count, href: tile.href }]));
}

describe('offers on /report', () => {
  it("counts the offers per state as the server does, and a count opens the list filtered on that state on the other tablet", async () => {
    const admin = await tablet();
    const product = await heldBackProduct(admin, { supplierName: `Offer Report ${Date.now()}`, ean: '8710103974314', sku: 'OR-1', title: 'Watering can 10 l' });

    // The counts move while the sync runs in the background: read the screen until it equals the summary read just before.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    let summary: OfferStateCounts = { live: 0, waiting: 0, held: 0, failed: 0 };
    let shown: number[] = [];
    await expect
      .poll(async () => {
        summary = (await apiJson<OfferStateCounts>(anna, '/api/v1/bol/offers/summary')).body;
        await anna.goto(`${baseUrl()}/report`);
        await anna.locator('[data-tile="offer-held"]').waitFor({ timeout: 30_000 });
        const tiles = await offerTiles(anna);
        shown = [tiles['offer-live']?.count ?? -1, tiles['offer-waiting']?.count ?? -1, tiles['offer-held']?.count ?? -1, tiles['offer-failed']?.count ?? -1];
        return shown.join(' ') === [summary.live, summary.waiting, summary.held, summary.failed].join(' ');
      }, POLL)
      .toBe(true);
    expect(summary.held).toBeGreaterThanOrEqual(1);
    // Staff see the counts but no way to the settings.
    expect(await anna.getByTestId('offer-settings-link').count()).toBe(0);
    if (SHOTS) {
      await anna.locator('#report-offer-sync').scrollIntoViewIfNeeded();
      await anna.screenshot({ path: `${SHOTS}/report-offers-1280x800.png` });
    }

    // bram, portrait: the held-back count opens the list of exactly those products.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    await bram.goto(`${baseUrl()}/report`);
    const held = bram.locator('[data-testid="report-count"][data-tile="offer-held"]');
    await held.waitFor({ timeout: 30_000 });
    if (SHOTS) {
      await bram.locator('#report-offer-sync').scrollIntoViewIfNeeded();
      await bram.screenshot({ path: `${SHOTS}/report-offers-800x1280.png` });
    }
    await held.click();
    await bram.waitForURL((url) => url.pathname === '/products');
    expect(new URL(bram.url()).searchParams.get('offerState')).toBe('held');
    const heldNow = (await apiJson<{ totalElements: number }>(bram, '/api/v1/bol/product/filter?size=1&offerState=held')).body.totalElements;
    expect(await productList(bram).settledTotal()).toBe(heldNow);
    const list = productList(bram);
    await expect.poll(() => list.rowIds(), { timeout: 15_000 }).toContain(product.productId);
    // The filter shows in the folded panel's summary line, by its name.
    await expect.poll(() => bram.locator('.filter-summary').first().textContent(), { timeout: 15_000 }).toContain('Offer state: Held back');
  }, 240_000);
});

describe('the offer settings screen', () => {
  it('the admin sets the guard rails and a buffer after a wrong value is named; staff read them and are refused the screen', async () => {
    const admin = await tablet({ width: 1280, height: 800 });
    const before = (await apiJson<OfferSettings>(admin, '/api/v1/bol/offers/settings')).body;
    await admin.goto(`${baseUrl()}/report`);
    await admin.getByTestId('offer-settings-link').click();
    await admin.waitForURL((url) => url.pathname === '/offer-settings');
    const price = admin.getByLabel('Largest price change sent at once (%)');
    await expect.poll(() => price.inputValue(), { timeout: 20_000 }).toBe(String(before.maxPriceChangePercent));

    // Keyboard only: type, Tab to the next field, Enter saves.
    await price.fill('0');
    await price.press('Tab');
    await admin.getByLabel('Broken-feed share (%)').fill('20');
    const buffer = admin.getByLabel('Volt Electronics', { exact: true });
    await buffer.fill('3');
    await buffer.press('Enter');
    await expect.poll(() => admin.getByTestId('offer-settings-price-change-problem').textContent()).toBe('Enter a whole or decimal percentage from 1 to 1000.');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByTestId('offer-settings-notice').textContent()).toBe('Fix the fields marked in red, then save again.');
    expect((await apiJson<OfferSettings>(admin, '/api/v1/bol/offers/settings')).body.maxPriceChangePercent).toBe(before.maxPriceChangePercent);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/offer-settings-problem-1280x800.png`, fullPage: true });

    await price.fill('25');
    await price.press('Enter');
    await expect.poll(() => admin.getByTestId('offer-settings-notice').textContent(), { timeout: 20_000 }).toBe('Settings saved. The next offer changes use them.');
    const saved = (await apiJson<OfferSettings>(admin, '/api/v1/bol/offers/settings')).body;
    expect(saved).toMatchObject({ maxPriceChangePercent: 25, zeroStockShare: 0.2, updatedBy: 'admin' });
    expect(Object.values(saved.stockBuffers)).toContain(3);

    // anna's tablet, portrait: the same values on the server, and the screen is an administrator's.
    const anna = await tablet({ width: 800, height: 1280 }, STAFF.anna);
    expect((await apiJson<OfferSettings>(anna, '/api/v1/bol/offers/settings')).body).toMatchObject({ maxPriceChangePercent: 25, zeroStockShare: 0.2 });
    await anna.goto(`${baseUrl()}/offer-settings`);
    await expect.poll(() => anna.getByRole('alert').textContent(), { timeout: 20_000 }).toBe('Only an administrator can change the offer settings.');
    const refused = await apiJson(anna, '/api/v1/bol/offers/settings', { method: 'PUT', body: { maxPriceChangePercent: 90, zeroStockShare: 0.9, stockBuffers: {} } });
    expect(refused.status).toBe(403);
    if (SHOTS) {
      await admin.setViewportSize({ width: 800, height: 1280 });
      await admin.screenshot({ path: `${SHOTS}/offer-settings-800x1280.png`, fullPage: true });
    }

    // Back as they were, for the other tests on this server.
    const restored = await apiJson(admin, '/api/v1/bol/offers/settings', { method: 'PUT', body: { maxPriceChangePercent: before.maxPriceChangePercent, zeroStockShare: before.zeroStockShare, stockBuffers: before.stockBuffers } });
    expect(restored.status).toBe(200);
  }, 180_000);
});
