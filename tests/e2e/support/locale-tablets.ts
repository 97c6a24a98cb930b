/**
 * Tablets with a language of their own (docs/languages.md, "Which language"): each a browser
 * context with its `locale` (navigator.language) and the service worker off, closed after each test.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

export type Viewport = { width: number; height: number };

/** Registers the browser's hooks and returns `tablet(locale, viewport?)`: a new page of a new context. */
export function useLocaleTablets(): (locale: string, viewport?: Viewport) => Promise<Page> {
  let browser: Browser;
  const open: BrowserContext[] = [];
  beforeAll(async () => void (browser = await launchBrowser()));
  afterEach(async () => void (await Promise.all(open.splice(0).map((context) => context.close()))));
  afterAll(() => browser.close());
  return async (locale, viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ locale, viewport, serviceWorkers: 'block' });
    open.push(context);
    return context.newPage();
  };
}
