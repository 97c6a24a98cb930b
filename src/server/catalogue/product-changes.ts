/**
 * "Make available offline": the products changed since a point, in pages that follow one stable
 * order (writer transaction, then id), so the app can download the catalogue in the background, resume
 * where it stopped and later fetch only what changed. Products are never deleted by the app, so
 * there are no tombstones to send.
 */
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { ProductChanges } from '../../shared/contract';
import { products, suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { wholeNumberParam } from '../http/request-params';
import { loadProducts } from './product-read-model';
import type { Queryable } from '../db/query-rows';

export const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 1_000;

export interface ChangesCursor {
  /** Writer transaction of the last product already received (products.change_txid). */
  txid: bigint;
  productId: number;
}

export interface ProductChangesQuery {
  cursor: ChangesCursor | null;
  supplierName: string | null;
  limit: number;
}

/** A cursor is opaque to the app: `<txid>.<productId>`. */
export function encodeCursor(cursor: ChangesCursor): string {
  return `${cursor.txid}.${cursor.productId}`;
}

export function decodeCursor(text: string): ChangesCursor | null {
  const match = /^(\d{1,19})\.(\d{1,10})$/.exec(text);
  if (!match) return null;
  return { txid: BigInt(match[1] ?? '0'), productId: Number(match[2]) };
}

/** Reads `cursor`, `supplierName` and `limit` of GET /product/changes; a bad one is a 400 naming it. */
export function parseChangesQuery(params: URLSearchParams): ProductChangesQuery {
  const cursorText = params.get('cursor')?.trim() ?? '';
  const cursor = cursorText === '' ? null : decodeCursor(cursorText);
  if (cursorText !== '' && !cursor) throw new ApiError(400, `cursor '${cursorText.slice(0, 60)}' is not one this server gave`);
  const limit = wholeNumberParam(params.get('limit'), 'limit', { min: 1, max: CHANGES_MAX_LIMIT, fallback: CHANGES_DEFAULT_LIMIT });
  const supplierName = params.get('supplierName')?.trim() ?? '';
  return { cursor, limit, supplierName: supplierName === '' || supplierName === 'All' ? null : supplierName };
}

/**
 * The oldest transaction of this database that is still running, or the next one to start when
 * none is: rows written by older transactions can never be joined later by a row with a smaller
 * transaction id. Transaction ids are the whole cluster's, so the running ones (the snapshot's
 * list) are narrowed to this database: a transaction is left out only when a session of another
 * database shows it as its own (it cannot write our products). One that has just ended, or whose
 * session is not shown, counts as ours, which can only hold rows back, never skip them.
 * `backend_xid` is 32 bits, the snapshot's ids carry the epoch above them.
 */
const OLDEST_WRITER_OF_THIS_DATABASE = sql`(
  select coalesce(min(running.xid), txid_snapshot_xmax(txid_current_snapshot()))
  from txid_snapshot_xip(txid_current_snapshot()) as running(xid)
  where not exists (
    select 1 from pg_stat_activity as session
    where session.datid <> (select oid from pg_database where datname = current_database())
      and session.backend_xid::text::bigint = running.xid % 4294967296))`;

/**
 * Pages on (writer transaction id, product id). Only rows written by transactions older than the
 * oldest one of this database still running are handed out, so a cursor never skips a change
 * (with update times it would: a transaction stamps its rows when it starts and may commit after a
 * reader already moved past that time).
 */
export async function productChanges(db: Queryable, query: ProductChangesQuery): Promise<ProductChanges> {
  const conditions: SQL[] = [sql`${products.changeTxid} < ${OLDEST_WRITER_OF_THIS_DATABASE}`];
  if (query.cursor) {
    conditions.push(sql`(${products.changeTxid}, ${products.productId}) > (${query.cursor.txid.toString()}::bigint, ${query.cursor.productId})`);
  }
  if (query.supplierName !== null) {
    conditions.push(
      sql`${products.supplierId} = (select ${suppliers.supplierId} from ${suppliers} where ${suppliers.supplierName} = ${query.supplierName})`,
    );
  }
  // One more than asked tells whether another page follows.
  const rows = await db
    .select({ productId: products.productId, txid: products.changeTxid })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.changeTxid), asc(products.productId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: await loadProducts(db, page.map((row) => row.productId)),
    cursor: last ? encodeCursor({ txid: last.txid, productId: last.productId }) : query.cursor ? encodeCursor(query.cursor) : null,
    hasMore: rows.length > query.limit,
  };
}
