/**
 * Staff accounts in the browser (docs/security.md, "Accounts"): an admin adds a staff
 * member on /users; the staff member signs in and finds no way to /users (and the route refuses
 * them); the admin deactivates them and their next call ends their session on /login.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/shared/accounts';
import { baseUrl, launchBrowser, signIn } from './support/browser';
import { SHOTS } from './support/screenshots';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

describe('staff accounts', () => {
  it('admin adds staff; staff cannot reach /users; deactivation sends them to /login at their next call', async () => {
    const staff = { username: `staff-${Date.now()}`, password: 'staff-e2e-password' };
    const admin = await newPage();
    await signIn(admin);
    // The admin reaches Users from the app's navigation, and from the sign-in page.
    await admin.getByRole('banner').getByRole('link', { name: 'Users', exact: true }).click();
    await admin.waitForURL(`${baseUrl()}/users`);
    await admin.goto(`${baseUrl()}/login`);
    await admin.getByRole('link', { name: 'Manage users' }).click();
    await admin.waitForURL(`${baseUrl()}/users`);

    await admin.getByLabel('User name').fill(staff.username);
    await admin.getByLabel('Display name').fill('Sam Stock');
    await admin.getByLabel(/Initial password/).fill(staff.password);
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByText(`Added ${staff.username}.`).waitFor();
    const row = admin.getByTestId(`user-${staff.username}`);
    await row.getByText('Active').waitFor();
    expect(await row.getByText('Staff', { exact: true }).isVisible()).toBe(true);

    // A too-short password is refused with a readable message.
    await admin.getByLabel('User name').fill('too-short-user');
    await admin.getByLabel(/Initial password/).fill('short');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('alert').getByText('The password needs at least 8 characters.', { exact: true }).waitFor();
    // What was typed stays beside the refusal, to be corrected.
    expect(await admin.getByLabel('User name').inputValue()).toBe('too-short-user');

    // A name mixing scripts (a Cyrillic а) and one that differs from admin only in case are refused with the rule's sentence.
    await admin.getByLabel('User name').fill('\u0430dmin');
    await admin.getByLabel(/Initial password/).fill('long-enough-password');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('alert').getByText(accountMessages.userNameMixedScripts(['Cyrillic', 'Latin']), { exact: true }).waitFor();
    expect(await admin.getByLabel('User name').inputValue()).toBe('\u0430dmin');
    await admin.getByLabel('User name').fill('ADMIN');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.getByRole('alert').getByText(accountMessages.userNameTaken('ADMIN', 'admin'), { exact: true }).waitFor();

    // The add button and row buttons are touch sized.
    const addBox = await admin.getByRole('button', { name: 'Add', exact: true }).boundingBox();
    expect(addBox!.height).toBeGreaterThanOrEqual(44);
    const deactivateBox = await row.getByRole('button', { name: 'Deactivate' }).boundingBox();
    expect(deactivateBox!.height).toBeGreaterThanOrEqual(44);
    const fieldBox = await admin.getByLabel('User name').boundingBox();
    expect(fieldBox!.height).toBeGreaterThanOrEqual(40); // the input inside its 44 px frame

    await admin.screenshot({ path: `${SHOTS}/users-1280x800.png` });
    const portrait = await newPage({ width: 800, height: 1280 });
    await signIn(portrait);
    // Upright, the admin reaches Users from the navigation drawer, not only through the sign-in page.
    await portrait.getByRole('button', { name: 'Open navigation' }).click();
    await portrait.getByRole('navigation', { name: 'Main (drawer)' }).getByRole('link', { name: 'Users' }).click();
    await portrait.waitForURL(`${baseUrl()}/users`);
    await portrait.getByTestId(`user-${staff.username}`).waitFor();
    await portrait.screenshot({ path: `${SHOTS}/users-800x1280.png` });
    await portrait.context().close();

    // The staff member signs in: no link to /users, and the route refuses them without a call.
    const member = await newPage();
    await signIn(member, staff);
    await member.goto(`${baseUrl()}/login`);
    await member.getByText('Signed in as Sam Stock').waitFor();
    await member.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await member.getByRole('link', { name: 'Manage users' }).count()).toBe(0);
    expect(await member.getByRole('banner').getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    const usersCalls: string[] = [];
    member.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/users') usersCalls.push(request.url());
    });
    await member.goto(`${baseUrl()}/users`);
    await member.getByText('Only an administrator can manage accounts.').waitFor();
    expect(usersCalls).toEqual([]);

    // The admin deactivates them; the staff member's next call is refused and they land on /login.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated').waitFor();
    await member.goto(`${baseUrl()}/products`);
    await member.waitForURL(`${baseUrl()}/login`);
    await member.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await member.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

    // And cannot sign in again.
    await member.getByLabel('User Name').fill(staff.username);
    await member.getByLabel('Password').fill(staff.password);
    await member.getByRole('button', { name: 'Sign In' }).click();
    await member.getByText('Error signing in: Wrong user name or password').waitFor();
    await member.context().close();
    await admin.context().close();
  });
});
