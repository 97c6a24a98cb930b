import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, signIn, useFreshPage } from './support/browser';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const rows = () => page.getByRole('table', { name: 'Products' }).locator('tbody tr');
const range = () => page.getByTestId('product-range');

/** The demo catalogue is imported in the background after the server starts: wait for the whole of it. */
async function openFullList(): Promise<void> {
  await page.goto(`${baseUrl()}/products`);
  await expect.poll(
    async () => {
      await page.reload();
      await rows().first().waitFor({ timeout: 10_000 }).catch(() => undefined);
      return range().textContent();
    },
    { timeout: 45_000, interval: 1_000 },
  ).toBe('1–20 of 2,354');
}

describe('Product list', () => {
  it('filters rows and the total by the search text', async () => {
    await signIn(page);
    await openFullList();
    expect(await rows().count()).toBe(20);
    await page.screenshot({ path: '/tmp/products-1280x800.png' });

    await page.getByLabel('Search').fill('planter');
    await page.waitForURL(/searchValue=planter/);
    // Wait for the filtered answer itself (while it loads the list is cleared and the range empty).
    const filteredTotal = async () => {
      const match = /^1–\d+ of ([\d,]+)$/.exec((await range().textContent()) ?? '');
      return match ? Number(match[1]?.replace(/,/g, '')) : null;
    };
    await expect.poll(filteredTotal, { timeout: 15_000 }).toBeLessThan(2354);
    const titles = await page.getByRole('table', { name: 'Products' }).locator('tbody tr th').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain('planter');
    const total = Number((await range().textContent())?.split(' of ')[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(2354);
  });

  it('restores the view from a bookmarked URL', async () => {
    await signIn(page);
    await openFullList();
    await page.goto(`${baseUrl()}/products?supplier=Volt+Electronics&sortBy=sellingPrice%2Casc&page=1&size=10`);
    await expect.poll(() => range().textContent(), { timeout: 15_000 }).toMatch(/^11–20 of \d/);
    expect(await rows().count()).toBe(10);
    const suppliers = await page.getByRole('table', { name: 'Products' }).locator('tbody tr td:nth-child(6)').allTextContents();
    expect(new Set(suppliers)).toEqual(new Set(['Volt Electronics']));
    expect(await page.getByRole('combobox', { name: 'Supplier' }).textContent()).toBe('Volt Electronics');
    expect(await page.getByTestId('page-text').textContent()).toMatch(/^Page 2 of /);
    expect(page.url()).toContain('supplier=Volt+Electronics');

    await page.setViewportSize({ width: 800, height: 1280 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/products-800x1280.png' });
  });

  it('runs a feed import for the chosen supplier and shows its outcome and the history entry', async () => {
    await signIn(page);
    await openFullList();
    await page.goto(`${baseUrl()}/products?supplier=Green+Garden+Supplies`);
    await page.getByRole('button', { name: 'Run feed import' }).click();
    // The demo feed has not changed since the first start: no new rows, one refused; rows that
    // other tests edited (not moderated yet) are put back to the feed's values and count as updated.
    const outcome = page.getByTestId('feed-outcome');
    await expect
      .poll(() => outcome.textContent(), { timeout: 30_000 })
      .toMatch(/^Green Garden Supplies: Read 901 rows: 0 new, \d+ updated, \d+ unchanged, 1 refused$/);
    const [updated, unchanged] = (/(\d+) updated, (\d+) unchanged/.exec((await outcome.textContent()) ?? '') ?? []).slice(1).map(Number);
    expect((updated ?? 0) + (unchanged ?? 0)).toBe(900);
    expect(await page.getByRole('button', { name: 'Run feed import' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Parsing history' }).click();
    const newest = page.getByTestId('parsing-history').locator('tbody tr').first();
    await expect.poll(() => newest.textContent()).toContain('Green Garden Supplies');
    expect(await newest.textContent()).toContain('Feed import');
    expect(await newest.textContent()).toContain('Read 901 rows: 0 new');
    await page.screenshot({ path: '/tmp/products-feed-import.png' });
  }, 120_000);
});
