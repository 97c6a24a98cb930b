/** Decisions of the login form (docs/requirements.md §5), kept out of the page so they can be tested. */
import type { LoginResponse } from '../../../shared/contract';
import { isLanguage } from '../../../shared/languages';
import { messages } from '../../../shared/messages';

/** The words the rules write, in the language shown (docs/languages.md); English by default. */
type LoginWords = Pick<typeof messages, 'login'>;

export interface LoginFieldErrors {
  username: string | null;
  password: string | null;
  form: string | null;
}

export function validateLogin(username: string, password: string, words: LoginWords = messages): LoginFieldErrors {
  const usernameMissing = username.trim() === '';
  const passwordMissing = password === '';
  return {
    username: usernameMissing ? words.login.userNameRequired : null,
    password: passwordMissing ? words.login.passwordRequired : null,
    form: usernameMissing || passwordMissing ? words.login.bothFieldsRequired : null,
  };
}

/**
 * The token of a login answer, or null when the answer carries none. Checked by hand rather than
 * with the zod schema: zod would be most of the login page's download.
 */
export function readLoginResponse(body: unknown): LoginResponse | null {
  if (typeof body !== 'object' || body === null) return null;
  const { accessToken, expiredAccessToken, displayName, role, language } = body as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  if (typeof expiredAccessToken !== 'number' || !Number.isFinite(expiredAccessToken)) return null;
  return {
    accessToken,
    expiredAccessToken,
    // Added to the spec's answer (docs/security.md, "Accounts"); a server without them: staff.
    role: role === 'admin' ? 'admin' : 'staff',
    ...(typeof displayName === 'string' ? { displayName } : {}),
    // The person's language kept on their account (docs/languages.md); none: the tablet's.
    ...(isLanguage(language) ? { language } : {}),
  };
}

export function signInErrorMessage(error: unknown, words: LoginWords = messages): string {
  const reason = error instanceof Error ? error.message : String(error);
  return words.login.signInFailed(reason);
}

/**
 * What Sign Out does: at once with nothing waiting, else it asks first (the changes are kept
 * either way, and sent when their author signs in again).
 */
export function signOutStep(waitingChanges: number): 'sign-out' | 'confirm' {
  return waitingChanges > 0 ? 'confirm' : 'sign-out';
}
