/**
 * The account rules over real HTTP (docs/security.md, "Sign-in and tokens", "Accounts"): wrong
 * current passwords of a password change are throttled like sign-in, look-alike user names are
 * refused, and a role change that changes nothing keeps the person signed in. The rules in depth:
 * password-change-throttle.test.ts, staff-accounts.test.ts, tests/unit/account-rules.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { serveOverHttp, type ServedApp } from './support/http-server';
import { createTestApp, TEST_USER, type TestApp } from './support/test-app';

let t: TestApp;
let served: ServedApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  served = await serveOverHttp(t);
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, TEST_USER.username));
  adminToken = (await t.tokens.issue({ userId: admin!.id, username: admin!.username, sessionVersion: admin!.sessionVersion })).accessToken;
});
afterAll(async () => {
  await served.close();
  await t.close();
});

async function call(method: string, path: string, body: unknown, token: string | null, address = '192.0.2.30') {
  const response = await fetch(`${served.origin}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Test-Address': address, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as { message?: string; accessToken?: string; id?: number } | null };
}

async function staffMember(username: string, password: string): Promise<{ id: number; token: string }> {
  const added = await call('POST', '/api/v1/users', { username, password, role: 'staff' }, adminToken);
  expect(added.status).toBe(201);
  const signedIn = await call('POST', '/auth/login', { username, password }, null);
  expect(signedIn.status).toBe(200);
  return { id: added.body?.id ?? 0, token: signedIn.body?.accessToken ?? '' };
}

describe('accounts over real HTTP', () => {
  it('a password change gets 5 wrong current passwords a window; the 6th is 429 with Retry-After', async () => {
    const { token } = await staffMember('ruud', 'staff-password-1');
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const answer = await call('POST', '/api/v1/me/password', { currentPassword: `guess-${guess}`, newPassword: 'a-new-password-1' }, token);
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits for the window, from this address.
    expect((await call('POST', '/api/v1/me/password', { currentPassword: 'staff-password-1', newPassword: 'a-new-password-1' }, token)).status).toBe(429);
  });

  it('refuses names that pass for another: another case or width (409), mixed scripts (400); a plain Dutch name is added', async () => {
    const answers = await Promise.all(
      ['Admin', 'ＡＤＭＩＮ', '\u0430dmin', 'Zoë'].map((username) => call('POST', '/api/v1/users', { username, password: 'a long enough password', role: 'staff' }, adminToken)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([409, 409, 400, 201]);
    expect(answers[0]?.body?.message).toMatch(/counts as the same name as 'admin'/);
    expect(answers[2]?.body?.message).toMatch(/mixes letters of different scripts \(Cyrillic and Latin\)/);
  });

  it('setting the role a person already has keeps them signed in', async () => {
    const { id, token } = await staffMember('femke', 'staff-password-2');
    expect((await call('PUT', `/api/v1/users/${id}`, { role: 'staff' }, adminToken)).status).toBe(200);
    expect((await call('GET', '/api/v1/me', undefined, token)).status).toBe(200);
  });
});
