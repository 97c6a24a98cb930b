/**
 * The truth about the connection and open forms that stay fresh (docs/offline.md "Reaching the
 * server", docs/product-edit.md "Open forms stay fresh"), on two tablets (two browser contexts,
 * each its own device database, both controlled by the service worker):
 * - a tablet whose requests to the server fail while the browser stays online says "Can't reach
 *   the server", keeps a save waiting, and recovers without an `online` event once the server
 *   answers again: the save arrives and the "Offline data" note goes;
 * - a colleague's saved title shows in the other tablet's open form within about 5 s, while what
 *   that person typed stays.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { productEditMessages } from '../../src/shared/product-edit-messages';
import { baseUrl } from './support/browser';
import type { BolModel } from '../../src/shared/bol-contract';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import { SHOTS } from './support/screenshots';
import { STAFF, useStaffTablets, type Person } from './support/two-staff';

const GARDEN = 'supplierName=Green%20Garden%20Supplies';
const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 800, height: 1280 };

const openTablet = useStaffTablets({ serviceWorker: false }); // never offline (support/browser.ts)

async function tablet(productId: number, person: Person): Promise<Page> {
  const page = await openTablet(LANDSCAPE, person);
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor();
  return page;
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** 'Storage' in the demo data model: Material and Colour are optional text attributes. */
const STORAGE_CHUNK = '10002106';
const attributeBox = (page: Page, attributeId: string) => page.locator(`[data-attribute="${attributeId}"]`).getByRole('textbox');
const indicator = (page: Page) => page.getByTestId('sync-indicator');

/** Requests to the server (the API and the health probe) fail without an answer; the browser stays online. */
const toServer = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/healthz');
const noAnswer = (route: Route) => route.abort('connectionrefused');

describe('the connection and fresh forms on two tablets', { timeout: 180_000 }, () => {
  it("says \"Can't reach the server\" while requests fail online, keeps the save waiting, and recovers without an online event", async () => {
    const seed = await openTablet(LANDSCAPE);
    const product = await demoProduct(seed, GARDEN, 31);
    const a = await tablet(product.productId, STAFF.anna);
    const b = await tablet(product.productId, STAFF.bram);
    await expect.poll(() => indicator(a).getAttribute('data-tone')).toBe('synced');
    // No `online` or `offline` event may take part: the browser's network never changes.
    await a.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { connectionEvents: string[] }).connectionEvents = seen;
      window.addEventListener('online', () => seen.push('online'));
      window.addEventListener('offline', () => seen.push('offline'));
    });

    await a.route(toServer, noAnswer);
    // The open form's poll finds no answer within a few seconds.
    await expect.poll(() => indicator(a).textContent(), { timeout: 20_000 }).toBe(messages.sync.unreachable);
    expect(await indicator(a).getAttribute('data-tone')).toBe('unreachable');
    expect(await a.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(() => a.getByTestId('device-copy-note').textContent()).toMatch(/^Offline data/);

    const titleA = `Title while unreachable ${Date.now()}`;
    await field(a, 'Title').fill(titleA);
    await a.getByRole('button', { name: 'Apply', exact: true }).click();
    await a.getByTestId('save-queued').waitFor({ timeout: 40_000 });
    await expect.poll(() => indicator(a).getAttribute('aria-label')).toBe("Sync status: Can't reach the server, 1 change waiting");
    expect((await serverProduct(seed, product.productId)).title).toBe(product.title);

    await a.screenshot({ path: `${SHOTS}/unreachable-1280x800.png` });
    await a.setViewportSize(PORTRAIT);
    await a.screenshot({ path: `${SHOTS}/unreachable-800x1280.png` });
    await a.setViewportSize(LANDSCAPE);

    await a.unroute(toServer, noAnswer);
    // The probe (or the outbox's next try) hears the server again: Online, the save goes, the note goes.
    await expect.poll(() => indicator(a).textContent(), { timeout: 45_000 }).toBe('Online');
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title, { timeout: 30_000 }).toBe(titleA);
    await expect.poll(() => indicator(a).getAttribute('data-tone'), { timeout: 30_000 }).toBe('synced');
    await expect.poll(() => a.getByTestId('device-copy-note').count(), { timeout: 20_000 }).toBe(0);
    expect(await a.evaluate(() => (window as unknown as { connectionEvents: string[] }).connectionEvents)).toEqual([]);
    // The other tablet, online all along, shows the title in its open form.
    await expect.poll(() => field(b, 'Title').inputValue(), { timeout: 20_000 }).toBe(titleA);
  });

  it("A saves the title while B has the product open with a typed SKU: B's form shows A's title with a note within about 5 s, B's SKU stays", async () => {
    const seed = await openTablet(LANDSCAPE);
    const product = await demoProduct(seed, GARDEN, 32);
    const a = await tablet(product.productId, STAFF.anna);
    const b = await tablet(product.productId, STAFF.bram);
    const skuB = `SKU-B-${Date.now()}`;
    await field(b, 'SKU').fill(skuB);

    const titleA = `Title by Anna ${Date.now()}`;
    await field(a, 'Title').fill(titleA);
    await a.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => (await serverProduct(seed, product.productId)).title).toBe(titleA);
    const savedAt = Date.now();

    await expect.poll(() => field(b, 'Title').inputValue(), { timeout: 10_000, interval: 100 }).toBe(titleA);
    const shownAfterMs = Date.now() - savedAt;
    console.log(`B's open form showed A's title ${shownAfterMs} ms after the server had it`);
    expect(shownAfterMs).toBeLessThan(8_000);
    await expect.poll(() => b.getByTestId('fresh-news').textContent()).toContain('Updated by anna just now: Title');
    expect(await field(b, 'SKU').inputValue()).toBe(skuB);

    await b.screenshot({ path: `${SHOTS}/fresh-form-note-1280x800.png` });
    await b.setViewportSize(PORTRAIT);
    await b.screenshot({ path: `${SHOTS}/fresh-form-note-800x1280.png` });
    await b.setViewportSize(LANDSCAPE);

    // B's save sends the SKU on A's title: both stand on the server.
    await b.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => {
      const now = await serverProduct(seed, product.productId);
      return [now.title, now.sku];
    }).toEqual([titleA, skuB]);
  });

  it('both change the title: B keeps the typing, sees A\'s value on the field and takes it', async () => {
    const seed = await openTablet(LANDSCAPE);
    const product = await demoProduct(seed, GARDEN, 33);
    const a = await tablet(product.productId, STAFF.anna);
    const b = await tablet(product.productId, STAFF.bram);
    const titleB = `Title typed by Bram ${Date.now()}`;
    await field(b, 'Title').fill(titleB);

    const titleA = `Title by Anna ${Date.now()}`;
    await field(a, 'Title').fill(titleA);
    await a.getByRole('button', { name: 'Apply', exact: true }).click();

    const note = b.getByTestId('fresh-conflict-title');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toContain(titleA);
    expect(await field(b, 'Title').inputValue()).toBe(titleB);
    await b.screenshot({ path: `${SHOTS}/fresh-form-conflict-1280x800.png` });

    await note.getByRole('button', { name: productEditMessages.takeTheirs }).click();
    expect(await field(b, 'Title').inputValue()).toBe(titleA);
    expect(await b.getByTestId('fresh-conflict-title').count()).toBe(0);
  });

  it("the Bol Model tab too: A saves Colour while B has the tab open with typed Material; B's tab shows A's Colour, B's Material stays", async () => {
    const seed = await openTablet(LANDSCAPE);
    const product = await demoProduct(seed, GARDEN, 34);
    const assigned = await apiJson(seed, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: STORAGE_CHUNK } });
    expect(assigned.status).toBe(200);
    const a = await openTablet(LANDSCAPE, STAFF.anna);
    const b = await openTablet(LANDSCAPE, STAFF.bram);
    for (const page of [a, b]) {
      await page.goto(`${baseUrl()}/products/${product.productId}?tab=2`);
      await attributeBox(page, 'Colour').waitFor();
    }
    const materialB = `Oak ${Date.now()}`;
    await attributeBox(b, 'Material').fill(materialB);

    const colourA = `Moss ${Date.now()}`;
    await attributeBox(a, 'Colour').fill(colourA);
    await a.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => (await apiJson<BolModel>(seed, `/api/v1/bol/data/model/product/${product.productId}`)).body.attributeData.find((x) => x.attributeId === 'Colour')?.value).toBe(colourA);

    await expect.poll(() => attributeBox(b, 'Colour').inputValue(), { timeout: 15_000 }).toBe(colourA);
    await expect.poll(() => b.getByTestId('fresh-news').textContent()).toContain('Updated by anna just now: Colour');
    expect(await attributeBox(b, 'Material').inputValue()).toBe(materialB);
  });
});
