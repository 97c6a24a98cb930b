/**
 * The Bol Model tab in real Chromium against the real server and its bol simulator: choosing a
 * category (bol's recommendations first), the required-fields check, saving through the outbox
 * (online and offline), creating the product on bol with its status and upload report, and the
 * shoe product's Schoenmaat filled from its US size.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BolMarketplaceState, BolModel } from '../../src/shared/bol-contract';
import type { Product } from '../../src/shared/contract';
import { usToEuShoeSize } from '../../src/shared/rules/shoe-size';
import { baseUrl, useFreshPage } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson } from './support/catalogue-api';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return apiJson<T>(page, path, init);
}

/** Products of one demo supplier (imported in the background when the server starts). */
async function productsOf(supplierName: string, size = 50): Promise<Product[]> {
  let found: Product[] = [];
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ supplierName, size: String(size), sort: 'productId,asc' });
        found = (await api<{ content?: Product[] }>(`/api/v1/bol/product/filter?${query}`)).body.content ?? [];
        return found.length;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  return found;
}

const categoryInput = () => page.getByRole('combobox', { name: 'Choose Bol category' });
const field = (attributeId: string) => page.locator(`[data-attribute="${attributeId}"]`);

async function openBolTab(productId: number): Promise<void> {
  await page.goto(`${baseUrl()}/products/${productId}?tab=2`);
  await categoryInput().waitFor({ timeout: 20_000 });
}

async function chooseCategory(typed: string, name: string): Promise<void> {
  await categoryInput().click();
  await categoryInput().fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect.poll(() => categoryInput().inputValue(), { timeout: 15_000 }).toBe(name);
  await page.getByRole('heading', { name: 'Required Fields' }).waitFor();
}

describe('Bol Model tab', () => {
  it("fills the shoe product's Schoenmaat from its US size and saves it", async () => {
    await signedInStart(page);
    const shoes = await productsOf('Stride Shoes US');
    const shoe = shoes.find((product) => product.productSize === '9.5') ?? shoes.find((product) => usToEuShoeSize(product.productSize) !== null);
    expect(shoe).toBeDefined();
    const product = shoe as Product;
    const eu = usToEuShoeSize(product.productSize) as string;
    // Not the US size itself: the table converts it (US 9.5 is EU 44 2/3).
    expect(eu).not.toBe(product.productSize);

    await openBolTab(product.productId);
    await chooseCategory('sneak', 'Sneakers');
    const schoenmaat = field('Schoenmaat').getByRole('combobox');
    await expect.poll(() => schoenmaat.textContent()).toBe(eu);
    await page.screenshot({ path: '/tmp/bol-model-shoe.png' });

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Bol product successfully updated!').waitFor({ timeout: 20_000 });
    const saved = await api<BolModel>(`/api/v1/bol/data/model/product/${product.productId}`);
    expect(saved.body.chunkName).toBe('Sneakers');
    expect(saved.body.version).toBeGreaterThanOrEqual(2);
    expect(saved.body.attributeData.find((attribute) => attribute.attributeId === 'Schoenmaat')?.value).toBe(eu);
  });

  it('lists recommendations first, marks empty required fields, saves, creates the product on bol and shows its status', async () => {
    await signedInStart(page);
    // A product no other test has given a Bol category (the browser tests share one server).
    const garden = await productsOf('Green Garden Supplies');
    let product: Product | undefined;
    for (const candidate of garden.slice(3)) {
      const model = await api<BolModel>(`/api/v1/bol/data/model/product/${candidate.productId}`);
      if (model.status === 200 && !model.body.chunkId) {
        product = candidate;
        break;
      }
    }
    if (!product) throw new Error('every Green Garden product already has a Bol category');
    await openBolTab(product.productId);

    // No category yet: bol's recommendations come first in the option box (300 px wide).
    await categoryInput().click();
    const options = page.getByRole('listbox', { name: 'Choose Bol category' }).getByRole('option');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await expect.poll(() => options.first().textContent(), { timeout: 15_000 }).toMatch(/Recommended by bol \(\d+%\)/);
    const box = await page.getByRole('listbox', { name: 'Choose Bol category' }).boundingBox();
    expect(box?.width).toBe(300);
    await page.screenshot({ path: '/tmp/bol-model-options.png' });
    await page.keyboard.press('Escape');

    await chooseCategory('garden t', 'Garden Tools');
    // The category is assigned on the server at once.
    const assignment = await api<{ chunkName: string | null }>(`/api/v1/bol/data/model/chunk/${product.productId}`);
    expect(assignment.body.chunkName).toBe('Garden Tools');

    // Required fields left empty: the message, and those fields marked.
    await field('Name').getByRole('textbox').fill('');
    await field('Material').getByRole('textbox').fill('');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('bol-notice').getByText('Please fill in all required fields.').waitFor();
    expect(await field('Name').getAttribute('data-invalid')).toBe('true');
    expect(await field('Material').getAttribute('data-invalid')).toBe('true');
    expect(await field('EAN').getAttribute('data-invalid')).toBeNull();
    expect(await field('Name').textContent()).toContain('This field is required.');
    await page.screenshot({ path: '/tmp/bol-model-invalid.png' });
    // Nothing was saved.
    const unsaved = await api<BolModel>(`/api/v1/bol/data/model/product/${product.productId}`);
    expect(unsaved.body.attributeData.find((attribute) => attribute.attributeId === 'Name')?.value).toBe(product.title);

    const name = `${product.title} for bol`;
    await field('Name').getByRole('textbox').fill(name);
    await field('Material').getByRole('textbox').fill('Steel');
    expect(await field('Name').getAttribute('data-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Bol product successfully updated!').waitFor({ timeout: 20_000 });
    const saved = await api<BolModel>(`/api/v1/bol/data/model/product/${product.productId}`);
    const value = (id: string) => saved.body.attributeData.find((attribute) => attribute.attributeId === id)?.value;
    expect(value('Name')).toBe(name);
    expect(value('Material')).toBe('Steel');

    const create = page.getByRole('button', { name: 'Create New Product on Bol' });
    await create.click();
    await page.getByRole('button', { name: 'Creating...' }).waitFor();
    await page.getByTestId('bol-create-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bol-create-result').textContent()).toMatch(/^Sent to bol\./);
    await page.getByText('Product successfully sent to bol.').waitFor();
    const badge = page.getByTestId('bol-content-status-badge');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 20_000 }).toBe('SUCCESS');
    expect(await page.getByTestId('bol-content-status-text').textContent()).toBe('Accepted by bol');

    // bol's upload report per attribute (the simulator completes it on the second read).
    const report = page.getByRole('table', { name: 'Upload report per attribute' });
    await page.getByRole('button', { name: 'Check the upload report' }).click();
    const nameRow = report.getByRole('row', { name: /^Name/ });
    await expect.poll(() => nameRow.textContent(), { timeout: 20_000 }).toContain('Published');
    expect(await nameRow.textContent()).toContain(name);
    const state = await api<BolMarketplaceState>(`/api/v1/bol/state/${product.productId}`);
    expect(state.body.contentStatus).toBe('SUCCESS');
    expect(state.body.uploadReport?.status).toBe('COMPLETED');
    await page.getByRole('heading', { name: 'On bol' }).evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: '/tmp/bol-model-created.png' });
  }, 120_000);

  it('keeps a save made offline on the device and sends it when the connection returns; creating needs the network', async () => {
    await signedInStart(page);
    const garden = await productsOf('Green Garden Supplies');
    const product = garden[5] as Product;
    await openBolTab(product.productId);
    await chooseCategory('planters', 'Planters');

    await page.context().setOffline(true);
    const name = `Offline name ${Date.now()}`;
    await field('Name').getByRole('textbox').fill(name);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByTestId('bol-notice').getByText('Saved on this device. It is sent to the server when the connection returns.').waitFor();
    await page.getByRole('button', { name: 'Create New Product on Bol' }).click();
    await page.getByTestId('bol-notice').getByText(/^Creating the product on bol needs a connection/).waitFor();
    expect(await categoryInput().isDisabled()).toBe(true);

    await page.context().setOffline(false);
    await expect
      .poll(
        async () => (await api<BolModel>(`/api/v1/bol/data/model/product/${product.productId}`)).body.attributeData.find((a) => a.attributeId === 'Name')?.value,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(name);
  }, 90_000);
});
