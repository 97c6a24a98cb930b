/** Steps and readings the product list's browser tests share. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ProductPage } from '../../../src/shared/contract';
import { baseUrl } from './browser';
import { apiJson } from './catalogue-api';

/** The demo catalogue's size once its three feeds are imported. */
export const DEMO_TOTAL = 2354;

export function productList(page: Page) {
  const table = page.getByRole('table', { name: 'Products' });
  const rows = table.locator('tbody tr');
  const range = page.getByTestId('product-range');

  /** The product ids of the rows shown, in order (from each row's link). */
  async function rowIds(): Promise<number[]> {
    const hrefs = await table.locator('tbody tr th a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    return hrefs.map((href) => Number(/\/products\/(\d+)$/.exec(href)?.[1]));
  }

  /** The text of one column for every row (1-based, as in the table: 3 EAN, 6 supplier, 8 price, 9 stock, 10 moderation, 12 on bol). */
  async function column(index: number): Promise<string[]> {
    return table.locator(`tbody tr > :nth-child(${index})`).allTextContents();
  }

  /** The total in "1–20 of 2,354", once the list has settled on an answer. */
  async function total(): Promise<number | null> {
    const busy = await page.locator('.product-table-area').getAttribute('aria-busy');
    if (busy !== 'false') return null;
    const text = (await range.textContent()) ?? '';
    if (text === 'No products') return 0;
    const match = /of ([\d,]+)$/.exec(text);
    return match ? Number(match[1]?.replace(/,/g, '')) : null;
  }

  /** Waits until the list shows the answer for the current URL (not busy) and returns its total. */
  async function settledTotal(): Promise<number> {
    let last: number | null = null;
    await expect.poll(async () => (last = await total()), { timeout: 15_000 }).not.toBeNull();
    return last as unknown as number;
  }

  /**
   * The demo catalogue is imported in the background after the server starts: waits (asking the
   * server, not the list) for the whole of it, then opens the list once. Reloading the list until
   * it was complete kept the first page of every moment of the import on the device, so offline
   * the device could answer pages the test takes for never seen. Returns the list's total (the
   * demo catalogue and whatever another file on this server added before).
   */
  async function openFullList(): Promise<number> {
    if (!page.url().startsWith(baseUrl())) await page.goto(`${baseUrl()}/dashboard`);
    // Another test file on this worker's server may have added products of a supplier of its own
    // (a feed with a held-back value): the demo catalogue is all there once there are at least as many.
    let all = 0;
    await expect
      .poll(async () => (all = (await apiJson<ProductPage>(page, '/api/v1/bol/product/filter?size=1')).body.totalElements), { timeout: 45_000, interval: 500 })
      .toBeGreaterThanOrEqual(DEMO_TOTAL);
    await page.goto(`${baseUrl()}/products`);
    await expect.poll(() => range.textContent(), { timeout: 15_000 }).toBe(`1–20 of ${all.toLocaleString('en-US')}`);
    return all;
  }

  /** Opens the folded filter panel (its one-line summary is a button), unless it is open. */
  async function openFilters(): Promise<void> {
    const toggle = page.getByTestId('filter-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** A select of the list by its label; a filter's opens the filter panel first. */
  async function select(label: string) {
    const field = page.getByRole('combobox', { name: label, exact: true });
    if ((await field.count()) === 0) await openFilters();
    return field;
  }

  /** Picks an option (by its text) of one of the list's selects (filters, page size). */
  async function choose(label: string, option: string): Promise<void> {
    await (await select(label)).selectOption({ label: option });
  }

  /** The text of the option a select shows. */
  async function chosen(label: string): Promise<string> {
    return (await select(label)).evaluate((field) => (field as HTMLSelectElement).selectedOptions[0]?.text ?? '');
  }

  return { table, rows, range, rowIds, column, total, settledTotal, openFullList, openFilters, choose, chosen };
}

/** A call to the API with the page's session, as the app makes it. */
export const authorizedJson = apiJson;

/** The server's answer to the filter call for a query (what the list must show). */
export async function serverPage(page: Page, query: Record<string, string>): Promise<ProductPage> {
  const { status, body } = await authorizedJson<ProductPage>(page, `/api/v1/bol/product/filter?${new URLSearchParams(query).toString()}`);
  expect(status).toBe(200);
  return body;
}

/** "€ 1.234,56" (nl-NL, as the table shows prices) -> 1234.56. */
export function euros(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}
