/** The product filter, one product, saving, family inheritance, and the brand/category/family lists. */
import { Hono } from 'hono';
import type { Category, FamilyKey } from '../../shared/contract';
import type { AppDeps } from '../app-deps';
import type { AuthEnv } from '../http/require-token';

export function productRoutes(_deps: AppDeps) {
  return new Hono<AuthEnv>()
    .get('/categories', (c) => c.json([] as Category[]))
    .get('/family', (c) => c.json([] as FamilyKey[]));
}
