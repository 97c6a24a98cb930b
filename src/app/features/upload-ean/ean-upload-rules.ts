/** Decisions of the Upload EAN screen (docs/requirements.md §2, §5, §8, §9), kept out of the page for tests. */
import type { EanUploadReport } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { countText } from '../../lib/format';

/** What the picker offers: .xlsx only (the server checks the content as well). */
export const EAN_FILE_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report lists at most this many rows of each kind; the counts always cover all of them. */
export const REPORT_ROW_LIMIT = 500;

export function chooserLabel(file: { name: string } | null): string {
  return file ? file.name : messages.eanUpload.chooseFile;
}

export function uploadButtonLabel(busy: boolean): string {
  return busy ? messages.eanUpload.uploading : messages.eanUpload.upload;
}

/** Null when the upload may start, else the message to show instead. */
export function uploadRefusal(file: File | null): string | null {
  return file ? null : messages.eanUpload.selectFileFirst;
}

/** The server's message when it sent one, else the spec's generic failure. */
export function uploadFailureMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'body' in error) {
    const { body } = error;
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message.trim() !== '') {
      return body.message;
    }
  }
  return messages.eanUpload.failed;
}

const rowsWord = (count: number) => `${countText(count)} ${count === 1 ? 'row' : 'rows'}`;

export function reportSummary(report: EanUploadReport): string {
  return `${rowsWord(report.rowsRead)} read: ${countText(report.applied.length)} applied, ${countText(report.refused.length)} refused.`;
}

/** The first rows to list and how many more there are. */
export function visibleRows<T>(rows: readonly T[], limit = REPORT_ROW_LIMIT): { shown: readonly T[]; hidden: number } {
  return { shown: rows.slice(0, limit), hidden: Math.max(0, rows.length - limit) };
}

/**
 * The toast after an upload: the spec's success only when no row was refused; with refused rows it
 * is a warning naming how many, so a partly applied sheet never reads as a plain success.
 */
export function uploadToast(report: EanUploadReport): { kind: 'success' | 'warning'; text: string } {
  if (report.refused.length === 0) return { kind: 'success', text: messages.eanUpload.uploaded };
  const refused = `${rowsWord(report.refused.length)} refused`;
  return report.applied.length === 0
    ? { kind: 'warning', text: `File uploaded, but no row was applied: ${refused}. See the report for the reasons.` }
    : { kind: 'warning', text: `File uploaded with warnings: ${countText(report.applied.length)} applied, ${refused}. See the report for the reasons.` };
}
