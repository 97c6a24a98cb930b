/**
 * The Export screen's decisions as pure rules (docs/reports-and-export.md "Export"): what an
 * export covers (the list's view or its selection), how the view's filters read, the request, and
 * how progress reads.
 */
import { EXPORT_COLUMN_IDS, type ExportColumnId, type ExportFormat, type ExportRequest } from '../../../shared/export-contract';
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { countText, oneDecimalText } from '../../lib/format';
import type { Language } from '../../../shared/languages';
import { exportMessages, type ExportWords } from '../../../shared/export-messages';

type StateLabels = Readonly<Record<string, string | undefined>>;

export type ExportScope = 'view' | 'selection';

/** The filter call's query of the list's view without paging and sort: what the export filters on. */
export function exportFilter(query: Readonly<Record<string, string>>): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (name !== 'page' && name !== 'size' && name !== 'sort' && value !== '') filter[name] = value;
  return filter;
}

function valueText(name: string, value: string, words: ExportWords, states: StateLabels): string {
  if (value === 'true') return words.yes;
  if (value === 'false') return words.no;
  if (name === 'bolState') return states[value] ?? value;
  return value;
}

/** "Supplier: Volt Electronics · Bol state: Declined by bol", or that nothing is filtered (each filter parameter of docs/products.md by its label). */
export function filterSummary(
  filter: Readonly<Record<string, string>>,
  categoryName?: (id: string) => string | undefined,
  words: ExportWords = exportMessages,
  states: StateLabels = BOL_STATE_LABELS,
): string {
  const parts = Object.entries(filter).map(([name, value]) => {
    const shown = name === 'categoryId' ? (categoryName?.(value) ?? value) : valueText(name, value, words, states);
    return `${words.filterLabels[name] ?? name}: ${shown}`;
  });
  return parts.length === 0 ? words.noFilter : parts.join(' · ');
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
  /** The person's language: the server writes a Dutch CSV with semicolons and decimal commas (csvDialectOf). */
  language?: Language;
}, words: ExportWords = exportMessages): { ok: true; request: ExportRequest } | { ok: false; reason: string } {
  const columns = EXPORT_COLUMN_IDS.filter((id) => input.columns.includes(id));
  if (columns.length === 0) return { ok: false, reason: words.chooseColumn };
  const sort = input.sort === undefined ? {} : { sort: input.sort };
  const language = input.language === undefined ? {} : { language: input.language };
  if (input.scope === 'selection') {
    if (input.selection.length === 0) return { ok: false, reason: words.noSelection };
    return { ok: true, request: { format: input.format, columns, productIds: [...input.selection], ...sort, ...language } };
  }
  return { ok: true, request: { format: input.format, columns, filter: input.filter, ...sort, ...language } };
}

export function megabytes(bytes: number): string {
  return bytes < 102_400 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${oneDecimalText(bytes / 1_048_576)} MB`;
}

/** The progress line and, when it can be known, the fraction done. */
export function progressOf(progress: { bytes: number; rows: number | null; totalRows: number | null }, words: ExportWords = exportMessages): { text: string; fraction: number | null } {
  if (progress.rows !== null && progress.totalRows !== null && progress.totalRows > 0) {
    const rows = Math.min(progress.rows, progress.totalRows);
    return { text: words.rowsOf(countText(rows), countText(progress.totalRows), megabytes(progress.bytes)), fraction: rows / progress.totalRows };
  }
  const text = progress.totalRows !== null ? words.receivedOf(megabytes(progress.bytes), countText(progress.totalRows)) : words.received(megabytes(progress.bytes));
  return { text, fraction: null };
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

/** The Export button: "Exporting..." while it runs, else how many and how ("Export about 12,000 products as CSV"; "Export as CSV" before the count is known). */
export function exportButtonLabel(input: { busy: boolean; count: number | null; estimate: boolean; format: ExportFormat }, words: ExportWords = exportMessages): string {
  if (input.busy) return words.exporting;
  return words.exportButton(input.count !== null ? countText(input.count) : '', input.estimate, words.formatNames[input.format]);
}

/** What an answer of bol's offer import says: its own message, or that the offers were imported. */
export function offerImportText(report: unknown, words: ExportWords = exportMessages): string {
  const message = typeof report === 'object' && report !== null ? (report as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : words.offersImported;
}
