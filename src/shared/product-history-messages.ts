/**
 * The product page's History tab (docs/product-edit.md "History"), beside messages.ts: only that
 * tab reads them, so they stay out of the first visit's JavaScript (docs/architecture.md, "First
 * visit"). The lines of image changes are messages.imageChanges, the values' words VALUE_WORDS.
 */
import { BOL_HISTORY_LABELS } from './bol-change-set';

export const productHistoryMessages = {
  readFailed: (reason: string) => `The history could not be read: ${reason}`,
  needsConnection: 'The history needs a connection to the server.',
  empty: 'No changes recorded yet.',
  madeOnDevice: (time: string) => `made on the device ${time}`,
  images: 'Images',
  restore: 'Restore',
  restoreLabel: (field: string, value: string) => `Restore ${field} to ${value}`,
  restored: (field: string, value: string) => `${field} restored: ${value}`,
  newer: 'Newer',
  older: 'Older',
  page: (page: number, total: number) => `Page ${page} of ${total}`,
  /** A supplier value a feed import held back. */
  heldBack: (value: string) => `held back: the supplier now says ${value}`,
  /** The product that became main, in the "no longer the main product" line. */
  namedProduct: (title: string, productId: number) => `${title} (${productId})`,
  productOfId: (productId: number) => `product ${productId}`,
  /** The names of bol's fields (an attribute keeps bol's own name: docs/languages.md). */
  bolFields: BOL_HISTORY_LABELS,
};
