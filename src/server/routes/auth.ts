/**
 * POST /auth/login: user name and password in, access token and its expiry (ms) out. The user is found
 * by its exact name or the key of it ('ADMIN' signs in as 'admin'; docs/security.md, "Accounts").
 */
import { Hono } from 'hono';
import { loginRequestSchema, type LoginResponse } from '../../shared/contract';
import { shownName } from '../../shared/accounts';
import { isLanguage } from '../../shared/languages';
import { messages } from '../../shared/messages';
import { sentenceOf, serverSentence } from '../../shared/server-messages';
import type { AuthDeps } from '../auth/auth-deps';
import { tooManyAttempts } from '../auth/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { findUserByName } from '../auth/users';
import { ApiError } from '../http/errors';
import { readJsonBody } from '../http/read-json';

export function authRoutes(deps: AuthDeps) {
  const now = deps.now ?? Date.now;
  const clientAddress = deps.clientAddress ?? (() => 'unknown');
  return new Hono().post('/login', async (c) => {
    const parsed = loginRequestSchema.safeParse(await readJsonBody(c));
    if (!parsed.success) throw ApiError.saying(400, sentenceOf('login.bothFieldsRequired', messages.login.bothFieldsRequired));
    const { username, password } = parsed.data;

    const address = clientAddress(c);
    // Counted before the password is checked: parallel guesses cannot race past the limit.
    const verdict = await deps.throttle.attempt(deps.db, username, address, now());
    if (!verdict.allowed) throw tooManyAttempts('tooManySignIns', verdict);

    const user = await findUserByName(deps.db, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid || !user.active) throw ApiError.saying(401, serverSentence('signInWrong'));
    await deps.throttle.succeeded(deps.db, username, address);
    const issued = await deps.tokens.issue({ userId: user.id, username: user.username, sessionVersion: user.sessionVersion });
    const language = isLanguage(user.language) ? user.language : null;
    const body: LoginResponse = { ...issued, username: user.username, displayName: shownName(user), role: user.role, language };
    return c.json(body);
  });
}
