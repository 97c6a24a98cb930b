/** Suppliers, feed imports, image re-export and the parsing history. */
import { Hono } from 'hono';
import type { Supplier } from '../../shared/contract';
import type { AppDeps } from '../app-deps';
import type { AuthEnv } from '../http/require-token';

export function feedRoutes(_deps: AppDeps) {
  return new Hono<AuthEnv>().get('/supplier', (c) => c.json([] as Supplier[]));
}
