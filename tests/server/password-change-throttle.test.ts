/**
 * The current password of a password change (POST /api/v1/me/password) is guessed no faster than a
 * sign-in: counted in the database with the sign-in attempts, per account and address, before the
 * password is checked (docs/security.md, "Sign-in and tokens"). Over the app's HTTP interface; every
 * scrypt password check is counted here, so "refused without a password check" is seen, not timed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, type Account } from '../../src/shared/accounts';
import type * as passwords from '../../src/server/auth/passwords';
import { loginAttempts, users } from '../../src/server/db/schema';
import { createTestApp, jsonPost, TEST_USER, type TestApp } from './support/test-app';
import { eq, ne } from 'drizzle-orm';

const passwordChecks = vi.hoisted(() => ({ count: 0 }));
// The server project shares a module cache between the files of a worker (docs/testing.md, "Unit and
// server tests"): the modules this file imports load afresh, with its mock, and afterwards without it.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../src/server/auth/passwords');
  vi.resetModules();
});
vi.mock('../../src/server/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    verifyPassword: (password: string, stored: string) => {
      passwordChecks.count += 1;
      return actual.verifyPassword(password, stored);
    },
  };
});

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // A clock far from the previous test's, so no window carries over.
  t.clock.now += 3_600_000;
  await t.database.db.delete(users).where(ne(users.username, TEST_USER.username));
  await t.database.db.delete(loginAttempts);
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, TEST_USER.username));
  adminToken = (await t.tokens.issue({ userId: admin!.id, username: admin!.username, sessionVersion: admin!.sessionVersion })).accessToken;
});

const ADDRESS = '192.0.2.20';
const signIn = async (username: string, password: string, address = ADDRESS) => {
  const answer = await t.app.request('/auth/login', jsonPost({ username, password }, { 'X-Test-Address': address }));
  return { status: answer.status, token: answer.status === 200 ? ((await answer.json()) as { accessToken: string }).accessToken : '' };
};
const changePassword = (token: string, currentPassword: string, newPassword = 'a-new-password-1', address = ADDRESS) =>
  t.app.request('/api/v1/me/password', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Test-Address': address },
    body: JSON.stringify({ currentPassword, newPassword }),
  });
const addStaff = async (username: string, password: string) => {
  const answer = await t.app.request('/api/v1/users', jsonPost({ username, password, role: 'staff' }, { Authorization: `Bearer ${adminToken}` }));
  expect(answer.status).toBe(201);
  return (await answer.json()) as Account;
};
/** A staff member signed in from ADDRESS; the sign-in's own attempt is forgotten by its success. */
const staffToken = async (username: string, password: string) => {
  await addStaff(username, password);
  const signedIn = await signIn(username, password);
  expect(signedIn.status).toBe(200);
  return signedIn.token;
};

describe('the current password of POST /api/v1/me/password', () => {
  it('gets 5 wrong guesses per window; the 6th gets 429 with Retry-After and no password check, even when right; after the window the right one works', async () => {
    const token = await staffToken('sam', 'staff-password-1');
    const wrongMs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const wrong = await changePassword(token, `guess-${i}`);
      wrongMs.push(performance.now() - started);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toEqual({ message: accountMessages.currentPasswordWrong, messageId: 'account.currentPasswordWrong', messageArgs: [] });
    }

    const checksBefore = passwordChecks.count;
    const started = performance.now();
    const sixth = await changePassword(token, 'guess-5');
    const refusedMs = performance.now() - started;
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(((await sixth.json()) as { message: string }).message).toMatch(/^Too many attempts with a wrong current password\. Try again in \d+ seconds\.$/);
    // The right password waits for the window too.
    expect((await changePassword(token, 'staff-password-1')).status).toBe(429);
    expect(passwordChecks.count).toBe(checksBefore);
    console.log(
      `[me/password] wrong guesses took ${wrongMs.map((ms) => ms.toFixed(0)).join(', ')} ms; the refused 6th took ${refusedMs.toFixed(1)} ms without a password check`,
    );

    t.clock.now += 61_000;
    expect((await changePassword(token, 'staff-password-1')).status).toBe(204);
    expect((await signIn('sam', 'a-new-password-1')).status).toBe(200);
  });

  it('lets 5 of 40 parallel wrong guesses be checked; the other 35 get 429 without a password check', async () => {
    const token = await staffToken('sam', 'staff-password-1');
    const checksBefore = passwordChecks.count;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => changePassword(token, `parallel-guess-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    expect(passwordChecks.count - checksBefore).toBe(5);
  });

  it('counts with the sign-in attempts of the same account: 3 wrong sign-ins and 2 wrong current passwords use up the 5', async () => {
    const token = await staffToken('sam', 'staff-password-1');
    for (let i = 0; i < 3; i += 1) expect((await signIn('SAM', `sign-in-guess-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await changePassword(token, `guess-${i}`)).status).toBe(400);
    expect((await changePassword(token, 'guess-2')).status).toBe(429);
    expect((await signIn('sam', 'staff-password-1')).status).toBe(429);
  });

  it('forgets the account’s wrong guesses after the right current password, as a sign-in does', async () => {
    const token = await staffToken('sam', 'staff-password-1');
    for (let i = 0; i < 4; i += 1) expect((await changePassword(token, `guess-${i}`)).status).toBe(400);
    expect((await changePassword(token, 'staff-password-1', 'staff-password-2')).status).toBe(204);
    // The change ended the token; the new one gets the whole allowance again.
    const next = (await signIn('sam', 'staff-password-2')).token;
    for (let i = 0; i < 5; i += 1) expect((await changePassword(next, `again-${i}`)).status).toBe(400);
    expect((await changePassword(next, 'again-5')).status).toBe(429);
  });

  it('does not slow another account from the same address, nor the same account from another address', async () => {
    const samToken = await staffToken('sam', 'staff-password-1');
    const annToken = await staffToken('ann', 'staff-password-a');
    for (let i = 0; i < 5; i += 1) expect((await changePassword(samToken, `guess-${i}`)).status).toBe(400);
    expect((await changePassword(samToken, 'guess-5')).status).toBe(429);

    expect((await changePassword(annToken, 'not-ann-s')).status).toBe(400);
    expect((await changePassword(annToken, 'staff-password-a', 'staff-password-b')).status).toBe(204);
    expect((await changePassword(samToken, 'staff-password-1', 'staff-password-2', '198.51.100.20')).status).toBe(204);
  });
});
