/**
 * The session, in jotai atoms persisted in localStorage under the spec's keys `jwt` and
 * `expiredAccessToken` (raw strings, not JSON, so other tools can read them).
 */
import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';
import type { LoginResponse } from '../../shared/contract';
import { forgetListSnapshot } from '../boot/list-snapshot';
import { chosenLanguageAtom } from '../i18n/language';
import { forgetPendingLanguage } from '../i18n/pending-language';

/** Same shape as jotai's SyncStorage (not exported from 'jotai/utils'). */
interface ValueStorage<V> {
  getItem: (key: string, initialValue: V) => V;
  setItem: (key: string, value: V) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: V) => void, initialValue: V) => () => void;
}

function localStorageOf<T>(parse: (raw: string) => T | null, format: (value: T) => string): ValueStorage<T | null> {
  return {
    getItem(key, initialValue) {
      const raw = globalThis.localStorage?.getItem(key);
      return raw === null || raw === undefined ? initialValue : parse(raw);
    },
    setItem(key, value) {
      if (value === null) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, format(value));
    },
    removeItem(key) {
      globalThis.localStorage?.removeItem(key);
    },
    subscribe(key, callback, initialValue) {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === localStorage && event.key === key) {
          callback(event.newValue === null ? initialValue : parse(event.newValue));
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}

const parseExpiry = (raw: string): number | null => {
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
};

/** A text of the session kept in localStorage under `key` as it is (null when absent). */
const storedSessionText = (key: string) =>
  atomWithStorage<string | null>(
    key,
    null,
    localStorageOf((raw) => raw, (value) => value),
    { getOnInit: true },
  );

export const jwtAtom = storedSessionText('jwt');

export const expiredAccessTokenAtom = atomWithStorage<number | null>(
  'expiredAccessToken',
  null,
  localStorageOf(parseExpiry, (value) => String(value)),
  { getOnInit: true },
);

/** The user name of the signed-in person (for tagging offline changes); not secret. */
export const sessionUserAtom = storedSessionText('sessionUser');

/** The signed-in person's role from the login answer: shows or hides the account screens (the server decides). */
export const sessionRoleAtom = atomWithStorage<'admin' | 'staff' | null>(
  'sessionRole',
  null,
  localStorageOf((raw) => (raw === 'admin' ? 'admin' : 'staff'), (value) => value),
  { getOnInit: true },
);

/** The signed-in person's display name from the login answer. */
export const sessionDisplayNameAtom = storedSessionText('sessionDisplayName');

/** Set when the guard ended an expired session, so the login page can say so. */
export const sessionExpiredNoticeAtom = atom(false);

export const signInAtom = atom(null, (_get, set, login: LoginResponse & { username: string }) => {
  set(jwtAtom, login.accessToken);
  set(expiredAccessTokenAtom, login.expiredAccessToken);
  set(sessionUserAtom, login.username);
  set(sessionRoleAtom, login.role ?? 'staff');
  set(sessionDisplayNameAtom, login.displayName ?? login.username);
  // The person's language from their account; none chosen: the tablet's (docs/languages.md).
  set(chosenLanguageAtom, login.language ?? null);
  // A choice still waiting from before (pending-language.ts) gives way to the account's.
  forgetPendingLanguage();
  set(sessionExpiredNoticeAtom, false);
});

export const signOutAtom = atom(null, (_get, set, reason: 'signed-out' | 'expired' = 'signed-out') => {
  set(jwtAtom, RESET);
  set(expiredAccessTokenAtom, RESET);
  set(sessionRoleAtom, RESET);
  set(sessionExpiredNoticeAtom, reason === 'expired');
  // Signing out also forgets the screen kept for an offline start (docs/offline.md "Cold start on /products").
  if (reason === 'signed-out') forgetListSnapshot();
});
