/**
 * The offline engine through the product editor, in the browser: two open tabs send
 * each change exactly once, and a conflict with another session's save is shown with both values
 * and resolved either way.
 */
import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { baseUrl, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson, demoProduct, serverProduct, storedImageBytes } from './support/catalogue-api';
import { keptProductsOnDevice } from './support/device-store';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const GARDEN = 'supplierName=Green%20Garden%20Supplies';

async function openEditor(target: Page, product: Product): Promise<void> {
  await target.goto(`${baseUrl()}/products/${product.productId}`);
  await target.getByTestId('description-editor').waitFor();
}

/**
 * Product changes that reached the server and were answered (attempts cut off offline do not
 * count): one per PATCH /product/{id}, and one per item of a POST /product/batch, which carries the
 * waiting change sets of several products at once (docs/offline.md, "Batches").
 */
function countProductSaves(pages: Page[]): () => number {
  let count = 0;
  const seen = new Set<Request>();
  for (const target of pages) {
    target.on('requestfinished', (request) => {
      if (seen.has(request)) return;
      const path = new URL(request.url()).pathname;
      if (request.method() === 'PATCH' && /^\/api\/v1\/product\/\d+$/.test(path)) {
        seen.add(request);
        count += 1;
      } else if (request.method() === 'POST' && path === '/api/v1/product/batch') {
        seen.add(request);
        count += (request.postDataJSON() as { items: unknown[] }).items.length;
      }
    });
  }
  return () => count;
}

describe('offline edits through the editor', () => {
  it('two open tabs: changes made offline in each reach the server exactly once', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    const context = page.context();
    const second = await context.newPage();
    const [a, b] = [await demoProduct(page, GARDEN, 11), await demoProduct(page, GARDEN, 12)];
    await openEditor(page, a);
    await openEditor(second, b);
    const saves = countProductSaves([page, second]);

    await context.setOffline(true);
    const [titleA, titleB] = [`Tab A ${Date.now()}`, `Tab B ${Date.now()}`];
    await page.getByRole('textbox', { name: 'Title' }).fill(titleA);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('save-queued').waitFor();
    await second.getByRole('textbox', { name: 'Title' }).fill(titleB);
    await second.getByRole('button', { name: 'Apply', exact: true }).click();
    await second.getByTestId('save-queued').waitFor();
    // Both tabs see both waiting changes (one database).
    for (const target of [page, second]) {
      await expect.poll(() => target.getByTestId('sync-indicator').getAttribute('aria-label')).toBe('Sync status: Offline, 2 changes waiting');
    }

    await context.setOffline(false);
    await expect.poll(async () => (await serverProduct(page, a.productId)).title, { timeout: 30_000 }).toBe(titleA);
    await expect.poll(async () => (await serverProduct(page, b.productId)).title, { timeout: 30_000 }).toBe(titleB);
    for (const target of [page, second]) {
      await expect.poll(() => target.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 15_000 }).toBe('synced');
    }
    // Give a second drainer every chance to send again, then count.
    await page.waitForTimeout(1_500);
    expect(saves()).toBe(2);
    expect((await serverProduct(page, a.productId)).version).toBe(a.version + 1);
    expect((await serverProduct(page, b.productId)).version).toBe(b.version + 1);
  });

  it('a conflict with another session shows both values and is resolved with Keep mine, then with Take theirs', async () => {
    await signedInStart(page);
    const product = await demoProduct(page, GARDEN, 13);
    await openEditor(page, product);

    // Round 1: another session saves a title first; mine is kept.
    const theirs1 = `Theirs ${Date.now()}`;
    expect((await apiJson<Product>(page, '/api/v1/product', { method: 'PUT', body: { ...product, title: theirs1 } })).status).toBe(200);
    const mine1 = `Mine ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(mine1);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const conflict = page.getByTestId('save-conflict');
    await conflict.waitFor();
    const row = conflict.getByTestId('conflict-row');
    expect(await row.locator('th').textContent()).toBe('Title');
    expect(await row.locator('td').nth(0).textContent()).toBe(mine1);
    expect(await row.locator('td').nth(1).textContent()).toContain(theirs1);
    await row.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(async () => (await serverProduct(page, product.productId)).title, { timeout: 20_000 }).toBe(mine1);
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 10_000 }).toBe(mine1);

    // Once nothing of mine waits, the editor reloads the server's copy. Let that settle first: a
    // reload after the other session's save below would make its title my starting point (no conflict).
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 15_000 }).toBe('synced');
    await page.waitForTimeout(1_500);

    // Round 2: another session changes it again; this time theirs is taken.
    const current = await serverProduct(page, product.productId);
    const theirs2 = `Theirs again ${Date.now()}`;
    expect((await apiJson<Product>(page, '/api/v1/product', { method: 'PUT', body: { ...current, title: theirs2 } })).status).toBe(200);
    await page.getByRole('textbox', { name: 'Title' }).fill(`Mine again ${Date.now()}`);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-row').locator('td').nth(1).textContent()).toContain(theirs2);
    await conflict.getByRole('button', { name: 'Take all theirs' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 10_000 }).toBe(theirs2);
    expect((await serverProduct(page, product.productId)).title).toBe(theirs2);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 15_000 }).toBe('synced');
  });
});

describe('product edit offline', () => {
  /** A product of its own: no other browser test edits Volt Electronics' tenth product. */
  const VOLT = 'supplierName=Volt%20Electronics';
  const titleInput = () => page.getByRole('textbox', { name: 'Title' });

  it('offline: an added image and a title edit survive a reload and both reach the server once online', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    const source = await demoProduct(page, 'numberOfImages=2', 0);
    const bytes = await storedImageBytes(page, source.productImages[0]!.filePath);
    const product = await demoProduct(page, VOLT, 9);
    await openEditor(page, product);

    await page.context().setOffline(true);
    const title = `Offline title ${Date.now()}`;
    await titleInput().fill(title);
    await page.getByTestId('image-picker').setInputFiles([{ name: 'offline.png', mimeType: 'image/png', buffer: bytes }]);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('save-queued').waitFor();
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(/2 changes? waiting|2 waiting/);

    // Chromium's emulated offline state does not survive a reload: keep the API unreachable instead.
    await page.context().route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    await page.reload();
    await page.getByTestId('description-editor').waitFor();
    expect(await titleInput().inputValue()).toBe(title);
    expect(await page.getByTestId('product-image').count()).toBe(product.productImages.length + 1);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(/2/);
    expect((await serverProduct(page, product.productId).catch(() => null))?.title ?? null).not.toBe(title);

    // The connection returns.
    await page.context().unroute('**/api/**');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await serverProduct(page, product.productId)).title, { timeout: 30_000 })
      .toBe(title);
    const saved = await serverProduct(page, product.productId);
    expect(saved.productImages).toHaveLength(product.productImages.length + 1);
    expect(saved.productImages.at(-1)!.filePath).toMatch(/^\/media\//);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 15_000 }).toBe('synced');
  });

  it('a product only downloaded for offline use, never opened, opens in the editor offline and its edit reaches the server once online', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    await page.getByTestId('sync-indicator').click();
    const section = page.getByRole('dialog', { name: 'Sync status' }).getByRole('region', { name: 'Make available offline' });
    await section.getByRole('button', { name: 'Download' }).click();
    await section.getByText(/^The whole catalogue is available offline/).waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    const product = await demoProduct(page, GARDEN, 14);
    // On the device only inside a block of the download (docs/offline.md "Products kept in blocks"), not as a record of its own.
    expect((await keptProductsOnDevice(page, [product.productId])).map((kept) => kept.title)).toEqual([product.title]);
    const ownRecord = await page.evaluate(
      (id) =>
        new Promise<boolean>((resolve, reject) => {
          const request = indexedDB.open('backoffice');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const read = request.result.transaction('products').objectStore('products').count(id);
            read.onsuccess = () => {
              request.result.close();
              resolve(read.result > 0);
            };
          };
        }),
      product.productId,
    );
    expect(ownRecord).toBe(false);
    const saves = countProductSaves([page]);

    await page.context().setOffline(true);
    await openEditor(page, product);
    const title = page.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(product.title);
    const edited = `Kept offline ${Date.now()}`;
    await title.fill(edited);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('save-queued').waitFor();

    await page.context().setOffline(false);
    await expect.poll(async () => (await serverProduct(page, product.productId)).title, { timeout: 30_000 }).toBe(edited);
    await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 15_000 }).toBe('synced');
    expect(saves()).toBe(1);
  });
});
