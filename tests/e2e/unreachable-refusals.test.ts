/**
 * Refusals say the truth about the connection (docs/offline.md "Reaching the server"), on two
 * tablets side by side: on one the requests to the server fail while the browser stays online, the
 * other has no network at all. The sync panel's note and the Parser's refused Save say "Can't reach
 * the server…" on the first and the specification's offline sentences, word for word, on the second.
 * A refusal the server itself wrote (its mark) is an answer: the tablet stays online.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noServerMessages } from '../../src/shared/no-server-messages';
import { SERVER_ANSWER_HEADER } from '../../src/shared/server-answer';
import { messages } from '../../src/shared/messages';
import { baseUrl } from './support/browser';
import { SHOTS } from './support/screenshots';
import { useStaffTablets } from './support/two-staff';

const LANDSCAPE = { width: 1280, height: 800 };
const PORTRAIT = { width: 800, height: 1280 };
const SUPPLIER = 'Green Garden Supplies';

const openTablet = useStaffTablets();

/** Requests to the server (the API and the health probe) fail without an answer; the browser stays online. */
const toServer = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/healthz');
const noAnswer = (route: Route) => route.abort('connectionrefused');

const indicator = (page: Page) => page.getByTestId('sync-indicator');

/** The Parser's form of the demo supplier, opened while the server answers. */
async function supplierForm(): Promise<Page> {
  const page = await openTablet(LANDSCAPE);
  await page.goto(`${baseUrl()}/parser`);
  await page.getByRole('button', { name: `Edit ${SUPPLIER}` }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
  return page;
}

/** Presses Save and returns the refusal's text. */
async function refusedSave(page: Page, expected: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText(expected, { exact: true }).waitFor();
}

async function openSyncPanel(page: Page) {
  await indicator(page).click();
  const panel = page.getByRole('dialog', { name: 'Sync status' });
  await panel.waitFor();
  return panel;
}

describe('refusals that need the server say why', { timeout: 180_000 }, () => {
  it("says \"Can't reach the server\" on the tablet whose server does not answer, and the offline sentences on the one without a network", async () => {
    const unreachable = await supplierForm();
    const offline = await supplierForm();

    await unreachable.route(toServer, noAnswer);
    await offline.context().setOffline(true);

    // The first Test feed finds no answer: from then on the tablet knows the server is not there.
    await unreachable.getByRole('button', { name: 'Test feed' }).click();
    await expect.poll(() => indicator(unreachable).textContent(), { timeout: 20_000 }).toBe(messages.sync.unreachable);
    expect(await unreachable.evaluate(() => navigator.onLine)).toBe(true);
    await refusedSave(unreachable, noServerMessages.parserSave.unreachable);
    await unreachable.getByRole('button', { name: 'Test feed' }).click();
    await unreachable.getByRole('alert').getByText(noServerMessages.parserAction.unreachable, { exact: true }).waitFor();

    await expect.poll(() => indicator(offline).textContent()).toBe('Offline');
    await refusedSave(offline, 'You are offline. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until the connection is back.');

    const unreachablePanel = await openSyncPanel(unreachable);
    expect(await unreachablePanel.getByTestId('sync-no-server').textContent()).toBe(
      "Can't reach the server. Changes are kept on this device and sent when it answers again.",
    );
    expect(await unreachablePanel.textContent()).toContain("Can't reach the server · ");
    await unreachable.screenshot({ path: `${SHOTS}/sync-panel-unreachable-1280x800.png` });
    await unreachable.setViewportSize(PORTRAIT);
    await unreachable.screenshot({ path: `${SHOTS}/sync-panel-unreachable-800x1280.png` });
    await unreachable.setViewportSize(LANDSCAPE);

    const offlinePanel = await openSyncPanel(offline);
    expect(await offlinePanel.getByTestId('sync-no-server').textContent()).toBe('You are offline. Changes are kept on this device and sent when the connection returns.');
    expect(await offlinePanel.textContent()).toContain('Offline · ');

    // The server answers again: the note goes without any `online` event.
    await unreachable.unroute(toServer, noAnswer);
    await expect.poll(() => unreachablePanel.getByTestId('sync-no-server').count(), { timeout: 45_000 }).toBe(0);
    await offline.context().setOffline(false);
  });

  it("takes the server's own refusal (a 502 or 503 it marks) as its answer: its sentence shows and the tablet stays online; a gateway's 503 does not", async () => {
    const page = await supplierForm();
    const sentence = 'The feed could not be downloaded: the supplier answered 404 Not Found';
    const fromServer = (route: Route) =>
      route.fulfill({ status: 502, contentType: 'application/json', headers: { [SERVER_ANSWER_HEADER]: '1' }, body: JSON.stringify({ message: sentence }) });
    await page.route('**/api/v1/suppliers/test-feed', fromServer);
    await page.getByRole('button', { name: 'Test feed' }).click();
    await page.getByRole('alert').getByText(sentence, { exact: true }).waitFor();
    expect(await indicator(page).textContent()).not.toBe(messages.sync.unreachable);

    // The same refusal from a gateway (no mark): the server behind it is not answering.
    await page.unroute('**/api/v1/suppliers/test-feed', fromServer);
    await page.route(toServer, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>503 Service Unavailable</body></html>' }));
    await page.getByRole('button', { name: 'Test feed' }).click();
    await expect.poll(() => indicator(page).textContent(), { timeout: 20_000 }).toBe(messages.sync.unreachable);
  });
});
