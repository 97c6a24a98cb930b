/**
 * The Reports screen's words (docs/reports-and-export.md, "Reports"): its headings, tiles and their
 * hints, and how an upload report reads. Beside messages.ts: only /report reads them. Dutch under
 * 'report.' in src/app/i18n/locales/nl.po (docs/languages.md); the offer tiles' words are in
 * bol-offer-messages.ts, the bol states' in messages.ts (BOL_STATE_LABELS).
 */
export const reportMessages = {
  title: 'Bol status of the catalogue',
  counted: (total: string, at: string) => `${total} products, counted from our database at ${at}. Each count opens the product list filtered to those products.`,
  countedNoReport: 'Counted from our database; nothing is asked of bol.',
  refresh: 'Refresh',
  keptOnDevice: 'the report kept on this device',
  mayHaveChanged: '. The counts may have changed since.',
  byState: 'Products by bol state',
  offers: 'Offers',
  whyDeclined: 'Why bol declined',
  nothingDeclined: 'bol has declined nothing so far.',
  products: (count: number, shown: string) => `${shown} product${count === 1 ? '' : 's'}`,
  showDeclined: 'Show the declined products',
  latestUploads: 'Latest upload reports',
  sentToBol: (count: number, shown: string) => `${shown} product${count === 1 ? '' : 's'} sent to bol, latest change first`,
  noneSent: 'No product has been sent to bol yet.',
  previous: 'Previous',
  next: 'Next',
  page: (page: number, total: number) => `Page ${page} of ${total}`,
  product: (id: number) => `Product ${id}`,
  fixProduct: 'Fix this product',
  upload: (status: string) => `upload ${status}`,
  /** A content status as the upload line writes it ("upload not sent"). */
  contentStatus: { NOT_SENT: 'not sent', PENDING: 'pending', SUCCESS: 'success', FAILURE: 'failure', TIMEOUT: 'timeout', PURGED: 'purged' } as Record<string, string | undefined>,
  reportComplete: ' · report complete',
  reportInProgress: ' · report in progress',
  moreEntries: (count: string) => `and ${count} more entries, published or in progress`,
  /** What a person does about each bol state. */
  stateHints: {
    noCategory: 'Choose a Bol category on the Bol Model tab.',
    missingRequired: 'Fill in and save the required attributes.',
    ready: 'Select them and create content on bol.',
    sent: 'bol is processing them; read the upload report later.',
    published: 'Nothing to do.',
    declined: 'Read the reasons below and fix the products.',
  },
  offerPresent: 'Offer on bol',
  offerPresentHint: 'bol holds an offer (as last imported).',
  offerAbsent: 'No offer on bol',
  offerAbsentHint: 'Import the offers again to be sure.',
  entryStatus: { DECLINED: 'Declined', IN_PROGRESS: 'In progress', PUBLISHED: 'Published' },
  image: (subject: string) => `Image ${subject}`,
  entryLine: (what: string, status: string, reason: string) => `${what}: ${status}${reason ? ` — ${reason}` : ''}`,
};
export type ReportWords = typeof reportMessages;
