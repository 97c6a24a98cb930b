/**
 * The shape of a write call the outbox sends, and the one call that is the outbox's own rather
 * than a kind's: POST /api/v1/product/batch. Each kind of write builds its own request in its
 * module (src/app/sync/kinds/, docs/architecture.md "Write kinds"); the drainer sends them with its
 * own transport (timeout, Idempotency-Key and If-Match headers come from the entry).
 */

export interface OutboxRequest {
  method: 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** Path on the app's own host, e.g. /api/v1/product. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/**
 * POST /api/v1/product/batch: several change sets of different products, each item already as
 * JSON (`{"productId","key","changes"}`, src/shared/product-batch.ts), so the drainer measures
 * each item once and joins them here.
 */
export function productBatchRequest(itemsJson: readonly string[], headers: Record<string, string>): OutboxRequest {
  return {
    method: 'POST',
    url: '/api/v1/product/batch',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: `{"items":[${itemsJson.join(',')}]}`,
  };
}
