/** What the supplier actions on the product list may do right now, and how their outcome reads. */
import { ALL_SUPPLIERS_ID } from '../../../shared/constants';
import type { FeedRunReport, ParsingHistoryEntry, Supplier } from '../../../shared/contract';

export interface SupplierActionState {
  enabled: boolean;
  /** Why the actions are off, shown beside them; null when they are on. */
  reason: string | null;
}

export function supplierActionState(input: { supplier: Supplier | null; online: boolean; busy: boolean }): SupplierActionState {
  if (!input.online) return { enabled: false, reason: 'Feed import and image re-export need a connection.' };
  if (!input.supplier) return { enabled: false, reason: 'Choose a supplier first.' };
  if (input.busy) return { enabled: false, reason: null };
  if (input.supplier.inProgress) {
    return { enabled: false, reason: `An import or image re-export of ${input.supplier.supplierName} is running.` };
  }
  return { enabled: true, reason: null };
}

/** The chosen supplier of the filter ('All' is the synthetic supplier 0, which means every supplier). */
export function chosenSupplier(suppliers: readonly Supplier[], name: string): Supplier | null {
  return suppliers.find((supplier) => supplier.supplierName === name) ?? null;
}

export const actionScope = (supplier: Supplier) =>
  supplier.supplierId === ALL_SUPPLIERS_ID ? 'every supplier' : supplier.supplierName;

/** What the supplier actions work on, beside their buttons. */
export function feedScopeLabel(supplier: Supplier | null, chosenName: string): string {
  if (!supplier) return `Feed of ${chosenName}`;
  return supplier.supplierId === ALL_SUPPLIERS_ID ? 'Feeds of every supplier' : `Feed of ${supplier.supplierName}`;
}

/** One line per supplier that ran, plus the ones skipped because they were busy. */
export function runOutcome(report: FeedRunReport): { text: string; ok: boolean; warning?: true }[] {
  const lines: { text: string; ok: boolean; warning?: true }[] = report.entries.map((entry) => ({
    text: `${entry.supplierName}: ${entry.message}`,
    ok: entry.status === 'success' || entry.status === 'partial',
    // Some rows refused: a warning, not a plain success (docs/reports-and-export.md, "Failure reasons").
    ...(entry.status === 'partial' ? { warning: true as const } : {}),
  }));
  for (const skipped of report.skipped) lines.push({ text: `${skipped.supplierName}: ${skipped.message}`, ok: false });
  return lines;
}

const OPERATION_LABEL: Record<ParsingHistoryEntry['operation'], string> = {
  'feed-import': 'Feed import',
  'image-reexport': 'Image re-export',
};

const STATUS_LABEL: Record<ParsingHistoryEntry['status'], string> = {
  running: 'Running',
  success: 'Done',
  partial: 'Done, some rows refused',
  failed: 'Failed',
};

export function historyLabel(entry: ParsingHistoryEntry): { operation: string; status: string } {
  return { operation: OPERATION_LABEL[entry.operation], status: STATUS_LABEL[entry.status] };
}

/** Each refused row of a run with its line and reason, at most `limit` (the counts cover the rest). */
export function runProblems(report: FeedRunReport, limit = 100): { lines: string[]; hidden: number } {
  const all = report.entries.flatMap((entry) => (entry.problems ?? []).map((problem) => `${entry.supplierName}, line ${problem.line}: ${problem.reason}`));
  return { lines: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}

/**
 * The question "Run feed import" asks before it imports every supplier's feed (one supplier's runs
 * at once): how many feeds and what the run does. Null: no question.
 */
export function importConfirmation(supplier: Supplier, suppliers: readonly Supplier[]): { title: string; description: string; confirmLabel: string } | null {
  if (supplier.supplierId !== ALL_SUPPLIERS_ID) return null;
  const count = suppliers.filter((candidate) => candidate.supplierId !== ALL_SUPPLIERS_ID).length;
  const feeds = count === 1 ? 'the feed of 1 supplier' : `the feeds of all ${count} suppliers`;
  return {
    title: `Import ${feeds}?`,
    description: `Each feed is read now and its products are added or updated in the catalogue (values people changed are held back). It runs in the background and can take several minutes; the list shows its progress.`,
    confirmLabel: count === 1 ? 'Import 1 feed' : `Import ${count} feeds`,
  };
}
