/** Signing in on the form as it reads in either language (docs/languages.md), for the language browser tests. */
import type { Page } from 'playwright-core';
import { baseUrl } from './browser';

/** Fills the sign-in form by its fields' ids and taps its button, named as the language shown names it. */
export async function signInOnForm(page: Page, person: { username: string; password: string }, button: 'Sign In' | 'Inloggen'): Promise<void> {
  await page.goto(`${baseUrl()}/login`);
  await page.locator('#login-username').fill(person.username);
  await page.locator('#login-password').fill(person.password);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(`${baseUrl()}/dashboard`);
}
