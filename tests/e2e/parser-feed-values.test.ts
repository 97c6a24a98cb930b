/**
 * The Parser screen with real supplier feeds (docs/feeds.md, "The guess and its platforms",
 * "Prices", "Units"): a Google Merchant feed is recognised and mapped by the guess alone, its price
 * format shown; a second feed on the same form is guessed again while nobody edited the mapping; a
 * feed priced in SEK is refused until the seller chooses to take the numbers; once edited the
 * mapping stays the person's. A second tablet opens the saved supplier and sees the same choices.
 * Both feeds are served by this test on 127.0.0.1 (OUTBOUND_ALLOW for that port only).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useParserServer } from './support/parser-server';
import { SHOTS } from './support/screenshots';

const ADMIN = { username: 'admin', password: 'feed-values-e2e-password' };

const GOOGLE_FEED = [
  ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:brand', 'g:gtin', 'g:mpn', 'g:condition', 'g:product_type', 'g:shipping_weight'],
  ['GM-1', 'Trail shoe Blue 42', 'Light trail shoe', 'https://shop.test/p/1', 'https://img.test/gm1.jpg', 'in stock', '89.95 EUR', 'Stride', '8710103974307', 'TS-42', 'new', 'Shoes', '850 g'],
  ['GM-2', 'Rain jacket M', 'Breathable', 'https://shop.test/p/2', 'https://img.test/gm2.jpg', 'in stock', '1,249.00 EUR', 'North', '4006381333931', 'RJ-M', 'new', 'Jackets', '1.2 kg'],
  ['GM-3', 'Wool socks', 'Warm', 'https://shop.test/p/3', 'https://img.test/gm3.jpg', 'in stock', '12.50 EUR', 'North', '5901234123457', 'WS-1', 'new', 'Socks', '90 g'],
]
  .map((cells) => cells.join('\t'))
  .join('\n');

const SEK_FEED = ['EAN;Title;Price;Stock', '8710103974307;Desk lamp;1275.00 SEK;4', '4006381333931;Floor lamp;2 450,00 SEK;2'].join('\n');

/** No test here goes offline: no service worker (support/browser.ts, ContextOptions). */
const NO_OFFLINE = { serviceWorker: false };
const app = useParserServer(ADMIN, (req, res) => {
  const feeds: Record<string, string> = { '/google.tsv': GOOGLE_FEED, '/sek.csv': SEK_FEED };
  const feed = feeds[req.url ?? ''];
  res.writeHead(feed ? 200 : 404, { 'Content-Type': 'text/csv' });
  res.end(feed ?? '');
}, NO_OFFLINE);
const signedInPage = app.signedInPage;
const feed = (path: string) => app.feedUrl(path);

const column = (page: Page, field: string) => page.getByLabel(`Feed column for ${field}`, { exact: true });

async function choose(page: Page, trigger: string, option: string) {
  const combobox = page.getByRole('combobox', { name: trigger });
  const box = await combobox.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('/parser with real supplier feeds', () => {
  it('recognises a Google Merchant feed, guesses again for another feed, refuses SEK until the seller takes the numbers, and a second tablet sees the choices', async () => {
    const anna = await signedInPage({ width: 1280, height: 800 });
    await anna.goto(`${app.url()}/parser`);
    await anna.getByRole('button', { name: 'Add supplier' }).click();
    await anna.getByLabel('Name', { exact: true }).fill('Outdoor Merchant');
    await anna.getByLabel('Feed address').fill(feed('/google.tsv'));
    await anna.getByRole('button', { name: 'Test feed' }).click();

    // The guess alone: Google's names with their g: prefix, the price format and the platform shown.
    await expect.poll(() => column(anna, 'EAN').inputValue(), { timeout: 20_000 }).toBe('g:gtin');
    expect(await column(anna, 'SKU').inputValue()).toBe('g:id, g:mpn');
    expect(await column(anna, 'Supplier price').inputValue()).toBe('g:price');
    expect(await column(anna, 'Weight').inputValue()).toBe('g:shipping_weight');
    expect(await column(anna, 'Stock').inputValue()).toBe('');
    const format = anna.getByTestId('feed-value-format');
    await format.getByText('Looks like a Google Merchant feed').waitFor({ timeout: 20_000 });
    await format.getByText('Numbers use a decimal point (1,234.50)').waitFor();
    await format.getByText('Prices are written in EUR').waitFor();
    const preview = anna.getByRole('table', { name: 'Test feed preview' });
    await anna.getByText('3 would be imported, 0 refused. Nothing was saved.').waitFor();
    expect(await preview.locator('tbody tr').nth(1).textContent()).toMatch(/Rain jacket M.*€\s1\.249,00/);
    await format.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await anna.screenshot({ path: `${SHOTS}/parser-google-merchant-1280x800.png` });

    // Another feed on the same form, mapping not edited: guessed again.
    await anna.getByLabel('Feed address').fill(feed('/sek.csv'));
    await anna.getByRole('button', { name: 'Test feed' }).click();
    await expect.poll(() => column(anna, 'EAN').inputValue(), { timeout: 20_000 }).toBe('EAN');
    await format.getByText(/Prices are written in SEK; this store sells in EUR/).waitFor({ timeout: 20_000 });
    await anna.getByText('0 would be imported, 2 refused. Nothing was saved.').waitFor();
    await preview.getByText("Price '1275.00 SEK' is in SEK, not EUR; the supplier's settings refuse prices in another currency").waitFor();

    // The seller takes the numbers as they are: the rows are read, and the mapping is now theirs.
    await choose(anna, 'Prices in another currency', 'Take the number as it is');
    await choose(anna, 'Weight unit', 'grams (g)');
    await anna.getByRole('button', { name: 'Test feed' }).click();
    await anna.getByText('2 would be imported, 0 refused. Nothing was saved.').waitFor({ timeout: 20_000 });
    expect(await preview.locator('tbody tr').nth(1).textContent()).toMatch(/Floor lamp.*€\s2\.450,00/);
    // Back to the Google feed: the edited mapping stays, so its columns are not guessed again.
    await anna.getByLabel('Feed address').fill(feed('/google.tsv'));
    await anna.getByRole('button', { name: 'Test feed' }).click();
    await format.getByText('Looks like a Google Merchant feed').waitFor({ timeout: 20_000 });
    expect(await column(anna, 'EAN').inputValue()).toBe('EAN');
    await anna.getByLabel('Feed address').fill(feed('/sek.csv'));
    await anna.getByRole('button', { name: 'Save', exact: true }).click();
    await anna.getByText('Saved Outdoor Merchant.').waitFor();

    // A second tablet opens the saved supplier: the same choices.
    const bram = await signedInPage({ width: 800, height: 1280 });
    await bram.goto(`${app.url()}/parser`);
    await bram.getByRole('button', { name: 'Edit Outdoor Merchant' }).click();
    await expect.poll(() => bram.getByRole('combobox', { name: 'Prices in another currency' }).textContent(), { timeout: 20_000 }).toBe('Take the number as it is');
    expect(await bram.getByRole('combobox', { name: 'Weight unit' }).textContent()).toBe('grams (g)');
    expect(await column(bram, 'Supplier price').inputValue()).toBe('Price');
    await bram.getByRole('button', { name: 'Run', exact: true }).click();
    await bram.getByText(/Import of Outdoor Merchant: Read 2 rows: 2 new/).waitFor({ timeout: 30_000 });

    // The Google feed's guessed mapping at the portrait size, for a person to look at.
    const portrait = await signedInPage({ width: 800, height: 1280 });
    await portrait.goto(`${app.url()}/parser`);
    await portrait.getByRole('button', { name: 'Add supplier' }).click();
    await portrait.getByLabel('Name', { exact: true }).fill('Outdoor Merchant 2');
    await portrait.getByLabel('Feed address').fill(feed('/google.tsv'));
    await portrait.getByRole('button', { name: 'Test feed' }).click();
    await portrait.getByTestId('feed-value-format').getByText('Looks like a Google Merchant feed').waitFor({ timeout: 20_000 });
    await expect.poll(() => column(portrait, 'EAN').inputValue()).toBe('g:gtin');
    await portrait.getByTestId('feed-value-format').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await portrait.screenshot({ path: `${SHOTS}/parser-google-merchant-800x1280.png` });
  });
});
