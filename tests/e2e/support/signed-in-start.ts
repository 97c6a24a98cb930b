/**
 * A signed-in start without the sign-in form, for browser tests that are not about signing in
 * (docs/testing.md, "Browser tests"). The form's own tests (login.test.ts and the others that
 * assert what the form does) keep `signIn` from support/browser.ts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { E2E_ADMIN } from './global-setup';
import { storedSession } from './stored-session';

/** A blank page of the app's own origin: localStorage is written there without loading the app. */
const START_PATH = '/signed-in-start';

/**
 * Signs in through the server's sign-in call (POST /auth/login) and stores the session where the
 * app keeps it, on a blank page of the app's origin, so the next visit opens the app signed in.
 * Costs one call and an empty page where `signIn` loads the sign-in page, fills the form and
 * renders the dashboard. With `open`, goes there (e.g. '/dashboard', where `signIn` ends);
 * without it, the page stays on the blank page: `apiJson` works there, and the test's next
 * `goto` is its first load of the app. `server`: another server than this worker's (its address).
 */
export async function signedInStart(page: Page, options: { as?: { username: string; password: string }; open?: string; server?: string } = {}): Promise<void> {
  const credentials = options.as ?? E2E_ADMIN;
  const origin = options.server ?? baseUrl();
  const answer = await page.request.post(`${origin}/auth/login`, { data: credentials });
  expect(answer.status(), `sign-in call for ${credentials.username}`).toBe(200);
  const entries = storedSession(await answer.json(), credentials.username);
  const startUrl = `${origin}${START_PATH}`;
  await page.route(startUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Signed-in start</title>' }));
  try {
    await page.goto(startUrl);
    await page.evaluate((pairs) => {
      for (const [key, value] of pairs) localStorage.setItem(key, value);
    }, entries);
  } finally {
    await page.unroute(startUrl);
  }
  if (options.open) await page.goto(`${origin}${options.open}`);
}
