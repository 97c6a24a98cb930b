import { describe, expect, it } from 'vitest';
import { firstScreen, guardDecision, sessionState } from '../../src/shared/rules/session';

const NOW = 1_700_000_000_000;
const active = { jwt: 'token', expiredAccessToken: NOW + 60_000 };
const expired = { jwt: 'token', expiredAccessToken: NOW - 1 };
const none = { jwt: null, expiredAccessToken: null };

describe('sessionState', () => {
  it('is signed-out without a jwt, even with an expiry stored', () => {
    expect(sessionState(none, NOW)).toBe('signed-out');
    expect(sessionState({ jwt: null, expiredAccessToken: NOW + 1_000 }, NOW)).toBe('signed-out');
    expect(sessionState({ jwt: '', expiredAccessToken: NOW + 1_000 }, NOW)).toBe('signed-out');
  });

  it('is expired once the current time reaches the stored expiry, or when no expiry is stored', () => {
    expect(sessionState({ jwt: 'token', expiredAccessToken: NOW }, NOW)).toBe('expired');
    expect(sessionState(expired, NOW)).toBe('expired');
    expect(sessionState({ jwt: 'token', expiredAccessToken: null }, NOW)).toBe('expired');
  });

  it('is active before the expiry', () => {
    expect(sessionState(active, NOW)).toBe('active');
    expect(sessionState({ jwt: 'token', expiredAccessToken: NOW + 1 }, NOW)).toBe('active');
  });
});

describe('guardDecision', () => {
  it('lets an active session go anywhere', () => {
    for (const path of ['/dashboard', '/products/7', '/login', '/nowhere']) {
      expect(guardDecision(path, active, NOW)).toEqual({ redirectTo: null, clearExpiredSession: false });
    }
  });

  it('sends a signed-out person to /login without clearing anything', () => {
    expect(guardDecision('/products', none, NOW)).toEqual({ redirectTo: '/login', clearExpiredSession: false });
  });

  it('clears an expired session and sends the person to /login', () => {
    expect(guardDecision('/orders', expired, NOW)).toEqual({ redirectTo: '/login', clearExpiredSession: true });
  });

  it('does not redirect away from /login, but still clears an expired session there', () => {
    expect(guardDecision('/login', none, NOW)).toEqual({ redirectTo: null, clearExpiredSession: false });
    expect(guardDecision('/login', expired, NOW)).toEqual({ redirectTo: null, clearExpiredSession: true });
  });

  it('does not mistake a path that merely starts with "login" for the login page', () => {
    expect(guardDecision('/loginx', none, NOW).redirectTo).toBe('/login');
  });
});

describe('firstScreen', () => {
  it('shows the sign-in screen before the app without an active session, signed out or expired', () => {
    expect(firstScreen(none, NOW)).toBe('sign-in');
    expect(firstScreen(expired, NOW)).toBe('sign-in');
  });

  it('loads the app with an active session', () => {
    expect(firstScreen(active, NOW)).toBe('app');
  });
});
