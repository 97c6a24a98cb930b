/**
 * "Take the supplier's" on a held-back image list (docs/product-edit.md "The supplier now says"), in
 * real Chromium on two tablets: anna deletes a feed product's image, the supplier's feed then sends
 * two images (held back); bram, offline, takes the supplier's images: his tablet shows them at once
 * and after a reload while the write waits, the server takes them when the connection returns, and
 * anna's open page shows them too. With HELD_BACK_SHOTS=<folder> the image note with its buttons is
 * photographed at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import type { SupplierDetails } from '../../src/shared/suppliers';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { uploadAndRunFeed } from './support/feed-upload';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets();
const SHOTS = process.env.HELD_BACK_SHOTS;

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color;images';
const feedOf = (images: readonly string[]) => `${HEADER}\n8710103974321;HBT-1;Reading lamp;<p>Soft light</p>;Lumo;Lamps;10,00;24,95;1-2d;5;White;${images.join('|')}\n`;

async function runFeed(page: Page, supplierId: number, csv: string): Promise<void> {
  expect(await uploadAndRunFeed(page, supplierId, csv)).toEqual({ uploaded: 200, parsed: 200 });
}

async function openProduct(page: Page, productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
}

/** The names of the images the product page shows, in order. */
async function shownImages(page: Page): Promise<string[]> {
  const fields = page.getByTestId('product-image').getByRole('textbox', { name: /^Name of image/ });
  return Promise.all((await fields.all()).map((field) => field.inputValue()));
}

async function photograph(page: Page, shot: string): Promise<void> {
  if (!SHOTS) return;
  // In the middle of the screen: the sticky top bar would cover a note scrolled to the top.
  await page.getByTestId('held-back-images').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/${shot}` });
}

describe("taking the supplier's held-back images", { timeout: 240_000 }, () => {
  it("takes them offline on one tablet; after the connection returns both tablets show the supplier's images", async () => {
    const admin = await tablet();
    const name = `Held Take Lamps ${Date.now()}`;
    const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
    expect(created.status).toBe(201);
    const supplierId = created.body.supplierId;
    const image = (file: string) => `${baseUrl()}/icons/${file}`;
    await runFeed(admin, supplierId, feedOf([image('icon-192.png')]));
    const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(name)}`);
    const productId = (found.content[0] as Product).productId;

    // anna (landscape) deletes the feed's image.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    await openProduct(anna, productId);
    await anna.getByRole('button', { name: 'Delete image 1' }).click();
    await anna.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await serverProduct(admin, productId)).productImages.length, { timeout: 30_000 }).toBe(0);
    await waitSynced(anna);

    // The supplier sends two images: held back, as anna changed the list.
    const supplierImages = [image('icon-512.png'), image('maskable-512.png')];
    await runFeed(admin, supplierId, feedOf(supplierImages));
    expect((await serverProduct(admin, productId)).heldBack?.map((value) => value.field)).toEqual(['images']);

    await openProduct(anna, productId);
    const annaNote = anna.getByTestId('held-back-images');
    await expect.poll(() => annaNote.textContent(), { timeout: 30_000 }).toContain('The supplier now says: 2 images: icon-512.png, maskable-512.png');
    expect(await annaNote.getByRole('button').allTextContents()).toEqual(["Take the supplier's", 'Keep mine']);
    await photograph(anna, 'held-back-images-1280x800.png');

    // bram (portrait) takes the supplier's images while offline: they show at once, the write waits.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    await openProduct(bram, productId);
    const bramNote = bram.getByTestId('held-back-images');
    await expect.poll(() => bramNote.textContent(), { timeout: 30_000 }).toContain('2 images');
    await photograph(bram, 'held-back-images-800x1280.png');
    const context = bram.context();
    await context.setOffline(true);
    await bramNote.getByRole('button', { name: "Take the supplier's" }).click();
    await bramNote.waitFor({ state: 'detached', timeout: 10_000 });
    await bram.getByText("The supplier's images are saved. They are sent to the server when the connection allows.").waitFor({ timeout: 10_000 });
    await expect.poll(() => shownImages(bram), { timeout: 10_000 }).toEqual(['icon-512.png', 'maskable-512.png']);
    await expect.poll(() => bram.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(/1/);

    // A reload while it waits: still the supplier's images, no note; the server still holds the list.
    // (Chromium's emulated offline state does not survive a reload: the API is kept unreachable instead.)
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await bram.reload();
    await bram.getByTestId('description-editor').waitFor({ state: 'attached' });
    await expect.poll(() => shownImages(bram), { timeout: 10_000 }).toEqual(['icon-512.png', 'maskable-512.png']);
    expect(await bram.getByTestId('held-back-images').count()).toBe(0);
    expect((await serverProduct(admin, productId)).heldBack?.map((value) => value.field)).toEqual(['images']);

    // The connection returns: the server takes the supplier's list and the hold ends.
    await context.unroute('**/api/**');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(async () => (await serverProduct(admin, productId)).heldBack, { timeout: 30_000 }).toBeUndefined();
    await waitSynced(bram);
    const taken = await serverProduct(admin, productId);
    expect(taken.productImages.map((one) => [one.filePath, one.isMainImage])).toEqual([
      [supplierImages[0], true],
      [supplierImages[1], false],
    ]);
    await expect.poll(() => shownImages(bram), { timeout: 10_000 }).toEqual(['icon-512.png', 'maskable-512.png']);

    // anna's open page shows the supplier's images too, and her note is gone.
    await expect.poll(() => shownImages(anna), { timeout: 30_000 }).toEqual(['icon-512.png', 'maskable-512.png']);
    expect(await annaNote.count()).toBe(0);
    // The history names who took them.
    const { body: history } = await apiJson<{ content: { author: string; how: string; changes: { field: string; taken?: boolean }[] }[] }>(admin, `/api/v1/product/${productId}/history`);
    expect(history.content[0]).toMatchObject({ author: 'bram', how: 'offline-sync' });
    expect(history.content[0]?.changes[0]).toMatchObject({ field: 'images', taken: true, new: supplierImages });
  });
});
