/**
 * No path or query parameter may carry the NUL character (%00): PostgreSQL text cannot hold it,
 * so it would fail deep inside a query. Refused up front with 400 naming the parameter
 * (docs/security.md, "Input").
 */
import { createMiddleware } from 'hono/factory';
import { NUL_REFUSED, hasNul } from '../../shared/safe-values';
import { ApiError } from './errors';

/** The name of the URL's parameter that holds NUL ('The address' for the path), or null. Pure. */
export function nulInUrl(url: string): string | null {
  const parsed = new URL(url);
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    path = parsed.pathname;
  }
  if (hasNul(path)) return 'The address';
  for (const [name, value] of parsed.searchParams) {
    if (hasNul(name) || hasNul(value)) return name.replaceAll('\u0000', '') || 'A query parameter';
  }
  return null;
}

export function refuseNulInUrl() {
  return createMiddleware(async (c, next) => {
    if (c.req.url.includes('%00') || c.req.url.includes('\u0000')) {
      const where = nulInUrl(c.req.url);
      if (where !== null) throw new ApiError(400, `${where} ${NUL_REFUSED}`);
    }
    await next();
  });
}
