/**
 * The category and the image list a supplier feed held back (docs/product-edit.md "The supplier
 * now says"), in real Chromium on two tablets: anna moves a feed product to another category and
 * deletes its feed image; the supplier's feed then sends a new category and two images. Both
 * tablets show the notes (the category by name, the images counted, named and as thumbnails); bram
 * keeps his image list offline (the note goes at once, survives a reload, and the hold ends on the
 * server when the connection returns); anna takes the supplier's category. With
 * HELD_BACK_SHOTS=<folder> the category note is photographed at both tablet sizes (the image note:
 * tests/e2e/feed-held-back-take-images.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../src/shared/contract';
import type { SupplierDetails } from '../../src/shared/suppliers';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { uploadAndRunFeed } from './support/feed-upload';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets();
const SHOTS = process.env.HELD_BACK_SHOTS;

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color;images';
const feedOf = (ean: string, category: string, images: readonly string[]) => `${HEADER}\n${ean};HBP-1;Floor lamp;<p>Warm light</p>;Lumo;${category};10,00;24,95;1-2d;5;White;${images.join('|')}\n`;

/** Uploads the feed file of an upload supplier and runs its import to the end. */
async function runFeed(page: Page, supplierId: number, csv: string): Promise<void> {
  expect(await uploadAndRunFeed(page, supplierId, csv)).toEqual({ uploaded: 200, parsed: 200 });
}

async function openProduct(page: Page, productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
}

async function photograph(page: Page, note: ReturnType<Page['getByTestId']>, shot: string): Promise<void> {
  if (!SHOTS) return;
  // In the middle of the screen: the sticky top bar would cover a note scrolled to the top.
  await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/${shot}` });
}

describe('a held-back category and image list on the product page', { timeout: 240_000 }, () => {
  it('shows both notes on two tablets; Keep mine of the images works offline; Take the supplier\'s saves the category', async () => {
    const admin = await tablet();
    const name = `Held Parts Lamps ${Date.now()}`;
    const ean = '8710103974314';
    const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
    expect(created.status).toBe(201);
    const supplierId = created.body.supplierId;
    const image = (file: string) => `${baseUrl()}/icons/${file}`;
    await runFeed(admin, supplierId, feedOf(ean, 'Lamps', [image('icon-192.png')]));
    const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(name)}`);
    const first = found.content[0] as Product;
    expect(first.productImages).toHaveLength(1);

    // anna moves the product to another category and deletes its feed image.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    const { body: categories } = await apiJson<Category[]>(anna, '/api/v1/categories');
    const mine = categories.find((category) => category.categoryId !== first.categoryId) as Category;
    const moved = await apiJson<Product>(anna, `/api/v1/product/${first.productId}`, {
      method: 'PATCH',
      body: { fields: { categoryId: { base: first.categoryId, value: mine.categoryId } }, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false },
    });
    expect(moved.status).toBe(200);
    await openProduct(anna, first.productId);
    await anna.getByRole('button', { name: 'Delete image 1' }).click();
    await anna.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await serverProduct(admin, first.productId)).productImages.length, { timeout: 30_000 }).toBe(0);
    await waitSynced(anna);

    // The supplier's feed sends a new category and two images: anna's stay, the supplier's are held back.
    const supplierImages = [image('icon-512.png'), image('maskable-512.png')];
    await runFeed(admin, supplierId, feedOf(ean, 'Desk lights', supplierImages));
    const held = await serverProduct(admin, first.productId);
    expect(held.categoryId).toBe(mine.categoryId);
    expect(held.heldBack?.map((value) => value.field)).toEqual(['categoryId', 'images']);

    // anna's tablet, landscape: the category by name under the category, the images at the Images section.
    await openProduct(anna, first.productId);
    const annaCategory = anna.getByTestId('held-back-categoryId');
    await expect.poll(() => annaCategory.textContent(), { timeout: 30_000 }).toContain('The supplier now says: Desk lights');
    const annaImages = anna.getByTestId('held-back-images');
    expect(await annaImages.textContent()).toContain('The supplier now says: 2 images: icon-512.png, maskable-512.png');
    await photograph(anna, annaCategory, 'held-back-category-1280x800.png');

    // bram's tablet, portrait: the same notes.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    await openProduct(bram, first.productId);
    const bramImages = bram.getByTestId('held-back-images');
    await expect.poll(() => bramImages.textContent(), { timeout: 30_000 }).toContain('2 images');
    expect(await bramImages.getByRole('listitem').allTextContents()).toEqual(['icon-512.png', 'maskable-512.png']);
    await photograph(bram, bram.getByTestId('held-back-categoryId'), 'held-back-category-800x1280.png');

    // bram keeps his image list offline: the note goes at once and the change waits.
    const context = bram.context();
    await context.setOffline(true);
    await bramImages.getByRole('button', { name: 'Keep mine' }).click();
    await bramImages.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => bram.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(/1/);
    // Chromium's emulated offline state does not survive a reload: keep the API unreachable instead.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await bram.reload();
    await bram.getByTestId('description-editor').waitFor({ state: 'attached' });
    await bram.getByTestId('held-back-categoryId').waitFor();
    expect(await bram.getByTestId('held-back-images').count()).toBe(0);
    expect((await serverProduct(admin, first.productId)).heldBack?.map((value) => value.field)).toEqual(['categoryId', 'images']);

    // The connection returns: the hold ends on the server.
    await context.unroute('**/api/**');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(async () => (await serverProduct(admin, first.productId)).heldBack?.map((value) => value.field), { timeout: 30_000 }).toEqual(['categoryId']);
    await waitSynced(bram);
    expect((await serverProduct(admin, first.productId)).productImages).toEqual([]);

    // anna takes the supplier's category: saved through the outbox, the hold ends.
    await openProduct(anna, first.productId);
    expect(await anna.getByTestId('held-back-images').count()).toBe(0);
    await annaCategory.getByRole('button', { name: "Take the supplier's" }).click();
    await annaCategory.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(async () => (await serverProduct(admin, first.productId)).categoryName, { timeout: 30_000 }).toBe('Desk lights');
    await waitSynced(anna);
    expect((await serverProduct(admin, first.productId)).heldBack).toBeUndefined();
  });
});
