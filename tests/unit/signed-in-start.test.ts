// @vitest-environment jsdom
/**
 * The browser tests' signed-in start (tests/e2e/support/signed-in-start.ts) stores a session the
 * way the app's own sign-in does: the same localStorage keys and values as signInAtom writes, so a
 * test started that way sees the app exactly as after the sign-in form (docs/testing.md,
 * "Browser tests").
 */
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAtom } from '../../src/app/state/session';
import type { LoginResponse } from '../../src/shared/contract';
import { storedSession } from '../e2e/support/stored-session';

function storageNow(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index) as string;
    entries[key] = localStorage.getItem(key) as string;
  }
  return entries;
}

/** What the app's sign-in leaves in localStorage for this answer. */
function signedInThroughTheApp(answer: LoginResponse, username: string): Record<string, string> {
  localStorage.clear();
  createStore().set(signInAtom, { ...answer, username });
  return storageNow();
}

beforeEach(() => localStorage.clear());

describe('storedSession', () => {
  it('writes what the sign-in form writes for an admin with a language', () => {
    const answer: LoginResponse = { accessToken: 'token-a', expiredAccessToken: 1_900_000_000_000, username: 'admin', displayName: 'The Admin', role: 'admin', language: 'nl' };
    expect(Object.fromEntries(storedSession(answer, 'admin'))).toEqual(signedInThroughTheApp(answer, 'admin'));
  });

  it('writes what the sign-in form writes for the spec’s bare answer (no role, name or language)', () => {
    const answer: LoginResponse = { accessToken: 'token-b', expiredAccessToken: 1_900_000_000_000 };
    const stored = Object.fromEntries(storedSession(answer, 'lotte'));
    expect(stored).toEqual(signedInThroughTheApp(answer, 'lotte'));
    expect(stored).toMatchObject({ sessionRole: 'staff', sessionDisplayName: 'lotte' });
    expect(stored).not.toHaveProperty('language');
  });

  it('refuses an answer without a token', () => {
    expect(() => storedSession({ expiredAccessToken: 1 }, 'admin')).toThrow();
  });
});
