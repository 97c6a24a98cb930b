/**
 * The person's language kept on the account (docs/languages.md): /me and the sign-in answer say
 * it (null until chosen), PUT /me/language changes only the caller's own, and refuses what is not
 * one of the app's languages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/shared/accounts';
import { users } from '../../src/server/db/schema';
import { createTestApp, jsonPost, TEST_USER, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());
// Every test starts with nobody's language chosen; the people a test adds have names of their own.
beforeEach(() => t.database.db.update(users).set({ language: null }));

const call = (token: string | null, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/v1${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

async function signIn(username: string, password: string): Promise<{ accessToken: string; language?: string | null }> {
  const answer = await t.app.request('/auth/login', jsonPost({ username, password }));
  expect(answer.status).toBe(200);
  return (await answer.json()) as { accessToken: string; language?: string | null };
}

async function addStaff(adminToken: string, username: string): Promise<void> {
  const added = await call(adminToken, 'POST', '/users', { username, role: 'staff', password: 'staff-password-1' });
  expect(added.status).toBe(201);
}

const me = async (token: string) => (await (await call(token, 'GET', '/me')).json()) as Account & { language: string | null };

describe('a person’s language', () => {
  it('is null until chosen, in /me and in the sign-in answer', async () => {
    const admin = await signIn(TEST_USER.username, TEST_USER.password);
    expect(admin.language).toBeNull();
    expect((await me(admin.accessToken)).language).toBeNull();
  });

  it('is kept on the account: a second sign-in (another tablet) gets it back, and /me says it', async () => {
    const first = await signIn(TEST_USER.username, TEST_USER.password);
    const changed = await call(first.accessToken, 'PUT', '/me/language', { language: 'nl' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ language: 'nl' });

    const second = await signIn(TEST_USER.username, TEST_USER.password);
    expect(second.language).toBe('nl');
    expect((await me(second.accessToken)).language).toBe('nl');

    expect((await call(second.accessToken, 'PUT', '/me/language', { language: 'en' })).status).toBe(200);
    expect((await signIn(TEST_USER.username, TEST_USER.password)).language).toBe('en');
  });

  it('changes only the caller’s own account', async () => {
    const admin = await signIn(TEST_USER.username, TEST_USER.password);
    const name = `sam-${Date.now()}`;
    await addStaff(admin.accessToken, name);
    const sam = await signIn(name, 'staff-password-1');
    expect((await call(sam.accessToken, 'PUT', '/me/language', { language: 'nl' })).status).toBe(200);
    expect((await me(sam.accessToken)).language).toBe('nl');
    expect((await me(admin.accessToken)).language).toBeNull();
  });

  it('needs a token: 401 without one, and nothing changes', async () => {
    expect((await call(null, 'PUT', '/me/language', { language: 'nl' })).status).toBe(401);
    expect((await call('not-a-token', 'PUT', '/me/language', { language: 'nl' })).status).toBe(401);
    const admin = await signIn(TEST_USER.username, TEST_USER.password);
    expect(admin.language).toBeNull();
  });

  it('refuses with 400 what is not one of the app’s languages, and keeps the one chosen', async () => {
    const admin = await signIn(TEST_USER.username, TEST_USER.password);
    expect((await call(admin.accessToken, 'PUT', '/me/language', { language: 'nl' })).status).toBe(200);
    for (const body of [{ language: 'de' }, { language: 'NL' }, { language: 'nl-NL' }, { language: '' }, { language: null }, { language: 1 }, {}, { language: 'en', extra: true }, 'not json', '[]']) {
      const refused = await call(admin.accessToken, 'PUT', '/me/language', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await refused.json()) as { message?: unknown }).message).toBe('string');
    }
    expect((await me(admin.accessToken)).language).toBe('nl');
  });
});
