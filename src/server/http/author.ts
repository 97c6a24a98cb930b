/**
 * Who makes a change, for the product history: the signed-in user's name from the token. The one
 * place that says so, so that staff accounts (display names, roles) can change it in one spot.
 */
import type { Context } from 'hono';
import type { AuthEnv } from './require-token';

export function authorOf(c: Context<AuthEnv>): string {
  return c.get('user').username;
}
