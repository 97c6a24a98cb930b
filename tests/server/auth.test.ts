import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/server/auth/tokens';
import { createTestApp, jsonPost, TEST_SECRET, TEST_USER, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tokenLifetimeSeconds: 600 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  // Each test gets a clock far from the previous one, so no throttle window carries over.
  t.clock.now += 3_600_000;
});

const login = (body: unknown, headers: Record<string, string> = {}) => t.app.request('/auth/login', jsonPost(body, headers));

describe('POST /auth/login', () => {
  it('answers a token and its expiry in milliseconds for the right password', async () => {
    const response = await login(TEST_USER);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; expiredAccessToken: number };
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.expiredAccessToken).toBe(Math.floor(t.clock.now / 1000) * 1000 + 600_000);

    const api = await t.app.request('/api/v1/supplier', { headers: { Authorization: `Bearer ${body.accessToken}` } });
    expect(api.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike with 401 and a message', async () => {
    const wrongPassword = await login({ username: TEST_USER.username, password: 'nope' });
    const unknownUser = await login({ username: 'nobody', password: 'nope' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Wrong user name or password', messageId: 'server.signInWrong', messageArgs: [] });
    }
  });

  it('refuses missing fields and a body that is not JSON with 400', async () => {
    const missing = await login({ username: 'admin' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Both fields are required.', messageId: 'login.bothFieldsRequired', messageArgs: [] });

    const notJson = await t.app.request('/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The request body must be JSON', messageId: 'server.bodyNotJson', messageArgs: [] });
  });

  it('slows down repeated failures per user name and address, then lets the right password in again', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ username: TEST_USER.username, password: `guess-${attempt}` })).status).toBe(401);
    }
    const blocked = await login(TEST_USER);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts/);

    // Another address is not blocked by someone else's guessing.
    expect((await login(TEST_USER, { 'X-Test-Address': '198.51.100.7' })).status).toBe(200);

    // Once the window has passed the right password works from the first address too.
    t.clock.now += 61_000;
    expect((await login(TEST_USER)).status).toBe(200);
  });
});

describe('the bearer token on /api', () => {
  const supplierList = (authorization?: string) =>
    t.app.request('/api/v1/supplier', authorization ? { headers: { Authorization: authorization } } : {});

  it('is required', async () => {
    const response = await supplierList();
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ message: 'Sign-in required', messageId: 'server.signInRequired', messageArgs: [] });
  });

  it('must not be expired', async () => {
    const token = await t.token();
    t.clock.now += 601_000;
    const response = await supplierList(`Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/);
  });

  it('must be signed with our secret', async () => {
    const forged = await new TokenService('an-attackers-secret-of-sufficient-length!!', 600, () => t.clock.now).issue({
      userId: 1,
      username: 'admin',
      sessionVersion: 1,
    });
    expect((await supplierList(`Bearer ${forged.accessToken}`)).status).toBe(401);
  });

  it('must not use the "none" algorithm or another issuer', async () => {
    const [header, payload] = (await t.token()).split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(header).toBeDefined();
    expect((await supplierList(`Bearer ${unsigned}`)).status).toBe(401);

    const otherIssuer = await new SignJWT({ name: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('someone-else')
      .setExpirationTime(Math.floor(t.clock.now / 1000) + 60)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await supplierList(`Bearer ${otherIssuer}`)).status).toBe(401);
  });

  it('must come as a Bearer credential', async () => {
    expect((await supplierList(`Basic ${Buffer.from('admin:admin').toString('base64')}`)).status).toBe(401);
    expect((await supplierList('Bearer')).status).toBe(401);
    expect((await supplierList('garbage')).status).toBe(401);
  });

  it('guards unknown /api paths too, which then answer 404 as JSON', async () => {
    expect((await t.app.request('/api/v1/nothing-here')).status).toBe(401);
    const response = await t.app.request('/api/v1/nothing-here', { headers: { Authorization: `Bearer ${await t.token()}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such call: GET /api/v1/nothing-here' });
  });
});

describe('lists loaded after sign-in', () => {
  it.each(['/api/v1/supplier', '/api/v1/categories', '/api/v1/family'])('%s answers a JSON array', async (path) => {
    const response = await t.app.request(path, { headers: { Authorization: `Bearer ${await t.token()}` } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

describe('GET /healthz', () => {
  it('answers 200 when the database is ready, without a token', async () => {
    const response = await t.app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
