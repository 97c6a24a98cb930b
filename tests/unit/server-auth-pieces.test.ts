import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import { loadSigningSecret } from '../../src/server/auth/secret';
import { TokenService } from '../../src/server/auth/tokens';
import { readConfig } from '../../src/server/config';

describe('passwords', () => {
  it('are stored as salted scrypt hashes that verify only the right password', async () => {
    const first = await hashPassword('s3cret');
    const second = await hashPassword('s3cret');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toContain('s3cret');
    expect(first).not.toBe(second);
    expect(await verifyPassword('s3cret', first)).toBe(true);
    expect(await verifyPassword('S3cret', first)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain-text')).toBe(false);
  });
});

describe('LoginThrottle', () => {
  it('refuses after the allowed failures until the oldest failure leaves the window', () => {
    const throttle = new LoginThrottle(3, 60);
    const key = LoginThrottle.key('Admin ', '10.0.0.1');
    expect(key).toBe(LoginThrottle.key('admin', '10.0.0.1'));
    throttle.recordFailure(key, 0);
    throttle.recordFailure(key, 10_000);
    expect(throttle.check(key, 10_000).allowed).toBe(true);
    throttle.recordFailure(key, 20_000);
    expect(throttle.check(key, 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(throttle.check(key, 60_001).allowed).toBe(true);
  });

  it('forgets failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(1, 60);
    throttle.recordFailure('k', 0);
    expect(throttle.check('k', 1).allowed).toBe(false);
    throttle.reset('k');
    expect(throttle.check('k', 1).allowed).toBe(true);
  });
});

describe('TokenService', () => {
  it('issues tokens that verify until their expiry and not after', async () => {
    let now = 1_700_000_000_000;
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256-use', 60, () => now);
    const issued = await tokens.issue({ userId: 7, username: 'jan' });
    expect(issued.expiredAccessToken).toBe(now + 60_000);
    expect(await tokens.verify(issued.accessToken)).toEqual({ userId: 7, username: 'jan' });
    now += 61_000;
    expect(await tokens.verify(issued.accessToken)).toBeNull();
    expect(await tokens.verify('not-a-jwt')).toBeNull();
  });
});

describe('loadSigningSecret', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('makes a secret once, keeps it private in the data folder and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    dirs.push(dir);
    const first = loadSigningSecret(dir, null);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadSigningSecret(dir, null)).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('prefers JWT_SECRET and refuses a short one', () => {
    expect(loadSigningSecret('/nonexistent', 'x'.repeat(40))).toBe('x'.repeat(40));
    expect(() => loadSigningSecret('/nonexistent', 'short')).toThrow(/at least 32/);
  });
});

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      tokenLifetimeSeconds: 43_200,
      adminUsername: 'admin',
      adminPassword: 'admin',
      login: { maxFailures: 5, windowSeconds: 60 },
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('refuses a port that is not a number', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
