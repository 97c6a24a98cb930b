/**
 * The product list's surroundings and the app's status surfaces in Dutch (docs/languages.md), in
 * real Chromium: a Dutch tablet sees the filter bar, the search and scan box, the camera dialog,
 * the bulk and feed actions with the question before every supplier's import, a feed import's
 * progress and the parsing history, the sync panel, the Orders and Upload EAN screens and the
 * dashboard in Dutch with Dutch numbers, and no status code anywhere; two tablets of one person,
 * one Dutch and one English, each show the sync status of an offline change in their own language.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, signIn, waitForServiceWorkerControl } from './support/browser';
import { signInOnForm } from './support/language-sign-in';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import { DEMO_TOTAL } from './support/product-list';
import ExcelJS from 'exceljs';
import { gtinCheckDigit } from '../../src/shared/rules/ean';

/** A person of this file only, with no language chosen: each tablet shows its own. */
const NIENKE = { username: 'nienke', password: 'nienke-password-1' };
/** Screenshots of the Dutch screens into this folder when set (docs/screenshots/ for the docs). */
const LANGUAGE_SHOTS = process.env.LANGUAGE_SHOTS;
/** A code as bol or a job writes it (SCREAMING_CASE, a job kind id): never on a screen. */
const RAW_CODE = /\b[A-Z]{2,}_[A-Z_]+\b|\b(feed-import|image-reexport|order-import|content-creation|upload-report|offer-import|retailer-import|offer-sync)\b/;

let browser: Browser;
let admin: Page;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await tablet('en-US', { serviceWorkers: 'block' });
  await signIn(admin);
  const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...NIENKE, displayName: 'Nienke', role: 'staff' } });
  expect([201, 409]).toContain(added.status);
  // The whole demo catalogue (imported in the background when the server starts).
  for (let tries = 0; (await apiJson<{ totalElements: number }>(admin, '/api/v1/bol/product/filter?size=1')).body.totalElements < DEMO_TOTAL; tries += 1) {
    if (tries > 120) throw new Error('the demo catalogue was not imported within a minute');
    await admin.waitForTimeout(500);
  }
});
afterEach(async () => {
  await Promise.all(contexts.splice(1).map((context) => context.close()));
});
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser.close();
});

/** A tablet whose own language is `locale`. */
async function tablet(locale: string, { viewport = { width: 1280, height: 800 }, serviceWorkers = 'allow' as 'allow' | 'block' } = {}): Promise<Page> {
  const context = await browser.newContext({ locale, viewport, serviceWorkers, hasTouch: true });
  contexts.push(context);
  return context.newPage();
}

const signInAs = (page: Page, button: 'Sign In' | 'Inloggen') => signInOnForm(page, NIENKE, button);

const text = (page: Page, selector = 'main') => page.locator(selector).first().innerText();
const shot = async (page: Page, name: string, fullPage = false) => {
  if (LANGUAGE_SHOTS) await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-${name}-nl-${page.viewportSize()?.width}x${page.viewportSize()?.height}.png`, fullPage });
};

async function xlsxBuffer(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EAN');
  for (const values of rows) sheet.addRow(values);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The list settled: its rows shown. */
async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(`${baseUrl()}/products${query}`);
  await page.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 30_000 });
}

describe('a Dutch tablet', () => {
  it('shows the filter bar, the search and scan box, the camera dialog, the bulk and feed actions in Dutch', { timeout: 120_000 }, async () => {
    const page = await tablet('nl-NL');
    await signInAs(page, 'Inloggen');
    await expect.poll(() => page.getByText('Aan deze pagina wordt nog gewerkt').count()).toBe(1);

    await openList(page);
    const toggle = page.getByTestId('filter-toggle');
    await expect.poll(() => toggle.innerText()).toMatch(/^Filters:\s*Geen ingesteld/);
    await toggle.click();
    await page.getByRole('button', { name: 'Meer filters' }).click();
    for (const label of ['Leverancier', 'Moderatie', 'Prijs vanaf', 'Sorteren', 'Voorraad', 'Hoofdproduct', 'Merk', 'Categorie', 'Familiesleutel', "Aantal foto's", 'Bijgewerkt vanaf', 'Bol-status', 'Status van het aanbod']) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    expect(await page.getByRole('button', { name: 'Alle filters wissen' }).count()).toBe(1);
    await page.getByLabel('Bol-status', { exact: true }).selectOption({ label: 'Afgewezen door bol' });
    await page.getByLabel('Sorteren', { exact: true }).selectOption({ label: 'Prijs, hoogste eerst' });
    await expect.poll(() => page.locator('.filter-summary').innerText()).toBe('Bol-status: Afgewezen door bol · Sorteren: Prijs, hoogste eerst');
    await shot(page, 'filters', true);
    await page.getByRole('button', { name: 'Alle filters wissen' }).click();
    await toggle.click();

    // The bulk actions: Dutch buttons and the reason they are off.
    const bulk = page.getByRole('region', { name: 'Bulkacties' });
    expect(await bulk.getByRole('button', { name: 'Info bijwerken vanuit bol' }).count()).toBe(1);
    expect(await bulk.getByTestId('bulk-reason').innerText()).toBe('Kies producten om content te maken of uploadrapporten op te halen.');
    const selectAll = page.getByRole('checkbox', { name: 'Alle producten op deze pagina selecteren' });
    await selectAll.click();
    await expect.poll(() => bulk.getByRole('button', { name: /^Content maken op bol \(\d+\)$/ }).count()).toBe(1);
    await selectAll.click();

    // Importing every supplier's feed asks first, in Dutch; kept as it is.
    const feed = page.getByRole('group', { name: 'Feedacties' });
    await expect.poll(() => feed.innerText()).toContain('Feeds van alle leveranciers');
    await feed.getByRole('button', { name: 'Feedimport starten' }).click();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.innerText()).toMatch(/De feeds van alle \d+ leveranciers importeren\?/);
    await shot(page, 'import-question');
    await question.getByRole('button', { name: 'Catalogus laten zoals hij is' }).click();

    // A scan of an EAN nobody has, and the camera (this Chromium has none): both say so in Dutch.
    await page.getByTestId('search-field').fill('4006381333931');
    await page.getByTestId('search-field').press('Enter');
    await expect.poll(() => page.getByTestId('scan-message').innerText(), { timeout: 20_000 }).toBe('Geen product heeft EAN 4006381333931.');
    expect(await page.getByTestId('search-field').getAttribute('placeholder')).toBe('Zoek of scan EAN, titel of SKU (/)');
    await page.getByRole('button', { name: 'Barcode scannen met de camera' }).click();
    const camera = page.getByRole('dialog', { name: 'Scannen met de camera' });
    await camera.getByTestId('camera-refusal').waitFor({ timeout: 20_000 });
    expect(await camera.getByTestId('camera-refusal').innerText()).toMatch(/^(Dit apparaat heeft geen camera|De camera|De barcodelezer)/);
    await shot(page, 'camera');
    await camera.getByRole('button', { name: 'Sluiten' }).click();
    expect(await text(page)).not.toMatch(RAW_CODE);
  });

  it("runs one supplier's feed import with its progress, outcome and parsing history in Dutch, and no job code", { timeout: 150_000 }, async () => {
    const page = await tablet('nl-NL', { viewport: { width: 800, height: 1280 } });
    await signInAs(page, 'Inloggen');
    await openList(page, '?supplierName=Volt%20Electronics');
    const feed = page.getByRole('group', { name: 'Feedacties' });
    await expect.poll(() => feed.innerText()).toContain('Feed van Volt Electronics');
    await feed.getByRole('button', { name: 'Feedimport starten' }).click();
    const progress = page.getByTestId('job-progress-text');
    await expect.poll(() => progress.innerText(), { timeout: 90_000 }).toMatch(/^Volt Electronics: (Gelukt|Deels gelukt): [\d.]+ gelezen, [\d.]+ geschreven, [\d.]+ geweigerd$/);
    await page.getByRole('button', { name: 'Importgeschiedenis' }).click();
    const history = page.getByTestId('parsing-history');
    await expect.poll(() => history.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const header of ['Gestart', 'Leverancier', 'Handeling', 'Uitkomst', 'Details']) expect(await history.getByRole('columnheader', { name: header }).count(), header).toBe(1);
    expect(await history.locator('tbody tr').first().innerText()).toMatch(/Feedimport\s+(Klaar|Klaar, sommige regels geweigerd|Bezig)/);
    expect(await text(page)).not.toMatch(RAW_CODE);
    await shot(page, 'feed-import');
  });

  it('shows the Orders, Upload EAN screens and the sync panel in Dutch, with Dutch numbers and no status code', { timeout: 180_000 }, async () => {
    // Orders from bol's simulator, imported once (the screen's import is the Orders test's).
    const imported = await apiJson(admin, '/api/v1/bol/order/import', { method: 'POST' });
    expect([200, 409]).toContain(imported.status);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 800, height: 1280 }]) {
      const page = await tablet('nl-NL', { viewport });
      await signInAs(page, 'Inloggen');

      await page.goto(`${baseUrl()}/orders`);
      await page.getByRole('heading', { name: 'bol-bestellingen' }).waitFor();
      expect(await page.getByRole('button', { name: 'Bestellingen ophalen', exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Alle bestellingen ophalen' }).count()).toBe(1);
      const orders = page.getByRole('list', { name: 'Bestellingen' }).getByTestId('order');
      await expect.poll(() => orders.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await orders.first().innerText()).toMatch(/^Bestelling \S+/);
      expect(await page.getByTestId('order-count').innerText()).toMatch(/^(\d+ van [\d.]+ bestellingen getoond|Alle [\d.]+ bestellingen getoond)$/);
      await orders.first().getByTestId('order-toggle').click();
      for (const field of ['Voornaam', 'Achternaam', 'Plaats']) expect(await orders.first().getByText(field, { exact: true }).count(), field).toBe(1);
      expect(await text(page)).not.toMatch(RAW_CODE);
      expect(await text(page)).not.toMatch(/\b(handled|open items)\b/);
      await shot(page, 'orders', true);

      await page.goto(`${baseUrl()}/uploadEan`);
      await page.getByRole('heading', { level: 2, name: 'EAN uploaden' }).waitFor();
      expect(await text(page)).toContain('hoogstens 10.000 regels');
      await page.getByRole('button', { name: 'Uploaden', exact: true }).click();
      await expect.poll(() => page.getByText('Kies eerst een bestand').count()).toBeGreaterThan(0);
      // A file that is no workbook: the server's refusal in Dutch.
      await page.locator('input[type=file]').setInputFiles({ name: 'eans.csv', mimeType: 'text/csv', buffer: Buffer.from('Supplier EAN;New EAN\n1;2\n') });
      await page.getByRole('button', { name: 'Uploaden', exact: true }).click();
      await expect.poll(() => page.getByText('Het bestand is geen Excel-werkmap (.xlsx)').count()).toBeGreaterThan(0);
      // A sheet whose rows are refused: each row's reason in Dutch, the sheet's column names as it writes them.
      const unknown = `${'871999800001'}${gtinCheckDigit('871999800001')}`;
      const wrongDigit = `${'871999800002'}${(gtinCheckDigit('871999800002') + 1) % 10}`;
      await page.locator('input[type=file]').setInputFiles({
        name: 'ean-nl.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await xlsxBuffer([['Supplier EAN', 'New EAN'], [unknown, wrongDigit], ['', 871.5]]),
      });
      await page.getByRole('button', { name: 'Uploaden', exact: true }).click();
      const refused = page.getByRole('table', { name: 'Geweigerde regels' });
      await refused.waitFor();
      expect(await refused.locator('tbody tr').allInnerTexts()).toEqual([
        `2\tNew EAN ‘${wrongDigit}’ heeft een verkeerd controlecijfer (verwacht ${gtinCheckDigit('871999800002')})`,
        '3\tSupplier EAN is leeg; New EAN ‘871.5’ is een getal met decimalen, geen EAN',
      ]);
      expect(await text(page)).not.toMatch(/\b(is empty|wrong check digit|No product has)\b/);
      await shot(page, 'upload-ean-refused', true);

      await page.getByTestId('sync-indicator').click();
      const panel = page.getByRole('dialog', { name: 'Synchronisatie' });
      await panel.waitFor();
      await expect.poll(() => panel.innerText()).toContain('Alle wijzigingen staan op de server');
      expect(await panel.innerText()).toMatch(/Online · niets wacht · (Nog niets verstuurd vanaf dit apparaat|Laatste wijziging verstuurd: .+)/);
      expect(await panel.getByRole('region', { name: 'Offline beschikbaar maken' }).getByRole('button', { name: 'Downloaden' }).count()).toBe(1);
      await shot(page, 'sync-panel');
      await page.keyboard.press('Escape');
    }
  });
});

describe('two tablets of one person, one Dutch and one English', () => {
  it('each shows the sync status of a change made offline in its own language, and both see it sent', { timeout: 120_000 }, async () => {
    const dutch = await tablet('nl-NL');
    const english = await tablet('en-US', { viewport: { width: 800, height: 1280 } });
    await signInAs(dutch, 'Inloggen');
    await signInAs(english, 'Sign In');
    await waitForServiceWorkerControl(dutch);
    const product = await demoProduct(dutch, 'supplierName=Green%20Garden%20Supplies', 11);
    await dutch.goto(`${baseUrl()}/products/${product.productId}`);
    await dutch.getByTestId('description-editor').waitFor();

    // Offline on the Dutch tablet: a title change waits, and the status says so in Dutch.
    await dutch.context().setOffline(true);
    const indicator = dutch.getByTestId('sync-indicator');
    await expect.poll(() => indicator.getAttribute('aria-label')).toBe('Synchronisatie: Offline, niets wacht');
    const title = `Tuinstoel offline ${Date.now()}`;
    await dutch.getByRole('textbox', { name: 'Titel' }).fill(title);
    await dutch.getByRole('button', { name: 'Toepassen', exact: true }).click();
    await dutch.getByTestId('save-queued').waitFor();
    await expect.poll(() => indicator.getAttribute('aria-label')).toBe('Synchronisatie: Offline, 1 wijziging wacht');
    await indicator.click();
    const panel = dutch.getByRole('dialog', { name: 'Synchronisatie' });
    const entry = panel.getByTestId('sync-entry');
    await expect.poll(() => entry.count()).toBe(1);
    const line = await entry.innerText();
    expect(line).toContain('Productwijzigingen');
    // Waiting, or being sent right now: the engine also tries while the browser says offline
    // (docs/offline.md, "Reaching the server"), and such a try fails as the line under it says.
    expect(line).toMatch(/^(Wacht|Wordt verstuurd)$/m);
    expect(line).toContain(`Product ${product.productId} · `);
    // Made just now; the engine may have tried once before the browser knew it was offline.
    expect(line).toMatch(/Gemaakt zojuist, nog niet verstuurd|Laatste poging zojuist · \d+ poging(en)?/);
    expect(await panel.getByRole('button', { name: 'Nu versturen' }).isDisabled()).toBe(true);
    await shot(dutch, 'sync-panel-waiting');

    // The English tablet, online, reads its own status in English meanwhile.
    await english.goto(`${baseUrl()}/products`);
    await expect.poll(() => english.getByTestId('sync-indicator').getAttribute('aria-label')).toBe('Sync status: Online, all changes sent');

    // Back online: the change is sent; the Dutch panel says so, and the English tablet sees the title.
    await dutch.context().setOffline(false);
    await expect.poll(() => entry.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => panel.innerText()).toContain('Laatste wijziging verstuurd: zojuist');
    expect((await serverProduct(english, product.productId)).title).toBe(title);
    await english.goto(`${baseUrl()}/products/${product.productId}`);
    await expect.poll(() => english.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 20_000 }).toBe(title);
  });
});
