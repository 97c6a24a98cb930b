/** The session as the app stores it, for a signed-in start (support/signed-in-start.ts). */
import { loginResponseSchema } from '../../../src/shared/contract';

/**
 * What the app keeps in localStorage after a sign-in, as src/app/state/session.ts's signInAtom
 * writes it (raw strings under the spec's keys) and src/app/i18n/language.ts for the person's
 * language. A pure function of the sign-in call's answer.
 */
export function storedSession(answer: unknown, username: string): [key: string, value: string][] {
  const login = loginResponseSchema.parse(answer);
  const entries: [string, string][] = [
    ['jwt', login.accessToken],
    ['expiredAccessToken', String(login.expiredAccessToken)],
    ['sessionUser', username],
    ['sessionRole', login.role ?? 'staff'],
    ['sessionDisplayName', login.displayName ?? username],
  ];
  if (login.language) entries.push(['language', login.language]);
  return entries;
}
