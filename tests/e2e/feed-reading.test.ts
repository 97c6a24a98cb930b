/**
 * Test feed on real supplier feeds in the browser (docs/feeds.md, "Encodings", "XML columns",
 * "The record element"): two tablets, one landscape and one portrait, each test a Windows-1252
 * CSV and a Google Merchant RSS feed (tests/fixtures/feeds/, served on 127.0.0.1 and let through
 * by OUTBOUND_ALLOW for that port only). The preview names the encoding it read and shows the
 * titles as the file has them; the RSS feed's record element is found and its g: columns fill the
 * mapping. Runs on its own server (empty catalogue).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { feedReadingMessages } from '../../src/shared/feed-reading-messages';
import { useParserServer } from './support/parser-server';
import { fixtureFeedHandler, testNewSupplierFeed } from './support/feed-fixtures';
import { SHOTS } from './support/screenshots';

const ADMIN = { username: 'admin', password: 'feed-reading-e2e-password' };
/** No test here goes offline: no service worker (support/browser.ts, ContextOptions). */
const NO_OFFLINE = { serviceWorker: false };
const app = useParserServer(
  ADMIN,
  fixtureFeedHandler({
    '/artikelen.csv': { file: 'windows-1252.csv', type: 'text/csv' },
    '/google.xml': { file: 'google-merchant.xml', type: 'application/rss+xml' },
  }),
  NO_OFFLINE,
);
const signedInPage = app.signedInPage;
const newSupplierForm = (page: Page, name: string, path: string, format: 'CSV' | 'XML') => testNewSupplierFeed(page, app, name, path, format);

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];

describe('Test feed of real supplier feeds', () => {
  it('names the encoding of a Windows-1252 CSV and shows its titles as the file has them, on two tablets', async () => {
    for (const size of SIZES) {
      const page = await signedInPage(size);
      await newSupplierForm(page, `Windows ${size.width}`, '/artikelen.csv', 'CSV');
      const reading = page.getByTestId('feed-reading');
      await reading.getByText(feedReadingMessages.encoding('Windows-1252', 'detected')).waitFor({ timeout: 20_000 });
      const preview = page.getByRole('table', { name: 'Test feed preview' });
      await preview.getByText('Daunendecke Größe 200 – weiß').waitFor();
      for (const title of ['Crème brûlée set', 'Poëzie-album „Noël“ € 5 korting', 'Fußmatte Müller']) expect(await preview.getByText(title, { exact: true }).count()).toBe(1);
      expect(await preview.locator('tbody tr[data-refused="true"]').count()).toBe(0);
      expect(await preview.textContent()).not.toContain('\uFFFD');
      await page.getByText('4 would be imported, 0 refused. Nothing was saved.').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/parser-test-feed-windows-1252-${size.width}x${size.height}.png` });
      await page.context().close();
    }
  });

  it('finds the item of a Google Merchant RSS feed and maps its g: columns, on two tablets', async () => {
    for (const size of SIZES) {
      const page = await signedInPage(size);
      await newSupplierForm(page, `Google ${size.width}`, '/google.xml', 'XML');
      await page.getByTestId('feed-reading').getByText(feedReadingMessages.recordElement('rss/channel/item', true)).waitFor({ timeout: 20_000 });
      // The guess fills the mapping from the g: columns (gtin, title, brand, image_link and the repeated additional_image_link).
      await expect.poll(() => page.getByLabel('Feed column for EAN', { exact: true }).inputValue(), { timeout: 20_000 }).toBe('gtin');
      expect(await page.getByLabel('Feed column for Title', { exact: true }).inputValue()).toBe('title');
      expect(await page.getByLabel('Feed column for Images', { exact: true }).inputValue()).toBe('image_link, additional_image_link');
      expect(await page.getByLabel('XML element of one product').getAttribute('placeholder')).toBe('rss/channel/item');
      // The SKU from g:id alone; the price ("19.95 EUR") is read with its currency (docs/feeds.md, "Prices").
      await page.getByLabel('Feed column for SKU', { exact: true }).fill('id');
      await page.getByRole('button', { name: 'Test feed' }).click();
      await page.getByText('2 would be imported, 0 refused. Nothing was saved.').waitFor({ timeout: 20_000 });
      const preview = page.getByRole('table', { name: 'Test feed preview' });
      // Three images of the first item: the main one and the two additional ones.
      expect(await preview.locator('tbody tr').first().textContent()).toMatch(/GM-1Tuinstoel Flora groen.*3OK/);
      const options = await page.locator('datalist option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      expect(options).toEqual(expect.arrayContaining(['id', 'gtin', 'price', 'image_link', 'additional_image_link', 'brand', 'shipping/country']));
      // The mapping table from its top (below the sticky top bar), then the preview naming the element read.
      await page.getByRole('heading', { name: 'Column mapping' }).evaluate((heading) => {
        heading.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -90);
      });
      await page.screenshot({ path: `${SHOTS}/parser-google-rss-columns-${size.width}x${size.height}.png` });
      await page.getByTestId('feed-reading').evaluate((reading) => {
        reading.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -150);
      });
      await page.screenshot({ path: `${SHOTS}/parser-google-rss-preview-${size.width}x${size.height}.png` });
      await page.context().close();
    }
  });
});
