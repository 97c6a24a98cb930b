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
export function shipmentLines(order: BolOrder): { label: string; value: string }[] {
  const s = order.shipmentDetails;
  const house = [s.houseNumber, s.houseNumberExtension].filter((part) => part && part.trim() !== '').join(' ');
  return [
    { label: messages.orders.firstName, value: s.firstName },
    { label: messages.orders.surname, value: s.surname },
    { label: messages.orders.email, value: s.email },
    { label: messages.orders.city, value: s.city },
    { label: messages.orders.street, value: s.streetName },
    { label: messages.orders.zipCode, value: s.zipCode },
    { label: messages.orders.house, value: house },
  ];
}

/** 'Showing 40 of 130 orders' under the list. */
export function listCountText(state: Pick<OrderListState, 'orders' | 'totalElements' | 'complete'>): string {
  const shown = state.orders.length;
  if (shown === 0) return '';
  if (state.complete) return shown === 1 ? 'All 1 order shown' : `All ${shown} orders shown`;
  return state.totalElements === null ? `Showing ${shown} orders` : `Showing ${shown} of ${state.totalElements} orders`;
}

/** The line while an import runs: what the server's job has done so far. */
export function importProgressText(job: Pick<BolJobReport, 'done' | 'total' | 'counts'> | null): string {
  if (!job || job.total === 0) return 'Importing orders from bol...';
  return `Importing orders from bol... ${job.done} of ${job.total} orders read (${job.counts.pages ?? 0} pages)`;
}

/** The import's result line: the server's summary, and whether it fully worked. */
export function importResult(report: BolJobReport): { ok: boolean; text: string } {
  const ok = report.status === 'success';
  const failed = report.items.filter((item) => item.status === 'failed').length;
  const text = report.message || (ok ? 'Orders imported.' : 'The order import failed.');
  return { ok, text: failed > 0 && !text.includes('could not be read') ? `${text} (${failed} could not be read)` : text };
}

// ---- Import modes and cancelling an order item (docs/marketplace-screens.md "Orders") ----

export const IMPORT_CHANGES_LABEL = messages.orders.importOrders;
export const IMPORT_ALL_LABEL = 'Import all orders';
export const IMPORT_CHANGES_HELP = 'Reads only the orders that changed at bol since the last import (everything, the first time).';
export const IMPORT_ALL_HELP = 'Reads every order bol lists again, with its details; slower, use it when the list looks incomplete.';

/** Items not yet shipped or cancelled can be cancelled; bol refuses the rest. */
export function canCancelItem(item: Pick<BolOrderItem, 'fulfilmentStatus'>): boolean {
  return item.fulfilmentStatus === 'OPEN';
}

export const CANCEL_NEEDS_CONNECTION = 'Cancelling an order item needs a connection: bol must confirm the cancellation.';

export type CancelTone = 'green' | 'amber' | 'red';

/** How the server's answer to a cancellation reads. */
export function cancelOutcome(answer: Pick<BolOrderCancelAnswer, 'status' | 'message'>): { tone: CancelTone; text: string } {
  switch (answer.status) {
    case 'SUCCESS':
      return { tone: 'green', text: answer.message || 'The item is cancelled at bol.' };
    case 'FAILURE':
      return { tone: 'red', text: `bol refused the cancellation: ${answer.message || 'no reason given'}` };
    default:
      return { tone: 'amber', text: `bol has not confirmed the cancellation yet (${answer.status}). Import the orders later to see whether it went through.` };
  }
}

/** A failed cancellation call: a 409 carries bol's answer; anything else the server's sentence. */
export function cancelFailureOutcome(failure: { status: number; message: string; body: unknown }): { tone: CancelTone; text: string } {
  const body = failure.body as Partial<BolOrderCancelAnswer> | null;
  if (failure.status === 409 && body && typeof body.status === 'string') return cancelOutcome({ status: body.status, message: body.message ?? '' });
  if (failure.status === 0) return { tone: 'red', text: `No answer from the server (${failure.message}). The cancellation may still have reached bol; import the orders to check.` };
  return { tone: 'red', text: failure.message || `The server answered ${failure.status}.` };
}
