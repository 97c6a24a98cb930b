/**
 * Staff accounts (docs/security.md, "Accounts"): roles, the shapes of the /users and /me calls, and
 * the password and user-name rules both the server and the app check.
 */
import { z } from 'zod';
import { LANGUAGES } from './languages';
import { dbId, text } from './safe-values';

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A new password: 8 to 1,000 characters (the sign-in form accepts up to 1,000), no NUL. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1_000;
export const MAX_USER_NAME_LENGTH = 200;

export const accountMessages = {
  adminsOnly: 'Only an administrator can manage accounts.',
  /** The limits as arguments (MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH), so no catalog repeats them. */
  passwordTooShort: (min: number) => `The password needs at least ${min} characters.`,
  passwordTooLong: (max: number) => `The password can have at most ${max} characters.`,
  currentPasswordWrong: 'The current password is not right.',
  tooManyCurrentPasswords: 'Too many attempts with a wrong current password.',
  /** `existing`: the name already there, when it differs from the one asked for only in case or width. */
  userNameTaken: (username: string, existing?: string) =>
    existing && existing !== username
      ? `The user name '${username}' is taken: it counts as the same name as '${existing}' (user names ignore upper and lower case and character width).`
      : `The user name '${username}' is taken.`,
  userNameRequired: 'The user name is required.',
  userNameTooLong: `The user name can have at most ${MAX_USER_NAME_LENGTH} characters.`,
  userNameSpaces: 'The user name cannot contain spaces.',
  userNameInvisible: 'The user name cannot contain invisible or control characters.',
  userNameMixedScripts: (scripts: readonly string[]) =>
    `The user name mixes letters of different scripts (${scripts.join(' and ')}): use the letters of one script, so that it cannot pass for another user's name.`,
  noSuchUser: 'No such user.',
  lastAdmin: 'At least one active administrator must remain: make another administrator first.',
} as const;

/** The password rules' refusals with their limits (the sentence's arguments, docs/languages.md). */
export const passwordTooShort = accountMessages.passwordTooShort(MIN_PASSWORD_LENGTH);
export const passwordTooLong = accountMessages.passwordTooLong(MAX_PASSWORD_LENGTH);

export const newPassword = () => text().min(MIN_PASSWORD_LENGTH, passwordTooShort).max(MAX_PASSWORD_LENGTH, passwordTooLong);

/**
 * User names (docs/security.md, "Accounts"). A name is kept in Unicode NFKC form, trimmed: a
 * fullwidth 'ａｄｍｉｎ' is stored as 'admin', a decomposed 'Zoë' as the composed one.
 */
export function normalUserName(name: string): string {
  return name.normalize('NFKC').trim();
}

/**
 * What two user names are compared by: NFKC, then case folded (upper then lower case, so 'ß' and
 * 'ss' are one), then NFKC again. 'Admin', 'ADMIN' and 'ａｄｍｉｎ' all have the key 'admin'; the
 * database keeps the key unique (users.username_key), and sign-in and its throttle use it.
 */
export function userNameKey(name: string): string {
  return normalUserName(name).toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * The scripts a user name's letters are told apart by. A letter of none of them counts as 'another
 * script'; letters of no script of their own (Common, Inherited: digits, punctuation, accents) are
 * not counted.
 */
const LETTER_SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam',
  'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer', 'Ethiopic', 'Cherokee', 'Mongolian',
  'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
] as const;
const scriptPatterns = LETTER_SCRIPTS.map((script) => ({ script, pattern: new RegExp(`\\p{Script=${script}}`, 'u') }));
/** Scripts that are written together in one name: Japanese (Han with kana), Korean, Chinese with Bopomofo. */
const SCRIPTS_WRITTEN_TOGETHER: readonly (readonly string[])[] = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
  ['Han', 'Bopomofo'],
];

/** The scripts of the letters in `name`, in order of first use. */
export function letterScripts(name: string): string[] {
  const found = new Set<string>();
  for (const character of name) {
    if (!/\p{L}/u.test(character)) continue;
    found.add(scriptPatterns.find(({ pattern }) => pattern.test(character))?.script ?? 'another script');
  }
  return [...found];
}

/**
 * Why `name` cannot be a new user name, as a sentence; null when it can. Checked on the NFKC form:
 * 1 to 200 characters, no spaces, no invisible or control characters (a zero-width space would make
 * 'ad\u200Bmin' look like 'admin'), and letters of one script only (a Cyrillic 'а' in 'аdmin'), so
 * that a new name cannot pass for an existing one. 'Zoë', 'Jörg' and 'Anaïs' are plain Latin.
 */
export function userNameProblem(name: string): string | null {
  const normal = normalUserName(name);
  if (normal.length === 0) return accountMessages.userNameRequired;
  if ([...normal].length > MAX_USER_NAME_LENGTH) return accountMessages.userNameTooLong;
  if (/[\s\p{Z}]/u.test(normal)) return accountMessages.userNameSpaces;
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u.test(normal)) return accountMessages.userNameInvisible;
  const scripts = letterScripts(normal);
  if (scripts.length > 1 && !SCRIPTS_WRITTEN_TOGETHER.some((together) => scripts.every((script) => together.includes(script)))) {
    return accountMessages.userNameMixedScripts(scripts);
  }
  return null;
}

/** A new user name: refused with userNameProblem's sentence, else kept in its NFKC form. */
export const userNameSchema = text()
  .transform(normalUserName)
  .superRefine((value, context) => {
    const problem = userNameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
export const displayNameSchema = text().trim().max(200, 'The display name can have at most 200 characters.');

export const accountSchema = z.object({
  id: dbId(),
  username: text(),
  displayName: text(),
  role: z.enum(ROLES),
  active: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** The language a person chose (docs/languages.md); null while they have not, and the tablet's language is shown. */
export const accountLanguageSchema = z.enum(LANGUAGES).nullable();
/** The body of PUT /me/language. */
export const ownLanguageChangeSchema = z.object({ language: z.enum(LANGUAGES) }).strict();

export const newAccountSchema = z.object({
  username: userNameSchema,
  displayName: displayNameSchema.default(''),
  role: z.enum(ROLES).default('staff'),
  password: newPassword(),
});
export type NewAccount = z.input<typeof newAccountSchema>;

export const accountChangeSchema = z
  .object({ displayName: displayNameSchema, role: z.enum(ROLES), active: z.boolean() })
  .partial()
  .strict();
export type AccountChange = z.infer<typeof accountChangeSchema>;

export const passwordResetSchema = z.object({ password: newPassword() });
export const ownPasswordChangeSchema = z.object({ currentPassword: text().min(1).max(MAX_PASSWORD_LENGTH), newPassword: newPassword() });
export type OwnPasswordChange = z.infer<typeof ownPasswordChangeSchema>;

/** The name shown for a person: the display name, or the user name when it has none. */
export const shownName = (account: Pick<Account, 'username' | 'displayName'>): string => account.displayName || account.username;

/**
 * Whether a change would leave no active administrator: `accounts` is everyone now, `id` the one
 * changed, `change` what would change.
 */
export function leavesNoActiveAdmin(accounts: readonly Pick<Account, 'id' | 'role' | 'active'>[], id: number, change: AccountChange): boolean {
  const after = accounts.map((account) =>
    account.id === id ? { ...account, role: change.role ?? account.role, active: change.active ?? account.active } : account,
  );
  return !after.some((account) => account.role === 'admin' && account.active);
}
