/** A route only administrators may call: anyone else gets 403 with `message` (docs/security.md, "Accounts"). */
import { createMiddleware } from 'hono/factory';
import type { ServerSentence } from '../../shared/server-messages';
import { ApiError } from './errors';
import type { AuthEnv } from './require-token';

export const adminOnly = (said: string | ServerSentence) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    if (c.get('role') !== 'admin') throw typeof said === 'string' ? new ApiError(403, said) : ApiError.saying(403, said);
    await next();
  });
