/**
 * A language chosen while the account could not be told (offline, the server away), waiting on
 * this tablet to be kept on the account once the connection is back (docs/languages.md, "Offline
 * choice"): one small value in localStorage, `languageToKeep`, with the person who chose it. Not
 * an outbox entry: it is one value, the latest choice replaces it, and it is no change of the
 * catalogue (docs/offline.md).
 */
import { isLanguage, type Language } from '../../shared/languages';

const KEY = 'languageToKeep';

export interface PendingLanguage {
  language: Language;
  /** The user name of the person who chose it; another person's account is never told. */
  user: string;
}

/** The choice waiting on this tablet, or null. */
export function pendingLanguage(): PendingLanguage | null {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<PendingLanguage> | null;
    return value && isLanguage(value.language) && typeof value.user === 'string' ? { language: value.language, user: value.user } : null;
  } catch {
    return null;
  }
}

export function keepLanguageLater(pending: PendingLanguage): void {
  globalThis.localStorage?.setItem(KEY, JSON.stringify(pending));
}

export function forgetPendingLanguage(): void {
  globalThis.localStorage?.removeItem(KEY);
}

/** Why a call failed, as far as waiting goes: 'again' when no answer came or the server failed, 'refused' when it answered no. */
export type KeepFailure = 'again' | 'refused';

/**
 * Tells the account the waiting choice of `user` (the person signed in now): forgotten once kept
 * or refused, kept waiting when the connection failed again; a choice of someone else is forgotten.
 * Resolves true when the account was told.
 */
export async function sendPendingLanguage(
  user: string | null,
  keepOnAccount: (language: Language) => Promise<unknown>,
  failureOf: (error: unknown) => KeepFailure,
): Promise<boolean> {
  const pending = pendingLanguage();
  if (!pending) return false;
  if (pending.user !== user) {
    forgetPendingLanguage();
    return false;
  }
  try {
    await keepOnAccount(pending.language);
  } catch (error) {
    if (failureOf(error) === 'refused') forgetPendingLanguage();
    return false;
  }
  // A later choice made meanwhile waits on its own.
  if (pendingLanguage()?.language === pending.language) forgetPendingLanguage();
  return true;
}
