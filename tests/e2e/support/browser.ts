/** Shared steps of the browser tests: launching Chromium, signing in, waiting for the service worker. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../../scripts/lib/chromium';
import { E2E_ADMIN } from './global-setup';

/** Which of the servers started by global-setup.ts is this worker's: no other file runs on it meanwhile. */
const worker = () => Number(process.env.VITEST_POOL_ID ?? '1') - 1;

function ofThisWorker(list: string[], what: string): string {
  const entry = list[worker()];
  if (entry === undefined) throw new Error(`no ${what} for worker ${worker() + 1} (${list.length} started)`);
  return entry;
}

export const baseUrl = () => ofThisWorker(inject('baseUrls'), 'server');

/** The folder of the built app this worker's server serves. */
export const staticDir = () => ofThisWorker(inject('staticDirs'), 'app folder');

/** `extraArgs`: more Chromium flags, e.g. a fake camera (support/barcode-video.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

/**
 * Whether a test's browser context runs the app's service worker (docs/testing.md, "Browser
 * tests"). A file whose tests never go offline, reload without a connection or check the PWA says
 * `{ serviceWorker: false }`: the worker's install fetches and caches the app's ~130 files in every
 * fresh context (a quarter of Chromium's CPU time in the product list's tests), and online the app
 * does the same without it (the worker answers only the app's own files and product images; API
 * calls never pass through it, src/app/sw.ts).
 */
export interface ContextOptions {
  serviceWorker?: boolean;
}

export const serviceWorkersOf = ({ serviceWorker = true }: ContextOptions = {}) => (serviceWorker ? 'allow' : 'block') as 'allow' | 'block';

/**
 * One browser for the test file and a fresh context and page for every test. Returns a getter:
 * `const page = useFreshPage(); … page().goto(…)`.
 */
export function useFreshPage(viewport = { width: 1280, height: 800 }, options: ContextOptions = {}): () => Page {
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
    context = await browser.newContext({ viewport, serviceWorkers: serviceWorkersOf(options) });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });
  return () => page;
}

/** A persistent profile: unlike the default incognito context, it can report installability. */
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

/** How long one wait for the service worker's control may take before the page is loaded again. */
const SERVICE_WORKER_WAIT_MS = 20_000;

/**
 * Resolves once a service worker is active and controls the page. A wait that sees no control in
 * 20 s loads the page again, up to twice: the app registers its worker at every start, so a new
 * load retries an install that failed (its precache fetches ~100 files; a failed install never
 * makes `ready` resolve). A wait without an end once held a browser test for its whole 120 s in a
 * full run on the busy 2-core machine, with nothing to say why. Still no control after three
 * loads: an error that says so.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  for (let load = 1; ; load += 1) {
    const controlled = await page.evaluate(async (waitMs) => {
      const control = (async () => {
        await navigator.serviceWorker.ready;
        if (navigator.serviceWorker.controller) return true;
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
        return true;
      })();
      const giveUp = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs));
      return Promise.race([control, giveUp]);
    }, SERVICE_WORKER_WAIT_MS);
    if (controlled) return;
    if (load >= 3) throw new Error(`No service worker controls ${page.url()} after ${load} loads of ${SERVICE_WORKER_WAIT_MS / 1000} s each`);
    console.warn(`[e2e] no service worker controls ${page.url()} after ${SERVICE_WORKER_WAIT_MS / 1000} s; loading the page again`);
    await page.reload();
  }
}
