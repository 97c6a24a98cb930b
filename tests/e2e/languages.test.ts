/**
 * Dutch and English per person (docs/languages.md), in real Chromium: a Dutch tablet shows the
 * sign-in page, the product list and the editor in Dutch with Dutch numbers and dates; a person
 * switches to English and back in the top bar, and the choice follows them to another tablet
 * (a second browser context) because it is kept on their account.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, signIn } from './support/browser';
import { signInOnForm } from './support/language-sign-in';
import { apiJson, demoProduct } from './support/catalogue-api';
import { DEMO_TOTAL } from './support/product-list';

/** People of this file only: the admin's language is left as it is for the other files. */
const LOTTE = { username: 'lotte', password: 'lotte-password-1' };
/** An administrator (the top bar's Users link) whose language nothing else in the suite chooses. */
const SANNE = { username: 'sanne', password: 'sanne-password-1' };
/** Screenshots of the Dutch screens into this folder when set (docs/screenshots/ for the docs). */
const LANGUAGE_SHOTS = process.env.LANGUAGE_SHOTS;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await tablet('en-US');
  await signIn(admin);
  const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...LOTTE, displayName: 'Lotte', role: 'staff' } });
  expect([201, 409]).toContain(added.status);
  const administrator = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...SANNE, displayName: 'Sanne', role: 'admin' } });
  expect([201, 409]).toContain(administrator.status);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser.close();
});

/** A tablet (touch) whose own language is `locale` (navigator.language), with the service worker off (nothing here goes offline). */
async function tablet(locale: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport, hasTouch: true, serviceWorkers: 'block' });
  contexts.push(context);
  return context.newPage();
}

const signInAs = (page: Page, button: 'Sign In' | 'Inloggen') => signInOnForm(page, LOTTE, button);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Lotte's language on her account, as the server says it. */
async function accountLanguage(page: Page): Promise<string | null> {
  return (await apiJson<{ language: string | null }>(page, '/api/v1/me')).body.language;
}

async function chooseLanguage(page: Page, current: 'Language' | 'Taal', name: 'English' | 'Nederlands'): Promise<void> {
  await page.getByRole('combobox', { name: current }).selectOption({ label: name });
}

describe('a Dutch tablet', () => {
  it('shows the sign-in page, the product list and the editor in Dutch, with Dutch numbers and dates', async () => {
    const page = await tablet('nl-NL');
    await page.goto(`${baseUrl()}/login`);
    await expect.poll(() => htmlLang(page)).toBe('nl');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Log eerst in om verder te gaan');
    await expect.poll(() => page.getByText('Gebruikersnaam', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect.poll(() => page.getByText('Gebruikersnaam is verplicht').count()).toBe(1);

    await signInAs(page, 'Inloggen');
    // Nothing chosen yet: the tablet's language stays, and the account is not changed by it.
    expect(await accountLanguage(page)).toBeNull();
    await expect.poll(() => page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Producten' }).count()).toBe(1);

    // Wait for the whole demo catalogue (imported in the background), then open the list.
    let all = 0;
    await expect.poll(async () => (all = (await apiJson<{ totalElements: number }>(page, '/api/v1/bol/product/filter?size=1')).body.totalElements), { timeout: 45_000, interval: 500 }).toBeGreaterThanOrEqual(DEMO_TOTAL);
    await page.goto(`${baseUrl()}/products`);
    const table = page.getByRole('table', { name: 'Producten' });
    const dutchTotal = all.toLocaleString('de-DE'); // thousands with a point, as nl-NL writes them
    await expect.poll(() => page.getByTestId('product-range').textContent(), { timeout: 15_000 }).toBe(`1–20 van ${dutchTotal}`);
    await expect.poll(() => page.getByTestId('page-text').textContent()).toMatch(/^Pagina 1 van [\d.]+$/);
    for (const header of ['Titel', 'Leverancier', 'Prijs', 'Voorraad', 'Bijgewerkt']) expect(await table.getByRole('columnheader', { name: header }).count(), header).toBe(1);
    expect(await page.getByRole('button', { name: 'Volgende' }).count()).toBe(1);
    const firstRow = table.locator('tbody tr').first();
    expect(await firstRow.locator('td.num').first().textContent()).toMatch(/^€\s\d{1,3}(\.\d{3})*,\d{2}$/);
    expect(await firstRow.locator('td').last().textContent()).toMatch(/^\d{1,2} (jan\.|feb\.|mrt\.|apr\.|mei|jun\.|jul\.|aug\.|sep\.|okt\.|nov\.|dec\.) \d{4}\d{2}:\d{2}$/);
    if (LANGUAGE_SHOTS) await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-products-nl-1280x800.png` });

    const product = await demoProduct(page, 'supplierName=Volt%20Electronics', 3);
    await page.goto(`${baseUrl()}/products/${product.productId}`);
    await page.getByTestId('description-editor').waitFor({ state: 'attached' });
    for (const tab of ['Algemeen', 'Bol-model', 'Geschiedenis']) expect(await page.getByRole('tab', { name: tab }).count(), tab).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Algemene gegevens' }).count()).toBe(1);
    expect(await page.getByLabel('Verkoopprijs').inputValue()).toMatch(/^\d+,\d{2}$/);
    expect(await page.getByRole('button', { name: 'Toepassen', exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Laatst bijgewerkt').inputValue()).toMatch(/^\d{1,2} [a-z]{3}\.? \d{4}, \d{2}:\d{2}$/);
    if (LANGUAGE_SHOTS) await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-edit-nl-1280x800.png`, fullPage: true });

    // The same screens in portrait.
    if (LANGUAGE_SHOTS) {
      await page.setViewportSize({ width: 800, height: 1280 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-edit-nl-800x1280.png`, fullPage: true });
      await page.goto(`${baseUrl()}/products`);
      await expect.poll(() => page.getByTestId('product-range').textContent(), { timeout: 15_000 }).toBe(`1–20 van ${dutchTotal}`);
      await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-products-nl-800x1280.png` });
    }
  });
});

describe('the top bar on a Dutch tablet', () => {
  it("keeps an administrator's top bar, Users included, on one row at 1280×800 on the screens with the longest titles", async () => {
    // Dutch has the longer words; an administrator has the most in the bar (docs/ui-touch.md, "The top bar").
    const page = await tablet('nl-NL');
    await signInOnForm(page, SANNE, 'Inloggen');
    for (const path of ['/products', '/orders', '/uploadEan']) {
      await page.goto(`${baseUrl()}${path}`);
      const links = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link');
      await expect.poll(() => links.count()).toBe(8);
      await expect.poll(() => page.getByRole('link', { name: 'Gebruikers' }).count()).toBe(1);
      const rows = await links.evaluateAll((all) => new Set(all.map((link) => Math.round(link.getBoundingClientRect().top))).size);
      expect(rows, path).toBe(1);
    }
  });
});

describe('a person’s language', () => {
  it('switches to English and back in the top bar, and follows the person to another tablet', async () => {
    const first = await tablet('nl-NL');
    await signInAs(first, 'Inloggen');
    await expect.poll(() => htmlLang(first)).toBe('nl');

    // English on the first tablet: at once, kept on the account.
    await chooseLanguage(first, 'Taal', 'English');
    await expect.poll(() => htmlLang(first)).toBe('en');
    await expect.poll(() => first.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).count()).toBe(1);
    await expect.poll(() => first.getByTestId('page-title').textContent()).toBe('dashboard');
    await expect.poll(() => accountLanguage(first)).toBe('en');

    // A second tablet, itself Dutch: the person's English follows them there.
    const second = await tablet('nl-NL', { width: 800, height: 1280 });
    await second.goto(`${baseUrl()}/login`);
    await expect.poll(() => second.getByRole('button', { name: 'Inloggen' }).count()).toBe(1);
    await signInAs(second, 'Inloggen');
    await expect.poll(() => htmlLang(second)).toBe('en');
    await second.goto(`${baseUrl()}/products`);
    await expect.poll(() => second.getByRole('button', { name: 'Next' }).count(), { timeout: 15_000 }).toBe(1);

    // Back to Dutch on the second tablet; an English tablet signed in afterwards gets Dutch.
    await chooseLanguage(second, 'Language', 'Nederlands');
    await expect.poll(() => htmlLang(second)).toBe('nl');
    await expect.poll(() => second.getByRole('button', { name: 'Volgende' }).count()).toBe(1);
    await expect.poll(() => accountLanguage(second)).toBe('nl');

    const third = await tablet('en-US');
    await signInAs(third, 'Sign In');
    await expect.poll(() => htmlLang(third)).toBe('nl');
    await expect.poll(() => third.getByTestId('page-title').textContent()).toBe('dashboard');
    await expect.poll(() => third.getByRole('combobox', { name: 'Taal' }).inputValue()).toBe('nl');
  });
});
