import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_CSS_BUDGET_KB, INITIAL_JS_BUDGET_KB, measureFirstVisit } from '../../bench/lib/initial-js';
import { radixThemesDir } from '../../scripts/lib/theme-css-plugin';
import { componentClassesIn } from '../../scripts/lib/theme-css-usage';
import { baseUrl, launchBrowser, launchPersistent, signIn, staticDir, waitForServiceWorkerControl } from './support/browser';

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
    // The build's files come from the precache by the browser's static route (src/app/sw.ts),
    // without a fetch event in the worker per file.
    const assetSources = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerMatchedSourceType?: string })[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => entry.workerMatchedSourceType ?? 'none'),
    );
    expect(assetSources.length).toBeGreaterThan(3);
    expect(new Set(assetSources)).toEqual(new Set(['cache']));
    // A screen never opened before also comes from the precache (every lazy chunk is in it).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${baseUrl()}/report`);
    await page.getByRole('heading', { name: 'Bol status of the catalogue' }).waitFor();
    // Never fetched on this device: it says so instead of showing counts.
    await page.getByText(/this report has not been fetched on this device yet\.$/).waitFor();
    await page.screenshot({ path: '/tmp/report-offline-never-fetched.png' });
    // A fresh navigation (not a reload) is answered with index.html as well.
    await page.goto(`${baseUrl()}/products/123`);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('products');
    await context.close();
  });

  it('announces a new version and switches to it only when the person chooses Reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await waitForServiceWorkerControl(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // Publish a "new version": the served service worker changes by one byte-level comment.
    const swFile = path.join(staticDir(), 'sw.js');
    const original = readFileSync(swFile);
    writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// release ${Date.now()}\n`)]));
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText('A new version is available').waitFor();
      // Nothing reloaded by itself: the old worker still controls the page.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
      const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      expect(waiting).toBe(true);

      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.getByText('This page is under construction').waitFor();
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
      expect(await page.getByText('A new version is available').count()).toBe(0);
    } finally {
      writeFileSync(swFile, original);
      await context.close();
    }
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

  it(`loads at most ${INITIAL_JS_BUDGET_KB} KB of JavaScript and ${INITIAL_CSS_BUDGET_KB} KB of CSS (gzipped) for /login`, async () => {
    const { js, css } = await measureFirstVisit(browser, `${baseUrl()}/login`);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzipKb).toBeLessThan(INITIAL_JS_BUDGET_KB);
    expect(css.files.length).toBeGreaterThan(0);
    expect(css.gzipKb).toBeLessThan(INITIAL_CSS_BUDGET_KB);
    // The rich-text editor must never be part of the first load.
    expect(js.files.some((file) => /lexical/i.test(file))).toBe(false);
  });

  it('has the styles of every Radix Themes component its built JavaScript can draw, and of no other', () => {
    // The build leaves out the components the app never draws (scripts/lib/theme-css-usage.ts): a
    // class the built code names whose rules were left out would be an unstyled control.
    const assets = path.join(staticDir(), 'assets');
    const text = (ending: string) => readdirSync(assets).filter((file) => file.endsWith(ending)).map((file) => readFileSync(path.join(assets, file), 'utf8')).join('\n');
    const css = text('.css');
    const styledByRadix = componentClassesIn(readFileSync(path.join(radixThemesDir(), 'components.css'), 'utf8'));
    const drawn = [...componentClassesIn(text('.js'))].filter((name) => styledByRadix.has(name));
    expect(drawn).toEqual(expect.arrayContaining(['Badge', 'SelectTrigger', 'TableCell', 'BaseDialogContent']));
    const styled = (name: string) => new RegExp(`\\.rt-${name}(?![A-Za-z])`).test(css);
    expect(drawn.filter((name) => !styled(name))).toEqual([]);
    expect([...styledByRadix].filter(styled).length).toBeLessThan(styledByRadix.size);
    expect(styled('AvatarRoot')).toBe(false);
  });
});
