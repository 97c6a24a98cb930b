/**
 * How a job's progress and refused items read (docs/jobs.md): the progress bar's line and Cancel
 * (src/app/features/jobs), and the per-item reasons under an outcome (src/app/ui/ItemReasons.tsx).
 * Beside messages.ts: only screens that start or show jobs read them. Dutch under 'jobProgress.'
 * in src/app/i18n/locales/nl.po (docs/languages.md). A job's kind and outcome: status-words.ts.
 */
export const jobProgressMessages = {
  waitingToStart: 'waiting to start…',
  stopping: 'stopping… ',
  /** Counts already written in the language's digits. */
  counts: (read: string, written: string, refused: string) => `${read} read, ${written} written, ${refused} refused`,
  itemCounts: (read: string, written: string, refused: string) => `${read} items read, ${written} written, ${refused} refused`,
  cancel: 'Cancel',
  cancelling: 'Stopping...',
  line: (line: number, reason: string) => `Line ${line}: ${reason}`,
  supplierLine: (supplier: string, line: number, reason: string) => `${supplier}, line ${line}: ${reason}`,
  product: (productId: number, reason: string) => `Product ${productId}: ${reason}`,
  order: (orderId: string, reason: string) => `Order ${orderId}: ${reason}`,
  /** The per-item reasons (ItemReasons.tsx). */
  productLink: (productId: number) => `Product ${productId}`,
  orderName: (orderId: string) => `Order ${orderId}`,
  item: 'Item',
  andMore: (count: string) => `and ${count} more`,
};
export type JobProgressWords = typeof jobProgressMessages;
