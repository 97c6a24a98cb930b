/**
 * Two staff members on two tablets: the same Bol attribute changed differently offline
 * shows as a conflict on the Bol Model tab; and the product page shows one clear state during a
 * conflict (no "waiting" note or "saved on this device" beside it) and the server's copy after it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BolModel } from '../../src/shared/bol-contract';
import type { Product } from '../../src/shared/contract';
import { baseUrl } from './support/browser';
import { STAFF, useStaffTablets, waitSynced, type Person } from './support/two-staff';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import { SHOTS } from './support/screenshots';

const GARDEN = 'supplierName=Green%20Garden%20Supplies';
/** 'Storage' in the demo data model: Material and Colour are optional text attributes. */
const STORAGE_CHUNK = '10002106';

const openTablet = useStaffTablets();
const tablet = (person?: Person) => openTablet(undefined, person);

async function serverModel(page: Page, productId: number): Promise<BolModel> {
  const { status, body } = await apiJson<BolModel>(page, `/api/v1/bol/data/model/product/${productId}`);
  expect(status).toBe(200);
  return body;
}
const valueOf = (model: BolModel, id: string) => model.attributeData.find((attribute) => attribute.attributeId === id)?.value;

const field = (page: Page, attributeId: string) => page.locator(`[data-attribute="${attributeId}"]`);
const applyBol = (page: Page) => page.getByRole('button', { name: 'Apply', exact: true }).click();

async function openBolTab(page: Page, product: Product): Promise<void> {
  await page.goto(`${baseUrl()}/products/${product.productId}?tab=2`);
  await field(page, 'Colour').getByRole('textbox').waitFor();
}


describe('two people, one Bol model', { timeout: 150_000 }, () => {
  it('both change Colour: the second sees the conflict on the Bol Model tab with both values and who; keep mine writes only Colour', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 31);
    const assigned = await apiJson(seed, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: STORAGE_CHUNK } });
    expect(assigned.status).toBe(200);
    const a = await tablet(STAFF.anna);
    const b = await tablet(STAFF.bram);
    await openBolTab(a, product);
    await openBolTab(b, product);
    await a.context().setOffline(true);
    await b.context().setOffline(true);
    const [colourA, colourB, materialA] = [`Moss ${Date.now()}`, `Sand ${Date.now()}`, `Oak ${Date.now()}`];
    await field(a, 'Colour').getByRole('textbox').fill(colourA);
    await field(a, 'Material').getByRole('textbox').fill(materialA);
    await applyBol(a);
    await a.getByTestId('bol-notice').getByText('Saved on this device.', { exact: false }).waitFor();
    await field(b, 'Colour').getByRole('textbox').fill(colourB);
    await applyBol(b);
    await b.getByTestId('bol-notice').getByText('Saved on this device.', { exact: false }).waitFor();

    await a.context().setOffline(false);
    await expect.poll(async () => valueOf(await serverModel(seed, product.productId), 'Colour'), { timeout: 30_000 }).toBe(colourA);
    await b.context().setOffline(false);
    const banner = b.getByTestId('bol-conflict');
    await banner.waitFor({ timeout: 30_000 });
    const row = banner.getByTestId('conflict-row');
    expect(await row.count()).toBe(1);
    expect(await row.locator('th').textContent()).toBe('Colour');
    expect(await row.locator('td').nth(0).textContent()).toBe(colourB);
    expect(await row.locator('td').nth(1).textContent()).toContain(colourA);
    expect(await row.locator('td').nth(1).textContent()).toContain('changed by anna');
    // The attribute itself shows it too, and the conflict is the only notice.
    await b.getByTestId('field-conflict-bol:Colour').waitFor();
    expect(await b.getByTestId('bol-notice').count()).toBe(0);
    expect(await b.getByTestId('bol-device-note').count()).toBe(0);

    await b.evaluate(() => window.scrollTo(0, 0));
    await b.screenshot({ path: `${SHOTS}/bol-conflict-1280x800.png` });
    await b.setViewportSize({ width: 800, height: 1280 });
    await b.evaluate(() => window.scrollTo(0, 0));
    await b.screenshot({ path: `${SHOTS}/bol-conflict-800x1280.png` });
    await b.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => valueOf(await serverModel(seed, product.productId), 'Colour'), { timeout: 30_000 }).toBe(colourB);
    // Anna's Material, which Bram never touched, stays.
    expect(valueOf(await serverModel(seed, product.productId), 'Material')).toBe(materialA);
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => field(b, 'Colour').getByRole('textbox').inputValue(), { timeout: 15_000 }).toBe(colourB);
    await waitSynced(b);
    // No second conflict follows, and no stale note.
    await b.waitForTimeout(1_000);
    expect(await banner.count()).toBe(0);
    await expect.poll(() => b.getByTestId('bol-device-note').count(), { timeout: 15_000 }).toBe(0);

    // The history names both, each attribute with its old and new value.
    await b.getByRole('tab', { name: 'History' }).click();
    const entries = b.getByTestId('product-history').getByTestId('history-entry');
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await entries.nth(0).textContent()).toMatch(/^bram/);
    expect(await entries.nth(0).textContent()).toContain(colourB);
    expect(await entries.nth(1).textContent()).toMatch(/^anna/);
    expect(await entries.nth(1).textContent()).toContain(materialA);
  });
});

describe('one clear state on the product page', { timeout: 150_000 }, () => {
  it('a conflict replaces the waiting note and "saved on this device"; after take all theirs the page shows the server copy', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 32);
    const a = await tablet(STAFF.anna);
    const b = await tablet(STAFF.bram);
    for (const page of [a, b]) {
      await page.goto(`${baseUrl()}/products/${product.productId}`);
      await page.getByTestId('description-editor').waitFor();
    }
    const title = (page: Page) => page.getByRole('textbox', { name: 'Title' });
    await a.context().setOffline(true);
    await b.context().setOffline(true);
    const [titleA, titleB] = [`A shelf ${Date.now()}`, `B shelf ${Date.now()}`];
    await title(a).fill(titleA);
    await a.getByRole('button', { name: 'Apply', exact: true }).click();
    await a.getByTestId('save-queued').waitFor();
    await title(b).fill(titleB);
    await b.getByRole('button', { name: 'Apply', exact: true }).click();
    await b.getByTestId('save-queued').waitFor();

    await a.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);
    await b.context().setOffline(false);
    const banner = b.getByTestId('save-conflict');
    await banner.waitFor({ timeout: 30_000 });
    // One state: the conflict, without the "waiting" note or "saved on this device" beside it.
    await expect.poll(() => b.getByTestId('device-copy-note').count(), { timeout: 5_000 }).toBe(0);
    expect(await b.getByTestId('save-queued').count()).toBe(0);

    await banner.getByRole('button', { name: 'Take all theirs' }).click();
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => title(b).inputValue(), { timeout: 15_000 }).toBe(titleA);
    await waitSynced(b);
    await expect.poll(() => b.getByTestId('device-copy-note').count(), { timeout: 15_000 }).toBe(0);
    expect(await b.getByTestId('save-queued').count()).toBe(0);
    expect((await serverProduct(seed, product.productId)).title).toBe(titleA);
  });
});
