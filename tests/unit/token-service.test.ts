/** TokenService remembers verified tokens (src/server/auth/tokens.ts): the shortcut must never accept more than the full check. */
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/server/auth/tokens';

const SECRET = 'a-unit-test-secret-long-enough-for-hs256';
const claims = { userId: 7, username: 'anna', sessionVersion: 3 };

describe('TokenService.verify with remembered tokens', () => {
  it('answers the same claims again, and null once the token has expired', async () => {
    const clock = { now: Date.parse('2026-01-01T10:00:00Z') };
    const tokens = new TokenService(SECRET, 60, () => clock.now);
    const { accessToken } = await tokens.issue(claims);
    expect(await tokens.verify(accessToken)).toEqual(claims);
    clock.now += 59_000;
    expect(await tokens.verify(accessToken)).toEqual(claims);
    clock.now += 1_000;
    expect(await tokens.verify(accessToken)).toBeNull();
  });

  it('refuses a token altered after its genuine twin was verified', async () => {
    const tokens = new TokenService(SECRET, 3_600);
    const { accessToken } = await tokens.issue(claims);
    expect(await tokens.verify(accessToken)).toEqual(claims);
    const last = accessToken.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${accessToken.slice(0, -2)}${last}${accessToken.slice(-1)}`;
    expect(await tokens.verify(altered)).toBeNull();
  });

  it('does not let a token signed with another secret in', async () => {
    const theirs = await new TokenService('another-secret-that-is-long-enough-too', 3_600).issue(claims);
    expect(await new TokenService(SECRET, 3_600).verify(theirs.accessToken)).toBeNull();
  });
});
