/** The order calls (docs/requirements.md §7; docs/bol.md): a page of imported orders, and the import from bol. */
import type { BolCancellationReasonOption, BolJobReport, BolOrderCancelAnswer, BolOrderPage } from '../../shared/bol-contract';
import { apiFetch } from './client';

/** The import reads every page of bol's orders with their details: it can take a while. */
const ORDER_IMPORT_TIMEOUT_MS = 10 * 60_000;

/** GET /api/v1/bol/order: one page of imported orders, newest first. */
export const getOrderPage = (page: number, size: number) =>
  apiFetch<BolOrderPage>('/api/v1/bol/order', {
    query: { page: String(page), size: String(size), sort: 'orderPlacedDateTime,desc' },
  });

/** What an import reads: only what changed since the last successful import, or every order bol has. */
export type OrderImportMode = 'changes' | 'all';

/**
 * POST /api/v1/bol/order/import[?since=last-import]: imports bol's orders; answers the job report
 * when done (409 while one runs). 'changes' adds since=last-import (docs/bol.md).
 */
export const importOrders = (mode: OrderImportMode = 'changes') =>
  apiFetch<BolJobReport>('/api/v1/bol/order/import', {
    method: 'POST',
    timeout: ORDER_IMPORT_TIMEOUT_MS,
    ...(mode === 'changes' ? { query: { since: 'last-import' } } : {}),
  });

/** GET /api/v1/bol/order/cancellation-reasons: bol's reason codes with a label each. */
export async function getCancellationReasons(): Promise<BolCancellationReasonOption[]> {
  return (await apiFetch<{ reasons: BolCancellationReasonOption[] }>('/api/v1/bol/order/cancellation-reasons')).reasons;
}

/** A cancellation can take a while: the server follows bol's process to its end. */
const ORDER_CANCEL_TIMEOUT_MS = 2 * 60_000;

/**
 * POST /api/v1/bol/order/cancel: cancels one order item at bol. 200 SUCCESS and 202 (not finished)
 * resolve with the answer; 409 (bol refused) and other failures reject with ApiFailure whose body
 * is the answer when there is one.
 */
export const cancelOrderItem = (orderItemId: string, reasonCode: string) =>
  apiFetch<BolOrderCancelAnswer>('/api/v1/bol/order/cancel', { method: 'POST', body: { orderItemId, reasonCode }, timeout: ORDER_CANCEL_TIMEOUT_MS });

/** GET /api/v1/bol/jobs?kind=order-import: the latest order imports (progress of the running one). */
export async function getLatestOrderImport(): Promise<BolJobReport | null> {
  const answer = await apiFetch<{ jobs: BolJobReport[] }>('/api/v1/bol/jobs', { query: { kind: 'order-import' } });
  return answer.jobs[0] ?? null;
}
