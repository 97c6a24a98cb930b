/**
 * The product export (docs/reports-and-export.md "Export"): the products of a filter or a
 * selection with the chosen columns, as CSV or .xlsx, streamed. Rows are read in batches by
 * product id (keyset, never OFFSET) and written as they come, so memory stays bounded however many
 * products there are; the CSV is pulled by the reader (its pace is the network's), the workbook is
 * written with exceljs' streaming writer, waiting whenever the answer's buffer is full.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { EXPORT_COLUMNS, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../shared/export-contract';
import { parseProductFilter } from '../../shared/product-filter';
import type { Database } from '../db/connection';
import { bolChunks, bolProductModels, bolProductStates, brands, categories, products, suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { bolStateOfProduct } from './bol-state-sql';
import { productFilterCondition } from './product-filter-sql';

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

/** The export's rows, a batch at a time, in product id order. */
export async function* exportBatches(db: Database, where: SQL | undefined, batch = EXPORT_BATCH): AsyncGenerator<ExportRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
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
      .where(and(where, gt(products.productId, after)))
      .orderBy(asc(products.productId))
      .limit(batch);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.productId ?? after;
    yield rows.map((row) => ({
      ...row,
      familyKey: row.familyKey ?? '',
      brand: row.brand ?? '',
      category: row.category ?? '',
      dateUpdate: row.dateUpdate.toISOString(),
      bolCategory: row.bolCategory ?? '',
      contentStatus: row.contentStatus ?? 'NOT_SENT',
      offer: row.offer ?? '',
    }));
    if (rows.length < batch) return;
  }
}

/**
 * One CSV field (RFC 4180). A text starting with =, +, -, @, tab or CR is prefixed with ' so a
 * spreadsheet program never runs it as a formula (CSV injection).
 */
export function csvField(value: ExportValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly ExportValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

const headersOf = (columns: readonly ExportColumnId[]) => columns.map((id) => EXPORT_COLUMNS.find((column) => column.id === id)?.header ?? id);

/** The CSV as a pulled stream (UTF-8 with a BOM, so spreadsheet programs read accents right). */
export function csvStream(batches: AsyncGenerator<ExportRow[]>, columns: readonly ExportColumnId[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(headersOf(columns))}`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((id) => row[id]))).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The workbook, written row by row with exceljs' streaming writer. */
export function xlsxStream(batches: AsyncGenerator<ExportRow[]>, columns: readonly ExportColumnId[]): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  let stopped = false;
  void (async () => {
    try {
      // Loaded on the first .xlsx export, not with the server (~10 MB of heap; docs/feeds.md, "Import memory").
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
      workbook.creator = 'Bol Back Office';
      const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((id) => ({
        header: headersOf([id])[0] ?? id,
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
          sheet.addRow(Object.fromEntries(columns.map((id) => [id, typeof row[id] === 'boolean' ? (row[id] ? 'yes' : 'no') : row[id]]))).commit();
        }
        // The reader is slower than the database: wait rather than buffer the whole workbook.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      console.error('[export] writing the workbook failed', error);
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

export function exportStream(format: ExportFormat, batches: AsyncGenerator<ExportRow[]>, columns: readonly ExportColumnId[]): ReadableStream<Uint8Array> {
  return format === 'csv' ? csvStream(batches, columns) : xlsxStream(batches, columns);
}
