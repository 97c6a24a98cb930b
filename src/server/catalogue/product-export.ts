/**
 * The product export (docs/reports-and-export.md "Export"): the products of a filter or a
 * selection with the chosen columns, as CSV or .xlsx, streamed, in the list's order. Rows are read
 * a batch at a time (product-export-rows.ts: a cursor on PostgreSQL, keyset batches on the
 * embedded database) and written as they come, so memory stays bounded however many products
 * there are; the CSV is pulled by the reader (its pace is the network's), the workbook is
 * written with exceljs' streaming writer, waiting whenever the answer's buffer is full. The bol
 * state and content status are written in words, not as codes, and the headers, yes/no and those
 * words in the language asked for (src/shared/export-file-words.ts).
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { count, sql, type SQL } from 'drizzle-orm';
import { csvDialectOf, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../shared/export-contract';
import { exportFileWords, type ExportFileWords } from '../../shared/export-file-words';
import type { Language } from '../../shared/languages';
import { parseProductFilter, parseProductSort, type ProductSort } from '../../shared/product-filter';
import type { Database } from '../db/connection';
import { products } from '../db/schema';
import { ApiError } from '../http/errors';
import { productFilterCondition } from './product-filter-sql';
import { describeError } from '../lib/caught-errors';
import type { ExportRow, ExportValue } from './product-export-rows';
import { withValuePlans } from '../db/value-plans';

export { EXPORT_BATCH, exportBatches } from './product-export-rows';

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
  // Planned with the filter's values, as the filter's own count (db/value-plans.ts).
  const [row] = await withValuePlans(async () => db.select({ total: count() }).from(products).where(where));
  return row?.total ?? 0;
}

/** The order of the export's rows: the request's sort (the list's), else by product id. */
export function exportOrder(request: Pick<ExportRequest, 'sort'>): ProductSort {
  return request.sort === undefined ? { key: 'productId', direction: 'asc' } : parseProductSort(request.sort);
}

/** How a CSV writes its fields: the spec's (commas, decimal points) or Excel set to Dutch's. */
export interface CsvDialect {
  separator: ',' | ';';
  decimalComma: boolean;
}

export const SPEC_CSV: CsvDialect = { separator: ',', decimalComma: false };
/** Excel set to Dutch splits a CSV at semicolons and reads 12,50 as a number (docs/reports-and-export.md, "Formats"). */
export const EXCEL_NL_CSV: CsvDialect = { separator: ';', decimalComma: true };

/**
 * One CSV field (RFC 4180). A text starting with =, +, -, @, tab or CR is prefixed with ' so a
 * spreadsheet program never runs it as a formula (CSV injection).
 */
/** How a flag is written: 'yes'/'no', 'ja'/'nee' (export-file-words.ts). */
type YesNo = Pick<ExportFileWords, 'yes' | 'no'>;

export function csvField(value: ExportValue, dialect: CsvDialect = SPEC_CSV, yesNo: YesNo = exportFileWords()): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'number') return dialect.decimalComma ? String(value).replace('.', ',') : String(value);
  const text = startsLikeAFormula(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The text starts with =, +, -, @, tab or CR (compared by code: this runs for every field of every row). */
function startsLikeAFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
}

export function csvLine(values: readonly ExportValue[], dialect: CsvDialect = SPEC_CSV, yesNo: YesNo = exportFileWords()): string {
  return `${values.map((value) => csvField(value, dialect, yesNo)).join(dialect.separator)}\r\n`;
}

/** Rows as CSV lines (csvLine of each row's columns), built as one text without an array per row. */
export function csvLines(rows: readonly ExportRow[], columns: readonly ExportColumnId[], dialect: CsvDialect = SPEC_CSV, yesNo: YesNo = exportFileWords()): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < columns.length; index += 1) {
      if (index > 0) text += dialect.separator;
      text += csvField(row[columns[index] as ExportColumnId], dialect, yesNo);
    }
    text += '\r\n';
  }
  return text;
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
      controller.enqueue(encoder.encode(csvLines(next.value, columns, dialect, words)));
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
