/** A route only administrators may call: anyone else gets 403 with `message` (docs/security.md, "Accounts"). */
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';
import type { AuthEnv } from './require-token';

export const adminOnly = (message: string) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    if (c.get('role') !== 'admin') throw new ApiError(403, message);
    await next();
  });
