/**
 * Two people editing one product on two tablets (docs/offline.md "Change sets"): two
 * browser contexts, each with its own device database, both offline, then back online.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { baseUrl } from './support/browser';
import { STAFF, useStaffTablets, waitSynced, type Person } from './support/two-staff';
import { demoProduct, serverProduct, storedImageBytes } from './support/catalogue-api';
import { SHOTS } from './support/screenshots';

const GARDEN = 'supplierName=Green%20Garden%20Supplies';

const openTablet = useStaffTablets();

/** A signed-in tablet (the admin unless someone is named) with the product open in the editor. */
async function tablet(product?: Product, viewport = { width: 1280, height: 800 }, person?: Person): Promise<Page> {
  const page = await openTablet(viewport, person);
  if (product) await openEditor(page, product);
  return page;
}

async function openEditor(page: Page, product: Product): Promise<void> {
  await page.goto(`${baseUrl()}/products/${product.productId}`);
  await page.getByTestId('description-editor').waitFor();
}

const title = (page: Page) => page.getByRole('textbox', { name: 'Title' });
const apply = async (page: Page) => {
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
};

async function chooseDeliveryCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('delivery-code').click();
  await page.getByRole('option', { name: code, exact: true }).click();
}


// Two browser contexts each signing in, going offline and back: slower than one page, more so on a busy machine.
describe('two people, one product', { timeout: 150_000 }, () => {
  it('both offline, A changes the title and B the delivery code: both land, no conflict, no stale banner', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 21);
    const a = await tablet(product, undefined, STAFF.anna);
    const b = await tablet(product, undefined, STAFF.bram);
    const newCode = product.deliveryCode === '3-5d' ? '4-8d' : '3-5d';
    await a.context().setOffline(true);
    await b.context().setOffline(true);
    const titleA = `A title ${Date.now()}`;
    await title(a).fill(titleA);
    await apply(a);
    await a.getByTestId('save-queued').waitFor();
    await chooseDeliveryCode(b, newCode);
    await apply(b);
    await b.getByTestId('save-queued').waitFor();

    await a.context().setOffline(false);
    await b.context().setOffline(false);
    await expect.poll(async () => {
      const now = await serverProduct(seed, product.productId);
      return [now.title, now.deliveryCode];
    }, { timeout: 30_000 }).toEqual([titleA, newCode]);
    for (const page of [a, b]) {
      await waitSynced(page);
      expect(await page.getByTestId('save-conflict').count()).toBe(0);
      // The page shows the server's copy: no "waiting" banner once everything is sent.
      await expect.poll(() => page.getByTestId('device-copy-note').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => page.getByTestId('save-queued').count(), { timeout: 15_000 }).toBe(0);
    }
  });

  it('both change the title: the second sees the conflict on the page with both values and who; keep mine writes only the title', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 22);
    const a = await tablet(product, undefined, STAFF.anna);
    const b = await tablet(product, undefined, STAFF.bram);
    const newCode = product.deliveryCode === '2-3d' ? '1-8d' : '2-3d';
    await a.context().setOffline(true);
    await b.context().setOffline(true);
    const [titleA, titleB] = [`A chair ${Date.now()}`, `B chair ${Date.now()}`];
    await title(a).fill(titleA);
    await chooseDeliveryCode(a, newCode);
    await apply(a);
    await a.getByTestId('save-queued').waitFor();
    await title(b).fill(titleB);
    await apply(b);
    await b.getByTestId('save-queued').waitFor();

    await a.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);
    await b.context().setOffline(false);
    const banner = b.getByTestId('save-conflict');
    await banner.waitFor({ timeout: 30_000 });
    const row = banner.getByTestId('conflict-row');
    expect(await row.count()).toBe(1);
    expect(await row.locator('th').textContent()).toBe('Title');
    expect(await row.locator('td').nth(0).textContent()).toBe(titleB);
    expect(await row.locator('td').nth(1).textContent()).toContain(titleA);
    expect(await row.locator('td').nth(1).textContent()).toContain('changed by anna');
    // The field itself shows it too.
    await b.getByTestId('field-conflict-title').waitFor();
    await b.setViewportSize({ width: 1280, height: 800 });
    await b.screenshot({ path: `${SHOTS}/conflict-editor-1280x800.png` });
    await b.setViewportSize({ width: 800, height: 1280 });
    await b.screenshot({ path: `${SHOTS}/conflict-editor-800x1280.png` });
    await b.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleB);
    expect((await serverProduct(seed, product.productId)).deliveryCode).toBe(newCode);
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => title(b).inputValue(), { timeout: 15_000 }).toBe(titleB);
    await waitSynced(b);
    // No second conflict follows.
    await b.waitForTimeout(1_000);
    expect(await banner.count()).toBe(0);
  });

  it('A and B each add an image offline: both images are kept', async () => {
    const seed = await tablet();
    const source = await demoProduct(seed, 'numberOfImages=2', 0);
    const bytes = await storedImageBytes(seed, source.productImages[0]!.filePath);
    const product = await demoProduct(seed, GARDEN, 23);
    const a = await tablet(product, undefined, STAFF.anna);
    const b = await tablet(product, undefined, STAFF.bram);
    await a.context().setOffline(true);
    await b.context().setOffline(true);
    await a.getByTestId('image-picker').setInputFiles([{ name: 'from-a.png', mimeType: 'image/png', buffer: bytes }]);
    await apply(a);
    await a.getByTestId('save-queued').waitFor();
    await b.getByTestId('image-picker').setInputFiles([{ name: 'from-b.png', mimeType: 'image/png', buffer: bytes }]);
    await apply(b);
    await b.getByTestId('save-queued').waitFor();
    await a.context().setOffline(false);
    await b.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).productImages.length, { timeout: 30_000 }).toBe(product.productImages.length + 2);
    for (const page of [a, b]) {
      await waitSynced(page);
      expect(await page.getByTestId('save-conflict').count()).toBe(0);
    }
  });

  it("the History tab shows both people's changes; restoring an old title works offline and syncs", async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 24);
    const a = await tablet(product, undefined, STAFF.anna);
    const b = await tablet(product, undefined, STAFF.bram);
    const titleA = `History title ${Date.now()}`;
    await title(a).fill(titleA);
    await apply(a);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);
    const newCode = product.deliveryCode === '4-8d' ? '1-2d' : '4-8d';
    await chooseDeliveryCode(b, newCode);
    await apply(b);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).deliveryCode, { timeout: 30_000 }).toBe(newCode);

    await b.getByRole('tab', { name: 'History' }).click();
    const history = b.getByTestId('product-history');
    await history.waitFor();
    const entries = history.getByTestId('history-entry');
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // Newest first: B's delivery term, then A's title, each with its old and new value.
    expect(await entries.nth(0).textContent()).toContain(`Delivery Term${product.deliveryCode}→${newCode}`);
    expect(await entries.nth(1).textContent()).toContain(`Title${product.title}→${titleA}`);
    // Each names the person who made it.
    expect(await entries.nth(0).textContent()).toMatch(/^bram/);
    expect(await entries.nth(1).textContent()).toMatch(/^anna/);
    await b.screenshot({ path: `${SHOTS}/history-1280x800.png` });

    await b.context().setOffline(true);
    await entries.nth(1).getByRole('button', { name: /^Restore Title/ }).click();
    await b.getByRole('tab', { name: 'General' }).click();
    await expect.poll(() => title(b).inputValue(), { timeout: 15_000 }).toBe(product.title);
    expect((await serverProduct(seed, product.productId)).title).toBe(titleA);
    await b.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(product.title);
    const now = await serverProduct(seed, product.productId);
    expect(now.deliveryCode).toBe(newCode);
    await waitSynced(b);
  });
});
