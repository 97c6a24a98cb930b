/** POST /api/v1/ean: the EAN spreadsheet. */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps';
import type { AuthEnv } from '../http/require-token';

export function eanRoutes(_deps: AppDeps) {
  return new Hono<AuthEnv>();
}
