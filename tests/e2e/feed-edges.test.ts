/**
 * The Parser screen on real supplier exports (docs/feeds.md, "The guess and its platforms",
 * "Images"): two tablets, one landscape and one portrait. A Google Merchant RSS feed with g: fields
 * is recognised and its columns fill the mapping; a WooCommerce export's comma between image
 * addresses is found and shown, and once the seller picks another separator the preview refuses
 * those rows with the sentence that says which separator to choose. The feeds are fixtures of
 * tests/fixtures/feeds/, served on 127.0.0.1 and let through by OUTBOUND_ALLOW for that port only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { feedReadingMessages } from '../../src/shared/feed-reading-messages';
import { IMAGE_SEPARATOR_NAMES } from '../../src/shared/feed-image-addresses';
import { PLATFORM_NAMES } from '../../src/shared/feed-platforms';
import { feedValueMessages } from '../../src/shared/messages';
import { useParserServer } from './support/parser-server';
import { fixtureFeedHandler, testNewSupplierFeed } from './support/feed-fixtures';
import { SHOTS } from './support/screenshots';

const ADMIN = { username: 'admin', password: 'feed-edges-e2e-password' };
/** No test here goes offline: no service worker (support/browser.ts, ContextOptions). */
const app = useParserServer(
  ADMIN,
  fixtureFeedHandler({
    '/google.xml': { file: 'google-merchant.xml', type: 'application/rss+xml' },
    '/woocommerce.csv': { file: 'woocommerce-products.csv', type: 'text/csv; charset=utf-8' },
  }),
  { serviceWorker: false },
);
const testNewFeed = (page: Page, name: string, path: string, format: 'CSV' | 'XML') => testNewSupplierFeed(page, app, name, path, format);

/** Two tablets one after the other, each testing the feed once or twice: longer than one file's default on a loaded machine. */
const TWO_TABLETS_MS = 180_000;

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];

/** Scrolls so the element's top sits below the sticky top bar. */
async function scrollToTop(page: Page, testIdOrHeading: { testId?: string; heading?: string }, offset = 90): Promise<void> {
  const target = testIdOrHeading.testId ? page.getByTestId(testIdOrHeading.testId) : page.getByRole('heading', { name: testIdOrHeading.heading ?? '' });
  await target.evaluate((element, by) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -by);
  }, offset);
}

describe('the Parser on sellers’ own exports', () => {
  it('recognises a Google Merchant RSS feed with g: fields and maps them, on two tablets', async () => {
    for (const size of SIZES) {
      const page = await app.signedInPage(size);
      await testNewFeed(page, `Google ${size.width}`, '/google.xml', 'XML');
      const format = page.getByTestId('feed-value-format');
      await format.getByText(feedValueMessages.recognised(PLATFORM_NAMES.google), { exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByLabel('Feed column for EAN', { exact: true }).inputValue(), { timeout: 20_000 }).toBe('gtin');
      expect(await page.getByLabel('Feed column for Supplier price', { exact: true }).inputValue()).toBe('price');
      expect(await page.getByLabel('Feed column for Images', { exact: true }).inputValue()).toBe('image_link, additional_image_link');
      // The repeated g:additional_image_link is a list, not one value with a separator.
      expect(await format.textContent()).not.toContain('Image addresses in one field');
      await page.getByText(/would be imported, 0 refused\. Nothing was saved\./).waitFor({ timeout: 20_000 });
      await scrollToTop(page, { heading: 'Column mapping' });
      await page.screenshot({ path: `${SHOTS}/parser-google-${size.width}x${size.height}.png` });
      await page.context().close();
    }
  }, TWO_TABLETS_MS);

  it('shows the comma between a WooCommerce export’s image addresses and refuses rows once another separator is chosen, on two tablets', async () => {
    for (const size of SIZES) {
      const page = await app.signedInPage(size);
      await testNewFeed(page, `Woo ${size.width}`, '/woocommerce.csv', 'CSV');
      const separatorLine = page.getByTestId('feed-image-separator');
      await separatorLine.getByText(feedReadingMessages.imageSeparatorFound(IMAGE_SEPARATOR_NAMES[','], null), { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByText('4 would be imported, 0 refused. Nothing was saved.').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('combobox', { name: 'Image separator' }).textContent()).toBe(', (comma)');
      await page.getByText(feedReadingMessages.categoryList('Clothing > Tshirts, Clothing', 'deepest')).waitFor();

      await page.getByRole('combobox', { name: 'Image separator' }).click();
      await page.getByRole('option', { name: '| (bar)', exact: true }).click();
      // The line says at once that the mapping's separator is not the feed's.
      await separatorLine.getByText(feedReadingMessages.imageSeparatorFound(IMAGE_SEPARATOR_NAMES[','], IMAGE_SEPARATOR_NAMES['|']), { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Test feed' }).click();
      await page.getByText('2 would be imported, 2 refused. Nothing was saved.').waitFor({ timeout: 20_000 });
      const preview = page.getByRole('table', { name: 'Test feed preview' });
      const refused = preview.locator('tbody tr[data-refused="true"]');
      expect(await refused.count()).toBe(2);
      expect(await refused.first().textContent()).toContain('One image field holds several addresses (vneck-tee-2.jpg, vnech-tee-green-1.jpg) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator');
      await scrollToTop(page, { heading: 'Transforms' });
      await page.screenshot({ path: `${SHOTS}/parser-image-transforms-${size.width}x${size.height}.png` });
      await scrollToTop(page, { testId: 'feed-value-format' }, 150);
      await page.screenshot({ path: `${SHOTS}/parser-image-problem-mapping-${size.width}x${size.height}.png` });
      await refused.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/parser-image-problem-${size.width}x${size.height}.png` });
      await page.context().close();
    }
  }, TWO_TABLETS_MS);
});
