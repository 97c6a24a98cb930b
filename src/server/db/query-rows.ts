/**
 * Queries on the database or a transaction alike: the type both share, and the rows of a raw
 * `db.execute(sql…)` (PGlite and node-postgres both answer `{ rows }`).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './connection';

/** The database or a transaction: both run queries the same way. */
export type Queryable = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Either the database or a transaction of it: both run raw SQL. */
export interface SqlRunner {
  execute: Database['execute'];
}

export async function queryRows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A json column comes back parsed from node-postgres and PGlite alike, but be lenient. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Integer ids as one array parameter, for `= any(…)` and `unnest(…)`: on the embedded database a
 * parameter per id (drizzle's `inArray`) cost ~10 µs each (docs/products.md, "Speed"). Anything
 * but a whole number is refused before it is sent.
 */
export function idArrayParam(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** `column` is one of `ids` (idArrayParam): the condition `inArray` gives, with one parameter. */
export function isOneOfIds(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${idArrayParam(ids)})`;
}
