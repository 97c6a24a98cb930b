/**
 * "Export product content report": one spreadsheet row per product that has a Bol category or a
 * marketplace state: category, model version, content status, upload report outcome (declined
 * attributes named), catalog and offer. Statuses in words, never bol's codes (src/shared/status-words.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { BolUploadReport } from '../../../shared/bol-contract';
import { contentStatusWords, subStatusWords, UPLOAD_ENTRY_STATUS_WORDS, UPLOAD_REPORT_STATUS_WORDS } from '../../../shared/status-words';
import type { Database } from '../../db/connection';
import { bolChunks, bolProductModels, bolProductStates, products, suppliers } from '../../db/schema';
import type { CatalogState, OfferState } from './product-state';

export const CONTENT_EXPORT_COLUMNS = [
  { header: 'Product ID', key: 'productId', width: 11 },
  { header: 'EAN', key: 'ean', width: 16 },
  { header: 'Title', key: 'title', width: 45 },
  { header: 'Supplier', key: 'supplier', width: 22 },
  { header: 'Bol category', key: 'chunk', width: 22 },
  { header: 'Model version', key: 'modelVersion', width: 8 },
  { header: 'Content status', key: 'contentStatus', width: 14 },
  { header: 'Sent at', key: 'sentAt', width: 20 },
  { header: 'Upload ID', key: 'uploadId', width: 38 },
  { header: 'Upload report', key: 'reportStatus', width: 14 },
  { header: 'Declined', key: 'declined', width: 50 },
  { header: 'Message', key: 'message', width: 40 },
  { header: 'Published on bol', key: 'published', width: 10 },
  { header: 'Offer ID', key: 'offerId', width: 38 },
  { header: 'Offer price', key: 'offerPrice', width: 10 },
  { header: 'Offer stock', key: 'offerStock', width: 10 },
] as const;

function declinedOf(report: BolUploadReport | null): string {
  if (!report) return '';
  return [...report.attributes, ...report.assets]
    .filter((entry) => entry.status === 'DECLINED')
    .map((entry) => `${entry.id ?? entry.url ?? '?'}: ${entry.subStatus ? subStatusWords(entry.subStatus) : UPLOAD_ENTRY_STATUS_WORDS.DECLINED}`)
    .join('; ');
}

export async function contentExportWorkbook(db: Database): Promise<Buffer> {
  const rows = await db
    .select({
      productId: products.productId,
      ean: products.ean,
      title: products.title,
      supplier: suppliers.supplierName,
      chunkName: bolChunks.chunkName,
      chunkId: bolProductModels.chunkId,
      modelVersion: bolProductModels.version,
      state: bolProductStates,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
    .leftJoin(bolProductModels, eq(bolProductModels.productId, products.productId))
    .leftJoin(bolChunks, eq(bolChunks.chunkId, bolProductModels.chunkId))
    .leftJoin(bolProductStates, eq(bolProductStates.productId, products.productId))
    .where(sql`${bolProductModels.productId} is not null or ${bolProductStates.productId} is not null`)
    .orderBy(asc(products.productId));

  // Loaded when a workbook is made, not with the server (~10 MB of heap; docs/feeds.md, "Import memory").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bol Back Office';
  const sheet = workbook.addWorksheet('Product content');
  sheet.columns = CONTENT_EXPORT_COLUMNS.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const report = (row.state?.uploadReport as BolUploadReport | null | undefined) ?? null;
    const catalog = (row.state?.catalog as CatalogState | null | undefined) ?? null;
    const offer = (row.state?.offer as OfferState | null | undefined) ?? null;
    sheet.addRow({
      productId: row.productId,
      // Text, so a spreadsheet program does not turn a 13-digit EAN into 8.71E+12.
      ean: row.ean,
      title: row.title,
      supplier: row.supplier,
      chunk: row.chunkName ?? row.chunkId ?? '',
      modelVersion: row.modelVersion ?? 0,
      contentStatus: contentStatusWords(row.state?.contentStatus ?? 'NOT_SENT'),
      sentAt: row.state?.contentSubmittedAt?.toISOString().slice(0, 19).replace('T', ' ') ?? '',
      uploadId: row.state?.uploadId ?? '',
      reportStatus: report ? UPLOAD_REPORT_STATUS_WORDS[report.status] : '',
      declined: declinedOf(report),
      message: row.state?.contentMessage ?? '',
      published: catalog ? (catalog.published ? 'yes' : 'no') : '',
      offerId: offer?.offerId ?? '',
      offerPrice: offer?.price ?? null,
      offerStock: offer?.stock ?? null,
    });
  }
  sheet.getColumn('ean').numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
