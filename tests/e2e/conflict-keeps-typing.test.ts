/**
 * Conflicts never eat typing, and only conflicting fields wait (docs/product-edit.md "Conflicts",
 * docs/offline.md "Conflicts"): two people on two tablets (two browser contexts, each with its own
 * device database).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { messages } from '../../src/shared/messages';
import { productEditMessages } from '../../src/shared/product-edit-messages';
import { baseUrl } from './support/browser';
import { demoProduct, serverProduct } from './support/catalogue-api';
import { SHOTS } from './support/screenshots';
import { STAFF, useStaffTablets, type Person } from './support/two-staff';

const GARDEN = 'supplierName=Green%20Garden%20Supplies';

const openTablet = useStaffTablets();

async function tablet(product?: Product, person?: Person): Promise<Page> {
  const page = await openTablet({ width: 1280, height: 800 }, person);
  if (product) {
    await page.goto(`${baseUrl()}/products/${product.productId}`);
    await page.getByTestId('description-editor').waitFor();
  }
  return page;
}

const field = (page: Page, name: 'Title' | 'SKU') => page.getByRole('textbox', { name, exact: true });
const apply = (page: Page) => page.getByRole('button', { name: 'Apply', exact: true }).click();

/** Writes of the product from this tablet fail as if the connection dropped, until the returned function lets them through. */
async function holdWrites(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/api\/v1\/product\/(\d+|batch)$/;
  await page.route(pattern, (route) => (route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected')));
  return () => page.unroute(pattern);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Two browser contexts each signing in, going offline and back: slower than one page, more so on a busy machine.
describe('conflicts and typing', { timeout: 180_000 }, () => {
  it('during a title conflict B types a new title and SKU, then Keep mine: asked first; the typed SKU stays and the server gets only the chosen title', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 31);
    const a = await tablet(product, STAFF.anna);
    const b = await tablet(product, STAFF.bram);
    const [titleA, titleB, typedTitle, typedSku] = [`A lamp ${Date.now()}`, `B lamp ${Date.now()}`, `A and B lamp ${Date.now()}`, `SKU-${Date.now()}`];
    await b.context().setOffline(true);
    await field(b, 'Title').fill(titleB);
    await apply(b);
    await b.getByTestId('save-queued').waitFor();
    await field(a, 'Title').fill(titleA);
    await apply(a);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);

    await b.context().setOffline(false);
    const banner = b.getByTestId('save-conflict');
    await banner.waitFor({ timeout: 30_000 });
    // B keeps typing while the conflict shows: a title of both, and a new SKU.
    await field(b, 'Title').fill(typedTitle);
    await field(b, 'SKU').fill(typedSku);
    await b.getByText('Unsaved changes').waitFor();

    await banner.getByTestId('conflict-row').getByRole('button', { name: 'Keep mine' }).click();
    const question = b.getByRole('alertdialog', { name: productEditMessages.replaceTypedTitle });
    await question.waitFor();
    expect(await question.textContent()).toContain(`“${typedTitle}”`);
    expect(await question.textContent()).toContain(`“${titleB}”`);
    // Nothing was decided or sent before the yes (the dialog hides the form from the accessibility tree).
    expect(await b.locator('#title').inputValue()).toBe(typedTitle);
    expect((await serverProduct(seed, product.productId)).title).toBe(titleA);
    await question.getByRole('button', { name: productEditMessages.replaceTypedConfirm }).click();

    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleB);
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    expect(await field(b, 'Title').inputValue()).toBe(titleB);
    // The typed SKU is still in the form, still unsaved, and not on the server.
    expect(await field(b, 'SKU').inputValue()).toBe(typedSku);
    expect(await b.getByText('Unsaved changes').count()).toBe(1);
    expect((await serverProduct(seed, product.productId)).sku).toBe(product.sku);
  });

  it('a conflict found while B is on the product list: toast with a link, a mark on the row, "Needs you" in the sync panel; the other fields are on the server', async () => {
    const seed = await tablet();
    const product = await demoProduct(seed, GARDEN, 32);
    const a = await tablet(product, STAFF.anna);
    const b = await tablet(product, STAFF.bram);
    const [titleA, titleB, skuB] = [`A pot ${Date.now()}`, `B pot ${Date.now()}`, `POT-${Date.now()}`];
    // B's save cannot reach the server yet; B goes on to the product list.
    const letWritesThrough = await holdWrites(b);
    await field(b, 'Title').fill(titleB);
    await field(b, 'SKU').fill(skuB);
    await apply(b);
    await b.getByTestId('save-queued').waitFor({ timeout: 30_000 });
    await b.goto(`${baseUrl()}/products?keyword=${encodeURIComponent(product.ean)}`);
    const row = b.getByRole('table', { name: 'Products' }).locator('tbody tr', { has: b.locator(`a[href="/products/${product.productId}"]`) });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('.needs-you-mark').count()).toBe(0);
    // Meanwhile A renames the product.
    await field(a, 'Title').fill(titleA);
    await apply(a);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);

    await letWritesThrough();
    // The outbox drains in the background: B's SKU is written at once, the title waits for B.
    await expect.poll(async () => (await serverProduct(seed, product.productId)).sku, { timeout: 45_000 }).toBe(skuB);
    expect((await serverProduct(seed, product.productId)).title).toBe(titleA);
    const toastLink = b.getByTestId('toast-link');
    await toastLink.waitFor({ timeout: 15_000 });
    expect(await toastLink.getAttribute('href')).toBe(`/products/${product.productId}`);
    expect(await b.locator('.toast-with-link').textContent()).toContain('Your other changes are saved');
    await row.locator('.needs-you-mark').waitFor({ timeout: 15_000 });
    expect(await row.locator('.needs-you-mark').textContent()).toBe(messages.sync.needsYouTitle);
    await shoot(b, 'needs-you-row');

    await b.getByTestId('sync-indicator').click();
    const needsYou = b.getByTestId('needs-you');
    await needsYou.waitFor();
    const item = needsYou.getByTestId('needs-you-item');
    expect(await item.count()).toBe(1);
    // Named as the server's answer names the product (as the toast does).
    expect(await item.textContent()).toContain(titleA);
    await shoot(b, 'needs-you-panel');
    await item.getByRole('link', { name: messages.sync.needsYouOpen }).click();
    await expect.poll(() => b.url(), { timeout: 15_000 }).toBe(`${baseUrl()}/products/${product.productId}`);
    await b.getByTestId('save-conflict').waitFor({ timeout: 15_000 });
  });
});
