/**
 * Two staff members on two tablets (docs/offline.md "Change sets"): anna and bram, created by the
 * admin through the accounts call, each signed in on a browser context of their own (its own
 * device database). The contexts are closed after each test.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, serviceWorkersOf, waitForServiceWorkerControl, type ContextOptions } from './browser';
import { apiJson } from './catalogue-api';
import { signedInStart } from './signed-in-start';

export const STAFF = {
  anna: { username: 'anna', password: 'anna-password-1' },
  bram: { username: 'bram', password: 'bram-password-1' },
};

export type Person = { username: string; password: string };

/** Creates anna and bram when they are not there yet (409 = there already). */
async function ensureStaff(admin: Page): Promise<void> {
  for (const person of Object.values(STAFF)) {
    const { status } = await apiJson(admin, '/api/v1/users', { method: 'POST', body: { ...person, displayName: person.username, role: 'staff' } });
    expect([201, 409]).toContain(status);
  }
}

/**
 * Registers the browser's hooks and returns `tablet(viewport?, person?)`: a signed-in page (the
 * admin unless someone is named; the admin's first tablet makes sure the staff exist) controlled
 * by the service worker (unless the file says `{ serviceWorker: false }`, browser.ts).
 */
export function useStaffTablets(options: ContextOptions = {}): (viewport?: { width: number; height: number }, person?: Person) => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return async (viewport = { width: 1280, height: 800 }, person) => {
    const context = await browser.newContext({ viewport, serviceWorkers: serviceWorkersOf(options) });
    contexts.push(context);
    const page = await context.newPage();
    // Signed in without the form, on the dashboard as after it (support/signed-in-start.ts).
    await signedInStart(page, { as: person, open: '/dashboard' });
    if (!person) await ensureStaff(page);
    if (options.serviceWorker !== false) await waitForServiceWorkerControl(page);
    return page;
  };
}

/** Waits until the top bar's indicator says everything is on the server. */
export async function waitSynced(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('sync-indicator').getAttribute('data-tone'), { timeout: 30_000 }).toBe('synced');
}
