import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/app/api/client';
import { readLoginResponse, signInErrorMessage, validateLogin } from '../../src/app/features/auth/login-rules';

describe('validateLogin', () => {
  it('asks for both fields, marking each empty one with its helper text', () => {
    expect(validateLogin('', '')).toEqual({
      username: 'Email is required',
      password: 'Password is required',
      form: 'Both fields are required.',
    });
    expect(validateLogin('admin', '')).toEqual({ username: null, password: 'Password is required', form: 'Both fields are required.' });
    expect(validateLogin('', 'secret')).toEqual({ username: 'Email is required', password: null, form: 'Both fields are required.' });
  });

  it('treats a user name of only spaces as empty, but not a password of spaces', () => {
    expect(validateLogin('   ', 'secret').username).toBe('Email is required');
    expect(validateLogin('admin', '   ')).toEqual({ username: null, password: null, form: null });
  });
});

describe('readLoginResponse', () => {
  it('reads the token and its expiry; an answer without a role is read as staff', () => {
    expect(readLoginResponse({ accessToken: 'a.b.c', expiredAccessToken: 123 })).toEqual({
      accessToken: 'a.b.c',
      expiredAccessToken: 123,
      role: 'staff',
    });
  });

  it('reads the added role and display name (docs/security.md, "Accounts")', () => {
    expect(readLoginResponse({ accessToken: 'a.b.c', expiredAccessToken: 1, role: 'admin', displayName: 'Ann' })).toEqual({
      accessToken: 'a.b.c',
      expiredAccessToken: 1,
      role: 'admin',
      displayName: 'Ann',
    });
    expect(readLoginResponse({ accessToken: 'a.b.c', expiredAccessToken: 1, role: 'root' })?.role).toBe('staff');
  });

  it('finds no token in an answer without one', () => {
    for (const body of [null, '', {}, { token: 'x' }, { accessToken: '', expiredAccessToken: 1 }, { accessToken: 'x' }]) {
      expect(readLoginResponse(body)).toBeNull();
    }
  });
});

describe('signInErrorMessage', () => {
  it('puts the server message or the failure into the spec sentence', () => {
    expect(signInErrorMessage(new ApiFailure('Wrong user name or password', 401, null))).toBe(
      'Error signing in: Wrong user name or password',
    );
    expect(signInErrorMessage('boom')).toBe('Error signing in: boom');
  });
});
