// @vitest-environment jsdom
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jwtAtom,
  sessionExpiredNoticeAtom,
  signInAtom,
  signOutAtom,
} from '../../src/app/state/session';

beforeEach(() => localStorage.clear());

describe('session atoms', () => {
  it('store the session under the keys jwt and expiredAccessToken, as plain text', () => {
    const store = createStore();
    store.set(signInAtom, { accessToken: 'a.b.c', expiredAccessToken: 1_800_000_000_000, username: 'admin' });
    expect(localStorage.getItem('jwt')).toBe('a.b.c');
    expect(localStorage.getItem('expiredAccessToken')).toBe('1800000000000');
  });

  /** The app starting anew: the session module is loaded again over what localStorage holds. */
  async function startApp() {
    vi.resetModules();
    return import('../../src/app/state/session');
  }

  it('read a stored session when the app starts', async () => {
    localStorage.setItem('jwt', 'stored.token.value');
    localStorage.setItem('expiredAccessToken', '1800000000000');
    const session = await startApp();
    const store = createStore();
    expect(store.get(session.jwtAtom)).toBe('stored.token.value');
    expect(store.get(session.expiredAccessTokenAtom)).toBe(1_800_000_000_000);
  });

  it('ignore an expiry that is not a number', async () => {
    localStorage.setItem('jwt', 'stored.token.value');
    localStorage.setItem('expiredAccessToken', 'tomorrow');
    const session = await startApp();
    expect(createStore().get(session.expiredAccessTokenAtom)).toBeNull();
  });

  it('clear both keys on sign-out and remember whether the session expired', () => {
    const store = createStore();
    store.set(signInAtom, { accessToken: 'a.b.c', expiredAccessToken: 1, username: 'admin' });
    store.set(signOutAtom, 'expired');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(localStorage.getItem('expiredAccessToken')).toBeNull();
    expect(store.get(jwtAtom)).toBeNull();
    expect(store.get(sessionExpiredNoticeAtom)).toBe(true);

    store.set(signInAtom, { accessToken: 'd.e.f', expiredAccessToken: 2, username: 'admin' });
    expect(store.get(sessionExpiredNoticeAtom)).toBe(false);
    store.set(signOutAtom, 'signed-out');
    expect(store.get(sessionExpiredNoticeAtom)).toBe(false);
  });
});
