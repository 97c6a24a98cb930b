/**
 * Answers kept until the database's next write (docs/products.md "Totals kept until the next
 * write"). Whether anything was written is read from the database itself: PostgreSQL's WAL insert
 * position moves with every change, committed or rolled back, of any session or process on that
 * server (and with some upkeep that changes nothing a query sees, which only costs a recount). An
 * unchanged position therefore means that every answer read since it was taken is still the
 * answer. The position is read before the answer is computed, so a write that lands while it is
 * being computed moves the position past the one it is kept under, and it is never reused.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from './query-rows';

/** No more answers than this are kept for one position; the oldest goes first. */
const MAX_KEPT = 200;

interface Kept {
  position: string;
  answers: Map<string, unknown>;
}

/**
 * Per database handle (or transaction: its own writes move the position too, and no one else sees
 * what is kept for it). Weak, so a closed handle's answers go with it.
 */
const keptByDatabase = new WeakMap<Queryable, Kept>();

/** The database's WAL insert position, as text ('0/1723310'). */
export async function writePosition(db: Queryable): Promise<string> {
  const [row] = await queryRows<{ position: string }>(db, sql`select pg_current_wal_insert_lsn()::text as position`);
  if (!row) throw new Error('the database did not answer its write position');
  return row.position;
}

/**
 * `compute()`'s answer for `key`, or the one kept for it when nothing has been written since it was
 * computed. `key` must name everything the answer depends on besides the data.
 */
export async function keptUntilWrite<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const position = await writePosition(db);
  let kept = keptByDatabase.get(db);
  if (kept?.position !== position) {
    kept = { position, answers: new Map() };
    keptByDatabase.set(db, kept);
  }
  if (kept.answers.has(key)) return kept.answers.get(key) as T;
  const answer = await compute();
  // Only while the position is still the one it was computed under: a handle that moved on in the
  // meantime has a new Map, and this answer belongs to neither.
  if (keptByDatabase.get(db) === kept) {
    if (kept.answers.size >= MAX_KEPT) kept.answers.delete(kept.answers.keys().next().value as string);
    kept.answers.set(key, answer);
  }
  return answer;
}

/** Forgets every answer kept for `db`: for work that must run the computation itself (a bench timing it, the filter's warm-up). */
export function forgetKept(db: Queryable): void {
  keptByDatabase.delete(db);
}
