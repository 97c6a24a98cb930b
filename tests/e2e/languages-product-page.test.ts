/**
 * The product page's remaining parts in Dutch (docs/languages.md), in real Chromium on two Dutch
 * tablets (two browser contexts, two people): a colleague's saved title reaches the other tablet's
 * open form as Dutch notes with Dutch choices; the description editor's toolbar, the History tab
 * and the Bol Model tab read Dutch, with Dutch numbers, and show statuses as words, never codes.
 * LANGUAGE_SHOTS=<folder> keeps screenshots of these screens at both tablet sizes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, signIn } from './support/browser';
import { signInOnForm } from './support/language-sign-in';
import { apiJson, demoProduct } from './support/catalogue-api';
import { useLocaleTablets } from './support/locale-tablets';

const SANNE = { username: 'sanne', password: 'sanne-password-1' };
const DAAN = { username: 'daan', password: 'daan-password-1' };
const LANGUAGE_SHOTS = process.env.LANGUAGE_SHOTS;
const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 800, height: 1280 };
/** 'Storage' in the demo data model. */
const STORAGE_CHUNK = '10002106';
/** A status code as the contract writes it (SUCCESS, NOT_SENT, IN_PROGRESS): never on a screen. */
const RAW_CODE = /\b[A-Z]{2,}_[A-Z_]+\b|\b(SUCCESS|PENDING|FAILURE|TIMEOUT|PURGED|DECLINED|PUBLISHED)\b/;

const tablet = useLocaleTablets();
beforeAll(async () => {
  const admin = await tablet('en-US');
  await signIn(admin);
  for (const person of [SANNE, DAAN]) {
    const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...person, displayName: person.username === 'sanne' ? 'Sanne' : 'Daan', role: 'staff' } });
    expect([201, 409]).toContain(added.status);
  }
});

/** A Dutch tablet (nl-NL) signed in as `person` on the Dutch form, on the product's page. */
async function dutchTablet(person: { username: string; password: string }, productId: number, viewport = LANDSCAPE): Promise<Page> {
  const page = await tablet('nl-NL', viewport);
  await signInOnForm(page, person, 'Inloggen');
  await page.goto(`${baseUrl()}/products/${productId}`);
  await page.getByTestId('description-editor').waitFor();
  return page;
}

const shot = async (page: Page, name: string) => {
  if (LANGUAGE_SHOTS) await page.screenshot({ path: `${LANGUAGE_SHOTS}/${name}.png`, fullPage: true });
};

describe('the product page on two Dutch tablets', { timeout: 180_000 }, () => {
  it("a colleague's saved title shows as Dutch notes; the toolbar and the History tab read Dutch", async () => {
    const seed = await tablet('en-US');
    await signIn(seed);
    const product = await demoProduct(seed, 'supplierName=Green%20Garden%20Supplies', 35);
    const daan = await dutchTablet(DAAN, product.productId);
    const sanne = await dutchTablet(SANNE, product.productId);

    // The description editor's toolbar (its lazy chunk) in Dutch.
    const toolbar = sanne.getByRole('toolbar', { name: 'Opmaak van de beschrijving' });
    await toolbar.waitFor();
    for (const name of ['Vet', 'Cursief', 'Onderstrepen', 'Lijst opheffen', 'Link', 'Afbeelding']) expect(await toolbar.getByRole('button', { name }).count(), name).toBe(1);

    // Daan types a title; Sanne saves another one: Daan's form tells him in Dutch and keeps his typing.
    const typed = `Titel van Daan ${Date.now()}`;
    await daan.getByRole('textbox', { name: 'Titel', exact: true }).fill(typed);
    const saved = `Titel van Sanne ${Date.now()}`;
    await sanne.getByRole('textbox', { name: 'Titel', exact: true }).fill(saved);
    await sanne.getByRole('button', { name: 'Toepassen', exact: true }).click();
    const note = daan.getByTestId('fresh-conflict-title');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain(saved);
    expect(await note.textContent()).toContain('heeft intussen');
    expect(await note.getByRole('button', { name: 'Mijn waarde houden' }).count()).toBe(1);
    expect(await daan.getByTestId('fresh-news').textContent()).toMatch(/Zojuist bijgewerkt door sanne|Sanne/);
    expect(await daan.getByRole('textbox', { name: 'Titel', exact: true }).inputValue()).toBe(typed);
    await shot(daan, 'languages-fresh-note-nl-1280x800');
    await daan.setViewportSize(PORTRAIT);
    await shot(daan, 'languages-fresh-note-nl-800x1280');
    await note.getByRole('button', { name: 'Hun waarde nemen' }).click();
    expect(await daan.getByRole('textbox', { name: 'Titel', exact: true }).inputValue()).toBe(saved);

    // The History tab: how, the restore button and the page in Dutch.
    await sanne.getByRole('tab', { name: 'Geschiedenis' }).click();
    const history = sanne.getByTestId('product-history');
    await expect.poll(() => history.getByTestId('history-entry').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = history.getByTestId('history-entry').first();
    expect(await first.textContent()).toContain('bewerkt');
    expect(await first.getByRole('button', { name: /^Titel terugzetten naar / }).count()).toBe(1);
    expect(await history.textContent()).not.toMatch(/Restore|editor|Page \d/);
    await shot(sanne, 'languages-history-nl-1280x800');
    await sanne.setViewportSize(PORTRAIT);
    await shot(sanne, 'languages-history-nl-800x1280');
  });

  it('the Bol Model tab reads Dutch: category, fields, images, content status and report as words', async () => {
    const seed = await tablet('en-US');
    await signIn(seed);
    const product = await demoProduct(seed, 'supplierName=Green%20Garden%20Supplies', 36);
    const assigned = await apiJson(seed, '/api/v1/bol/data/model/chunk/save', { method: 'POST', body: { productId: product.productId, chunkId: STORAGE_CHUNK } });
    expect(assigned.status).toBe(200);

    for (const [viewport, size] of [[LANDSCAPE, '1280x800'], [PORTRAIT, '800x1280']] as const) {
      const page = await dutchTablet(SANNE, product.productId, viewport);
      await page.getByRole('tab', { name: 'Bol-model' }).click();
      const tab = page.locator('.bol-model-tab');
      await tab.getByRole('heading', { name: 'Verplichte velden' }).waitFor({ timeout: 20_000 });
      expect(await tab.getByText('Kies een Bol-categorie', { exact: true }).count()).toBe(1);
      for (const name of ['Toepassen', 'Opslaan en sluiten', 'Nieuw product op Bol aanmaken']) expect(await tab.getByRole('button', { name, exact: true }).count(), name).toBe(1);
      await tab.getByRole('heading', { name: 'Op bol' }).waitFor({ timeout: 20_000 });
      const status = page.getByTestId('bol-content-status');
      expect(await status.textContent()).toContain('Status van de inhoud');
      expect(await page.getByTestId('bol-content-status-text').textContent()).toBe('Nog niet naar bol gestuurd');
      // Words, never codes, on the whole tab.
      expect(await tab.textContent()).not.toMatch(RAW_CODE);
      expect(await tab.textContent()).not.toMatch(/Required Fields|Content status|Unsaved changes|Not set\b/);
      await shot(page, `languages-bol-model-nl-${size}`);
      // An English word left on this tab would show here too: the fields' own names are bol's (Dutch already).
      await page.context().close();
    }
  });
});
