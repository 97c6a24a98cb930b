/**
 * The Export screen's decisions as pure rules (docs/reports-and-export.md "Export"): what an
 * export covers (the list's view or its selection), how the view's filters read, the request, and
 * how progress reads.
 */
import { EXPORT_COLUMN_IDS, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../../shared/export-contract';
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { countText } from '../../lib/format';

export type ExportScope = 'view' | 'selection';

/** The filter call's query of the list's view without paging and sort: what the export filters on. */
export function exportFilter(query: Readonly<Record<string, string>>): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (name !== 'page' && name !== 'size' && name !== 'sort' && value !== '') filter[name] = value;
  return filter;
}

/** How each filter parameter (docs/products.md) reads in the summary. */
const FILTER_LABELS: Record<string, string> = {
  supplierName: 'Supplier',
  brand: 'Brand',
  keyword: 'Search',
  passedModeration: 'Moderation passed',
  hasDescription: 'Has a description',
  buyBlock: 'Buy block',
  priceFrom: 'Price from',
  priceTo: 'Price to',
  categoryId: 'Category',
  dateFrom: 'Updated from',
  dateTo: 'Updated to',
  numberOfImages: 'Images',
  familyKey: 'Family key',
  isMainProduct: 'Main product',
  isExportOnBol: 'Export to bol',
  isChangeEan: 'EAN replaced',
  stock: 'In stock',
  bolState: 'Bol state',
  hasOffer: 'Offer on bol',
};

function valueText(name: string, value: string): string {
  if (value === 'true') return 'yes';
  if (value === 'false') return 'no';
  if (name === 'bolState' && value in BOL_STATE_LABELS) return BOL_STATE_LABELS[value as keyof typeof BOL_STATE_LABELS];
  return value;
}

/** "Supplier: Volt Electronics · Bol state: Declined by bol", or that nothing is filtered. */
export function filterSummary(filter: Readonly<Record<string, string>>, categoryName?: (id: string) => string | undefined): string {
  const parts = Object.entries(filter).map(([name, value]) => {
    const shown = name === 'categoryId' ? (categoryName?.(value) ?? value) : valueText(name, value);
    return `${FILTER_LABELS[name] ?? name}: ${shown}`;
  });
  return parts.length === 0 ? 'No filter: every product' : parts.join(' · ');
}

/** The list's order of a view's filter call query (`sellingPrice,desc`): the order of the exported rows. */
export function exportSort(query: Readonly<Record<string, string>>): string | undefined {
  return query.sort || undefined;
}

/** The request for a scope, its rows in the list's order; null (with the reason) when it cannot be made. */
export function exportRequest(input: {
  scope: ExportScope;
  format: ExportFormat;
  columns: readonly ExportColumnId[];
  filter: Record<string, string>;
  sort?: string;
  selection: readonly number[];
}): { ok: true; request: ExportRequest } | { ok: false; reason: string } {
  const columns = EXPORT_COLUMN_IDS.filter((id) => input.columns.includes(id));
  if (columns.length === 0) return { ok: false, reason: 'Choose at least one column.' };
  const sort = input.sort === undefined ? {} : { sort: input.sort };
  if (input.scope === 'selection') {
    if (input.selection.length === 0) return { ok: false, reason: 'No products are selected in the product list.' };
    return { ok: true, request: { format: input.format, columns, productIds: [...input.selection], ...sort } };
  }
  return { ok: true, request: { format: input.format, columns, filter: input.filter, ...sort } };
}

export function megabytes(bytes: number): string {
  return bytes < 102_400 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The progress line and, when it can be known, the fraction done. */
export function progressOf(progress: { bytes: number; rows: number | null; totalRows: number | null }): { text: string; fraction: number | null } {
  if (progress.rows !== null && progress.totalRows !== null && progress.totalRows > 0) {
    const rows = Math.min(progress.rows, progress.totalRows);
    return { text: `${countText(rows)} of ${countText(progress.totalRows)} rows (${megabytes(progress.bytes)})`, fraction: rows / progress.totalRows };
  }
  const of = progress.totalRows !== null ? ` of a workbook of ${countText(progress.totalRows)} rows` : '';
  return { text: `${megabytes(progress.bytes)} received${of}`, fraction: null };
}

/** The chosen columns are remembered on this device; unknown ids from an older version are dropped. */
export function readRememberedColumns(text: string | null, fallback: readonly ExportColumnId[]): ExportColumnId[] {
  if (!text) return [...fallback];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [...fallback];
    const known = EXPORT_COLUMN_IDS.filter((id) => parsed.includes(id));
    return known.length > 0 ? known : [...fallback];
  } catch {
    return [...fallback];
  }
}

/** The columns after a column's box was ticked or cleared (ticked ones keep the order they were chosen in). */
export function toggledColumns(columns: readonly ExportColumnId[], id: ExportColumnId, on: boolean): ExportColumnId[] {
  if (!on) return columns.filter((column) => column !== id);
  return columns.includes(id) ? [...columns] : [...columns, id];
}

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', 'csv-nl': 'CSV for Excel (NL)', xlsx: '.xlsx' };

/** The Export button: "Exporting..." while it runs, else how many and how ("Export about 12,000 products as CSV"; "Export as CSV" before the count is known). */
export function exportButtonLabel(input: { busy: boolean; count: number | null; estimate: boolean; format: ExportFormat }): string {
  if (input.busy) return 'Exporting...';
  const count = input.count !== null ? ` ${input.estimate ? 'about ' : ''}${countText(input.count)} products` : '';
  return `Export${count} as ${FORMAT_NAMES[input.format]}`;
}

/** What an answer of bol's offer import says: its own message, or that the offers were imported. */
export function offerImportText(report: unknown): string {
  const message = typeof report === 'object' && report !== null ? (report as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : 'Offers imported.';
}
