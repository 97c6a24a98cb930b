/**
 * The Orders screen's own words (docs/marketplace-screens.md, "Orders"), beside messages.ts (whose
 * `orders` holds the spec's field names and 'Import orders'): the import buttons, progress and
 * result, the list's lines and counts, and cancelling an item. Dutch under 'ordersPage.' in
 * src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const ordersPageMessages = {
  heading: 'bol orders',
  importing: 'Importing...',
  importAll: 'Import all orders',
  importChangesHelp: 'Reads only the orders that changed at bol since the last import (everything, the first time).',
  importAllHelp: 'Reads every order bol lists again, with its details; slower, use it when the list looks incomplete.',
  importNeedsConnection: 'Importing orders needs a connection to the server.',
  notRead: 'Orders that could not be read',
  keptHere: 'the orders kept on this device',
  list: 'Orders',
  loadFailed: (error: string) => `The orders could not be loaded: ${error}`,
  tryAgain: 'Try again',
  noneKept: 'No orders are kept on this device.',
  noneYet: 'No orders yet. Import them from bol.',
  allShown: (count: number) => (count === 1 ? 'All 1 order shown' : `All ${count} orders shown`),
  showing: (count: number) => `Showing ${count} orders`,
  showingOf: (count: number, total: number) => `Showing ${count} of ${total} orders`,
  progressStart: 'Importing orders from bol...',
  progress: (done: number, total: number, pages: number) => `Importing orders from bol... ${done} of ${total} orders read (${pages} pages)`,
  imported: 'Orders imported.',
  importFailed: 'The order import failed.',
  notReadCount: (text: string, count: number) => `${text} (${count} could not be read)`,
  /** One order's line. */
  order: (orderId: string) => `Order ${orderId}`,
  itemsOf: (orderId: string) => `Items of order ${orderId}`,
  items: (count: number, open: number) => `${count} items, ${open} open`,
  /** An item's fulfilment status by bol's code; another code is shown in lower case. */
  fulfilment: { OPEN: 'open', HANDLED: 'handled' } as Record<string, string | undefined>,
  /** Cancelling an item. */
  cancel: {
    button: 'Cancel item',
    title: 'Cancel an order item at bol',
    what: (orderId: string, quantity: number, title: string, itemId: string) =>
      `Order ${orderId}: ${quantity} × ${title} (item ${itemId}). bol tells the customer the reason you choose.`,
    loading: 'Loading the reasons...',
    keptHere: 'the reasons kept on this device',
    reason: 'Reason',
    chooseReason: 'Choose a reason…',
    close: 'Close',
    keep: 'Keep the item',
    cancelling: 'Cancelling...',
    confirm: 'Cancel this item',
    needsConnection: 'Cancelling an order item needs a connection: bol must confirm the cancellation.',
    notFetched: 'The cancellation reasons have not been fetched on this device yet; they need a connection.',
    noAnswerNoneKept: 'The server did not answer, and no cancellation reasons are kept on this device.',
    done: 'The item is cancelled at bol.',
    refused: (reason: string) => `bol refused the cancellation: ${reason}`,
    noReason: 'no reason given',
    unconfirmed: (status: string) => `bol has not confirmed the cancellation yet (${status}). Import the orders later to see whether it went through.`,
    noAnswer: (error: string) => `No answer from the server (${error}). The cancellation may still have reached bol; import the orders to check.`,
    answered: (status: number) => `The server answered ${status}.`,
  },
};
export type OrdersPageWords = typeof ordersPageMessages;
