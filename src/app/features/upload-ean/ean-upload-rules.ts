/** Decisions of the Upload EAN screen (docs/requirements.md §2, §5, §8, §9), kept out of the page for tests. */
import type { EanUploadReport } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { countText } from '../../lib/format';
import { eanUploadPageMessages, type EanUploadPageWords } from '../../../shared/ean-upload-page-messages';

/** What the picker offers: .xlsx only (the server checks the content as well). */
export const EAN_FILE_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report lists at most this many rows of each kind; the counts always cover all of them. */
export const REPORT_ROW_LIMIT = 500;

/** The spec's words of the screen (messages.eanUpload), in the language shown. */
type SpecWords = typeof messages.eanUpload;

export function chooserLabel(file: { name: string } | null, words: SpecWords = messages.eanUpload): string {
  return file ? file.name : words.chooseFile;
}

export function uploadButtonLabel(busy: boolean, words: SpecWords = messages.eanUpload): string {
  return busy ? words.uploading : words.upload;
}

/** Null when the upload may start, else the message to show instead. */
export function uploadRefusal(file: File | null, words: SpecWords = messages.eanUpload): string | null {
  return file ? null : words.selectFileFirst;
}

/**
 * The server's message when it sent one, else the spec's generic failure. The failure's own
 * message is the server's sentence in the language shown (toApiFailure), so a Dutch tablet reads
 * the refusal in Dutch.
 */
export function uploadFailureMessage(error: unknown, words: SpecWords = messages.eanUpload): string {
  if (typeof error === 'object' && error !== null && 'body' in error) {
    const { body } = error;
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message.trim() !== '') {
      const worded = 'message' in error && typeof error.message === 'string' ? error.message.trim() : '';
      return worded !== '' ? worded : body.message;
    }
  }
  return words.failed;
}

const rowsWord = (count: number, words: EanUploadPageWords) => words.rows(countText(count), count);

export function reportSummary(report: EanUploadReport, words: EanUploadPageWords = eanUploadPageMessages): string {
  return words.summary(rowsWord(report.rowsRead, words), countText(report.applied.length), countText(report.refused.length));
}

/** The first rows to list and how many more there are. */
export function visibleRows<T>(rows: readonly T[], limit = REPORT_ROW_LIMIT): { shown: readonly T[]; hidden: number } {
  return { shown: rows.slice(0, limit), hidden: Math.max(0, rows.length - limit) };
}

/**
 * The toast after an upload: the spec's success only when no row was refused; with refused rows it
 * is a warning naming how many, so a partly applied sheet never reads as a plain success.
 */
export function uploadToast(
  report: EanUploadReport,
  words: { spec: SpecWords; page: EanUploadPageWords } = { spec: messages.eanUpload, page: eanUploadPageMessages },
): { kind: 'success' | 'warning'; text: string } {
  if (report.refused.length === 0) return { kind: 'success', text: words.spec.uploaded };
  const refused = words.page.refusedRows(rowsWord(report.refused.length, words.page));
  return report.applied.length === 0
    ? { kind: 'warning', text: words.page.noneApplied(refused) }
    : { kind: 'warning', text: words.page.withWarnings(countText(report.applied.length), refused) };
}
