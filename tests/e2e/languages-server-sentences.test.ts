/**
 * The sentences the server writes, on a Dutch tablet beside an English one (docs/languages.md,
 * "Sentences the server writes"), in real Chromium: a feed import's report in the job's details on
 * /logs, and its refused line's reason, read Dutch with Dutch digits on the Dutch tablet and English on the English one, from the
 * same answer; a refused sign-in reads Dutch on the Dutch sign-in page (the HTTP client words it
 * through the Dutch pack) and English on the English one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, signIn } from './support/browser';
import { apiJson, importDemoSupplier } from './support/catalogue-api';
import { signInOnForm } from './support/language-sign-in';
import { shootInDutch } from './support/language-shots';
import { useLocaleTablets } from './support/locale-tablets';

/** A staff member of this file only; the shared admin's language is left alone. */
const NOOR = { username: 'noor', password: 'noor-password-1' };

const tablet = useLocaleTablets();

beforeAll(async () => {
  const admin = await tablet('en-US');
  await signIn(admin);
  const added = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...NOOR, displayName: 'Noor', role: 'staff' } });
  expect([201, 409]).toContain(added.status);
});

describe("a job's report", () => {
  it('reads Dutch with Dutch digits on the Dutch tablet and English on the English one', async () => {
    const english = await tablet('en-US');
    await signIn(english);
    await importDemoSupplier(english);

    const dutch = await tablet('nl-NL');
    await signInOnForm(dutch, NOOR, 'Inloggen');
    await dutch.goto(`${baseUrl()}/logs?kind=feed-import&outcome=partial`);
    await dutch.getByRole('button', { name: 'Details', exact: true }).first().click({ timeout: 30_000 });
    const details = dutch.getByTestId('job-details').first();
    const report = details.getByText(/regels gelezen:/);
    await report.waitFor({ timeout: 20_000 });
    const dutchReport = await report.innerText();
    expect(dutchReport).toMatch(/^[\d.]+ regels gelezen: [\d.]+ nieuw, [\d.]+ bijgewerkt, [\d.]+ ongewijzigd, [\d.]+ geweigerd/);
    expect(dutchReport).not.toMatch(/Read|rows|refused/);
    // The refused line's reason, named by the server, reads Dutch too.
    await dutch.getByTestId('job-refusals').waitFor({ timeout: 20_000 });
    expect(await dutch.getByTestId('job-refusals').innerText()).toMatch(/Regel \d+: EAN ‘\d+’ heeft een verkeerd controlecijfer \(verwacht \d\)/);
    await shootInDutch(dutch, 'logs-report');

    await english.goto(`${baseUrl()}/logs?kind=feed-import&outcome=partial`);
    await english.getByRole('button', { name: 'Details', exact: true }).first().click({ timeout: 30_000 });
    const englishDetails = english.getByTestId('job-details').first();
    await englishDetails.getByText(/^Read [\d,]+ rows: /).waitFor({ timeout: 20_000 });
  }, 120_000);
});

describe('a refused sign-in', () => {
  it("reads Dutch on the Dutch sign-in page and English on the English one", async () => {
    const dutch = await tablet('nl-NL');
    await dutch.goto(`${baseUrl()}/login`);
    await dutch.locator('html[lang="nl"]').waitFor({ state: 'attached' });
    await dutch.locator('#login-username').fill(NOOR.username);
    await dutch.locator('#login-password').fill('not-her-password');
    await dutch.getByRole('button', { name: 'Inloggen' }).click();
    await dutch.getByText('Inloggen mislukt: Verkeerde gebruikersnaam of wachtwoord').waitFor({ timeout: 20_000 });
    await shootInDutch(dutch, 'sign-in-refused');

    const english = await tablet('en-US');
    await english.goto(`${baseUrl()}/login`);
    await english.locator('#login-username').fill(NOOR.username);
    await english.locator('#login-password').fill('not-her-password');
    await english.getByRole('button', { name: 'Sign In' }).click();
    await english.getByText('Wrong user name or password', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await english.getByText(/Verkeerde/).count()).toBe(0);
  }, 60_000);
});
