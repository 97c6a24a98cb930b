/**
 * The Export screen's decisions as pure rules (docs/reports-and-export.md "Export"): what an
 * export covers (the list's view or its selection), how the view's filters read, the request, and
 * how progress reads.
 */
import { EXPORT_COLUMN_IDS, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../../shared/export-contract';
import { countText } from '../../lib/format';

export type ExportScope = 'view' | 'selection';

/** The filter call's query of the list's view without paging and sort: what the export filters on. */
export function exportFilter(query: Readonly<Record<string, string>>): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (name !== 'page' && name !== 'size' && name !== 'sort' && value !== '') filter[name] = value;
  return filter;
}

/** "supplierName: Volt Electronics · bolState: declined", or that nothing is filtered. */
export function filterSummary(filter: Readonly<Record<string, string>>): string {
  const parts = Object.entries(filter).map(([name, value]) => `${name}: ${value}`);
  return parts.length === 0 ? 'No filter: every product' : parts.join(' · ');
}

/** The request for a scope; null (with the reason) when it cannot be made. */
export function exportRequest(input: {
  scope: ExportScope;
  format: ExportFormat;
  columns: readonly ExportColumnId[];
  filter: Record<string, string>;
  selection: readonly number[];
}): { ok: true; request: ExportRequest } | { ok: false; reason: string } {
  const columns = EXPORT_COLUMN_IDS.filter((id) => input.columns.includes(id));
  if (columns.length === 0) return { ok: false, reason: 'Choose at least one column.' };
  if (input.scope === 'selection') {
    if (input.selection.length === 0) return { ok: false, reason: 'No products are selected in the product list.' };
    return { ok: true, request: { format: input.format, columns, productIds: [...input.selection] } };
  }
  return { ok: true, request: { format: input.format, columns, filter: input.filter } };
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
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
