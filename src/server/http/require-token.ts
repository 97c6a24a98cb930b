/**
 * Every /api call needs `Authorization: Bearer <valid, unexpired token>` whose user still exists, is
 * active and has the session version the token carries (docs/security.md, "Sign-in and tokens").
 * How a token is verified and a session read is the auth wing's (auth/tokens.ts, auth/users.ts):
 * app.ts hands both in, so this edge of the HTTP layer knows no wing.
 */
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../shared/accounts';
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from './errors';

const SIGN_IN_REQUIRED = serverSentence('signInRequired');
const SESSION_INVALID = serverSentence('sessionInvalid');

/** Who a valid token says the caller is. */
export interface TokenClaims {
  userId: number;
  username: string;
  /** users.session_version when the token was issued. */
  sessionVersion: number;
}

/** `role` is the user's role now (read with the session on every call, never from the token). */
export type AuthEnv = { Variables: { user: TokenClaims; role: Role } };

export interface TokenCheck {
  /** The claims of a token whose signature, issuer and expiry hold; null otherwise. */
  verify(token: string): Promise<TokenClaims | null>;
  /** The token's user as it is now: null when it no longer exists. */
  session(userId: number): Promise<{ sessionVersion: number; active: boolean; role: Role } | null>;
}

export function requireToken(check: TokenCheck) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw ApiError.saying(401, SIGN_IN_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
    const claims = await check.verify(match[1]);
    const session = claims ? await check.session(claims.userId) : null;
    if (!claims || !session || !session.active || session.sessionVersion !== claims.sessionVersion) {
      throw ApiError.saying(401, SESSION_INVALID, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    c.set('user', claims);
    c.set('role', session.role);
    await next();
  });
}
