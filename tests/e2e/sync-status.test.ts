/**
 * The sync status in real Chromium against the real server: the top-bar indicator offline and
 * online, the panel listing a waiting change that is sent once the connection returns, "Make
 * available offline", and the login page's offline and sign-out behaviour.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { baseUrl, useFreshPage, waitForServiceWorkerControl } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson } from './support/catalogue-api';
import { keptProductCount } from './support/device-store';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
let context: BrowserContext;
beforeEach(() => {
  page = freshPage();
  context = page.context();
});

const indicator = () => page.getByTestId('sync-indicator');

function authorizedJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return apiJson<T>(page, path, init);
}

/** A product of the demo catalogue (imported in the background when the server starts). */
async function someProduct(): Promise<Product> {
  let found: Product | undefined;
  await expect
    .poll(
      async () => {
        const { body } = await authorizedJson<{ content: Product[] }>('/api/v1/bol/product/filter?size=1&sort=productId,asc');
        found = body.content?.[0];
        return found !== undefined;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return found as Product;
}

/** Waits until the app has created its IndexedDB database (the sync engine opens it at start). */
async function waitForAppDatabase(): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'backoffice' && (db.version ?? 0) > 1)))
    .toBe(true);
}

/**
 * Puts a product edit into the outbox the way the outbox does (the product screens that do it are
 * not built yet). Written with plain IndexedDB: Dexie's live queries do not see it until a reload.
 */
async function queueTitleChange(product: Product, title: string): Promise<void> {
  await page.evaluate(
    async ({ product, title }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('backoffice');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['outbox', 'products'], 'readwrite');
      const now = Date.now();
      const edited = { ...product, title };
      tx.objectStore('outbox').put({
        id: crypto.randomUUID(),
        kind: 'product-save',
        entityKey: `product:${product.productId}`,
        seq: 1,
        baseVersion: product.version,
        author: 'admin',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastAttemptAt: null,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        payload: { product: edited },
        dependsOn: [],
      });
      tx.objectStore('products').put({ ...edited, moderationKey: edited.passedModeration ? 1 : 0 });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { product, title },
  );
}

/** Cuts the product save's call off (as a dropped connection would), so changes stay waiting. */
async function blockProductSaves(): Promise<void> {
  await context.route('**/api/v1/product', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
}

async function countInDatabase(store: 'outbox'): Promise<number> {
  return page.evaluate(async (store) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('backoffice');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = await new Promise<number>((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return count;
  }, store);
}

describe('sync status', () => {
  it('shows offline with the waiting change, lists it in the panel, and sends it once back online', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForServiceWorkerControl(page);
    await waitForAppDatabase();
    await expect.poll(() => indicator().getAttribute('data-tone')).toBe('synced');
    const product = await someProduct();

    await context.setOffline(true);
    await expect.poll(() => indicator().getAttribute('data-tone')).toBe('offline');
    expect(await indicator().getAttribute('aria-label')).toBe('Sync status: Offline, nothing waiting');
    await context.setOffline(false);

    // The live queries see the change only after a reload, and Chromium's emulated offline state
    // does not survive one: so the reload happens online, with the save's call cut off.
    await blockProductSaves();
    const title = `Offline edit ${Date.now()}`;
    await queueTitleChange(product, title);
    await page.reload();
    await expect.poll(() => page.getByTestId('sync-badge').textContent()).toBe('1');
    await context.setOffline(true);
    await expect.poll(() => indicator().getAttribute('aria-label')).toBe('Sync status: Offline, 1 change waiting');
    await page.locator('header.top-bar').screenshot({ path: '/tmp/sync-topbar-offline.png' });

    await indicator().click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    await panel.waitFor();
    const item = panel.getByTestId('sync-entry');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain(`Product ${product.productId} · ${title}`);
    expect(await item.textContent()).toContain('Product changes');
    expect(await panel.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/sync-panel-offline.png' });

    await context.unrouteAll();
    await context.setOffline(false);
    await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(0);
    await panel.getByText('All changes are on the server').waitFor();
    expect(await panel.textContent()).toContain('Last change sent just now');
    const saved = await authorizedJson<Product>(`/api/v1/product/${product.productId}`);
    expect(saved.body.title).toBe(title);
    expect(saved.body.version).toBe(product.version + 1);
    await page.keyboard.press('Escape');
    await expect.poll(() => indicator().getAttribute('data-tone')).toBe('synced');
    expect(await page.getByTestId('sync-badge').count()).toBe(0);
    await page.locator('header.top-bar').screenshot({ path: '/tmp/sync-topbar-online.png' });
  });

  it('makes the catalogue available offline with a progress line, into IndexedDB', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForAppDatabase();
    await someProduct();
    const { body } = await authorizedJson<{ totalElements: number }>('/api/v1/bol/product/filter?size=1');

    await indicator().click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    const section = panel.getByRole('region', { name: 'Make available offline' });
    await section.getByRole('button', { name: 'Download' }).click();
    const status = section.getByTestId('download-status');
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^The whole catalogue is available offline \([\d,]+ products\)/);
    expect(await keptProductCount(page)).toBeGreaterThanOrEqual(body.totalElements);
    await page.screenshot({ path: '/tmp/sync-panel-download.png' });

    // The cursor is kept: the button now only fetches what changed.
    expect(await section.getByRole('button', { name: 'Update now' }).isVisible()).toBe(true);
  });

  it('warns before signing out with waiting changes, keeps them, and says offline that sign-in needs a connection', async () => {
    await signedInStart(page, { open: '/dashboard' });
    await waitForAppDatabase();
    const product = await someProduct();

    await blockProductSaves();
    await queueTitleChange(product, 'Kept while signed out');
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => page.getByTestId('sync-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const warning = page.getByRole('alertdialog');
    await warning.getByText('1 change has not reached the server yet. It stays on this device and is sent when you sign in again.').waitFor();
    await page.screenshot({ path: '/tmp/sync-signout-warning.png' });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).not.toBeNull();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('For continue you need sign in first').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    expect(await countInDatabase('outbox')).toBe(1);

    await context.setOffline(true);
    await page
      .getByText('Signing in needs a connection. Changes waiting on this device are kept and sent once you are signed in again.')
      .waitFor();
    await page.screenshot({ path: '/tmp/sync-login-offline.png' });
  });

  it('keeps the indicator compact in the drawer layout and shows the status in the drawer', async () => {
    await page.setViewportSize({ width: 600, height: 900 });
    await signedInStart(page, { open: '/dashboard' });
    await waitForAppDatabase();
    // The panel is a lazy chunk: offline it comes from the service worker's precache, so the
    // worker must control the page before the connection goes.
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await expect.poll(() => indicator().getAttribute('data-tone')).toBe('offline');
    expect(await indicator().getByText('Offline').isVisible()).toBe(false);
    await page.locator('header.top-bar').screenshot({ path: '/tmp/sync-topbar-narrow.png' });

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Offline, nothing waiting' }).click();
    await page.getByRole('dialog', { name: 'Sync status' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main (drawer)' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/sync-panel-narrow.png' });
  });
});
