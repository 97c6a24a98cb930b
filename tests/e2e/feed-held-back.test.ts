/**
 * A supplier feed is a writer with a base (docs/feeds.md, "Held-back values"), in real Chromium on
 * two tablets: anna changes a product's title, the supplier's feed runs with a new title, and the
 * product page shows "The supplier now says: …" under the title instead of the feed putting its
 * title back; bram takes the supplier's value, Apply saves it and the note goes. With
 * HELD_BACK_SHOTS=<folder> the note is photographed at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import type { SupplierDetails } from '../../src/shared/suppliers';
import { baseUrl } from './support/browser';
import { apiJson, serverProduct } from './support/catalogue-api';
import { uploadAndRunFeed } from './support/feed-upload';
import { STAFF, useStaffTablets, waitSynced } from './support/two-staff';

const tablet = useStaffTablets({ serviceWorker: false }); // never offline (support/browser.ts)
const SHOTS = process.env.HELD_BACK_SHOTS;

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;color';
const feedOf = (title: string, ean: string) => `${HEADER}\n${ean};HB-1;${title};<p>Warm light</p>;Lumo;Lamps;10,00;24,95;1-2d;5;White\n`;

/** Uploads the feed file of an upload supplier and runs its import to the end. */
async function runFeed(page: Page, supplierId: number, csv: string): Promise<void> {
  expect(await uploadAndRunFeed(page, supplierId, csv)).toEqual({ uploaded: 200, parsed: 200 });
}

async function openProduct(page: Page, productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor({ state: 'attached' });
}

/** Opens the product and waits for the note under its title (photographed with HELD_BACK_SHOTS). */
async function seeSupplierNote(page: Page, productId: number, shot: string) {
  await openProduct(page, productId);
  const note = page.getByTestId('held-back-title');
  await expect.poll(() => note.textContent(), { timeout: 30_000 }).toContain('The supplier now says: Table lamp LED');
  if (SHOTS) {
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${shot}` });
  }
  return note;
}

const titleInput = (page: Page) => page.getByRole('textbox', { name: 'Title' });

describe('a supplier value held back on the product page', () => {
  it("shows what the supplier now says after a person's edit, and Take the supplier's then Apply saves it", async () => {
    const admin = await tablet();
    const name = `Held Back Lamps ${Date.now()}`;
    const ean = '8710103974307';
    const created = await apiJson<SupplierDetails>(admin, '/api/v1/suppliers', { method: 'POST', body: { supplierName: name, feedSource: 'upload', feedFormat: 'csv' } });
    expect(created.status).toBe(201);
    const supplierId = created.body.supplierId;
    await runFeed(admin, supplierId, feedOf('Table lamp', ean));
    const { body: found } = await apiJson<{ content: Product[] }>(admin, `/api/v1/bol/product/filter?size=1&supplierName=${encodeURIComponent(name)}`);
    const productId = found.content[0]?.productId ?? 0;
    expect(productId).toBeGreaterThan(0);

    // anna renames the product on her tablet.
    const anna = await tablet({ width: 1280, height: 800 }, STAFF.anna);
    await openProduct(anna, productId);
    await titleInput(anna).fill('Table lamp, brass');
    await anna.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => (await serverProduct(admin, productId)).title, { timeout: 30_000 }).toBe('Table lamp, brass');
    await waitSynced(anna);

    // The supplier's feed runs with a new title: anna's stays, the supplier's is held back.
    await runFeed(admin, supplierId, feedOf('Table lamp LED', ean));
    const held = await serverProduct(admin, productId);
    expect(held.title).toBe('Table lamp, brass');
    expect(held.heldBack?.map((value) => [value.field, value.value])).toEqual([['title', 'Table lamp LED']]);

    // anna's tablet, landscape: the note under the title.
    await seeSupplierNote(anna, productId, 'held-back-1280x800.png');

    // bram's tablet, portrait: takes the supplier's value and applies it.
    const bram = await tablet({ width: 800, height: 1280 }, STAFF.bram);
    const note = await seeSupplierNote(bram, productId, 'held-back-800x1280.png');
    await note.getByRole('button', { name: "Take the supplier's" }).click();
    expect(await titleInput(bram).inputValue()).toBe('Table lamp LED');
    await bram.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => (await serverProduct(admin, productId)).title, { timeout: 30_000 }).toBe('Table lamp LED');
    await waitSynced(bram);
    await note.waitFor({ state: 'detached', timeout: 30_000 });
    const taken = await serverProduct(admin, productId);
    expect(taken.heldBack).toBeUndefined();

    // The product history says what the feed held back, by the feed import.
    await bram.getByRole('tab', { name: 'History' }).click();
    await bram.getByText('Title: held back: the supplier now says Table lamp LED').first().waitFor({ timeout: 30_000 });
  });
});
