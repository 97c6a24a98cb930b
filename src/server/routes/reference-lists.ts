/**
 * The lists the PWA loads right after sign-in: suppliers, categories and family keys.
 * Until the catalogue lands they are empty; the shapes are those of src/shared/contract.ts.
 */
import { Hono } from 'hono';
import type { Category, FamilyKey, Supplier } from '../../shared/contract';

export function referenceListRoutes() {
  return new Hono()
    .get('/supplier', (c) => c.json([] as Supplier[]))
    .get('/categories', (c) => c.json([] as Category[]))
    .get('/family', (c) => c.json([] as FamilyKey[]));
}
