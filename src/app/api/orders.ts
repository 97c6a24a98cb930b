/** The order calls (docs/requirements.md §7; docs/bol.md): a page of imported orders, and the import from bol. */
import type { BolJobReport, BolOrderPage } from '../../shared/bol-contract';
import { apiFetch } from './client';

/** The import reads every page of bol's orders with their details: it can take a while. */
const ORDER_IMPORT_TIMEOUT_MS = 10 * 60_000;

/** GET /api/v1/bol/order: one page of imported orders, newest first. */
export const getOrderPage = (page: number, size: number) =>
  apiFetch<BolOrderPage>('/api/v1/bol/order', {
    query: { page: String(page), size: String(size), sort: 'orderPlacedDateTime,desc' },
  });

/** POST /api/v1/bol/order/import: imports bol's orders; answers the job report when done (409 while one runs). */
export const importOrders = () => apiFetch<BolJobReport>('/api/v1/bol/order/import', { method: 'POST', timeout: ORDER_IMPORT_TIMEOUT_MS });

/** GET /api/v1/bol/jobs?kind=order-import: the latest order imports (progress of the running one). */
export async function getLatestOrderImport(): Promise<BolJobReport | null> {
  const answer = await apiFetch<{ jobs: BolJobReport[] }>('/api/v1/bol/jobs', { query: { kind: 'order-import' } });
  return answer.jobs[0] ?? null;
}
