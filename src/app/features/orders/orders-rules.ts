/**
 * What the Orders screen decides, as pure functions: the fixed page size, when the next page is
 * loaded and when the last page was reached, how pages are merged (newest first, no order twice),
 * what each order shows and how an import reads.
 *
 * The spec's original client used one counter for both the page index and the size (its first
 * request asked for size 0). Our server refuses size 0 and sizes over 100, so pages here have a
 * fixed size: page n holds orders n*20 .. n*20+19 of the newest-first list.
 */
import type { BolJobReport, BolOrder, BolOrderCancelAnswer, BolOrderItem } from '../../../shared/bol-contract';
import { BOL_ORDER_PAGE_SIZE } from '../../../shared/bol-contract';
import { messages } from '../../../shared/messages';
import { ordersPageMessages, type OrdersPageWords } from '../../../shared/orders-page-messages';

/** The screen's words, in the language shown (English by default). */
const ENGLISH = ordersPageMessages;

export const ORDER_PAGE_SIZE = BOL_ORDER_PAGE_SIZE.default;

export type OrderSource = { kind: 'network' } | { kind: 'device'; fetchedAt: number | null };

export interface OrderListState {
  orders: BolOrder[];
  /** The page to load next (zero-based). */
  nextPage: number;
  /** True once a page came back as the last one: nothing more is asked for. */
  complete: boolean;
  loading: boolean;
  totalElements: number | null;
  /** Where the shown orders came from; device when any page was read from the device. */
  source: OrderSource | null;
  error: string | null;
}

export const EMPTY_ORDER_LIST: OrderListState = {
  orders: [],
  nextPage: 0,
  complete: false,
  loading: false,
  totalElements: null,
  source: null,
  error: null,
};

/** A page as read from the server or the device. */
export interface OrderPageRead {
  content: BolOrder[];
  /** Pages in all, when known (the server says; the device counts what it keeps). */
  totalPages: number | null;
  totalElements: number | null;
  source: OrderSource;
}

/** The last page: fewer orders than a full page, or the page index reached the total. */
export function isLastPage(pageIndex: number, received: number, totalPages: number | null, size: number = ORDER_PAGE_SIZE): boolean {
  if (received < size) return true;
  return totalPages !== null && pageIndex + 1 >= totalPages;
}

/** Newest first by placed time; ties by id, descending, as the server orders them. */
export function newestFirst(a: BolOrder, b: BolOrder): number {
  const byTime = Date.parse(b.orderPlacedDateTime) - Date.parse(a.orderPlacedDateTime);
  if (byTime !== 0) return byTime;
  return a.orderId === b.orderId ? 0 : a.orderId < b.orderId ? 1 : -1;
}

/** The list after page `pageIndex` arrived: appended, an order already shown not twice (an import may shift pages). */
export function appendPage(state: OrderListState, pageIndex: number, page: OrderPageRead, size: number = ORDER_PAGE_SIZE): OrderListState {
  const seen = new Set(state.orders.map((order) => order.orderId));
  const fresh = page.content.filter((order) => !seen.has(order.orderId));
  const source: OrderSource = state.source?.kind === 'device' ? state.source : page.source;
  return {
    ...state,
    orders: [...state.orders, ...fresh].sort(newestFirst),
    nextPage: pageIndex + 1,
    complete: isLastPage(pageIndex, page.content.length, page.totalPages, size),
    totalElements: page.totalElements ?? state.totalElements,
    source,
    error: null,
  };
}

/** docs/requirements.md §4: the next page loads when the last item becomes visible; never twice at once, never past the last page. */
export function shouldLoadNext(state: Pick<OrderListState, 'loading' | 'complete' | 'error'>, lastItemVisible: boolean): boolean {
  return lastItemVisible && !state.loading && !state.complete && state.error === null;
}

/** The shipment details of an order as the screen lists them (docs/requirements.md §2, Orders). */
export function shipmentLines(order: BolOrder, words: typeof messages.orders = messages.orders): { label: string; value: string }[] {
  const s = order.shipmentDetails;
  const house = [s.houseNumber, s.houseNumberExtension].filter((part) => part && part.trim() !== '').join(' ');
  return [
    { label: words.firstName, value: s.firstName },
    { label: words.surname, value: s.surname },
    { label: words.email, value: s.email },
    { label: words.city, value: s.city },
    { label: words.street, value: s.streetName },
    { label: words.zipCode, value: s.zipCode },
    { label: words.house, value: house },
  ];
}

/** 'Showing 40 of 130 orders' under the list. */
export function listCountText(state: Pick<OrderListState, 'orders' | 'totalElements' | 'complete'>, words: OrdersPageWords = ENGLISH): string {
  const shown = state.orders.length;
  if (shown === 0) return '';
  if (state.complete) return words.allShown(shown);
  return state.totalElements === null ? words.showing(shown) : words.showingOf(shown, state.totalElements);
}

/** The line while an import runs: what the server's job has done so far. */
export function importProgressText(job: Pick<BolJobReport, 'done' | 'total' | 'counts'> | null, words: OrdersPageWords = ENGLISH): string {
  if (!job || job.total === 0) return words.progressStart;
  return words.progress(job.done, job.total, job.counts.pages ?? 0);
}

/** The import's result line: the server's summary, and whether it fully worked. */
export function importResult(report: BolJobReport, words: OrdersPageWords = ENGLISH): { ok: boolean; text: string } {
  const ok = report.status === 'success';
  const failed = report.items.filter((item) => item.status === 'failed').length;
  const text = report.message || (ok ? words.imported : words.importFailed);
  return { ok, text: failed > 0 && !text.includes('could not be read') ? words.notReadCount(text, failed) : text };
}

// ---- Import modes and cancelling an order item (docs/marketplace-screens.md "Orders") ----

export const IMPORT_CHANGES_LABEL = messages.orders.importOrders;
export const IMPORT_ALL_LABEL = ENGLISH.importAll;
export const IMPORT_CHANGES_HELP = ENGLISH.importChangesHelp;
export const IMPORT_ALL_HELP = ENGLISH.importAllHelp;

/** Items not yet shipped or cancelled can be cancelled; bol refuses the rest. */
export function canCancelItem(item: Pick<BolOrderItem, 'fulfilmentStatus'>): boolean {
  return item.fulfilmentStatus === 'OPEN';
}

export const CANCEL_NEEDS_CONNECTION = ENGLISH.cancel.needsConnection;

export type CancelTone = 'green' | 'amber' | 'red';

/** How the server's answer to a cancellation reads. */
export function cancelOutcome(answer: Pick<BolOrderCancelAnswer, 'status' | 'message'>, words: OrdersPageWords['cancel'] = ENGLISH.cancel): { tone: CancelTone; text: string } {
  switch (answer.status) {
    case 'SUCCESS':
      return { tone: 'green', text: answer.message || words.done };
    case 'FAILURE':
      return { tone: 'red', text: words.refused(answer.message || words.noReason) };
    default:
      return { tone: 'amber', text: words.unconfirmed(answer.status) };
  }
}

/** A failed cancellation call: a 409 carries bol's answer; anything else the server's sentence. */
export function cancelFailureOutcome(
  failure: { status: number; message: string; body: unknown },
  words: OrdersPageWords['cancel'] = ENGLISH.cancel,
): { tone: CancelTone; text: string } {
  const body = failure.body as Partial<BolOrderCancelAnswer> | null;
  if (failure.status === 409 && body && typeof body.status === 'string') return cancelOutcome({ status: body.status, message: body.message ?? '' }, words);
  if (failure.status === 0) return { tone: 'red', text: words.noAnswer(failure.message) };
  return { tone: 'red', text: failure.message || words.answered(failure.status) };
}
