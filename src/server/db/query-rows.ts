/**
 * Queries on the database or a transaction alike: the type both share, and the rows of a raw
 * `db.execute(sql…)` (PGlite and node-postgres both answer `{ rows }`).
 */
import type { SQL } from 'drizzle-orm';
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
