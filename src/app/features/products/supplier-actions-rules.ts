/** What the supplier actions on the product list may do right now, and how their outcome reads. */
import { ALL_SUPPLIERS_ID } from '../../../shared/constants';
import type { FeedRunReport, ParsingHistoryEntry, SkippedSupplier, Supplier } from '../../../shared/contract';
import { listActionsMessages, type ListActionsWords } from '../../../shared/list-actions-messages';
import { jobProgressMessages, type JobProgressWords } from '../../../shared/job-progress-messages';
import { JOB_KIND_WORDS } from '../../../shared/status-words';
import { reasonOf, type ServerSays } from '../../lib/job-items';

/** The feed actions' words, in the language shown (English by default). */
export type FeedWords = ListActionsWords['feed'];
const ENGLISH = listActionsMessages.feed;

export interface SupplierActionState {
  enabled: boolean;
  /** Why the actions are off, shown beside them; null when they are on. */
  reason: string | null;
}

export function supplierActionState(
  input: { supplier: Supplier | null; online: boolean; busy: boolean },
  words: Pick<FeedWords, 'needConnection' | 'chooseSupplier' | 'running'> = ENGLISH,
): SupplierActionState {
  if (!input.online) return { enabled: false, reason: words.needConnection };
  if (!input.supplier) return { enabled: false, reason: words.chooseSupplier };
  if (input.busy) return { enabled: false, reason: null };
  if (input.supplier.inProgress) {
    return { enabled: false, reason: words.running(input.supplier.supplierName) };
  }
  return { enabled: true, reason: null };
}

/** The chosen supplier of the filter ('All' is the synthetic supplier 0, which means every supplier). */
export function chosenSupplier(suppliers: readonly Supplier[], name: string): Supplier | null {
  return suppliers.find((supplier) => supplier.supplierName === name) ?? null;
}

export const actionScope = (supplier: Supplier, words: Pick<FeedWords, 'everySupplier'> = ENGLISH) =>
  supplier.supplierId === ALL_SUPPLIERS_ID ? words.everySupplier : supplier.supplierName;

/** What the supplier actions work on, beside their buttons. */
export function feedScopeLabel(supplier: Supplier | null, chosenName: string, words: Pick<FeedWords, 'feedOf' | 'feedsOfEverySupplier'> = ENGLISH): string {
  if (!supplier) return words.feedOf(chosenName);
  return supplier.supplierId === ALL_SUPPLIERS_ID ? words.feedsOfEverySupplier : words.feedOf(supplier.supplierName);
}

const english: ServerSays = (said) => said.message;

/** A supplier left out of "import every supplier": its name and why, worded by `says`. */
export function skippedLine(skipped: SkippedSupplier, says: ServerSays = english): { text: string; ok: false } {
  return { text: `${skipped.supplierName}: ${says(skipped) ?? skipped.message}`, ok: false };
}

/** One line per supplier that ran, plus the ones skipped because they were disabled or busy. */
export function runOutcome(report: FeedRunReport, says: ServerSays = english): { text: string; ok: boolean; warning?: true }[] {
  const lines: { text: string; ok: boolean; warning?: true }[] = report.entries.map((entry) => ({
    text: `${entry.supplierName}: ${says(entry) ?? entry.message}`,
    ok: entry.status === 'success' || entry.status === 'partial',
    // Some rows refused: a warning, not a plain success (docs/reports-and-export.md, "Failure reasons").
    ...(entry.status === 'partial' ? { warning: true as const } : {}),
  }));
  for (const skipped of report.skipped) lines.push(skippedLine(skipped, says));
  return lines;
}

/** A parsing history entry's operation (a job kind's words) and outcome, in the words given. */
export function historyLabel(
  entry: ParsingHistoryEntry,
  words: Pick<FeedWords, 'outcomes'> = ENGLISH,
  kinds: Readonly<Record<ParsingHistoryEntry['operation'], string>> = JOB_KIND_WORDS,
): { operation: string; status: string } {
  return { operation: kinds[entry.operation], status: words.outcomes[entry.status] };
}

/** Each refused row of a run with its line and reason, at most `limit` (the counts cover the rest). */
export function runProblems(
  report: FeedRunReport,
  limit = 100,
  words: Pick<JobProgressWords, 'supplierLine'> = jobProgressMessages,
  says?: ServerSays,
): { lines: string[]; hidden: number } {
  const all = report.entries.flatMap((entry) => (entry.problems ?? []).map((problem) => words.supplierLine(entry.supplierName, problem.line, reasonOf(problem, says))));
  return { lines: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}

/**
 * The question "Run feed import" asks before it imports every supplier's feed (one supplier's runs
 * at once): how many feeds and what the run does. Null: no question.
 */
export function importConfirmation(
  supplier: Supplier,
  suppliers: readonly Supplier[],
  words: Pick<FeedWords, 'confirmTitle' | 'confirmText' | 'confirmButton'> = ENGLISH,
): { title: string; description: string; confirmLabel: string } | null {
  if (supplier.supplierId !== ALL_SUPPLIERS_ID) return null;
  const count = suppliers.filter((candidate) => candidate.supplierId !== ALL_SUPPLIERS_ID).length;
  return { title: words.confirmTitle(count), description: words.confirmText, confirmLabel: words.confirmButton(count) };
}
