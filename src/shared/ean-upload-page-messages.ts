/**
 * The Upload EAN screen's own words (docs/requirements.md §2), beside messages.ts (whose
 * `eanUpload` holds the spec's button texts and toasts): the explanation, the report and the
 * toasts of a partly applied sheet. The columns 'Supplier EAN' and 'New EAN' are the sheet's own
 * header names and stay as they are. Dutch under 'eanUploadPage.' in
 * src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const eanUploadPageMessages = {
  title: 'Upload EAN',
  /** The explanation, around the two column names (shown as code). */
  introStart: 'Upload an Excel workbook (.xlsx, at most 5 MB). Its first sheet needs a header row with the columns',
  introAnd: 'and',
  /** `rows`: the most rows, already written in the language's digits. */
  introEnd: (rows: string) =>
    `(any order; other columns are ignored) and at most ${rows} rows under it. Every product with that supplier EAN gets the new EAN. EANs need a valid check digit; rows that cannot be applied are listed with their row number and the reason.`,
  needsConnection: 'Uploading an EAN sheet needs a connection: the server checks and applies it at once.',
  report: 'Report',
  /** Counts already written in the language's digits; `n` the number, for the plural. */
  rows: (count: string, n: number) => `${count} ${n === 1 ? 'row' : 'rows'}`,
  summary: (rows: string, applied: string, refused: string) => `${rows} read: ${applied} applied, ${refused} refused.`,
  refusedRows: (rows: string) => `${rows} refused`,
  noneApplied: (refused: string) => `File uploaded, but no row was applied: ${refused}. See the report for the reasons.`,
  withWarnings: (applied: string, refused: string) => `File uploaded with warnings: ${applied} applied, ${refused}. See the report for the reasons.`,
  rowsRefused: 'Rows refused',
  rowsApplied: 'Rows applied',
  noneRefused: 'No row was refused.',
  noneAppliedInReport: 'No row was applied.',
  row: 'Row',
  reason: 'Reason',
  products: 'Products',
  andMore: (count: string) => `and ${count} more`,
};
export type EanUploadPageWords = typeof eanUploadPageMessages;
