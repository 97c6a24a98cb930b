/**
 * Every /api call needs `Authorization: Bearer <valid, unexpired token>` whose user still exists, is
 * active and has the session version the token carries (docs/security.md, "Sign-in and tokens").
 */
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../shared/accounts';
import type { TokenClaims, TokenService } from '../auth/tokens';
import { currentSession } from '../auth/users';
import type { Database } from '../db/connection';
import { ApiError } from './errors';

/** `role` is the user's role now (read with the session on every call, never from the token). */
export type AuthEnv = { Variables: { user: TokenClaims; role: Role } };

export function requireToken(tokens: TokenService, db: Database) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Sign-in required', { 'WWW-Authenticate': 'Bearer' });
    const claims = await tokens.verify(match[1]);
    const session = claims ? await currentSession(db, claims.userId) : null;
    if (!claims || !session || !session.active || session.sessionVersion !== claims.sessionVersion) {
      throw new ApiError(401, 'Your session is invalid or has expired; sign in again', {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    c.set('user', claims);
    c.set('role', session.role);
    await next();
  });
}
