/**
 * Staff accounts (docs/security.md, "Accounts"): roles, the shapes of the /users and /me calls, and
 * the password rules both the server and the app check.
 */
import { z } from 'zod';
import { dbId, text } from './safe-values';

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A new password: 8 to 1,000 characters (the sign-in form accepts up to 1,000), no NUL. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1_000;

export const accountMessages = {
  adminsOnly: 'Only an administrator can manage accounts.',
  passwordTooShort: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordTooLong: `The password can have at most ${MAX_PASSWORD_LENGTH} characters.`,
  currentPasswordWrong: 'The current password is not right.',
  userNameTaken: (username: string) => `The user name '${username}' is taken.`,
  noSuchUser: 'No such user.',
  lastAdmin: 'At least one active administrator must remain: make another administrator first.',
} as const;

export const newPassword = () =>
  text().min(MIN_PASSWORD_LENGTH, accountMessages.passwordTooShort).max(MAX_PASSWORD_LENGTH, accountMessages.passwordTooLong);

export const userNameSchema = text()
  .trim()
  .min(1, 'The user name is required.')
  .max(200, 'The user name can have at most 200 characters.')
  .refine((value) => !/\s/.test(value), 'The user name cannot contain spaces.');
export const displayNameSchema = text().trim().max(200, 'The display name can have at most 200 characters.');

export const accountSchema = z.object({
  id: dbId(),
  username: text(),
  displayName: text(),
  role: z.enum(ROLES),
  active: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

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
