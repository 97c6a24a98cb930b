import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureInitialJs, INITIAL_JS_BUDGET_KB } from '../../bench/lib/initial-js';
import { baseUrl, launchBrowser, launchPersistent, signIn, waitForServiceWorkerControl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the installed app', () => {
  it('reloads its shell and screens offline from the service worker', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await waitForServiceWorkerControl(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('This page is under construction').waitFor();
    // A screen never opened before also comes from the precache (every lazy chunk is in it).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${baseUrl()}/report`);
    await page.getByText('This page is under construction').waitFor();
    // A fresh navigation (not a reload) is answered with index.html as well.
    await page.goto(`${baseUrl()}/products/123`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('products');
    await context.close();
  });

  it('is installable: Chromium reports no installability errors', async () => {
    const { context, close } = await launchPersistent();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl()}/login`);
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it(`loads at most ${INITIAL_JS_BUDGET_KB} KB of gzipped JavaScript for /login`, async () => {
    const result = await measureInitialJs(browser, `${baseUrl()}/login`);
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.gzipKb).toBeLessThan(INITIAL_JS_BUDGET_KB);
    // The rich-text editor must never be part of the first load.
    expect(result.files.some((file) => /lexical/i.test(file))).toBe(false);
  });
});
