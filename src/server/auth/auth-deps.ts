/**
 * What signing in takes from the app (routes/auth.ts; the password change of routes/users.ts
 * counts with the same throttle; docs/architecture.md, "Layers of the server").
 */
import type { Context } from 'hono';
import type { Database } from '../db/connection';
import type { LoginThrottle } from './login-throttle';
import type { TokenService } from './tokens';

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** The caller's network address, for throttling sign-in failures; without one every caller counts as 'unknown'. */
  clientAddress?: (c: Context) => string;
  now?: () => number;
}
