/**
 * The lists the product list's filters choose from, kept on the device (docs/offline.md "Reference
 * lists"), and the history as people read it (docs/product-edit.md "History"), on tablets in
 * Chromium. Screenshots of both go to SCREENSHOTS_DIR (docs/screenshots/offline-filter-*.png,
 * history-readable-*.png; team-edit.test.ts keeps history-1280x800.png).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Supplier } from '../../src/shared/contract';
import { priceText } from '../../src/app/lib/format';
import { baseUrl, waitForServiceWorkerControl } from './support/browser';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import { keptProductsOnDevice } from './support/device-store';
import { productList } from './support/product-list';
import { SHOTS } from './support/screenshots';
import { useStaffTablets, waitSynced, type Person } from './support/two-staff';

const POLL = { timeout: 15_000 };
const PORTRAIT = { width: 800, height: 1280 };
const LANDSCAPE = { width: 1280, height: 800 };
const CLEO: Person & { displayName: string } = { username: 'cleo', password: 'cleo-password-1', displayName: 'Cleo Jansen' };

const openTablet = useStaffTablets();

/** Both tablet sizes of what the page shows now, as `<name>-<width>x<height>.png`. */
async function shootBothSizes(page: Page, name: string): Promise<void> {
  for (const size of [LANDSCAPE, PORTRAIT]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(LANDSCAPE);
}

/** The records of the device database's `meta` table, read from the page. */
async function deviceMeta(page: Page): Promise<{ key: string; value: unknown }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('backoffice');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the device database did not open'));
    });
    try {
      return await new Promise<{ key: string; value: unknown }[]>((resolve, reject) => {
        const request = db.transaction('meta').objectStore('meta').getAll();
        request.onsuccess = () => resolve(request.result as { key: string; value: unknown }[]);
        request.onerror = () => reject(request.error ?? new Error('reading meta failed'));
      });
    } finally {
      db.close();
    }
  });
}

/** The device's kept lists (meta `referenceList:<name>`) and its kept products' ids by supplier, read from the page. */
async function readDevice(page: Page): Promise<{ lists: string[]; productsBySupplier: Record<string, number[]> }> {
  const lists = (await deviceMeta(page)).map((row) => row.key).filter((key) => key.startsWith('referenceList:')).sort();
  const productsBySupplier: Record<string, number[]> = {};
  // In id order, as the product records' own order was.
  const kept = (await keptProductsOnDevice(page)).sort((a, b) => a.productId - b.productId);
  for (const product of kept) (productsBySupplier[product.supplier.supplierName] ??= []).push(product.productId);
  return { lists, productsBySupplier };
}

describe('filter lists offline', { timeout: 150_000 }, () => {
  it('an offline cold start filters the list by a supplier from the kept list, on the products kept on the device', async () => {
    const online = await openTablet();
    const list = productList(online);
    await list.openFullList();
    const suppliers = (await apiJson<Supplier[]>(online, '/api/v1/supplier')).body.map((supplier) => supplier.supplierName);
    expect(suppliers.length).toBeGreaterThan(1);
    // The visit kept the four lists, and the products it showed.
    await expect.poll(async () => (await readDevice(online)).lists, POLL).toEqual(['referenceList:brands', 'referenceList:categories', 'referenceList:familyKeys', 'referenceList:suppliers']);
    // The full list's first page (the newest products: other test files on this server may have
    // changed products of several suppliers), then a second supplier's page, put products of both on
    // the device; the first supplier's own view is never opened.
    const supplier = (await list.column(6))[0] ?? '';
    const other = suppliers.find((name) => name !== 'All' && name !== supplier) ?? '';
    expect(other).not.toBe('');
    await online.goto(`${baseUrl()}/products?${new URLSearchParams({ supplierName: other }).toString()}`);
    await list.settledTotal();
    await expect.poll(async () => Object.keys((await readDevice(online)).productsBySupplier), POLL).toEqual(expect.arrayContaining([supplier, other]));
    // Offline, the first supplier's view was never opened: it is filtered from the kept products, the other's left out.
    const ids = (await readDevice(online)).productsBySupplier[supplier] ?? [];
    expect(ids.length).toBeGreaterThan(0);

    // The same device, offline from the first request of a new start (Chromium's offline state
    // does not reach navigator.onLine of a new document: a device without network knows it is offline).
    const context = online.context();
    await context.setOffline(true);
    const page = await context.newPage();
    await online.close();
    await page.addInitScript({ content: `Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });` });
    await page.goto(`${baseUrl()}/products`);
    const offlineList = productList(page);
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent(), POLL).toMatch(/^Offline data/);

    // The Supplier field offers the kept list (not only the value shown).
    await offlineList.openFilters();
    const supplierField = page.getByRole('combobox', { name: 'Supplier', exact: true });
    await expect.poll(() => supplierField.locator('option').allTextContents(), POLL).toEqual(['All', ...suppliers.filter((name) => name !== 'All')]);
    await offlineList.choose('Supplier', supplier);
    await expect.poll(() => note.textContent(), POLL).toBe('Offline data, filtered from the products kept on this device');
    await expect.poll(async () => (await offlineList.rowIds()).sort((a, b) => a - b), POLL).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(await offlineList.column(6))).toEqual(new Set([supplier]));
    expect(await offlineList.range.textContent()).toBe(`1–${ids.length} of ${ids.length}`);
    // The other kept lists are there too: categories to choose from, brands and family keys to pick.
    await page.getByRole('button', { name: 'More filters' }).click();
    expect(await page.getByRole('combobox', { name: 'Category', exact: true }).locator('option').count()).toBeGreaterThan(1);
    expect(await page.locator('datalist option').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'More filters' }).click();
    await shootBothSizes(page, 'offline-filter');
  });
});

/** The tag kept with each reference list on the device (meta `referenceList:<name>`.tag), read from the page. */
async function keptListTags(page: Page): Promise<Record<string, string | null>> {
  const rows = (await deviceMeta(page)).filter((row) => row.key.startsWith('referenceList:'));
  return Object.fromEntries(rows.map((row) => [row.key.slice('referenceList:'.length), (row.value as { tag?: string }).tag ?? null]));
}

describe('reference lists asked for with the kept copy’s tag', { timeout: 150_000 }, () => {
  it('a new start asks for each kept list with its tag, and a list answered 304 is offered from the device', async () => {
    const first = await openTablet();
    await productList(first).openFullList();
    const PATHS: Record<string, string> = { suppliers: '/api/v1/supplier', categories: '/api/v1/categories', brands: '/api/v1/brands', familyKeys: '/api/v1/family' };
    // The sign-in's start kept the four lists, each with the tag of its answer.
    await expect.poll(async () => Object.values(await keptListTags(first)).filter((tag) => tag !== null).length, POLL).toBe(4);

    // A new start on the same device (a reload would do the same). The tags are read once the first
    // page is gone (nothing can keep newer ones after), from a file of the site that starts no app.
    const page = await first.context().newPage();
    await first.close();
    await page.goto(`${baseUrl()}/icons/favicon-32.png`);
    const tags = await keptListTags(page);
    expect(Object.values(tags).filter((tag) => tag !== null)).toHaveLength(4);
    const asked = new Map<string, { ifNoneMatch: string | null; status: number }>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      const name = Object.keys(PATHS).find((key) => PATHS[key] === pathname);
      // The start's own read of each list (a later one would carry the tag that read kept).
      if (name && !asked.has(name)) asked.set(name, { ifNoneMatch: response.request().headers()['if-none-match'] ?? null, status: response.status() });
    });
    await page.goto(`${baseUrl()}/products`);
    await expect.poll(() => asked.size, POLL).toBe(4);
    for (const [name, tag] of Object.entries(tags)) {
      expect(asked.get(name)?.ifNoneMatch, name).toBe(tag);
      // 304 unless another test file changed that list on the shared server in the meantime.
      expect([200, 304], name).toContain(asked.get(name)?.status);
    }
    // The supplier list (304: from the device; 200: the new answer) is offered by the filter.
    const suppliers = (await apiJson<Supplier[]>(page, '/api/v1/supplier')).body.map((supplier) => supplier.supplierName);
    await productList(page).openFilters();
    await expect.poll(() => page.getByRole('combobox', { name: 'Supplier', exact: true }).locator('option').allTextContents(), POLL).toEqual(['All', ...suppliers.filter((name) => name !== 'All')]);
  });
});

/** A change set of some fields, sent as the app's outbox sends it, with the page's session. */
function patchFields(page: Page, productId: number, fields: Record<string, { base: unknown; value: unknown }>) {
  return apiJson(page, `/api/v1/product/${productId}`, { method: 'PATCH', body: { fields, images: { added: [], deleted: [], edited: [] }, madeAt: Date.now(), offline: false } });
}

describe('history people can read, two tablets', { timeout: 150_000 }, () => {
  it('changes made on one tablet read on the other as prices, measures and words, by display name; a product that stopped being main says which one became main', async () => {
    const admin = await openTablet();
    const { status } = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { username: CLEO.username, password: CLEO.password, displayName: CLEO.displayName, role: 'staff' } });
    expect([201, 409]).toContain(status);
    // Two products that are not main (the demo import makes one main product per family).
    const product = await demoProduct(admin, 'supplierName=Green%20Garden%20Supplies&isMainProduct=false', 44);
    const sibling = await demoProduct(admin, 'supplierName=Green%20Garden%20Supplies&isMainProduct=false', 45);
    const newPrice = Math.round(product.sellingPrice * 100 + 1050) / 100;
    // The product is its family's main product (saved so by the admin) …
    const family = `HISTORY-${Date.now()}`;
    expect((await patchFields(admin, product.productId, { familyKey: { base: product.familyKey, value: family }, mainProduct: { base: false, value: true } })).status).toBe(200);

    const cleo = await openTablet(LANDSCAPE, CLEO);
    await cleo.goto(`${baseUrl()}/products/${product.productId}`);
    await cleo.getByTestId('description-editor').waitFor();
    await cleo.getByRole('textbox', { name: /Selling Price/ }).fill(newPrice.toFixed(2).replace('.', ','));
    await cleo.getByRole('textbox', { name: /Weight/ }).fill('0,75');
    const moderation = cleo.getByRole('switch', { name: 'Passed Moderation' });
    const passedBefore = (await moderation.getAttribute('aria-checked')) === 'true';
    await moderation.click();
    await cleo.getByRole('button', { name: 'Apply', exact: true }).click();
    await waitSynced(cleo);
    // Her save is on the server before the next one (an empty outbox can be read before Apply queues it).
    await expect.poll(async () => (await serverProduct(cleo, product.productId)).sellingPrice, POLL).toBe(newPrice);
    // … until Cleo saves another member of the family as main.
    expect((await patchFields(cleo, sibling.productId, { familyKey: { base: sibling.familyKey, value: family }, mainProduct: { base: false, value: true } })).status).toBe(200);

    await admin.goto(`${baseUrl()}/products/${product.productId}`);
    await waitForServiceWorkerControl(admin);
    await admin.getByTestId('description-editor').waitFor();
    await admin.getByRole('tab', { name: 'History' }).click();
    const entries = admin.getByTestId('product-history').getByTestId('history-entry');
    await expect.poll(() => entries.count(), POLL).toBe(3);
    // The demotion is an entry of its own, in words, by who saved the other product.
    const demotion = (await entries.nth(0).textContent()) ?? '';
    expect(demotion.startsWith('Cleo Jansen')).toBe(true);
    expect(demotion).toContain(`No longer the main product: ${sibling.title} (${sibling.productId}) became main`);
    expect(await entries.nth(2).locator('tr', { hasText: 'Is main product' }).locator('td').allTextContents()).toEqual(expect.arrayContaining(['Not main', 'Main']));
    const newest = entries.nth(1);
    await expect.poll(() => newest.textContent(), POLL).toMatch(/^Cleo Jansen/);
    const row = newest.locator('tr', { hasText: 'Selling Price' });
    expect(await row.locator('.history-old').textContent()).toBe(priceText(product.sellingPrice));
    expect(await row.locator('.history-new').textContent()).toBe(priceText(newPrice));
    expect(await row.getByRole('button', { name: `Restore Selling Price to ${priceText(product.sellingPrice)}` }).count()).toBe(1);
    // A measure with the decimal comma, a yes/no field in the words of the list's filters.
    expect(await newest.locator('tr', { hasText: 'Weight (kg)' }).locator('.history-new').textContent()).toBe('0,75');
    const words = ['Not passed', 'Passed'];
    expect(await newest.locator('tr', { hasText: 'Passed Moderation' }).locator('td').allTextContents()).toEqual(
      expect.arrayContaining([words[Number(passedBefore)], words[Number(!passedBefore)]]),
    );
    await shootBothSizes(admin, 'history-readable');
  });
});
