/**
 * The per-item reasons of a job report (a bol job, an import): which products or orders were
 * refused, skipped or failed, and why, so a screen lists each with a link instead of a count
 * (docs/reports-and-export.md "Failure reasons"). The answer is read by shape, since it may be any
 * job report or a failure's body.
 */
import type { SaidReason } from '../../shared/server-messages';

export type OutcomeTone = 'green' | 'amber' | 'red';

export interface ItemProblem {
  productId: number | null;
  orderId: string | null;
  /** 'failed', 'skipped', 'refused', ... as the server named it. */
  status: string;
  message: string;
}

const PROBLEM_STATUSES = new Set(['failed', 'skipped', 'refused', 'declined', 'error', 'failure']);

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a server's sentence reads in the language shown (the HTTP client's serverSaysNow); rules take it as an argument, so they stay pure. */
export type ServerSays = (said: { message: string; messageId?: unknown; messageArgs?: unknown }) => string | null;
/** The English as the server wrote it: the default `says` of the rules that word its sentences. */
export const englishSays: ServerSays = () => null;

/** A refusal's reason, worded by `says` when it names its sentence, else as the server wrote it. */
export function reasonOf(refusal: SaidReason, says: ServerSays = englishSays): string {
  return says({ message: refusal.reason, ...(refusal.reasonId ? { messageId: refusal.reasonId, messageArgs: refusal.reasonArgs ?? [] } : {}) }) ?? refusal.reason;
}

/** The items of a report that did not succeed, each with its reason: worded by `says` when the item names its sentence (docs/languages.md). */
export function itemProblems(report: unknown, says: ServerSays = englishSays): ItemProblem[] {
  if (!isObject(report) || !Array.isArray(report.items)) return [];
  return report.items.filter(isObject).flatMap((item): ItemProblem[] => {
    const status = typeof item.status === 'string' ? item.status : '';
    if (!PROBLEM_STATUSES.has(status.toLowerCase())) return [];
    return [
      {
        productId: typeof item.productId === 'number' ? item.productId : null,
        orderId: typeof item.orderId === 'string' ? item.orderId : null,
        status,
        message: typeof item.message === 'string' && item.message.trim() !== '' ? (says({ ...item, message: item.message }) ?? item.message).trim() : 'No reason given',
      },
    ];
  });
}

/** How many items the report covers (its total, else its item list), or null when it does not say. */
function itemTotal(report: unknown): number | null {
  if (!isObject(report)) return null;
  if (typeof report.total === 'number' && report.total > 0) return report.total;
  return Array.isArray(report.items) && report.items.length > 0 ? report.items.length : null;
}

/**
 * Green when everything worked, amber when some items were refused (partly done: a warning, not a
 * success), red when the job failed or nothing worked.
 */
export function reportTone(report: unknown): OutcomeTone {
  const status = isObject(report) && typeof report.status === 'string' ? report.status.toLowerCase() : '';
  if (/^(failed|failure|error)$/.test(status)) return 'red';
  const problems = itemProblems(report).length;
  if (problems === 0) return status === 'partial' ? 'amber' : 'green';
  const total = itemTotal(report);
  return total !== null && problems >= total ? 'red' : 'amber';
}
