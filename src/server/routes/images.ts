/** Product images: list, delete, and the upload of one image file per request. */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps';
import type { AuthEnv } from '../http/require-token';

export function imageRoutes(_deps: AppDeps) {
  return new Hono<AuthEnv>();
}
