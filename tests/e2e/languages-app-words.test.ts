/**
 * The app's last English words in Dutch (docs/languages.md, "Translated so far"), in real Chromium
 * on two tablets of one person, one Dutch (nl-NL) and one English (en-US): a waiting change's
 * detail line and the sync engine's line under it in the sync panel, the Export screen's sort name
 * and the CSV's own words, and the History tab's names of bol's fields, each tablet in its own
 * language; and two Dutch tablets saving one supplier: the later save names what changed in Dutch. LANGUAGE_SHOTS=<folder> keeps screenshots of these screens in Dutch at both tablet sizes.
 */
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, signIn } from './support/browser';
import { signInOnForm } from './support/language-sign-in';
import { apiJson, demoProduct, serverProduct } from './support/catalogue-api';
import { useLocaleTablets } from './support/locale-tablets';
import { E2E_ADMIN } from './support/global-setup';

const LOTTE = { username: 'lotte', password: 'lotte-password-1' };
const LANGUAGE_SHOTS = process.env.LANGUAGE_SHOTS;
const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 800, height: 1280 };
/** 'Storage' in the demo data model. */
const STORAGE_CHUNK = '10002106';

const tablet = useLocaleTablets();
beforeAll(async () => {
  const admin = await tablet('en-US');
  await signIn(admin);
  const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...LOTTE, displayName: 'Lotte', role: 'staff' } });
  expect([201, 409]).toContain(added.status);
});

/** Lotte's tablet in `locale`, signed in on the form as it reads in that language. */
async function lottesTablet(locale: 'nl-NL' | 'en-US', viewport = LANDSCAPE): Promise<Page> {
  const page = await tablet(locale, viewport);
  await signInOnForm(page, LOTTE, locale === 'nl-NL' ? 'Inloggen' : 'Sign In');
  return page;
}

/** The Dutch screen at both tablet sizes, into LANGUAGE_SHOTS when set; `focus` scrolled to the middle first. */
async function shootBoth(page: Page, name: string, focus?: Locator): Promise<void> {
  if (!LANGUAGE_SHOTS) return;
  for (const viewport of [LANDSCAPE, PORTRAIT]) {
    await page.setViewportSize(viewport);
    await focus?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${LANGUAGE_SHOTS}/languages-${name}-nl-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(LANDSCAPE);
}

/** Every write of a product answers 503 (the server is there, but busy): the change waits with the engine's line under it. */
async function serverBusyForWrites(page: Page): Promise<void> {
  await page.route('**/api/v1/product/**', (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 503, body: '' })));
}

/** Changes the product's title on its page; answers the title. */
async function changeTitle(page: Page, productId: number, words: { title: string; apply: string }): Promise<string> {
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor();
  const title = `Tuinbank ${Date.now()}`;
  await page.getByRole('textbox', { name: words.title, exact: true }).fill(title);
  await page.getByRole('button', { name: words.apply, exact: true }).click();
  return title;
}

describe('two tablets of one person, one Dutch and one English', { timeout: 180_000 }, () => {
  it("the sync panel names a waiting change and the engine's line under it in each tablet's language", async () => {
    const dutch = await lottesTablet('nl-NL');
    const english = await lottesTablet('en-US');
    const [first, second] = [await demoProduct(english, 'supplierName=Green%20Garden%20Supplies', 41), await demoProduct(english, 'supplierName=Green%20Garden%20Supplies', 42)];
    await serverBusyForWrites(dutch);
    await serverBusyForWrites(english);
    const dutchTitle = await changeTitle(dutch, first.productId, { title: 'Titel', apply: 'Toepassen' });
    await changeTitle(english, second.productId, { title: 'Title', apply: 'Apply' });

    await dutch.getByTestId('sync-indicator').click();
    const dutchEntry = dutch.getByRole('dialog', { name: 'Synchronisatie' }).getByTestId('sync-entry');
    await expect.poll(() => dutchEntry.innerText(), { timeout: 20_000 }).toContain('De server antwoordde 503; later opnieuw proberen');
    const dutchLine = await dutchEntry.innerText();
    expect(dutchLine).toContain('Productwijzigingen');
    expect(dutchLine).toContain(` · Titel`);
    expect(dutchLine).not.toMatch(/\b(Title|The server|trying again)\b/);

    await english.getByTestId('sync-indicator').click();
    const englishEntry = english.getByRole('dialog', { name: 'Sync status' }).getByTestId('sync-entry');
    await expect.poll(() => englishEntry.innerText(), { timeout: 20_000 }).toContain('The server answered 503; trying again later');
    expect(await englishEntry.innerText()).toContain(' · Title');
    await shootBoth(dutch, 'sync-panel-detail');

    // The server takes writes again: the Dutch change is sent when asked. The engine's own next try
    // (a backoff with full jitter, so it can come at once) may take it first; "Nu versturen" is then
    // disabled with nothing left to send, so it is tapped only while the change still waits.
    await dutch.unroute('**/api/v1/product/**');
    const sendNow = dutch.getByRole('dialog', { name: 'Synchronisatie' }).getByRole('button', { name: 'Nu versturen' });
    await expect
      .poll(
        async () => {
          if ((await dutchEntry.count()) > 0 && (await sendNow.isEnabled())) await sendNow.click({ timeout: 2_000 }).catch(() => undefined);
          return dutchEntry.count();
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    expect((await serverProduct(english, first.productId)).title).toBe(dutchTitle);
  });

  it("the Export screen names the list's sort in Dutch and the Dutch CSV's own words are Dutch; the English one's English", async () => {
    const dutch = await lottesTablet('nl-NL');
    const english = await lottesTablet('en-US');
    for (const page of [dutch, english]) {
      // The list's view is remembered on the tablet; the export follows its sort.
      await page.goto(`${baseUrl()}/products?sort=sellingPrice%2Cdesc`);
      await page.locator('.product-table-area[aria-busy="false"]').waitFor({ timeout: 30_000 });
      await page.goto(`${baseUrl()}/export`);
    }
    await dutch.getByRole('heading', { name: 'Producten exporteren' }).waitFor({ timeout: 20_000 });
    expect(await dutch.getByTestId('export-order').innerText()).toBe('Regels in de volgorde van de lijst: Prijs, hoogste eerst.');
    await english.getByRole('heading', { name: 'Export products' }).waitFor({ timeout: 20_000 });
    expect(await english.getByTestId('export-order').innerText()).toBe("Rows in the list's order: Price, highest first.");

    const columns = async (page: Page, all: string) => {
      await page.getByRole('button', { name: all }).waitFor();
      for (const box of await page.locator('[data-column]').all()) if ((await box.getAttribute('aria-checked')) === 'true') await box.click();
      for (const column of ['productId', 'passedModeration', 'bolState', 'contentStatus']) await page.locator(`[data-column="${column}"]`).click();
    };
    await columns(dutch, 'Alle kolommen');
    await columns(english, 'All columns');
    await shootBoth(dutch, 'export-words');
    const downloads = Promise.all([dutch.waitForEvent('download'), english.waitForEvent('download')]);
    await dutch.getByTestId('export-start').click();
    await english.getByTestId('export-start').click();
    const [dutchFile, englishFile] = await downloads;
    const lines = async (file: Download) => readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    const [dutchLines, englishLines] = [await lines(dutchFile), await lines(englishFile)];
    expect(dutchLines[0]).toBe('Product-ID;Moderatie doorstaan;Bol-status;Contentstatus');
    expect(englishLines[0]).toBe('Product ID,Passed moderation,Bol state,Content status');
    expect(dutchLines.length).toBe(englishLines.length);
    const dutchRows = dutchLines.slice(1).join('\n');
    expect(dutchRows).toMatch(/;(ja|nee);/);
    expect(dutchRows).not.toMatch(/\b(yes|no|Ready to send|No Bol category|Not sent)\b/);
    expect(dutchRows).toContain('Niet verstuurd');
    expect(englishLines.slice(1).join('\n')).toMatch(/,(yes|no),/);
  });

  it("the History tab names bol's fields in each tablet's language", async () => {
    const english = await lottesTablet('en-US');
    const product = await demoProduct(english, 'supplierName=Green%20Garden%20Supplies', 43);
    const assigned = await apiJson(english, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: STORAGE_CHUNK } });
    expect(assigned.status).toBe(200);
    const dutch = await lottesTablet('nl-NL');

    const historyOf = async (page: Page, tab: string) => {
      await page.goto(`${baseUrl()}/products/${product.productId}`);
      await page.getByTestId('description-editor').waitFor();
      await page.getByRole('tab', { name: tab }).click();
      const history = page.getByTestId('product-history');
      await expect.poll(() => history.getByTestId('history-entry').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      return history;
    };
    const dutchHistory = await historyOf(dutch, 'Geschiedenis');
    expect(await dutchHistory.innerText()).toContain('Bol-categorie');
    expect(await dutchHistory.innerText()).not.toContain('Bol category');
    await shootBoth(dutch, 'history-bol');
    const englishHistory = await historyOf(english, 'History');
    expect(await englishHistory.innerText()).toContain('Bol category');
  });
});

describe('two Dutch tablets save one supplier', { timeout: 180_000 }, () => {
  it("the later save is refused naming the part that changed meanwhile in Dutch", async () => {
    const [anna, bram] = [await tablet('nl-NL'), await tablet('nl-NL')];
    for (const page of [anna, bram]) {
      await signInOnForm(page, E2E_ADMIN, 'Inloggen');
      await page.goto(`${baseUrl()}/parser`);
      await page.getByRole('button', { name: 'Green Garden Supplies bewerken' }).click();
    }
    const enabled = (page: Page) => page.getByRole('checkbox', { name: /^Aan \(de planning/ });
    try {
      // Anna turns the supplier off and saves.
      await enabled(anna).click();
      await anna.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await anna.getByText('Green Garden Supplies opgeslagen.').waitFor();
      // Bram, whose form still shows it on, edits the name: refused, naming Anna's change in Dutch.
      await bram.getByLabel('Naam', { exact: true }).fill('Green Garden Supplies ');
      await bram.getByRole('button', { name: 'Opslaan', exact: true }).click();
      const stale = bram.getByTestId('supplier-stale');
      await stale.waitFor({ timeout: 20_000 });
      expect(await stale.innerText()).toContain('Iemand anders heeft deze leverancier opgeslagen nadat jij hem opende.');
      expect(await stale.innerText()).not.toContain('Someone else saved');
      expect(await stale.innerText()).toContain('Intussen gewijzigd: Aan of uit.');
      expect(await stale.innerText()).not.toContain('Changed meanwhile');
      await shootBoth(bram, 'parser-stale', stale);
      await stale.getByRole('button', { name: 'Hun versie gebruiken' }).click();
      await bram.getByText('Green Garden Supplies staat er weer zoals het laatst is opgeslagen.').waitFor();
      expect(await enabled(bram).getAttribute('aria-checked')).toBe('false');
    } finally {
      // The demo supplier on again, for the files after this one.
      if ((await enabled(anna).getAttribute('aria-checked')) === 'false') {
        await enabled(anna).click();
        await anna.getByRole('button', { name: 'Opslaan', exact: true }).click();
        await anna.getByText('Green Garden Supplies opgeslagen.').waitFor();
      }
    }
  });
});
