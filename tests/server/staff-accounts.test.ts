/**
 * Staff accounts (docs/security.md, "Accounts"): admin-only account calls, /me for
 * everyone, validation, the last-admin rule, and tokens ending at once on deactivation and on
 * every password change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages, type Account } from '../../src/shared/accounts';
import { loginAttempts, users } from '../../src/server/db/schema';
import { createTestApp, jsonPost, TEST_USER, type TestApp } from './support/test-app';
import { eq, ne } from 'drizzle-orm';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(users).where(ne(users.username, TEST_USER.username));
  await t.database.db.delete(loginAttempts);
  // The last-admin test changes the first user's role (which ends its tokens): start each test afresh.
  const [admin] = await t.database.db.update(users).set({ role: 'admin', active: true }).where(eq(users.username, TEST_USER.username)).returning();
  adminToken = (await t.tokens.issue({ userId: admin!.id, username: admin!.username, sessionVersion: admin!.sessionVersion })).accessToken;
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const call = (token: string, method: string, path: string, body?: unknown) =>
  t.app.request(`/api/v1${path}`, {
    method,
    headers: { ...auth(token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const login = async (username: string, password: string) => {
  const answer = await t.app.request('/auth/login', jsonPost({ username, password }));
  return { status: answer.status, body: (await answer.json()) as { accessToken?: string; role?: string; displayName?: string; username?: string; expiredAccessToken?: number } };
};
const addStaff = async (username = 'sam', password = 'staff-password-1') => {
  const answer = await call(adminToken, 'POST', '/users', { username, displayName: 'Sam Stock', role: 'staff', password });
  expect(answer.status).toBe(201);
  return (await answer.json()) as Account;
};

describe('the first user', () => {
  it('is an administrator, and the login answer keeps the spec fields and adds who and what role', async () => {
    const signedIn = await login(TEST_USER.username, TEST_USER.password);
    expect(signedIn.status).toBe(200);
    expect(typeof signedIn.body.accessToken).toBe('string');
    expect(typeof signedIn.body.expiredAccessToken).toBe('number');
    expect(signedIn.body).toMatchObject({ username: 'admin', displayName: 'admin', role: 'admin' });
  });
});

describe('admin calls', () => {
  it('need a token', async () => {
    expect((await t.app.request('/api/v1/users')).status).toBe(401);
    expect((await t.app.request('/api/v1/me')).status).toBe(401);
  });

  it('an admin adds staff; staff sign in as staff and get 403 with a clear message on every admin call', async () => {
    const sam = await addStaff();
    expect(sam).toMatchObject({ username: 'sam', displayName: 'Sam Stock', role: 'staff', active: true });
    const list = (await (await call(adminToken, 'GET', '/users')).json()) as Account[];
    expect(list.map((account) => account.username)).toEqual(['admin', 'sam']);
    expect(JSON.stringify(list)).not.toContain('password');

    const signedIn = await login('sam', 'staff-password-1');
    expect(signedIn.body).toMatchObject({ username: 'sam', displayName: 'Sam Stock', role: 'staff' });
    const staffToken = signedIn.body.accessToken!;
    const refusals = [
      await call(staffToken, 'GET', '/users'),
      await call(staffToken, 'POST', '/users', { username: 'x', role: 'admin', password: 'long-enough' }),
      await call(staffToken, 'PUT', `/users/${sam.id}`, { role: 'admin' }),
      await call(staffToken, 'PUT', '/users/1', { active: false }),
      await call(staffToken, 'POST', '/users/1/password', { password: 'taken-over-1' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: accountMessages.adminsOnly, messageId: 'account.adminsOnly', messageArgs: [] });
    }
    // Nothing changed.
    expect((await login(TEST_USER.username, TEST_USER.password)).status).toBe(200);
    const me = (await (await call(staffToken, 'GET', '/me')).json()) as Account;
    expect(me).toMatchObject({ username: 'sam', role: 'staff', active: true });
  });

  it('refuses a taken user name, a short or NUL password, an unknown role, unknown fields', async () => {
    await addStaff();
    const taken = await call(adminToken, 'POST', '/users', { username: 'sam', password: 'another-password' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: accountMessages.userNameTaken('sam'), messageId: 'account.userNameTaken', messageArgs: ['sam', ''] });
    const short = await call(adminToken, 'POST', '/users', { username: 'kim', password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: accountMessages.passwordTooShort(8), messageId: 'account.passwordTooShort', messageArgs: [8] });
    expect((await call(adminToken, 'POST', '/users', { username: 'kim', password: 'long-enough\u0000' })).status).toBe(400);
    expect((await call(adminToken, 'POST', '/users', { username: 'k\u0000m', password: 'long-enough' })).status).toBe(400);
    expect((await call(adminToken, 'POST', '/users', { username: 'kim', password: 'x'.repeat(1_001) })).status).toBe(400);
    expect((await call(adminToken, 'POST', '/users', { username: 'kim', role: 'owner', password: 'long-enough' })).status).toBe(400);
    expect((await call(adminToken, 'POST', '/users', { username: 'k m', password: 'long-enough' })).status).toBe(400);
    expect((await call(adminToken, 'PUT', '/users/1', { sessionVersion: 9 })).status).toBe(400);
    expect((await call(adminToken, 'PUT', '/users/999999', { active: true })).status).toBe(404);
    expect((await call(adminToken, 'PUT', '/users/abc', { active: true })).status).toBe(404);
    expect((await call(adminToken, 'POST', '/users/999999/password', { password: 'long-enough' })).status).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the staff member’s token at once, refuses their sign-in, and reactivation lets them back', async () => {
    const sam = await addStaff();
    const staffToken = (await login('sam', 'staff-password-1')).body.accessToken!;
    expect((await call(staffToken, 'GET', '/supplier')).status).toBe(200);

    const deactivated = await call(adminToken, 'PUT', `/users/${sam.id}`, { active: false });
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({ active: false });
    expect((await call(staffToken, 'GET', '/supplier')).status).toBe(401);
    expect((await call(staffToken, 'GET', '/me')).status).toBe(401);
    expect((await login('sam', 'staff-password-1')).status).toBe(401);

    expect((await call(adminToken, 'PUT', `/users/${sam.id}`, { active: true })).status).toBe(200);
    expect((await call(staffToken, 'GET', '/supplier')).status).toBe(401); // the old token stays ended
    expect((await login('sam', 'staff-password-1')).status).toBe(200);
  });
});

describe('user names', () => {
  it('are unique whatever the case or width: Admin, ADMIN and fullwidth ａｄｍｉｎ are refused beside admin with 409 and a sentence naming it', async () => {
    for (const lookalike of ['Admin', 'ADMIN', '\uff41\uff44\uff4d\uff49\uff4e', ' admin ']) {
      const refused = await call(adminToken, 'POST', '/users', { username: lookalike, password: 'lookalike-pass' });
      expect(refused.status, lookalike).toBe(409);
      const shown = lookalike.normalize('NFKC').trim();
      expect(await refused.json()).toEqual({ message: accountMessages.userNameTaken(shown, 'admin'), messageId: 'account.userNameTaken', messageArgs: [shown, shown === 'admin' ? '' : 'admin'] });
    }
    const list = (await (await call(adminToken, 'GET', '/users')).json()) as Account[];
    expect(list.map((account) => account.username)).toEqual(['admin']);
    expect(accountMessages.userNameTaken('Admin', 'admin')).toBe(
      "The user name 'Admin' is taken: it counts as the same name as 'admin' (user names ignore upper and lower case and character width).",
    );
  });

  it('that mix scripts (a Cyrillic а in аdmin, a Greek ο) or hide invisible characters are refused with 400 and a sentence', async () => {
    const cyrillic = await call(adminToken, 'POST', '/users', { username: '\u0430dmin', password: 'lookalike-pass' });
    expect(cyrillic.status).toBe(400);
    expect(await cyrillic.json()).toEqual({ message: accountMessages.userNameMixedScripts(['Cyrillic', 'Latin']), messageId: 'account.userNameMixedScripts', messageArgs: [['Cyrillic', 'Latin']] });
    const greek = await call(adminToken, 'POST', '/users', { username: '\u03bfscar', password: 'lookalike-pass' });
    expect(greek.status).toBe(400);
    expect(await greek.json()).toEqual({ message: accountMessages.userNameMixedScripts(['Greek', 'Latin']), messageId: 'account.userNameMixedScripts', messageArgs: [['Greek', 'Latin']] });
    const hidden = await call(adminToken, 'POST', '/users', { username: 'ad\u200bmin', password: 'lookalike-pass' });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toEqual({ message: accountMessages.userNameInvisible, messageId: 'account.userNameInvisible', messageArgs: [] });
    const list = (await (await call(adminToken, 'GET', '/users')).json()) as Account[];
    expect(list).toHaveLength(1);
  });

  it('with diacritics are allowed (Zoë, Jörg); a decomposed or upper-case Zoë is the same name; sign-in finds Zoë by any of them', async () => {
    const zoe = await call(adminToken, 'POST', '/users', { username: 'Zoë', password: 'zoe-password-1' });
    expect(zoe.status).toBe(201);
    expect((await call(adminToken, 'POST', '/users', { username: 'Jörg', password: 'jorg-password-1' })).status).toBe(201);
    expect((await call(adminToken, 'POST', '/users', { username: 'ZOË', password: 'zoe-password-2' })).status).toBe(409);
    expect((await call(adminToken, 'POST', '/users', { username: 'Zoe\u0308', password: 'zoe-password-2' })).status).toBe(409);
    for (const typed of ['Zoë', 'zoë', 'ZOË', 'Zoe\u0308', '\uff3a\uff4f\u00eb']) {
      const signedIn = await login(typed, 'zoe-password-1');
      expect(signedIn.status, typed).toBe(200);
      expect(signedIn.body.username).toBe('Zoë');
    }
    // A name added in fullwidth is kept in its NFKC form.
    const wide = await call(adminToken, 'POST', '/users', { username: '\uff4b\uff49\uff4d', password: 'kim-password-1' });
    expect(((await wide.json()) as Account).username).toBe('kim');
  });

  it('Admin signs in as admin (no second account), with the same password', async () => {
    const signedIn = await login('ADMIN', TEST_USER.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.username).toBe('admin');
    expect((await login('Admin', 'not the password')).status).toBe(401);
  });
});

describe('changes that change nothing about access', () => {
  it('keep the person signed in: the role they already have, a display name, reactivating the active', async () => {
    const sam = await addStaff();
    const staffToken = (await login('sam', 'staff-password-1')).body.accessToken!;
    const [before] = await t.database.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, sam.id));

    expect((await call(adminToken, 'PUT', `/users/${sam.id}`, { role: 'staff' })).status).toBe(200);
    expect((await call(staffToken, 'GET', '/me')).status).toBe(200);
    const renamed = await call(adminToken, 'PUT', `/users/${sam.id}`, { displayName: 'Samantha' });
    expect(await renamed.json()).toMatchObject({ displayName: 'Samantha', role: 'staff' });
    expect((await call(staffToken, 'GET', '/me')).status).toBe(200);
    expect((await call(adminToken, 'PUT', `/users/${sam.id}`, { role: 'staff', active: true, displayName: 'Sam' })).status).toBe(200);
    expect((await call(staffToken, 'GET', '/supplier')).status).toBe(200);
    const [after] = await t.database.db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, sam.id));
    expect(after?.sessionVersion).toBe(before?.sessionVersion);

    // An administrator given the role it has keeps its token too.
    expect((await call(adminToken, 'PUT', '/users/1', { role: 'admin' })).status).toBe(200);
    expect((await call(adminToken, 'GET', '/users')).status).toBe(200);
  });

  it('a real role change still ends the token', async () => {
    const sam = await addStaff();
    const staffToken = (await login('sam', 'staff-password-1')).body.accessToken!;
    expect((await call(adminToken, 'PUT', `/users/${sam.id}`, { role: 'admin' })).status).toBe(200);
    expect((await call(staffToken, 'GET', '/me')).status).toBe(401);
  });
});

describe('the last active administrator', () => {
  it('cannot be deactivated or demoted; with a second admin it can', async () => {
    const refusedDeactivate = await call(adminToken, 'PUT', '/users/1', { active: false });
    expect(refusedDeactivate.status).toBe(409);
    expect(await refusedDeactivate.json()).toEqual({ message: accountMessages.lastAdmin, messageId: 'account.lastAdmin', messageArgs: [] });
    expect((await call(adminToken, 'PUT', '/users/1', { role: 'staff' })).status).toBe(409);

    // An inactive admin does not count.
    const other = (await (await call(adminToken, 'POST', '/users', { username: 'ann', role: 'admin', password: 'admin-two-pass' })).json()) as Account;
    expect((await call(adminToken, 'PUT', `/users/${other.id}`, { active: false })).status).toBe(200);
    expect((await call(adminToken, 'PUT', '/users/1', { role: 'staff' })).status).toBe(409);

    expect((await call(adminToken, 'PUT', `/users/${other.id}`, { active: true })).status).toBe(200);
    expect((await call(adminToken, 'PUT', '/users/1', { role: 'staff', displayName: 'Former admin' })).status).toBe(200);
    // The demotion ended the old token; the role is read from the database on every call anyway.
    expect((await call(adminToken, 'GET', '/users')).status).toBe(401);
    const annToken = (await login('ann', 'admin-two-pass')).body.accessToken!;
    expect((await call(annToken, 'PUT', '/users/1', { role: 'admin' })).status).toBe(200);
  });
});

describe('passwords', () => {
  it('changing one’s own needs the current one, and ends every older token', async () => {
    await addStaff();
    const first = (await login('sam', 'staff-password-1')).body.accessToken!;
    const wrong = await call(first, 'POST', '/me/password', { currentPassword: 'not-it', newPassword: 'staff-password-2' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: accountMessages.currentPasswordWrong, messageId: 'account.currentPasswordWrong', messageArgs: [] });
    expect((await call(first, 'POST', '/me/password', { currentPassword: 'staff-password-1', newPassword: 'short' })).status).toBe(400);
    expect((await call(first, 'POST', '/me/password', { currentPassword: 'staff-password-1', newPassword: 'staff-password-2' })).status).toBe(204);
    expect((await call(first, 'GET', '/me')).status).toBe(401);
    expect((await login('sam', 'staff-password-1')).status).toBe(401);
    expect((await login('sam', 'staff-password-2')).status).toBe(200);
  });

  it('an admin reset ends the person’s tokens and the new password works', async () => {
    const sam = await addStaff();
    const staffToken = (await login('sam', 'staff-password-1')).body.accessToken!;
    expect((await call(adminToken, 'POST', `/users/${sam.id}/password`, { password: 'short' })).status).toBe(400);
    expect((await call(adminToken, 'POST', `/users/${sam.id}/password`, { password: 'reset-by-admin' })).status).toBe(204);
    expect((await call(staffToken, 'GET', '/me')).status).toBe(401);
    expect((await login('sam', 'reset-by-admin')).status).toBe(200);
  });
});
