/**
 * Accounts (docs/security.md, "Accounts"): admins list, add, change and reset; everyone reads and
 * changes their own (`/me`, its password and its language). Deactivation, a role change and every password change end the user's
 * tokens at once (session_version). The current password of a password change is throttled like
 * sign-in (login-throttle.ts), before it is checked.
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  accountChangeSchema,
  accountMessages,
  leavesNoActiveAdmin,
  letterScripts,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  newAccountSchema,
  ownLanguageChangeSchema,
  ownPasswordChangeSchema,
  normalUserName,
  passwordResetSchema,
  passwordTooLong,
  passwordTooShort,
  shownName,
} from '../../shared/accounts';
import type { AuthDeps } from '../auth/auth-deps';
import { tooManyAttempts } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import {
  createAccount,
  findAccount,
  findAccountByNameKey,
  findAccountLanguage,
  listAccounts,
  setAccountLanguage,
  setPassword,
  updateAccount,
} from '../accounts/accounts';
import { findUserById } from '../auth/users';
import { adminOnly } from '../http/admin-only';
import { ApiError } from '../http/errors';
import { parsedOr400 } from '../http/problem-sentence';
import { sentenceOf, type ServerSentence } from '../../shared/server-messages';
import { readJsonBody } from '../http/read-json';
import { idOf } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';

const adminsOnly = adminOnly(sentenceOf('account.adminsOnly', accountMessages.adminsOnly));

type PlainAccountSentence = { [K in keyof typeof accountMessages]: (typeof accountMessages)[K] extends string ? K : never }[keyof typeof accountMessages];

/** An account rule's refusal, named by its sentence so the app words it (docs/languages.md). */
function accountRefusal(status: 400 | 404 | 409, key: PlainAccountSentence): ApiError {
  return ApiError.saying(status, sentenceOf(`account.${key}`, accountMessages[key]));
}

/**
 * The account rule a schema's problem is, as its sentence with its arguments: a plain sentence, a
 * password limit, or the user name's mixed scripts (read again from the name asked for); null for
 * any other problem.
 */
function accountRuleSaid(message: string, body: unknown): ServerSentence | null {
  const plain = (Object.keys(accountMessages) as (keyof typeof accountMessages)[]).find((name) => accountMessages[name] === message);
  if (plain !== undefined) return sentenceOf(`account.${plain}`, message);
  if (message === passwordTooShort) return sentenceOf('account.passwordTooShort', message, [MIN_PASSWORD_LENGTH]);
  if (message === passwordTooLong) return sentenceOf('account.passwordTooLong', message, [MAX_PASSWORD_LENGTH]);
  const username = typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : undefined;
  const scripts = typeof username === 'string' ? letterScripts(normalUserName(username)) : [];
  if (scripts.length > 1 && message === accountMessages.userNameMixedScripts(scripts)) return sentenceOf('account.userNameMixedScripts', message, [scripts]);
  return null;
}

/**
 * The body as the schema reads it, else 400 with its first problem: the account rules' own
 * sentences as they are (the Accounts screen shows them), named when they are one of them.
 */
async function parsed<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(c);
  try {
    return parsedOr400(schema, body);
  } catch (error) {
    const said = error instanceof ApiError ? accountRuleSaid(error.message, body) : null;
    throw said === null ? error : ApiError.saying(400, said);
  }
}

/** An id that is no user's id is no user. */
function userIdOf(c: Context): number {
  const id = idOf(c.req.param('id'));
  if (id === null) throw accountRefusal(404, 'noSuchUser');
  return id;
}

export function userRoutes(deps: Pick<AuthDeps, 'db' | 'throttle' | 'clientAddress' | 'now'>) {
  const { db, throttle } = deps;
  const clientAddress = deps.clientAddress ?? (() => 'unknown');
  const now = deps.now ?? Date.now;
  return new Hono<AuthEnv>()
    .get('/me', async (c) => {
      const account = await findAccount(db, c.get('user').userId);
      if (!account) throw accountRefusal(404, 'noSuchUser');
      return c.json({ ...account, shownName: shownName(account), language: await findAccountLanguage(db, account.id) });
    })
    // The person's own language, kept on the account (docs/languages.md).
    .put('/me/language', async (c) => {
      const { language } = await parsed(c, ownLanguageChangeSchema);
      if (!(await setAccountLanguage(db, c.get('user').userId, language))) throw accountRefusal(404, 'noSuchUser');
      return c.json({ language });
    })
    .post('/me/password', async (c) => {
      const body = await parsed(c, ownPasswordChangeSchema);
      const user = await findUserById(db, c.get('user').userId);
      if (!user) throw accountRefusal(404, 'noSuchUser');
      const address = clientAddress(c);
      // Counted against the account before the password is checked, with the sign-in attempts.
      const verdict = await throttle.attempt(db, user.username, address, now());
      if (!verdict.allowed) throw tooManyAttempts('tooManyCurrentPasswords', verdict);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) throw accountRefusal(400, 'currentPasswordWrong');
      await throttle.succeeded(db, user.username, address);
      await setPassword(db, user.id, body.newPassword);
      return c.body(null, 204);
    })
    .get('/users', adminsOnly, async (c) => c.json(await listAccounts(db)))
    .post('/users', adminsOnly, async (c) => {
      const body = await parsed(c, newAccountSchema);
      const created = await createAccount(db, body);
      if (!created) {
        const existing = (await findAccountByNameKey(db, body.username))?.username ?? '';
        const other = existing !== body.username ? existing : '';
        throw ApiError.saying(409, sentenceOf('account.userNameTaken', accountMessages.userNameTaken(body.username, other), [body.username, other]));
      }
      return c.json(created, 201);
    })
    .put('/users/:id', adminsOnly, async (c) => {
      const id = userIdOf(c);
      const change = await parsed(c, accountChangeSchema);
      // The check and the write race only between two admins demoting each other in the same instant.
      const accounts = await listAccounts(db);
      if (!accounts.some((account) => account.id === id)) throw accountRefusal(404, 'noSuchUser');
      if (leavesNoActiveAdmin(accounts, id, change)) throw accountRefusal(409, 'lastAdmin');
      await updateAccount(db, id, change);
      return c.json(await findAccount(db, id));
    })
    .post('/users/:id/password', adminsOnly, async (c) => {
      const id = userIdOf(c);
      const body = await parsed(c, passwordResetSchema);
      if (!(await findAccount(db, id))) throw accountRefusal(404, 'noSuchUser');
      await setPassword(db, id, body.password);
      return c.body(null, 204);
    });
}
