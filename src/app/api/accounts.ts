/** The account calls (docs/security.md, "Accounts"). */
import type { Account, AccountChange, NewAccount, OwnPasswordChange } from '../../shared/accounts';
import type { Language } from '../../shared/languages';
import { apiFetch } from './client';

export const listAccounts = () => apiFetch<Account[]>('/api/v1/users');
export const addAccount = (account: NewAccount) => apiFetch<Account>('/api/v1/users', { method: 'POST', body: account });
export const changeAccount = (id: number, change: AccountChange) => apiFetch<Account>(`/api/v1/users/${id}`, { method: 'PUT', body: change });
export const resetPassword = (id: number, password: string) =>
  apiFetch<null>(`/api/v1/users/${id}/password`, { method: 'POST', body: { password } });
export const changeOwnPassword = (change: OwnPasswordChange) => apiFetch<null>('/api/v1/me/password', { method: 'POST', body: change });
/** Keeps the person's language on their account (docs/languages.md). */
export const changeOwnLanguage = (language: Language) => apiFetch<{ language: Language }>('/api/v1/me/language', { method: 'PUT', body: { language } });
