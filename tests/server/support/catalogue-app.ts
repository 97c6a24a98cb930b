/**
 * The set-up many server test files share (docs/testing.md, "Server tests"): a test app with the
 * catalogue basics (two suppliers, brands, categories), a bearer header for the admin and for each
 * person named, and the clock of the change-set tests.
 */
import { insertCatalogueBasics, type CatalogueFixture } from './product-fixtures';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** The Authorization header of a bearer token. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** The server's clock in the change-set tests, and the device time their change sets carry: a minute before. */
export const NOON = Date.parse('2025-06-01T12:00:00Z');
export const MADE_AT = Date.parse('2025-06-01T11:59:00Z');

export interface CatalogueApp<P extends string> {
  t: TestApp;
  f: CatalogueFixture;
  /** The admin's (TEST_USER's) header. */
  admin: Record<string, string>;
  /** A header per person named, each a user created when missing. */
  as: Record<P, Record<string, string>>;
}

export async function catalogueApp<P extends string = never>(
  options: { app?: TestAppOptions; people?: readonly P[]; now?: number } = {},
): Promise<CatalogueApp<P>> {
  const t = await createTestApp(options.app);
  const admin = bearer(await t.token());
  const as = {} as Record<P, Record<string, string>>;
  for (const person of options.people ?? []) as[person] = bearer(await t.tokenFor(person));
  const f = await insertCatalogueBasics(t.database.db);
  // Set after the tokens were made, which stay valid on this clock (docs/security.md, "Times from devices").
  if (options.now !== undefined) t.clock.now = options.now;
  return { t, f, admin, as };
}
