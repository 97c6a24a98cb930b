/**
 * How the Bol Model tab reads bol's answers, as pure functions: the product's content status in
 * words and tone, bol's upload report as rows (declined first), and what "Create New Product on
 * Bol" answered for one product (docs/bol.md).
 */
import type { BolContentStatus, BolJobReport, BolMarketplaceState, BolUploadReport } from '../../../shared/bol-contract';
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { htmlToReadableText } from '../../../shared/rules/readable-text';

export type Tone = 'green' | 'amber' | 'red' | 'gray';

const STATUS_TONE: Record<BolContentStatus, Tone> = {
  NOT_SENT: 'gray',
  PENDING: 'amber',
  SUCCESS: 'green',
  FAILURE: 'red',
  TIMEOUT: 'amber',
  PURGED: 'red',
};

/** The status in a sentence, in `words` (the language shown); bol's own message follows as bol wrote it. */
export function contentStatusText(state: Pick<BolMarketplaceState, 'contentStatus' | 'contentMessage'>, words: Record<BolContentStatus, string> = bolModelMessages.statusText): { text: string; tone: Tone } {
  const base = words[state.contentStatus];
  const text = state.contentMessage && state.contentStatus !== 'SUCCESS' ? `${base}: ${state.contentMessage}` : base;
  return { text, tone: STATUS_TONE[state.contentStatus] };
}

export interface UploadReportRow {
  attribute: string;
  value: string;
  status: 'IN_PROGRESS' | 'DECLINED' | 'PUBLISHED';
  detail: string;
  tone: Tone;
}

/** One row per attribute of bol's upload report, declined ones first (they need work). */
export function uploadReportRows(report: BolUploadReport | null): UploadReportRow[] {
  if (!report) return [];
  const rank = { DECLINED: 0, IN_PROGRESS: 1, PUBLISHED: 2 } as const;
  return report.attributes
    .map((entry) => ({
      attribute: entry.id ?? '',
      // bol echoes the values as sent: a description is HTML, shown here as readable text.
      value: (entry.values ?? []).map((value) => htmlToReadableText(value.value)).join(', '),
      status: entry.status,
      detail: htmlToReadableText(entry.subStatusDescription ?? entry.subStatus ?? ''),
      tone: (entry.status === 'DECLINED' ? 'red' : entry.status === 'PUBLISHED' ? 'green' : 'amber') as Tone,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status] || a.attribute.localeCompare(b.attribute));
}

/** What "Create New Product on Bol" answered for this product: whether it worked, and bol's words. */
export function createOutcome(report: BolJobReport, productId: number): { ok: boolean; message: string } {
  const item = report.items.find((entry) => entry.productId === productId);
  if (report.status === 'failed') return { ok: false, message: report.message || item?.message || '' };
  if (!item) return { ok: report.status === 'success', message: report.message };
  return { ok: item.status === 'success' || item.status === 'pending', message: item.message };
}
