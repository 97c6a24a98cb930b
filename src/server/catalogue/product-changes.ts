/**
 * "Make available offline": the products changed since a point, in pages that follow one stable
 * order (last update, then id), so the app can download the catalogue in the background, resume
 * where it stopped and later fetch only what changed. Products are never deleted by the app, so
 * there are no tombstones to send.
 */
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { ProductChanges } from '../../shared/contract';
import { products, suppliers } from '../db/schema';
import { loadProducts, type Queryable } from './product-read-model';

export const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 1_000;

export interface ChangesCursor {
  /** Last update of the last product already received, in microseconds since the epoch. */
  dateUpdateMicros: bigint;
  productId: number;
}

export interface ProductChangesQuery {
  cursor: ChangesCursor | null;
  supplierName: string | null;
  limit: number;
}

/**
 * A cursor is opaque to the app: `<microseconds>.<productId>`. Microseconds, because PostgreSQL
 * keeps them and a millisecond ISO time would skip or repeat products updated in the same ms.
 */
export function encodeCursor(cursor: ChangesCursor): string {
  return `${cursor.dateUpdateMicros}.${cursor.productId}`;
}

export function decodeCursor(text: string): ChangesCursor | null {
  const match = /^(\d{1,19})\.(\d{1,10})$/.exec(text);
  if (!match) return null;
  return { dateUpdateMicros: BigInt(match[1] ?? '0'), productId: Number(match[2]) };
}

export type ParsedChangesQuery = { ok: true; query: ProductChangesQuery } | { ok: false; message: string };

/** Validates `cursor`, `supplierName` and `limit` of GET /product/changes. */
export function parseChangesQuery(params: URLSearchParams): ParsedChangesQuery {
  const cursorText = params.get('cursor')?.trim() ?? '';
  const cursor = cursorText === '' ? null : decodeCursor(cursorText);
  if (cursorText !== '' && !cursor) return { ok: false, message: `cursor '${cursorText.slice(0, 60)}' is not one this server gave` };
  const limitText = params.get('limit')?.trim() ?? '';
  const limit = limitText === '' ? CHANGES_DEFAULT_LIMIT : /^\d{1,4}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= CHANGES_MAX_LIMIT)) {
    return { ok: false, message: `limit must be a whole number from 1 to ${CHANGES_MAX_LIMIT}, got '${limitText.slice(0, 20)}'` };
  }
  const supplierName = params.get('supplierName')?.trim() ?? '';
  return { ok: true, query: { cursor, limit, supplierName: supplierName === '' || supplierName === 'All' ? null : supplierName } };
}

const dateUpdateMicros = sql<string>`(extract(epoch from ${products.dateUpdate}) * 1000000)::bigint`;

export async function productChanges(db: Queryable, query: ProductChangesQuery): Promise<ProductChanges> {
  const conditions: SQL[] = [];
  if (query.cursor) {
    // Integer arithmetic on an interval keeps every microsecond (a float epoch would not).
    const after = sql`(timestamptz 'epoch' + ${query.cursor.dateUpdateMicros.toString()}::bigint * interval '1 microsecond')`;
    const keyset = or(gt(products.dateUpdate, after), and(eq(products.dateUpdate, after), gt(products.productId, query.cursor.productId)));
    if (keyset) conditions.push(keyset);
  }
  if (query.supplierName !== null) {
    conditions.push(
      sql`${products.supplierId} = (select ${suppliers.supplierId} from ${suppliers} where ${suppliers.supplierName} = ${query.supplierName})`,
    );
  }
  // One more than asked tells whether another page follows.
  const rows = await db
    .select({ productId: products.productId, micros: dateUpdateMicros })
    .from(products)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(products.dateUpdate), asc(products.productId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: await loadProducts(db, page.map((row) => row.productId)),
    cursor: last ? encodeCursor({ dateUpdateMicros: BigInt(last.micros), productId: last.productId }) : query.cursor ? encodeCursor(query.cursor) : null,
    hasMore: rows.length > query.limit,
  };
}
