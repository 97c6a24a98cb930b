/**
 * The product export (docs/reports-and-export.md "Export"): the products of a filter or a
 * selection with the chosen columns, as CSV or .xlsx, streamed, in the list's order. Rows are read
 * in batches by their sort key and product id (keyset, never OFFSET) and written as they come, so
 * memory stays bounded however many products there are; the CSV is pulled by the reader (its pace is the network's), the workbook is
 * written with exceljs' streaming writer, waiting whenever the answer's buffer is full. The bol
 * state and content status are written in words, not as codes, and the headers, yes/no and those
 * words in the language asked for (src/shared/export-file-words.ts).
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { csvDialectOf, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../shared/export-contract';
import { exportFileWords, type ExportFileWords } from '../../shared/export-file-words';
import type { Language } from '../../shared/languages';
import { parseProductFilter, parseProductSort, type BolProductState, type ProductSort } from '../../shared/product-filter';
import { contentStatusWords, SUB_STATUS_WORDS } from '../../shared/status-words';
import type { Database } from '../db/connection';
import { bolChunks, bolProductModels, bolProductStates, brands, categories, products, suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { bolStateOfProduct } from './bol-state-sql';
import { productFilterCondition, productOrder, SORT_COLUMNS } from './product-filter-sql';
import { describeError } from '../lib/caught-errors';

export const EXPORT_BATCH = 1_000;

type ExportValue = string | number | boolean | null;
type ExportRow = Record<ExportColumnId, ExportValue>;

/** The products an export covers: the selection's ids, else the filter (page, size and sort ignored). */
export function exportCondition(request: Pick<ExportRequest, 'filter' | 'productIds'>): SQL | undefined {
  if (request.productIds) {
    // One bound parameter however long the selection is (a list of parameters tops out at 65,535).
    return sql`${products.productId} in (select (jsonb_array_elements_text(${JSON.stringify(request.productIds)}::jsonb))::int)`;
  }
  const parsed = parseProductFilter(new URLSearchParams(request.filter ?? {}));
  if (!parsed.ok) throw new ApiError(400, parsed.message);
  return productFilterCondition(parsed.filter);
}

export async function countExport(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(where);
  return row?.total ?? 0;
}

/** The order of the export's rows: the request's sort (the list's), else by product id. */
export function exportOrder(request: Pick<ExportRequest, 'sort'>): ProductSort {
  return request.sort === undefined ? { key: 'productId', direction: 'asc' } : parseProductSort(request.sort);
}

/** Where a batch ends: its last row's sort value (as the database writes it) and product id. */
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

/** The export's rows, a batch at a time, in `order` (ties by product id); states in `words`. */
export async function* exportBatches(
  db: Database,
  where: SQL | undefined,
  order: ProductSort = { key: 'productId', direction: 'asc' },
  batch = EXPORT_BATCH,
  words: ExportFileWords = exportFileWords(),
): AsyncGenerator<ExportRow[]> {
  const statusWords = { content: words.contentStatuses, subStatus: SUB_STATUS_WORDS };
  let cursor: ExportCursor | null = null;
  const sortColumn = SORT_COLUMNS[order.key];
  for (;;) {
    const after: SQL | undefined = afterCursor(order, cursor);
    const rows = await db
      .select({
        sortValue: sql<string>`${sortColumn}::text`,
        productId: products.productId,
        ean: products.ean,
        supplierEan: products.supplierEan,
        sku: products.sku,
        title: products.title,
        brand: brands.brandName,
        supplier: suppliers.supplierName,
        category: categories.categoryName,
        sellingPrice: products.sellingPrice,
        priceSupplier: products.priceSupplier,
        deliveryPrice: products.deliveryPrice,
        deliveryCode: products.deliveryCode,
        stock: products.stock,
        productSize: products.productSize,
        color: products.color,
        material: products.material,
        familyKey: products.familyKey,
        mainProduct: products.mainProduct,
        passedModeration: products.passedModeration,
        buyBlock: products.buyBlock,
        isExportOnBol: products.isExportOnBol,
        numberOfImages: products.numberOfImages,
        dateUpdate: products.dateUpdate,
        bolState: bolStateOfProduct,
        bolCategory: bolChunks.chunkName,
        contentStatus: bolProductStates.contentStatus,
        offer: sql<string | null>`${bolProductStates.offer}->>'offerId'`,
      })
      .from(products)
      .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
      .leftJoin(brands, eq(brands.brandId, products.brandId))
      .leftJoin(categories, eq(categories.categoryId, products.categoryId))
      .leftJoin(bolProductModels, eq(bolProductModels.productId, products.productId))
      .leftJoin(bolChunks, eq(bolChunks.chunkId, bolProductModels.chunkId))
      .leftJoin(bolProductStates, eq(bolProductStates.productId, products.productId))
      .where(and(where, after))
      .orderBy(...productOrder({ sort: order }))
      .limit(batch);
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    cursor = { sortValue: last.sortValue, productId: last.productId };
    yield rows.map(({ sortValue: _cursor, ...row }) => ({
      ...row,
      familyKey: row.familyKey ?? '',
      brand: row.brand ?? '',
      category: row.category ?? '',
      dateUpdate: row.dateUpdate.toISOString(),
      bolCategory: row.bolCategory ?? '',
      bolState: words.bolStates[row.bolState as BolProductState] ?? row.bolState,
      contentStatus: contentStatusWords(row.contentStatus ?? 'NOT_SENT', statusWords),
      offer: row.offer ?? '',
    }));
    if (rows.length < batch) return;
  }
}

/** How a CSV writes its fields: the spec's (commas, decimal points) or Excel set to Dutch's. */
export interface CsvDialect {
  separator: ',' | ';';
  decimalComma: boolean;
}

export const SPEC_CSV: CsvDialect = { separator: ',', decimalComma: false };
/** Excel set to Dutch splits a CSV at semicolons and reads 12,50 as a number (docs/reports-and-export.md, "Formats"). */
export const EXCEL_NL_CSV: CsvDialect = { separator: ';', decimalComma: true };

/** How a flag is written: 'yes'/'no', 'ja'/'nee' (export-file-words.ts). */
type YesNo = Pick<ExportFileWords, 'yes' | 'no'>;

/**
 * One CSV field (RFC 4180). A text starting with =, +, -, @, tab or CR is prefixed with ' so a
 * spreadsheet program never runs it as a formula (CSV injection).
 */
export function csvField(value: ExportValue, dialect: CsvDialect = SPEC_CSV, yesNo: YesNo = exportFileWords()): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'number') return dialect.decimalComma ? String(value).replace('.', ',') : String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly ExportValue[], dialect: CsvDialect = SPEC_CSV, yesNo: YesNo = exportFileWords()): string {
  return `${values.map((value) => csvField(value, dialect, yesNo)).join(dialect.separator)}\r\n`;
}

const headersOf = (columns: readonly ExportColumnId[], words: ExportFileWords) => columns.map((id) => words.headers[id] ?? id);

/** The CSV as a pulled stream (UTF-8 with a BOM, so spreadsheet programs read accents right). */
export function csvStream(
  batches: AsyncGenerator<ExportRow[]>,
  columns: readonly ExportColumnId[],
  dialect: CsvDialect = SPEC_CSV,
  words: ExportFileWords = exportFileWords(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(headersOf(columns, words), dialect, words)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((id) => row[id]), dialect, words)).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The workbook, written row by row with exceljs' streaming writer. */
export function xlsxStream(batches: AsyncGenerator<ExportRow[]>, columns: readonly ExportColumnId[], words: ExportFileWords = exportFileWords()): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  let stopped = false;
  void (async () => {
    try {
      // Loaded on the first .xlsx export, not with the server (~10 MB of heap; docs/feeds.md, "Import memory").
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
      workbook.creator = 'Bol Back Office';
      const sheet = workbook.addWorksheet(words.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((id) => ({
        header: words.headers[id] ?? id,
        key: id,
        width: id === 'title' ? 50 : id === 'ean' || id === 'supplierEan' ? 16 : 14,
        // EANs are text, so a spreadsheet program never shows 8.71E+12.
        ...(id === 'ean' || id === 'supplierEan' ? { style: { numFmt: '@' } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of batches) {
        if (stopped) break;
        for (const row of batch) {
          sheet.addRow(Object.fromEntries(columns.map((id) => [id, typeof row[id] === 'boolean' ? (row[id] ? words.yes : words.no) : row[id]]))).commit();
        }
        // The reader is slower than the database: wait rather than buffer the whole workbook.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      console.error(`[export] writing the workbook failed: ${describeError(error)}`);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  const web = Readable.toWeb(out) as ReadableStream<Uint8Array>;
  // Stop reading the database when the client goes away.
  out.on('close', () => {
    stopped = true;
  });
  return web;
}

/** The file in `format`, its words in `language` (the batches' states are worded by exportBatches). */
export function exportStream(format: ExportFormat, batches: AsyncGenerator<ExportRow[]>, columns: readonly ExportColumnId[], language: Language = 'en'): ReadableStream<Uint8Array> {
  const words = exportFileWords(language);
  if (format === 'xlsx') return xlsxStream(batches, columns, words);
  return csvStream(batches, columns, csvDialectOf(format, language) === 'excel-nl' ? EXCEL_NL_CSV : SPEC_CSV, words);
}
