/** Every /api call needs `Authorization: Bearer <valid, unexpired token>`. */
import { createMiddleware } from 'hono/factory';
import type { TokenClaims, TokenService } from '../auth/tokens';
import { ApiError } from './errors';

export type AuthEnv = { Variables: { user: TokenClaims } };

export function requireToken(tokens: TokenService) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Sign-in required', { 'WWW-Authenticate': 'Bearer' });
    const claims = await tokens.verify(match[1]);
    if (!claims) {
      throw new ApiError(401, 'Your session is invalid or has expired; sign in again', {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    c.set('user', claims);
    await next();
  });
}
