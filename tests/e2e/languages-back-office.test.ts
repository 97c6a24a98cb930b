/**
 * The seller's back-office screens in Dutch (docs/languages.md), in real Chromium: a Dutch tablet
 * (nl-NL) beside an English one. The Parser screen with its supplier form and Test feed, Logs with
 * job kinds and outcomes as words, the Reports screen, the Export screen, Users and the offer
 * settings read Dutch with Dutch numbers, and show no status code; the CSV export follows each
 * person's language (the Dutch tablet's file has semicolons and decimal commas, the English one's
 * commas and points).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_KINDS, JOB_STATUSES } from '../../src/shared/jobs';
import { baseUrl, launchBrowser, signIn } from './support/browser';
import { signInOnForm } from './support/language-sign-in';
import { apiJson } from './support/catalogue-api';

/** An administrator of this file only (Users and the offer settings are for administrators); the shared admin's language is left alone. */
const DAAN = { username: 'daan', password: 'daan-password-1' };
/** Screenshots of the Dutch screens into this folder when set (docs/screenshots/ for the docs). */
const LANGUAGE_SHOTS = process.env.LANGUAGE_SHOTS;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
] as const;

/** One browser for the file; each test's tablets (a context each, the service worker off) are closed after it. */
const tablets: { browser: Browser | null; open: BrowserContext[] } = { browser: null, open: [] };

async function tablet(locale: string, viewport: { width: number; height: number } = SIZES[0]): Promise<Page> {
  if (!tablets.browser) throw new Error('the browser is not started');
  const context = await tablets.browser.newContext({ locale, viewport, serviceWorkers: 'block', acceptDownloads: true });
  tablets.open.push(context);
  return context.newPage();
}

beforeAll(async () => {
  tablets.browser = await launchBrowser();
  const admin = await tablet('en-US');
  await signIn(admin);
  const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...DAAN, displayName: 'Daan', role: 'admin' } });
  expect([201, 409]).toContain(added.status);
});
afterEach(() => Promise.all(tablets.open.splice(0).map((context) => context.close())));
afterAll(() => tablets.browser?.close());

/** Daan on a Dutch tablet, signed in on the Dutch form. */
async function dutchTablet(viewport: { width: number; height: number } = SIZES[0]): Promise<Page> {
  const page = await tablet('nl-NL', viewport);
  await signInOnForm(page, DAAN, 'Inloggen');
  await page.locator('html[lang="nl"]').waitFor({ state: 'attached' });
  return page;
}

/** The text of the screen's main part, for the checks that no code is shown. */
const mainText = (page: Page) => page.locator('main').innerText();

/** A status code as bol or the contract writes it (NOT_SENT, IN_PROGRESS), or a job kind's id (feed-import). */
const SCREAMING = /\b[A-Z]{2,}(_[A-Z]+)+\b/;
const JOB_KIND_ID = new RegExp(`\\b(${JOB_KINDS.join('|')})\\b`);

async function shoot(page: Page, name: string): Promise<void> {
  if (!LANGUAGE_SHOTS) return;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-${name}-nl-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0]);
}

describe('the Parser screen in Dutch', () => {
  it('lists the suppliers, opens the supplier form and tests its feed in Dutch, with Dutch numbers', async () => {
    const page = await dutchTablet();
    await page.goto(`${baseUrl()}/parser`);
    await page.getByRole('heading', { name: 'Leveranciers' }).waitFor({ timeout: 20_000 });
    const volt = page.getByRole('button', { name: 'Volt Electronics bewerken' });
    await volt.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Leverancier toevoegen' }).count()).toBe(1);
    const row = page.locator('.parser-row').filter({ hasText: 'Volt Electronics' });
    // "Planning: … · 1.234 producten": the count with a thousands point.
    expect(await row.innerText()).toMatch(/Planning: .+ · [\d.]+ producten/);
    expect(await row.innerText()).not.toMatch(/Schedule:|Last run:|Next run:/);
    await shoot(page, 'parser');

    await volt.click();
    await page.getByRole('table', { name: 'Kolommen koppelen' }).waitFor();
    for (const heading of ['Feed', 'Kolommen koppelen', 'Varianten en hoofdregels', 'Als iemand een veld wijzigt', 'Planning']) {
      expect(await page.getByRole('heading', { name: heading, exact: true }).count(), heading).toBe(1);
    }
    expect(await page.getByRole('columnheader', { name: 'Kolom in de feed' }).count()).toBe(1);
    expect(await page.getByRole('rowheader', { name: 'Inkoopprijs' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Feed testen' }).click();
    const preview = page.getByRole('table', { name: 'Voorbeeld van Feed testen' });
    await preview.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('heading', { name: /^Feed testen: de eerste [\d.]+ regels$/ }).count()).toBe(1);
    expect(await page.getByTestId('feed-value-format').innerText()).toMatch(/Getallen gebruiken een decimale|De gelezen regels tonen geen decimaalteken/);
    for (const header of ['Regel', 'Titel', 'Inkoopprijs', 'Verkoopprijs', 'Voorraad', 'Problemen']) expect(await preview.getByRole('columnheader', { name: header }).count(), header).toBe(1);
    // Prices as a Dutch seller writes them, in a row that was imported.
    expect(await preview.locator('tbody tr:not([data-refused])').first().locator('td').nth(3).innerText()).toMatch(/^€\s\d{1,3}(\.\d{3})*,\d{2}$/);
    expect(await mainText(page)).not.toMatch(SCREAMING);
    await shoot(page, 'parser-form');
  }, 120_000);
});

describe('Logs, Reports, Users and the offer settings in Dutch', () => {
  it('name job kinds and outcomes in words in each language, never as their codes', async () => {
    const english = await tablet('en-US');
    await signIn(english);
    // An ended import with a refused line, so the list has an outcome and details to open.
    const suppliers = await apiJson<{ supplierId: number; supplierName: string }[]>(english, '/api/v1/supplier');
    const green = suppliers.body.find((entry) => entry.supplierName === 'Green Garden Supplies');
    expect(green).toBeDefined();
    await apiJson(english, `/api/v1/feed/parse/${green?.supplierId}?wait=true`, { method: 'POST' });

    const page = await dutchTablet();
    await page.goto(`${baseUrl()}/logs?kind=feed-import&outcome=partial`);
    const table = page.getByTestId('logs-table');
    await page.getByRole('button', { name: 'Details', exact: true }).first().waitFor({ timeout: 30_000 });
    for (const header of ['Taak', 'Gestart', 'Klaar', 'Duur', 'Gestart door', 'Uitkomst']) expect(await table.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
    const firstRow = table.getByTestId('job-row').first();
    expect(await firstRow.locator('td').first().innerText()).toMatch(/^Feedimport/);
    expect(await firstRow.innerText()).toContain('Deels gelukt');
    // The counts and the refused lines in Dutch words and digits.
    expect(await firstRow.innerText()).toMatch(/\d gelezen, [\d.]+ geschreven, 1 geweigerd/);
    await page.getByRole('button', { name: 'Details', exact: true }).first().click();
    await page.getByTestId('job-refusals').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('job-refusals').innerText()).toMatch(/Regel \d+: /);
    expect(await page.getByRole('button', { name: 'Geweigerde regels downloaden (CSV)' }).count()).toBeGreaterThan(0);
    // The filters offer words, and the screen shows no code.
    expect(await page.getByRole('combobox', { name: 'Soort' }).innerText()).toBe('Feedimport');
    expect(await page.getByRole('combobox', { name: 'Uitkomst' }).innerText()).toBe('Deels gelukt');
    const shown = await mainText(page);
    expect(shown).not.toMatch(SCREAMING);
    expect(shown).not.toMatch(JOB_KIND_ID);
    for (const status of JOB_STATUSES) expect(await table.getByText(status, { exact: true }).count(), status).toBe(0);
    await shoot(page, 'logs');

    // The English tablet beside it: the same job in English words.
    await english.goto(`${baseUrl()}/logs?kind=feed-import&outcome=partial`);
    await english.getByRole('button', { name: 'Details', exact: true }).first().waitFor({ timeout: 30_000 });
    const englishRow = english.getByTestId('logs-table').getByTestId('job-row').first();
    expect(await englishRow.locator('td').first().innerText()).toMatch(/^Feed import/);
    expect(await englishRow.innerText()).toContain('Partly succeeded');
  }, 120_000);

  it('show the Reports screen, Users and the offer settings in Dutch', async () => {
    const page = await dutchTablet();
    await page.goto(`${baseUrl()}/report`);
    await page.getByRole('heading', { name: 'Producten per bol-status' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Bol-status van de catalogus' }).count()).toBe(1);
    expect(await page.locator('.reports-page').innerText()).toMatch(/[\d.]+ producten, geteld in onze database op \d{1,2} [a-z]{3}\.? \d{4}/);
    const declined = page.locator('[data-tile="declined"]');
    expect(await declined.innerText()).toContain('Afgewezen door bol');
    expect(await page.locator('[data-tile="offer-absent"]').innerText()).toContain('Geen aanbod op bol');
    const shown = await mainText(page);
    expect(shown).not.toMatch(SCREAMING);
    expect(shown).not.toMatch(/\bupload (not sent|pending|success|failure)\b/);
    await shoot(page, 'report');

    await page.goto(`${baseUrl()}/users`);
    await page.getByRole('heading', { name: 'Gebruikers', exact: true }).waitFor({ timeout: 20_000 });
    await page.locator('.users-row').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Medewerker toevoegen' }).count()).toBe(1);
    expect(await page.getByTestId('user-daan').innerText()).toMatch(/daan \(jij\)[\s\S]*Beheerder[\s\S]*Actief/);
    expect(await page.getByRole('button', { name: 'Wachtwoord resetten' }).count()).toBeGreaterThan(0);
    await shoot(page, 'users');

    await page.goto(`${baseUrl()}/offer-settings`);
    await page.getByTestId('offer-settings-save').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Vangrails voor aanbod en voorraadbuffers' }).count()).toBe(1);
    expect(await page.getByTestId('offer-settings-save').innerText()).toBe('Instellingen opslaan');
    await page.getByTestId('offer-settings-zero-stock').fill('250');
    await page.getByTestId('offer-settings-save').click();
    await page.getByTestId('offer-settings-zero-stock-problem').waitFor();
    expect(await page.getByTestId('offer-settings-zero-stock-problem').innerText()).toBe('Vul een percentage in van 0 tot 100.');
    await shoot(page, 'offer-settings');
  }, 120_000);
});

describe('the Export screen in Dutch', () => {
  it("writes each person's CSV in their language: semicolons and decimal commas in Dutch, commas and points in English", async () => {
    const [dutch, english] = [await dutchTablet(), await tablet('en-US')];
    await signIn(english);
    await Promise.all([dutch.goto(`${baseUrl()}/export`), english.goto(`${baseUrl()}/export`)]);
    await dutch.getByRole('heading', { name: 'Producten exporteren' }).waitFor({ timeout: 20_000 });
    // In Dutch the CSV already is the one for Dutch Excel: two formats, no second CSV.
    const formats = dutch.getByRole('radiogroup').nth(1).getByRole('radio');
    expect(await formats.count()).toBe(2);
    expect(await dutch.getByText('CSV voor Excel in het Nederlands (puntkomma\'s, decimale komma, UTF-8)').count()).toBe(1);
    await expect.poll(() => dutch.getByTestId('export-start').innerText(), { timeout: 20_000 }).toMatch(/^Exporteer (ongeveer )?[\d.]+ producten als CSV$/);
    expect(await dutch.getByTestId('export-filter').innerText()).toMatch(/^Geen filter: alle producten/);
    await shoot(dutch, 'export');

    // Both export the same products at once: Selling price only, so a row is easy to compare.
    const columns = async (page: Page, all: string, label: string) => {
      await page.getByRole('button', { name: all }).waitFor();
      for (const box of await page.locator('[data-column]').all()) if ((await box.getAttribute('aria-checked')) === 'true') await box.click();
      await page.locator('[data-column="productId"]').click();
      await page.locator('[data-column="sellingPrice"]').click();
      await page.getByText(label, { exact: true }).waitFor();
    };
    await columns(dutch, 'Alle kolommen', 'Verkoopprijs');
    await columns(english, 'All columns', 'Selling price');
    await expect.poll(() => english.getByTestId('export-start').innerText(), { timeout: 20_000 }).toMatch(/^Export (about )?[\d,]+ products as CSV$/);
    const [dutchDownload, englishDownload] = [dutch.waitForEvent('download'), english.waitForEvent('download')];
    await Promise.all([dutch.getByTestId('export-start').click(), english.getByTestId('export-start').click()]);
    const [dutchFile, englishFile] = await Promise.all([dutchDownload, englishDownload]);
    expect(dutchFile.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}-excel-nl\.csv$/);
    expect(englishFile.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const dutchText = readFileSync(await dutchFile.path(), 'utf8');
    const englishText = readFileSync(await englishFile.path(), 'utf8');
    expect(dutchText.startsWith('\uFEFF')).toBe(true);
    const dutchLines = dutchText.slice(1).trim().split('\r\n');
    const englishLines = englishText.replace(/^\uFEFF/, '').trim().split('\r\n');
    // The file's words follow the language too (docs/reports-and-export.md, "Export").
    expect(dutchLines[0]).toBe('Product-ID;Verkoopprijs');
    expect(englishLines[0]).toBe('Product ID,Selling price');
    expect(dutchLines.length).toBe(englishLines.length);
    const withDecimals = englishLines.findIndex((line, index) => index > 0 && /\.\d/.test(line));
    expect(withDecimals).toBeGreaterThan(0);
    expect(dutchLines[withDecimals]).toBe(englishLines[withDecimals]?.replace(',', ';').replace('.', ','));
    await dutch.getByTestId('export-done').waitFor();
    expect(await dutch.getByTestId('export-done').innerText()).toMatch(/[\d.]+ producten, \d+ KB in \d+,\d s\./);
  }, 120_000);
});
