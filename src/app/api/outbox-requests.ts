/**
 * The write calls the outbox sends (docs/products.md, docs/bol.md, docs/ean-and-images.md), built
 * here like every other call of the app, and sent by the drainer with its own transport (timeout,
 * Idempotency-Key and If-Match headers come from the entry).
 */
import type { BolModelChangeSet } from '../../shared/bol-change-set';
import type { ProductChangeSet } from '../../shared/change-set';
import type { Product } from '../../shared/contract';

export interface OutboxRequest {
  method: 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** Path on the app's own host, e.g. /api/v1/product. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** PUT /api/v1/product: the whole product. */
export function productSaveRequest(product: Product, headers: Record<string, string>): OutboxRequest {
  return { method: 'PUT', url: '/api/v1/product', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(product) };
}

/** PATCH /api/v1/product/{id}: a change set (only what changed, each with its base). */
export function productChangeRequest(productId: number, changes: ProductChangeSet, headers: Record<string, string>): OutboxRequest {
  return {
    method: 'PATCH',
    url: `/api/v1/product/${productId}`,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(changes),
  };
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

/** PATCH /api/v1/bol/model/{productId}: a Bol-model change set (only the changed attributes, each with its base). */
export function bolModelChangeRequest(productId: number, changes: BolModelChangeSet, headers: Record<string, string>): OutboxRequest {
  return {
    method: 'PATCH',
    url: `/api/v1/bol/model/${productId}`,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(changes),
  };
}

/** POST /api/v1/bol/data/model/product: the Bol model, passed back unchanged. */
export function bolModelSaveRequest(model: unknown, headers: Record<string, string>): OutboxRequest {
  return {
    method: 'POST',
    url: '/api/v1/bol/data/model/product',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(model),
  };
}

/** The multipart field the server reads for an image (docs/requirements.md §7). */
export const IMAGE_UPLOAD_FIELD = 'multipartFile';

/** POST /api/v1/media/save/image: one file. */
export function imageUploadRequest(file: Blob, name: string, headers: Record<string, string>): OutboxRequest {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file, name);
  return { method: 'POST', url: '/api/v1/media/save/image', headers, body: form };
}

/** DELETE /api/v1/image/{imageId}. */
export function imageDeleteRequest(imageId: string, headers: Record<string, string>): OutboxRequest {
  return { method: 'DELETE', url: `/api/v1/image/${encodeURIComponent(imageId)}`, headers };
}
