/**
 * bol's order list as the simulator serves it: the query checks (400 with violations) and the
 * filters of GET /retailer/orders (fulfilment method, status, change-interval-minute,
 * latest-change-date, vvb-only), and the checks of PUT /retailer/orders/cancellation.
 * The rules are described in docs/bol.md ("The simulator").
 */
import type { BolOrderDetail, BolOrderItemDetail, BolReducedOrder } from '../client/bol-wire';
import { BOL_CANCELLATION_REASONS as CANCELLATION_REASONS } from '../client/bol-client';
import type { Violation } from './sim-content';

export interface OrderListQuery {
  page: number;
  fulfilmentMethod: 'FBR' | 'FBB' | 'ALL' | null;
  status: 'OPEN' | 'SHIPPED' | 'ALL' | null;
  changeIntervalMinute: number | null;
  latestChangeDate: string | null;
  vvbOnly: boolean;
}

export const ORDER_PAGE_SIZE = 50;
/** Without a status filter bol lists open items plus the items handled in the last 48 hours. */
export const HANDLED_WINDOW_MS = 48 * 3_600_000;
/** latest-change-date reaches back about 3 months. */
export const CHANGE_HISTORY_DAYS = 92;


const invalid = (name: string, value: string, allowed: string): Violation => ({ name, reason: `Request contains invalid value(s): '${value}', ${allowed}.` });

export function orderListViolations(query: URLSearchParams, now: number): Violation[] {
  const violations: Violation[] = [];
  const page = query.get('page');
  if (page !== null && (!/^\d+$/.test(page) || Number(page) < 1)) violations.push(invalid('page', page, 'must be 1 or more'));
  const method = query.get('fulfilment-method');
  if (method !== null && !['FBR', 'FBB', 'ALL'].includes(method)) violations.push(invalid('fulfilment-method', method, 'allowed values: FBR, FBB, ALL'));
  const status = query.get('status');
  if (status !== null && !['OPEN', 'SHIPPED', 'ALL'].includes(status)) violations.push(invalid('status', status, 'allowed values: OPEN, SHIPPED, ALL'));
  const interval = query.get('change-interval-minute');
  if (interval !== null && (!/^\d+$/.test(interval) || Number(interval) < 1 || Number(interval) > 60)) {
    violations.push(invalid('change-interval-minute', interval, 'must be a whole number of minutes from 1 to 60'));
  }
  const date = query.get('latest-change-date');
  if (date !== null) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
    if (!Number.isFinite(day) || new Date(day).toISOString().slice(0, 10) !== date) violations.push(invalid('latest-change-date', date, 'must be a date (yyyy-MM-dd)'));
    else if (day < now - CHANGE_HISTORY_DAYS * 86_400_000) violations.push(invalid('latest-change-date', date, 'up to 3 months of history is supported'));
  }
  const vvb = query.get('vvb-only');
  if (vvb !== null && vvb !== 'true' && vvb !== 'false') violations.push(invalid('vvb-only', vvb, 'allowed values: true, false'));
  return violations;
}

const isHandled = (item: BolOrderItemDetail) => item.quantityShipped + item.quantityCancelled >= item.quantity;

/** One page of the reduced order list, newest first; [] past the last page. */
export function filterOrders(orders: readonly BolOrderDetail[], query: OrderListQuery, now: number, isVvb: (item: BolOrderItemDetail) => boolean): BolReducedOrder[] {
  const method = query.fulfilmentMethod ?? 'FBR';
  const keep = (item: BolOrderItemDetail): boolean => {
    if (method !== 'ALL' && item.fulfilment.method !== method) return false;
    const changed = Date.parse(item.latestChangedDateTime);
    if (query.status === null && isHandled(item) && changed < now - HANDLED_WINDOW_MS) return false;
    if (query.status === 'OPEN' && isHandled(item)) return false;
    if (query.status === 'SHIPPED' && (!isHandled(item) || item.quantityShipped === 0)) return false;
    if (query.changeIntervalMinute !== null && changed < now - query.changeIntervalMinute * 60_000) return false;
    if (query.latestChangeDate !== null && item.latestChangedDateTime.slice(0, 10) !== query.latestChangeDate) return false;
    if (query.vvbOnly && (item.fulfilment.method === 'FBB' || !isVvb(item))) return false;
    return true;
  };
  return orders
    .map((order) => ({
      orderId: order.orderId,
      orderPlacedDateTime: order.orderPlacedDateTime,
      orderItems: order.orderItems.filter(keep).map((item) => ({
        orderItemId: item.orderItemId,
        ean: item.product.ean,
        fulfilmentMethod: item.fulfilment.method,
        fulfilmentStatus: isHandled(item) ? 'HANDLED' : 'OPEN',
        quantity: item.quantity,
        quantityShipped: item.quantityShipped,
        quantityCancelled: item.quantityCancelled,
        cancellationRequest: item.cancellationRequest,
        latestChangedDateTime: item.latestChangedDateTime,
      })),
    }))
    .filter((order) => order.orderItems.length > 0)
    .sort((a, b) => b.orderPlacedDateTime.localeCompare(a.orderPlacedDateTime))
    .slice((query.page - 1) * ORDER_PAGE_SIZE, query.page * ORDER_PAGE_SIZE);
}

/** bol's checks of a CancellationRequest: exactly one item, an id and one of bol's reason codes. */
export function cancellationViolations(body: unknown): Violation[] {
  const items = (body as { orderItems?: unknown } | null)?.orderItems;
  if (!Array.isArray(items) || items.length !== 1) return [{ name: 'orderItems', reason: 'Must contain exactly 1 order item.' }];
  const item = (items[0] ?? {}) as { orderItemId?: unknown; reasonCode?: unknown };
  const violations: Violation[] = [];
  if (typeof item.orderItemId !== 'string' || item.orderItemId === '') violations.push({ name: 'orderItems[0].orderItemId', reason: 'Must not be empty.' });
  if (typeof item.reasonCode !== 'string' || !(CANCELLATION_REASONS as readonly string[]).includes(item.reasonCode)) {
    violations.push(invalid('orderItems[0].reasonCode', String(item.reasonCode ?? ''), `allowed values: ${CANCELLATION_REASONS.join(', ')}`));
  }
  return violations;
}
