import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, signIn, useFreshPage } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

const freshPage = useFreshPage({ width: 1280, height: 800 });
let page: Page;
beforeEach(() => {
  page = freshPage();
});

const heading = () => page.getByRole('heading', { level: 2 });

describe('signing in', () => {
  it('sends a visitor without a session from a protected page to /login', async () => {
    await page.goto(`${baseUrl()}/products`);
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await heading().textContent()).toBe('For continue you need sign in first');
    expect(await page.getByText('Loading...').count()).toBe(0);
  });

  it('asks for both fields, with a helper text under each empty one', async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Both fields are required.').waitFor();
    expect(await page.getByText('Email is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);

    await page.getByLabel('User Name').fill('admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByText('Email is required').count()).toBe(0);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/login`);
  });

  it('says why a wrong password was refused and keeps the person on /login', async () => {
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('User Name').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Error signing in: Wrong user name or password').waitFor();
    expect(page.url()).toBe(`${baseUrl()}/login`);
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  });

  it('reaches /dashboard, stores the session and loads the lists', async () => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.headers().authorization?.startsWith('Bearer ')) listCalls.push(url.pathname);
    });
    await signIn(page);
    await page.getByText('This page is under construction').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('dashboard');
    const stored = await page.evaluate(() => ({ jwt: localStorage.getItem('jwt'), expiry: localStorage.getItem('expiredAccessToken') }));
    expect(stored.jwt?.split('.')).toHaveLength(3);
    expect(Number(stored.expiry)).toBeGreaterThan(Date.now());
    await expect.poll(() => [...listCalls].sort()).toEqual(['/api/v1/brands', '/api/v1/categories', '/api/v1/family', '/api/v1/supplier']);
  });

  it("shows 'You're already logged in.' to a signed-in person, and Sign Out clears the session", async () => {
    await signIn(page);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await heading().textContent()).toBe("You're already logged in.");

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('For continue you need sign in first').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('jwt'), localStorage.getItem('expiredAccessToken')])).toEqual([null, null]);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(`${baseUrl()}/login`);
  });

  it('sends an expired session to /login with the expiry heading and clears it', async () => {
    await signIn(page);
    // The signed-in screens must be up before the expiry is written: the route guard reads the
    // stored session when it first mounts, so an expiry written while the app's chunk still loads
    // is already ended on this page (with the heading), and the next load finds no session at all.
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('dashboard');
    await page.evaluate(() => localStorage.setItem('expiredAccessToken', String(Date.now() - 1_000)));
    await page.goto(`${baseUrl()}/orders`);
    await page.waitForURL(`${baseUrl()}/login`);
    await page.getByText('Your Access Token has been expired').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('jwt'), localStorage.getItem('expiredAccessToken')])).toEqual([null, null]);
  });

  it('lands on /dashboard from a path that does not exist', async () => {
    await signIn(page);
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByText('This page is under construction').waitFor();
  });

  it('moves between the screens with the top bar', async () => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload EAN' }).click();
    await page.waitForURL(`${baseUrl()}/uploadEan`);
    // Navigations are transitions: the previous screen stays until the next one's chunk is in.
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('uploadEan');
  });

  it('offers the navigation as a drawer on a narrow screen', async () => {
    await page.setViewportSize({ width: 600, height: 1000 });
    await signIn(page);
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main (drawer)' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`${baseUrl()}/orders`);
    expect(await page.getByRole('navigation', { name: 'Main (drawer)' }).count()).toBe(0);
  });
});
