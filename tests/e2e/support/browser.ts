/** Shared steps of the browser tests: launching Chromium, signing in, waiting for the service worker. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../../scripts/lib/chromium';
import { E2E_ADMIN } from './global-setup';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS, headless: true });
}

/** A persistent profile: unlike the default incognito context, it can report installability. */
/**
 * One browser for the test file and a fresh context and page for every test. Returns a getter:
 * `const page = useFreshPage(); … page().goto(…)`.
 */
export function useFreshPage(viewport = { width: 1280, height: 800 }): () => Page {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });
  return () => page;
}

export async function launchPersistent(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'backoffice-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: inject('chromiumPath'),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, credentials: { username: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel('User Name').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl()}/dashboard`);
}

/** Resolves once a service worker is active and controls the page. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}
