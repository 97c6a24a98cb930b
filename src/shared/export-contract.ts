/**
 * The product export and the Reports overview (docs/reports-and-export.md): the columns a person can
 * choose, the request of POST /api/v1/export/products, and the answer of GET /api/v1/report/bol.
 */
import { z } from 'zod';
import type { OfferStateCounts } from './bol-offer-sync';
import { productSortProblem, type BolProductState } from './product-filter';
import { LANGUAGES, type Language } from './languages';
import { dbId, text } from './safe-values';

/** Every column the export can write, in the order they are offered; header = the column's title. */
export const EXPORT_COLUMNS = [
  { id: 'productId', header: 'Product ID' },
  { id: 'ean', header: 'EAN' },
  { id: 'supplierEan', header: 'Supplier EAN' },
  { id: 'sku', header: 'SKU' },
  { id: 'title', header: 'Title' },
  { id: 'brand', header: 'Brand' },
  { id: 'supplier', header: 'Supplier' },
  { id: 'category', header: 'Category' },
  { id: 'sellingPrice', header: 'Selling price' },
  { id: 'priceSupplier', header: 'Supplier price' },
  { id: 'deliveryPrice', header: 'Delivery price' },
  { id: 'deliveryCode', header: 'Delivery code' },
  { id: 'stock', header: 'Stock' },
  { id: 'productSize', header: 'Size' },
  { id: 'color', header: 'Colour' },
  { id: 'material', header: 'Material' },
  { id: 'familyKey', header: 'Family key' },
  { id: 'mainProduct', header: 'Main product' },
  { id: 'passedModeration', header: 'Passed moderation' },
  { id: 'buyBlock', header: 'Buy block' },
  { id: 'isExportOnBol', header: 'Export to bol' },
  { id: 'numberOfImages', header: 'Images' },
  { id: 'dateUpdate', header: 'Last update' },
  { id: 'bolState', header: 'Bol state' },
  { id: 'bolCategory', header: 'Bol category' },
  { id: 'contentStatus', header: 'Content status' },
  { id: 'offer', header: 'Offer on bol' },
] as const;
export type ExportColumnId = (typeof EXPORT_COLUMNS)[number]['id'];
export const EXPORT_COLUMN_IDS = EXPORT_COLUMNS.map((column) => column.id) as [ExportColumnId, ...ExportColumnId[]];

/** What the export offers checked at first. */
export const DEFAULT_EXPORT_COLUMNS: ExportColumnId[] = ['productId', 'ean', 'sku', 'title', 'brand', 'supplier', 'sellingPrice', 'stock', 'bolState'];

/**
 * 'csv' is the spec's CSV (commas, UTF-8 with a BOM); 'csv-nl' the same rows for Excel set to Dutch,
 * which reads a CSV by semicolons and decimal commas (docs/reports-and-export.md, "Formats").
 */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'csv-nl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How a CSV is written: 'spec' with commas and decimal points, 'excel-nl' with semicolons and
 * decimal commas, as Excel set to Dutch reads it. The CSV follows the person's language: Dutch
 * gets 'excel-nl' (docs/reports-and-export.md, "Formats"); 'csv-nl' is 'excel-nl' in every language.
 */
export function csvDialectOf(format: ExportFormat, language: Language = 'en'): 'spec' | 'excel-nl' | null {
  if (format === 'xlsx') return null;
  return format === 'csv-nl' || language === 'nl' ? 'excel-nl' : 'spec';
}

/** The formats the Export screen offers: in Dutch the CSV already is Excel's Dutch one, so 'csv-nl' is not offered twice. */
export function exportFormatChoices(language: Language): ExportFormat[] {
  return language === 'nl' ? ['csv', 'xlsx'] : ['csv', 'csv-nl', 'xlsx'];
}

/** Whether a format is one of the CSVs (text, one line per product). */
export const isCsvFormat = (format: ExportFormat): boolean => format !== 'xlsx';

/** The file name's extension of a format. */
export const exportExtension = (format: ExportFormat): 'csv' | 'xlsx' => (format === 'xlsx' ? 'xlsx' : 'csv');

/** At most this many products can be exported by id (a selection); a filter has no limit. */
export const MAX_EXPORT_IDS = 100_000;

export const exportRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { message: 'format must be csv, csv-nl or xlsx' }),
    columns: z
      .array(z.enum(EXPORT_COLUMN_IDS, { message: `each column must be one of ${EXPORT_COLUMN_IDS.join(', ')}` }))
      .min(1, 'Choose at least one column')
      .max(EXPORT_COLUMN_IDS.length),
    /** The product filter's parameters by their wire names (docs/products.md); page, size and sort are ignored. */
    filter: z.record(text().max(100), text().max(1_000)).optional(),
    /** The selection: exactly these products (the filter is then ignored). */
    productIds: z.array(dbId()).min(1).max(MAX_EXPORT_IDS).optional(),
    /** The person's language: a Dutch CSV has semicolons and decimal commas (csvDialectOf). Left out: English. */
    language: z.enum(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
    /**
     * The order of the rows, written as the filter's `sort` (`sellingPrice,desc`): the list's order,
     * for a view and a selection alike. Left out: by product id.
     */
    sort: text()
      .max(60)
      .superRefine((value, context) => {
        const problem = productSortProblem(value);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  })
  .strict();
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** The answer's header that carries how many rows the export has (for the progress). */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows';

// ---- Reports (GET /api/v1/report/bol) ----

export interface BolReportReadableEntry {
  /** The attribute id, or the image URL for an asset. */
  subject: string;
  kind: 'attribute' | 'image';
  status: 'IN_PROGRESS' | 'DECLINED' | 'PUBLISHED';
  /** The value bol got, as readable text (HTML turned into text), cut at 300 characters. */
  value: string;
  /** bol's reason, readable text. */
  reason: string;
}

export interface BolReportProduct {
  productId: number;
  title: string;
  ean: string;
  state: BolProductState;
  contentStatus: string;
  /** Why the upload failed or was stopped (bol's words), '' when none. */
  contentMessage: string;
  reportStatus: 'IN_PROGRESS' | 'COMPLETED' | null;
  /** When the report was read from bol (ISO), or when the content was sent. */
  at: string | null;
  /** Declined entries first. */
  entries: BolReportReadableEntry[];
}

export interface BolReportOverview {
  /** Products per state; every product is in exactly one. */
  states: Record<BolProductState, number>;
  offers: { present: number; absent: number };
  /**
   * The offers the sync keeps (GET /api/v1/bol/offers/summary: live, waiting, held back, failed).
   * Absent in a report kept on a device by an older version.
   */
  offerSync?: OfferStateCounts;
  total: number;
  /** Why bol declined, most frequent first: the reason and how many products it hit. */
  declinedReasons: { reason: string; products: number }[];
  /** Products with an upload report or a sent upload, newest first (one page). */
  products: BolReportProduct[];
  productsTotal: number;
  page: number;
  size: number;
  generatedAt: string;
}

export const REPORT_PAGE_SIZE = { default: 25, max: 100 } as const;
