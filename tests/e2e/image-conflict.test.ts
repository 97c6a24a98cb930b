/**
 * An image one tablet deletes while another changes it (docs/product-edit.md "Images",
 * "Conflicts"): two browser contexts, both offline; anna deletes image 2, bram gives it an alt
 * text and moves it to the front; both sync. Nothing vanishes without a message: bram's page shows
 * the conflict with both sides (who deleted it, when), Keep mine brings the image back with his
 * alt text at his place, and the History tab reads as people write.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { SHOTS } from './support/screenshots';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const openTablet = useStaffTablets();

async function openEditor(page: Page, product: Product): Promise<void> {
  await page.goto(`${baseUrl()}/products/${product.productId}`);
  await page.getByTestId('description-editor').waitFor();
}

/** A demo product with three images stored on this server (so a deleted one can come back). */
async function productWithStoredImages(page: Page): Promise<Product> {
  let found: Product | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await apiJson<{ content?: Product[] }>(page, '/api/v1/bol/product/filter?size=50&page=0&sort=productId,desc&numberOfImages=3');
        found = body.content?.find((product) => product.productImages.every((image) => image.filePath.startsWith('/media/')));
        return found !== undefined;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBe(true);
  return found as Product;
}

describe('an image deleted on one tablet and changed on another', { timeout: 180_000 }, () => {
  it('both sync: the conflict shows on the page with both sides, Keep mine brings the image back, the history reads as people write', async () => {
    const seed = await openTablet();
    const product = await productWithStoredImages(seed);
    const second = product.productImages[1] as Product['productImages'][number];
    const a = await openTablet(undefined, STAFF.anna);
    const b = await openTablet(undefined, STAFF.bram);
    await openEditor(a, product);
    await openEditor(b, product);
    await a.context().setOffline(true);
    await b.context().setOffline(true);

    // Anna deletes image 2.
    await a.getByRole('button', { name: 'Delete image 2' }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => a.getByTestId('product-image').count(), { timeout: 15_000 }).toBe(2);

    // Bram gives image 2 an alt text and moves it to position 1.
    await b.getByRole('textbox', { name: 'Alt Image of image 2' }).fill('Red shoe');
    await b.getByRole('combobox', { name: 'Position of image 2' }).click();
    await b.getByRole('option', { name: 'Position 1', exact: true }).click();
    await b.getByRole('button', { name: 'Apply', exact: true }).click();
    await b.getByTestId('save-queued').waitFor();

    // Anna's delete lands first.
    await a.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(seed, product.productId)).productImages.map((image) => image.id), { timeout: 30_000 }).not.toContain(second.id);
    await waitSynced(a);

    // Bram's change meets it: the conflict shows with both sides and who deleted it.
    await b.context().setOffline(false);
    const banner = b.getByTestId('save-conflict');
    await banner.waitFor({ timeout: 30_000 });
    const row = banner.getByTestId('conflict-row');
    expect(await row.count()).toBe(1);
    const label = (await row.locator('th').textContent()) ?? '';
    expect(label).toMatch(/^Image 2 '.+'$/);
    expect(await row.locator('td').nth(0).textContent()).toContain("alt text 'Red shoe'");
    expect(await row.locator('td').nth(0).textContent()).toContain('position 1');
    // Theirs is anna's delete: it says so, never "changed by".
    expect(await row.locator('td').nth(1).textContent()).toContain('Deleted by anna');
    expect(await row.locator('td').nth(1).textContent()).not.toContain('changed by');
    // Nothing was written behind bram's back while he decides.
    expect((await serverProduct(seed, product.productId)).productImages.map((image) => image.id)).not.toContain(second.id);
    for (const [width, height] of [
      [1280, 800],
      [800, 1280],
    ] as const) {
      await b.setViewportSize({ width, height });
      await banner.scrollIntoViewIfNeeded();
      await b.screenshot({ path: `${SHOTS}/image-conflict-${width}x${height}.png` });
    }
    await b.setViewportSize({ width: 1280, height: 800 });
    // The sync panel names the same image conflict, with both sides.
    await b.getByTestId('sync-indicator').click();
    const panel = b.getByRole('dialog', { name: 'Sync status' });
    await panel.waitFor();
    await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toContain(label);
    expect(await panel.textContent()).toContain('Deleted');
    await b.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Keep mine: the image comes back with bram's alt text, at the front.
    await row.getByRole('button', { name: 'Keep mine' }).click();
    await expect
      .poll(async () => (await serverProduct(seed, product.productId)).productImages.map((image) => [image.id, image.altImage]), { timeout: 30_000 })
      .toEqual([
        [second.id, 'Red shoe'],
        [product.productImages[0]?.id, product.productImages[0]?.altImage],
        [product.productImages[2]?.id, product.productImages[2]?.altImage],
      ]);
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    await waitSynced(b);

    // The history names each image change in words, the delete with who made it.
    await b.getByRole('tab', { name: 'History' }).click();
    const history = b.getByTestId('product-history');
    await history.waitFor();
    const lines = history.getByTestId('history-image-change');
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const text = (await lines.allTextContents()).join('\n');
    expect(text).toMatch(/Image 2 '.+' deleted by anna/);
    // Keep mine brought the image back: restored by bram, not added.
    expect(text).toMatch(/Image 1 '.+' restored by bram/);
    expect(text).not.toMatch(/Image 1 '.+' added/);
    expect(await history.textContent()).not.toMatch(/\d images →/);
    for (const [width, height] of [
      [1280, 800],
      [800, 1280],
    ] as const) {
      await b.setViewportSize({ width, height });
      await b.screenshot({ path: `${SHOTS}/image-history-${width}x${height}.png` });
    }
  });
});
