/**
 * The Users screen's words (docs/security.md, "Accounts"). Beside messages.ts: only /users reads
 * them. Dutch under 'users.' in src/app/i18n/locales/nl.po (docs/languages.md). The refusals the
 * server writes (accountMessages in accounts.ts) arrive in its words.
 */
import { accountMessages } from './accounts';

export const usersMessages = {
  adminsOnly: accountMessages.adminsOnly,
  title: 'Users',
  accounts: 'Accounts',
  addStaff: 'Add staff',
  userName: 'User name',
  displayName: 'Display name',
  initialPassword: (min: number) => `Initial password (at least ${min} characters)`,
  role: 'Role',
  staff: 'Staff',
  administrator: 'Administrator',
  add: 'Add',
  added: (name: string) => `Added ${name}.`,
  you: ' (you)',
  active: 'Active',
  deactivated: 'Deactivated',
  resetPassword: 'Reset password',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  isDeactivated: (name: string) => `${name} is deactivated.`,
  isActiveAgain: (name: string) => `${name} is active again.`,
  passwordSet: (name: string) => `New password set for ${name}; their sessions ended.`,
  newPasswordFor: (name: string) => `New password for ${name}`,
  setPassword: 'Set password',
};
