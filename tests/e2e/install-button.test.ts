/**
 * "Install app" in the top bar (docs/offline.md "Installing"): hidden while the browser makes no
 * offer; shown once it does (its beforeinstallprompt, here dispatched as Chromium would); a tap
 * asks the browser's own question once, and the button goes.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, useFreshPage } from './support/browser';

const freshPage = useFreshPage({ width: 1280, height: 800 }, { serviceWorker: false }); // never offline (support/browser.ts)
let page: Page;
beforeEach(() => {
  page = freshPage();
});

describe('Install app', () => {
  it('shows while the browser offers installing, and a tap opens its question once', async () => {
    await signIn(page);
    const button = page.getByTestId('install-app');
    expect(await button.count()).toBe(0);

    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
      (window as unknown as { bannerKept: boolean }).bannerKept = offer.defaultPrevented;
    });
    await button.waitFor();
    // The browser's own banner is kept back: the app's button asks instead.
    expect(await page.evaluate(() => (window as unknown as { bannerKept: boolean }).bannerKept)).toBe(true);
    await button.click();
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    await expect.poll(() => button.count()).toBe(0);
  });
});
