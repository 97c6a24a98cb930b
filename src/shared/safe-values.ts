/**
 * Values every call accepts only within what the database can store (docs/security.md, "Input"):
 * text without the NUL character (PostgreSQL text cannot hold it) and numbers within the columns'
 * ranges, so a bad value is a 400 naming the field instead of a database error.
 */
import { z } from 'zod';

export const NUL_REFUSED = 'must not contain a NUL byte';

export const hasNul = (value: string): boolean => value.includes('\u0000');

/** A string that PostgreSQL can store. */
export const text = () => z.string().refine((value) => !hasNul(value), NUL_REFUSED);

/** The largest PostgreSQL integer (ids, stock, counts, versions). */
export const MAX_DB_INTEGER = 2_147_483_647;
/** Prices are numeric(12,2) (below 10^10); one digit is kept spare so rounding never overflows. */
export const MAX_PRICE = 999_999_999.99;
/** Weight and measures are numeric(12,3) / numeric(12,2); one digit kept spare. */
export const MAX_MEASURE = 99_999_999;

/** A database id: a positive whole number within integer range. */
export const dbId = () => z.number().int().positive().max(MAX_DB_INTEGER);
/** A whole number ≥ 0 within integer range (stock, counts). */
export const dbCount = () => z.number().int().nonnegative().max(MAX_DB_INTEGER);

/** How deep a request's JSON may nest: far beyond any body the app sends (a Bol model is ~6 levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `max` (`{}` is 1 deep). Walks
 * without recursion, so a body nested a million deep is answered, not a stack overflow.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Where in a parsed JSON value a string (or an object key) holds the NUL character, as a field
 * path such as 'productImages.0.name'; null when none does. '' is the value itself.
 */
export function nulFieldIn(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = nulFieldIn(value[index], path === '' ? String(index) : `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const where = path === '' ? key : `${path}.${key}`;
      if (hasNul(key)) return where;
      const found = nulFieldIn(item, where);
      if (found !== null) return found;
    }
  }
  return null;
}
