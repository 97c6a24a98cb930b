/**
 * The product history (docs/products.md "History"): one row per change of a product or its Bol
 * model, with who, how, the device's and the server's time and each field's old and new value.
 * Written inside the transaction of the change it records.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { HistoryHow, Page, ProductHistoryEntry } from '../../shared/contract';
import { productHistory, users } from '../db/schema';
import type { Queryable } from '../db/query-rows';

export interface HistoryChange {
  field: string;
  old: unknown;
  new: unknown;
  /** On 'mainProduct' of a product that stopped being main: the product that became main instead. */
  becameMain?: { productId: number; title: string };
  /** On an image's add ('image:<id>', old null): the image was there before and comes back (src/shared/image-history.ts). */
  restored?: boolean;
  /** On 'images': a person took the supplier's held-back image list (`old` theirs before, `new` the supplier's). */
  taken?: boolean;
}

export interface HistoryRecord {
  productId: number;
  author: string;
  how: HistoryHow;
  deviceAt: Date | null;
  serverAt: Date;
  version: number;
  changes: HistoryChange[];
}

/** Rows per insert: well under PostgreSQL's bound-parameter limit. */
const INSERT_SLICE = 2_000;

/** Records changes; entries without any change are left out. */
export async function recordHistory(tx: Queryable, records: readonly HistoryRecord[]): Promise<void> {
  const rows = records.filter((record) => record.changes.length > 0);
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    await tx.insert(productHistory).values(rows.slice(start, start + INSERT_SLICE));
  }
}

export const HISTORY_PAGE_SIZE = { default: 20, max: 100 } as const;

/** One page of a product's history, newest first. */
export async function historyPage(db: Queryable, productId: number, page: number, size: number): Promise<Page<ProductHistoryEntry>> {
  const [total] = await db.select({ n: count() }).from(productHistory).where(eq(productHistory.productId, productId));
  const rows = await db
    .select({ entry: productHistory, displayName: users.displayName })
    .from(productHistory)
    .leftJoin(users, eq(users.username, productHistory.author))
    .where(eq(productHistory.productId, productId))
    .orderBy(desc(productHistory.id))
    .limit(size)
    .offset(page * size);
  const totalElements = total?.n ?? 0;
  return {
    content: rows.map(({ entry: row, displayName }) => ({
      id: row.id,
      productId: row.productId,
      author: row.author,
      // The name people see (docs/security.md, "Accounts"); the server's own runs ('bol') keep theirs.
      authorName: displayName || row.author,
      how: row.how as HistoryHow,
      deviceAt: row.deviceAt?.toISOString() ?? null,
      serverAt: row.serverAt.toISOString(),
      version: row.version,
      changes: row.changes,
    })),
    totalPages: Math.ceil(totalElements / size),
    totalElements,
    number: page,
    size,
  };
}

/**
 * A product's newest history rows (at most 200) with a change whose field matches `fieldMatches`,
 * a condition on `c->>'field'` (`c`: one change of the row), with the author's display name.
 */
export async function historyRowsChanging(db: Queryable, productId: number, fieldMatches: SQL) {
  return db
    .select({ author: productHistory.author, displayName: users.displayName, serverAt: productHistory.serverAt, changes: productHistory.changes })
    .from(productHistory)
    .leftJoin(users, eq(users.username, productHistory.author))
    .where(and(eq(productHistory.productId, productId), sql`exists (select 1 from jsonb_array_elements(${productHistory.changes}) as c where ${fieldMatches})`))
    .orderBy(desc(productHistory.id))
    .limit(200);
}

/**
 * Who last changed each of these fields of a product (by the name people see, as the history
 * shows it), and when (server time), from the history.
 */
export async function lastChanges(db: Queryable, productId: number, fields: readonly string[]): Promise<Map<string, { author: string; at: string }>> {
  const found = new Map<string, { author: string; at: string }>();
  if (fields.length === 0) return found;
  const rows = await historyRowsChanging(
    db,
    productId,
    sql`c->>'field' = any(${sql.raw('ARRAY[')}${sql.join(
      fields.map((field) => sql`${field}`),
      sql`, `,
    )}${sql.raw(']::text[]')})`,
  );
  for (const row of rows) {
    for (const change of row.changes) {
      if (fields.includes(change.field) && !found.has(change.field)) found.set(change.field, { author: row.displayName || row.author, at: row.serverAt.toISOString() });
    }
    if (found.size === fields.length) break;
  }
  return found;
}

/** History rows of several products (tests and the feed import's check). */
export async function historyOf(db: Queryable, productIds: number[]): Promise<(typeof productHistory.$inferSelect)[]> {
  if (productIds.length === 0) return [];
  return db.select().from(productHistory).where(inArray(productHistory.productId, productIds)).orderBy(desc(productHistory.id));
}

/**
 * The records with each image add that brings back an image the product's history already knows
 * (a "Keep mine" of an image someone else deleted, docs/product-edit.md "Conflicts") marked
 * `restored`, so it reads "restored by …" rather than "added". Call before the records are written.
 */
export async function withRestoredImages(db: Queryable, records: readonly HistoryRecord[]): Promise<HistoryRecord[]> {
  const isAdd = (change: HistoryChange) => change.field.startsWith('image:') && change.old === null && change.new !== null;
  return Promise.all(
    records.map(async (record) => {
      const added = record.changes.filter(isAdd).map((change) => change.field);
      if (added.length === 0) return record;
      const known = await lastChanges(db, record.productId, added);
      if (known.size === 0) return record;
      return { ...record, changes: record.changes.map((change) => (isAdd(change) && known.has(change.field) ? { ...change, restored: true } : change)) };
    }),
  );
}
