/**
 * The Parser screen in the browser (docs/feeds.md, "The Parser screen"): a supplier whose
 * feed names its columns its own way (served by this test from tests/e2e/fixtures on 127.0.0.1,
 * let through by OUTBOUND_ALLOW for that port only) is added, mapped by hand where the guess
 * cannot know, tested (one row refused and marked), saved and run; its products show in the list;
 * its schedule is edited; a file: and a loopback address are refused with the reason shown.
 * Runs on its own server (empty catalogue), so the demo catalogue of the other tests stays as is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useParserServer } from './support/parser-server';
import { SHOTS } from './support/screenshots';

const ADMIN = { username: 'admin', password: 'parser-e2e-password' };
const FEED = readFileSync(path.join(import.meta.dirname, 'fixtures/supplier-feed.csv'));

const app = useParserServer(ADMIN, (req, res) => {
  if (req.url === '/leverancier.csv') {
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.end(FEED);
  } else {
    res.writeHead(404);
    res.end();
  }
});
const signedInPage = app.signedInPage;

async function choose(page: Page, trigger: string, option: string) {
  await page.getByRole('combobox', { name: trigger }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const feedAddress = () => app.feedUrl('/leverancier.csv');

// The first test walks the whole supplier form, a feed test, a save, a run and the schedule: 25 s
// alone, 36 s in a full quiet run, past 60 s once beside other browser runs.
describe('/parser', { timeout: 120_000 }, () => {
  it('adds a supplier with its own column names, maps and tests it, saves, runs, and edits its schedule', async () => {
    const page = await signedInPage({ width: 1280, height: 800 });
    await page.goto(`${app.url()}/parser`);
    await page.getByText('No suppliers yet').waitFor();

    await page.getByRole('button', { name: 'Add supplier' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Tuin Leverancier');
    await page.getByLabel('Feed address').fill(feedAddress());
    await page.getByRole('button', { name: 'Test feed' }).click();

    // The guess maps what it recognises; the title column has a name no guess knows.
    await expect.poll(() => page.getByLabel('Feed column for EAN', { exact: true }).inputValue(), { timeout: 20_000 }).toBe('EAN13');
    expect(await page.getByLabel('Feed column for SKU', { exact: true }).inputValue()).toBe('Artikelnummer');
    expect(await page.getByLabel('Feed column for Supplier price', { exact: true }).inputValue()).toBe('Prijs excl. BTW');
    expect(await page.getByLabel('Feed column for Images', { exact: true }).inputValue()).toBe('afbeelding_1, afbeelding_2');
    await page.getByRole('alert').getByText("No column is mapped to the title").waitFor();

    await page.getByLabel('Feed column for Title', { exact: true }).fill('Omschr_kort');
    await page.getByLabel('Fixed value for Delivery code', { exact: true }).fill('1-2d');
    await choose(page, 'Decimal separator in numbers', 'Comma (1.234,50)');
    await page.getByRole('button', { name: 'Test feed' }).click();

    const preview = page.getByRole('table', { name: 'Test feed preview' });
    // The first preview (title not mapped: every row refused) stays until the second answer replaces it.
    await page.getByText('3 would be imported, 1 refused. Nothing was saved.').waitFor({ timeout: 20_000 });
    await preview.getByText('Tuinstoel groen').waitFor();
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(4);
    const refused = preview.locator('tbody tr[data-refused="true"]');
    expect(await refused.count()).toBe(1);
    expect(await refused.textContent()).toMatch(/^4.*Refused.*EAN '8710103974308' has a wrong check digit/);
    expect(await preview.locator('tbody tr').first().textContent()).toMatch(/€\s12,50/);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/parser-test-feed-1280x800.png` });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved Tuin Leverancier.').waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // A background job: its progress bar reaches the end, then the outcome shows.
    await page.getByText(/Import of Tuin Leverancier: Read 4 rows: 3 new, 0 updated, 0 unchanged, 1 refused/).waitFor({ timeout: 30_000 });
    await page.getByText('Import ended: 4 read, 3 written, 1 refused').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');

    // The products are in the list.
    await page.goto(`${app.url()}/products`);
    await page.getByRole('table', { name: 'Products' }).getByText('Tuintafel eiken').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('product-range').textContent(), { timeout: 15_000 }).toBe('1–3 of 3');

    // The list shows the run; the schedule is edited.
    await page.goto(`${app.url()}/parser`);
    const row = page.getByRole('listitem').filter({ hasText: 'Tuin Leverancier' });
    await row.getByText(/Last run: .*3 new, 0 updated, 0 unchanged, 1 refused/).waitFor();
    await row.getByText('Schedule: By hand only · 3 products').waitFor();
    await row.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    await choose(page, 'Import schedule', 'Daily at a time');
    await page.getByLabel('Time of the daily import').fill('04:15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved Tuin Leverancier.').waitFor();
    await page.getByRole('button', { name: 'Back to suppliers' }).click();
    await row.getByText('Schedule: Daily at 04:15 · 3 products').waitFor();
    expect(await row.getByText(/^Next run: \d{1,2} \w{3} \d{4}, 04:15$/).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/parser-list-1280x800.png` });

    // Every control of the list is at least 44 px high for a finger.
    for (const button of await row.getByRole('button').all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    const portrait = await signedInPage({ width: 800, height: 1280 });
    await portrait.goto(`${app.url()}/parser`);
    await portrait.getByText('Schedule: Daily at 04:15 · 3 products').waitFor();
    await portrait.screenshot({ path: `${SHOTS}/parser-list-800x1280.png` });
    await portrait.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    await portrait.getByRole('button', { name: 'Test feed' }).click();
    await portrait.getByRole('table', { name: 'Test feed preview' }).getByText('Tuinstoel groen').waitFor({ timeout: 20_000 });
    await portrait.screenshot({ path: `${SHOTS}/parser-form-800x1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    await page.getByRole('heading', { name: 'Edit Tuin Leverancier' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/parser-form-1280x800.png`, fullPage: true });
  });

  it('refuses a file: and a loopback address with the reason shown', async () => {
    const page = await signedInPage({ width: 1280, height: 800 });
    await page.goto(`${app.url()}/parser`);
    await page.getByRole('button', { name: 'Add supplier' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sneaky');

    await page.getByLabel('Feed address').fill('file:///etc/passwd');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText("The feed address is refused: 'file:///etc/passwd' is not an http or https address")
      .waitFor();

    const loopback = `http://127.0.0.1:${new URL(app.url()).port}/api/v1/users`;
    await page.getByLabel('Feed address').fill(loopback);
    await page.getByRole('button', { name: 'Test feed' }).click();
    await page
      .getByRole('alert')
      .getByText(`The feed address is refused: '${loopback}' was not fetched: it leads to this server or to a private or otherwise non-public network address`)
      .waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').getByText(/The feed address is refused: .* non-public network address/).waitFor();
    await page.screenshot({ path: `${SHOTS}/parser-refused-1280x800.png` });
  });

  it('refuses to delete a supplier with products; offline shows the list last fetched and refuses to save, saying why', async () => {
    const page = await signedInPage({ width: 800, height: 1280 });
    await page.goto(`${app.url()}/parser`);
    await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    // A supplier with products cannot be deleted: the reason names how many.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete supplier' }).click();
    await page
      .getByRole('alert')
      .getByText("Supplier 'Tuin Leverancier' has 3 products, so it cannot be deleted; disable it instead to stop its imports")
      .waitFor();
    await page.getByRole('button', { name: 'Back to suppliers' }).click();
    await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).waitFor();
    await page.context().setOffline(true);
    // Away and back inside the app: the list call gets no answer, the copy kept on the device shows.
    await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    await page.getByRole('button', { name: 'Back to suppliers' }).click();
    await page.getByText(/^Offline data, fetched at .*\. Saving, Test feed and Run need the server\.$/).waitFor();
    await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('You are offline. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until the connection is back.')
      .waitFor();
    await page.context().setOffline(false);
  });

  it('two people edit one supplier: the later save is refused naming what changed, and saves its own change on top', async () => {
    const anna = await signedInPage({ width: 1280, height: 800 });
    const bram = await signedInPage({ width: 1280, height: 800 });
    for (const page of [anna, bram]) {
      await page.goto(`${app.url()}/parser`);
      await page.getByRole('button', { name: 'Edit Tuin Leverancier' }).click();
    }
    // Anna turns the supplier off and saves.
    await anna.getByRole('checkbox', { name: /^Enabled/ }).click();
    await anna.getByRole('button', { name: 'Save', exact: true }).click();
    await anna.getByText('Saved Tuin Leverancier.').waitFor();
    // Bram, whose form still shows it on, changes the daily time: refused, naming Anna's change.
    await bram.getByRole('textbox', { name: 'Time of the daily import' }).fill('05:30');
    await bram.getByRole('button', { name: 'Save', exact: true }).click();
    const stale = bram.getByTestId('supplier-stale');
    await stale.getByText('Someone else saved this supplier after you opened it. Save your changes on top of theirs, or use theirs. Changed meanwhile: Enabled.').waitFor();
    await bram.screenshot({ path: `${SHOTS}/parser-stale-save-1280x800.png`, fullPage: true });
    await stale.getByRole('button', { name: 'Save my changes on top' }).click();
    await bram.getByText('Saved Tuin Leverancier.').waitFor();
    // Both changes hold: Anna's "off" was not undone by Bram's form.
    expect(await bram.getByRole('checkbox', { name: /^Enabled/ }).getAttribute('aria-checked')).toBe('false');
    expect(await bram.getByRole('textbox', { name: 'Time of the daily import' }).inputValue()).toBe('05:30');
    const details = await bram.evaluate(async (url) => {
      const token = localStorage.getItem('jwt') ?? '';
      const list = (await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as { supplierName: string; enabled: boolean; schedule: { time?: string } | null }[];
      return list.find((supplier) => supplier.supplierName === 'Tuin Leverancier');
    }, `${app.url()}/api/v1/suppliers`);
    expect(details).toMatchObject({ enabled: false, schedule: { time: '05:30' } });
  });
});
