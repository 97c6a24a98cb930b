/**
 * The lists a tablet shows in the warehouse: the product list and the Orders list show enough rows
 * without scrolling (docs/product-list.md, "A list that shows the list"): at least 10 fully
 * visible rows held landscape (1280×800), 14 upright (800×1280), each row still a 44 px touch
 * target. Touch is emulated (the app's touch sizes apply). LIST_DENSITY_SHOTS=<folder> photographs
 * both lists at both sizes (docs/screenshots/list-density-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './support/browser';
import { signedInStart } from './support/signed-in-start';
import { apiJson } from './support/catalogue-api';
import { productList } from './support/product-list';
import { TABLET_SIZES, tabletContext } from './support/tablet-screens';
import type { Browser } from 'playwright-core';

const SHOTS = process.env.LIST_DENSITY_SHOTS;
const WANTED = { landscape: 10, portrait: 14 } as const;
const TOUCH_ROW_PX = 44;

/** The rows (by selector) wholly inside the window at the top of the page, and the smallest row height. */
async function visibleRows(page: Page, selector: string): Promise<{ visible: number; smallest: number; firstTop: number }> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((rowSelector) => {
    const rows = [...document.querySelectorAll(rowSelector)].map((row) => row.getBoundingClientRect());
    const inside = rows.filter((box) => box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0);
    return {
      visible: inside.length,
      smallest: Math.min(...rows.map((box) => box.height)),
      firstTop: Math.round(rows[0]?.top ?? -1),
    };
  }, selector);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('Lists on a tablet', () => {
  it('the product list shows at least 10 rows landscape and 14 upright, each 44 px tall', async () => {
    for (const size of TABLET_SIZES) {
      const context = await tabletContext(browser, size);
      const page = await context.newPage();
      await signedInStart(page);
      await productList(page).openFullList();
      const rows = await visibleRows(page, '.product-table tbody tr');
      console.log(`products ${size.name}: ${JSON.stringify(rows)}`);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/list-density-products-${size.width}x${size.height}.png` });
        // The folded filters opened over a filtered view, and a scan's answer.
        await page.goto(`${baseUrl()}/products?supplier=Volt+Electronics&stock=true&sort=sellingPrice%2Casc`);
        await page.getByTestId('filter-toggle').click();
        await page.getByRole('button', { name: 'More filters' }).click();
        await page.getByTestId('search-field').fill('4006381333931');
        await page.getByTestId('search-field').press('Enter');
        await page.getByTestId('scan-message').waitFor();
        await page.screenshot({ path: `${SHOTS}/list-density-products-filters-${size.width}x${size.height}.png` });
      }
      expect(rows.visible, `${size.name}: ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(WANTED[size.name]);
      expect(rows.smallest, `${size.name}: ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(TOUCH_ROW_PX);
      await context.close();
    }
  });

  it('the Orders list shows at least 10 orders landscape and 14 upright, each 44 px tall', async () => {
    for (const size of TABLET_SIZES) {
      const context = await tabletContext(browser, size);
      const page = await context.newPage();
      await signedInStart(page);
      if (size.name === 'landscape') {
        const imported = await apiJson<unknown>(page, '/api/v1/bol/order/import', { method: 'POST' });
        expect([200, 409]).toContain(imported.status);
      }
      await page.goto(`${baseUrl()}/orders`);
      await expect.poll(() => page.getByTestId('order').count()).toBeGreaterThanOrEqual(20);
      const rows = await visibleRows(page, '[data-testid="order"]');
      console.log(`orders ${size.name}: ${JSON.stringify(rows)}`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-density-orders-${size.width}x${size.height}.png` });
      expect(rows.visible, `${size.name}: ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(WANTED[size.name]);
      expect(rows.smallest, `${size.name}: ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(TOUCH_ROW_PX);
      await context.close();
    }
  });
});
