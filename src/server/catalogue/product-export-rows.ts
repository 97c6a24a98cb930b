/**
 * The export's rows read from the database, a batch at a time, in the list's order
 * (docs/reports-and-export.md "Export", "Reading a million products"). One query text for both
 * engines, read two ways:
 * - on PostgreSQL through a cursor: one statement planned once for every row (a sort and hash
 *   joins rather than an index walk with a lookup per row and per joined table), fetched a batch
 *   at a time on a connection of its own, the next batch read while the last one is written;
 * - on the embedded PGlite (one session shared by every request, so no transaction may stay open
 *   between batches) in keyset batches: each batch starts after the last one's sort value and
 *   product id, never with OFFSET.
 * Rows come back raw, named by alias, and are turned into export values by one function, so both
 * ways write the same bytes.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { ExportColumnId } from '../../shared/export-contract';
import { exportFileWords, type ExportFileWords } from '../../shared/export-file-words';
import type { BolProductState, ProductSort } from '../../shared/product-filter';
import { contentStatusWords, SUB_STATUS_WORDS, type StatusWords } from '../../shared/status-words';
import type { Database } from '../db/connection';
import { postgresPoolOf } from '../db/postgres-pool';
import { queryRows } from '../db/query-rows';
import { bolChunks, bolProductModels, bolProductStates, brands, categories, products, suppliers } from '../db/schema';
import { describeError } from '../lib/caught-errors';
import { bolStateOfJoinedRows } from './bol-state-sql';
import { productOrder, SORT_COLUMNS } from './product-filter-sql';
import { withValuePlansEach } from '../db/value-plans';

export const EXPORT_BATCH = 1_000;

/** The status tables a row's content status is worded with. */
type StatusWordTables = Pick<StatusWords, 'content' | 'subStatus'>;

export type ExportValue = string | number | boolean | null;
export type ExportRow = Record<ExportColumnId, ExportValue>;

/** A row as the export query answers it (numeric columns as text or number, the time as text). */
interface ExportQueryRow {
  sortValue?: string;
  productId: number;
  ean: string;
  supplierEan: string;
  sku: string;
  title: string;
  brand: string | null;
  supplier: string;
  category: string | null;
  sellingPrice: string | number;
  priceSupplier: string | number;
  deliveryPrice: string | number;
  deliveryCode: string;
  stock: number;
  productSize: string;
  color: string;
  material: string;
  familyKey: string | null;
  mainProduct: boolean;
  passedModeration: boolean;
  buyBlock: boolean;
  isExportOnBol: boolean;
  numberOfImages: number;
  dateUpdate: string;
  bolState: string;
  bolCategory: string | null;
  contentStatus: string | null;
  offer: string | null;
}

/**
 * The export query: every column by alias, the product's Bol model as `m`, its chunk as `c` and
 * its marketplace state as `s` joined once (the bol state reads those rows), in `order`. With
 * `keyset`, also the sort value as text, where the next keyset batch starts.
 */
function exportQuery(where: SQL | undefined, order: ProductSort, keyset: boolean): SQL {
  const sortValue = keyset ? sql`${SORT_COLUMNS[order.key]}::text as "sortValue", ` : sql``;
  return sql`select ${sortValue}${products.productId} as "productId", ${products.ean} as "ean", ${products.supplierEan} as "supplierEan",
      ${products.sku} as "sku", ${products.title} as "title", ${brands.brandName} as "brand", ${suppliers.supplierName} as "supplier",
      ${categories.categoryName} as "category", ${products.sellingPrice} as "sellingPrice", ${products.priceSupplier} as "priceSupplier",
      ${products.deliveryPrice} as "deliveryPrice", ${products.deliveryCode} as "deliveryCode", ${products.stock} as "stock",
      ${products.productSize} as "productSize", ${products.color} as "color", ${products.material} as "material",
      ${products.familyKey} as "familyKey", ${products.mainProduct} as "mainProduct", ${products.passedModeration} as "passedModeration",
      ${products.buyBlock} as "buyBlock", ${products.isExportOnBol} as "isExportOnBol", ${products.numberOfImages} as "numberOfImages",
      ${products.dateUpdate}::text as "dateUpdate", ${bolStateOfJoinedRows} as "bolState", c.chunk_name as "bolCategory",
      s.content_status as "contentStatus", s.offer->>'offerId' as "offer"
    from ${products}
    inner join ${suppliers} on ${suppliers.supplierId} = ${products.supplierId}
    left join ${brands} on ${brands.brandId} = ${products.brandId}
    left join ${categories} on ${categories.categoryId} = ${products.categoryId}
    left join ${bolProductModels} m on m.product_id = ${products.productId}
    left join ${bolChunks} c on c.chunk_id = m.chunk_id
    left join ${bolProductStates} s on s.product_id = ${products.productId}
    ${where === undefined ? sql`` : sql`where ${where}`}
    order by ${sql.join(productOrder({ sort: order }), sql`, `)}`;
}

/** A row of the export query as the export writes it: names and words (in `words`' language), never codes or nulls where a text is meant. */
function exportRowOf(row: ExportQueryRow, words: ExportFileWords, statusWords: StatusWordTables): ExportRow {
  return {
    productId: row.productId,
    ean: row.ean,
    supplierEan: row.supplierEan,
    sku: row.sku,
    title: row.title,
    brand: row.brand ?? '',
    supplier: row.supplier,
    category: row.category ?? '',
    sellingPrice: Number(row.sellingPrice),
    priceSupplier: Number(row.priceSupplier),
    deliveryPrice: Number(row.deliveryPrice),
    deliveryCode: row.deliveryCode,
    stock: row.stock,
    productSize: row.productSize,
    color: row.color,
    material: row.material,
    familyKey: row.familyKey ?? '',
    mainProduct: row.mainProduct,
    passedModeration: row.passedModeration,
    buyBlock: row.buyBlock,
    isExportOnBol: row.isExportOnBol,
    numberOfImages: row.numberOfImages,
    // The database's text of the time, read as a JavaScript date (milliseconds), as ISO 8601 in UTC.
    dateUpdate: new Date(row.dateUpdate).toISOString(),
    bolState: words.bolStates[row.bolState as BolProductState] ?? row.bolState,
    bolCategory: row.bolCategory ?? '',
    contentStatus: contentStatusWords(row.contentStatus ?? 'NOT_SENT', statusWords),
    offer: row.offer ?? '',
  };
}

/** Where a keyset batch ends: its last row's sort value (as the database writes it) and product id. */
interface ExportCursor {
  sortValue: string;
  productId: number;
}

/**
 * The rows after `cursor` in `order`: (sort column, product id) compared as a pair, the same
 * direction for both, as productOrder sorts. The sort value goes back as the text the database
 * gave (cast to the column's type), so a timestamp keeps its microseconds and a price its cents;
 * every sort column is NOT NULL (schema.ts), so the pair comparison never meets a null.
 */
function afterCursor(order: ProductSort, cursor: ExportCursor | null): SQL | undefined {
  if (cursor === null) return undefined;
  const column = SORT_COLUMNS[order.key];
  const comparison = order.direction === 'asc' ? sql`>` : sql`<`;
  if (column === products.productId) return sql`${products.productId} ${comparison} ${cursor.productId}`;
  // The column's SQL type comes from the schema, never from the request.
  const type = sql.raw(column.getSQLType());
  return sql`(${column}, ${products.productId}) ${comparison} (cast(${cursor.sortValue} as ${type}), ${cursor.productId})`;
}

/** Keyset batches, one query each, no transaction held between them (the embedded database). */
async function* keysetBatches(db: Database, where: SQL | undefined, order: ProductSort, batch: number): AsyncGenerator<ExportQueryRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows: ExportQueryRow[] = await queryRows<ExportQueryRow>(db, sql`${exportQuery(and(where, afterCursor(order, cursor)), order, true)} limit ${batch}`);
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    cursor = { sortValue: last.sortValue ?? '', productId: last.productId };
    yield rows;
    if (rows.length < batch) return;
  }
}

const dialect = new PgDialect();

/**
 * One statement through a cursor on a connection of its own, in a read-only transaction (one
 * snapshot for the whole file; a read-only transaction takes no transaction id, so it never holds
 * the changes feed back). The next batch is asked for before this one is handed on.
 */
async function* cursorBatches(pool: pg.Pool, where: SQL | undefined, order: ProductSort, batch: number): AsyncGenerator<ExportQueryRow[]> {
  const client = await pool.connect();
  let pending: Promise<pg.QueryResult<ExportQueryRow>> | null = null;
  let finished = false;
  try {
    await client.query('begin isolation level repeatable read, read only');
    // Every row is read: plan for all of them, not for the first tenth (the default for a cursor,
    // which walks an index and looks each row's joins up one by one, about twice the database's
    // CPU); nothing to gain from compiling a statement that runs once.
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query('set local jit = off');
    const declared = dialect.sqlToQuery(sql`declare export_rows no scroll cursor for ${exportQuery(where, order, false)}`);
    await client.query(declared.sql, declared.params);
    // FETCH takes no bound parameter: the count is a whole number of the code's own.
    const fetchText = `fetch forward ${Math.trunc(batch)} from export_rows`;
    const fetchBatch = (): Promise<pg.QueryResult<ExportQueryRow>> => client.query<ExportQueryRow>(fetchText);
    let next: Promise<pg.QueryResult<ExportQueryRow>> | null = fetchBatch();
    while (next !== null) {
      pending = next;
      const rows: ExportQueryRow[] = (await next).rows;
      next = rows.length === batch ? fetchBatch() : null;
      pending = next;
      if (rows.length > 0) yield rows;
    }
    finished = true;
  } finally {
    // Stopped early (the download was cancelled) or failed: wait for the batch on its way, then end the transaction.
    await pending?.catch(() => undefined);
    let unusable: Error | undefined;
    try {
      await client.query(finished ? 'commit' : 'rollback');
    } catch (error) {
      unusable = error instanceof Error ? error : new Error(String(error));
      console.warn(`[export] ending the export's transaction failed: ${describeError(error)}`);
    }
    // A connection whose transaction could not be ended is closed, not given back to the pool.
    client.release(unusable);
  }
}

/** The export's rows, a batch at a time, in `order` (ties by product id); states in `words`. */
export async function* exportBatches(
  db: Database,
  where: SQL | undefined,
  order: ProductSort = { key: 'productId', direction: 'asc' },
  batch = EXPORT_BATCH,
  words: ExportFileWords = exportFileWords(),
): AsyncGenerator<ExportRow[]> {
  const statusWords: StatusWordTables = { content: words.contentStatuses, subStatus: SUB_STATUS_WORDS };
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`export batch must be a whole number of at least 1, got ${batch}`);
  const pool = postgresPoolOf(db);
  // The filter's statements are planned with their values (db/value-plans.ts).
  const batches = pool ? cursorBatches(pool, where, order, batch) : withValuePlansEach(keysetBatches(db, where, order, batch));
  for await (const rows of batches) yield rows.map((row) => exportRowOf(row, words, statusWords));
}
