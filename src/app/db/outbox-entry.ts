/** The shape of an outbox entry: one write waiting to reach the server (docs/architecture.md "The offline engine"). */
import type { BolModelChangeSet } from '../../shared/bol-change-set';
import type { ProductChangeSet } from '../../shared/change-set';
import type { Product } from '../../shared/contract';

export type OutboxKind = 'product-save' | 'product-change' | 'bol-model-save' | 'bol-model-change' | 'image-upload' | 'image-delete';
export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict';

/** The Bol model is passed back to the server unchanged; only productId is relied on. */
export interface BolModelPayload {
  productId: number;
  [field: string]: unknown;
}

export interface ProductSavePayload {
  product: Product;
}
/** A change set of one product (PATCH /api/v1/product/{id}, docs/offline.md "Change sets"). */
export interface ProductChangePayload {
  productId: number;
  changes: ProductChangeSet;
}
/** A change set of one product's Bol model (PATCH /api/v1/bol/model/{productId}, docs/bol.md). */
export interface BolModelChangePayload {
  productId: number;
  changes: BolModelChangeSet;
}
export interface BolModelSavePayload {
  model: BolModelPayload;
}
export interface ImageUploadPayload {
  productId: number;
  /** Key of the bytes in the `files` table (the entry's own id). */
  fileId: string;
  name: string;
  type: string;
}
export interface ImageDeletePayload {
  productId: number;
  imageId: string;
}

interface EntryCommon {
  /** Client-made UUID, sent as Idempotency-Key. */
  id: string;
  /** What the entry touches, e.g. 'product:12'; entries of one entity are sent in seq order. */
  entityKey: string;
  /** Monotonic send order across the whole outbox. */
  seq: number;
  /** The version the change was based on, sent as If-Match (saves only). */
  baseVersion: number | null;
  /** User name of the person who made the change; only sent under their own token. */
  author: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  /** Ids of entries that must succeed first (uploads a save refers to). */
  dependsOn?: string[];
  /** On a conflict: the server's current record (the 409/412 body). */
  serverCopy?: unknown;
}

export type OutboxEntry =
  | (EntryCommon & { kind: 'product-save'; payload: ProductSavePayload })
  | (EntryCommon & { kind: 'product-change'; payload: ProductChangePayload })
  | (EntryCommon & { kind: 'bol-model-save'; payload: BolModelSavePayload })
  | (EntryCommon & { kind: 'bol-model-change'; payload: BolModelChangePayload })
  | (EntryCommon & { kind: 'image-upload'; payload: ImageUploadPayload })
  | (EntryCommon & { kind: 'image-delete'; payload: ImageDeletePayload });

/** What a product image carries until its file is uploaded. */
export const PLACEHOLDER_PREFIX = 'outbox-file:';

export function placeholderPath(uploadId: string): string {
  return `${PLACEHOLDER_PREFIX}${uploadId}`;
}

export function uploadIdOfPlaceholder(filePath: string): string | null {
  return filePath.startsWith(PLACEHOLDER_PREFIX) ? filePath.slice(PLACEHOLDER_PREFIX.length) : null;
}

export function productEntityKey(productId: number): string {
  return `product:${productId}`;
}

export function bolModelEntityKey(productId: number): string {
  return `bol-model:${productId}`;
}
