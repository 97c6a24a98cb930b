import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('TokenService', () => {
  it('issues tokens that verify until their expiry and not after', async () => {
    let now = 1_700_000_000_000;
    const tokens = new TokenService('a-secret-that-is-long-enough-for-hs256-use', 60, () => now);
    const issued = await tokens.issue({ userId: 7, username: 'jan', sessionVersion: 3 });
    expect(issued.expiredAccessToken).toBe(now + 60_000);
    expect(await tokens.verify(issued.accessToken)).toEqual({ userId: 7, username: 'jan', sessionVersion: 3 });
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
