/**
 * POST /api/v1/product/batch (docs/offline.md "Batches", docs/products.md): several waiting change
 * sets of different products in one request. Each item is exactly what PATCH /api/v1/product/{id}
 * would get (the product id, the change set as its body, the Idempotency-Key of its outbox entry)
 * and its answer is exactly what that call would have answered (status and body), in the order of
 * the items. Here: the shapes and the limits both sides use, and the client's rule for grouping
 * waiting change sets into batches. Pure: no DOM, no Node.
 */
import type { ChangeSetConflict } from './change-set';
import type { Product } from './contract';

/** At most this many items in one batch (the server refuses more with 400). */
export const PRODUCT_BATCH_MAX_ITEMS = 50;
/**
 * The client keeps a batch's JSON under this many bytes: half the server's 1 MB limit for JSON
 * bodies, so a batch never meets the 413. A single change set bigger than this goes alone, as a PATCH.
 */
export const PRODUCT_BATCH_MAX_BYTES = 512 * 1024;

export interface ProductBatchItem {
  productId: number;
  /** The Idempotency-Key the same change would carry as a PATCH (the outbox entry's id). */
  key: string;
  /** The change set, as the body of PATCH /api/v1/product/{productId}. */
  changes: unknown;
}

export interface ProductBatchRequest {
  items: ProductBatchItem[];
}

/** What PATCH /api/v1/product/{id} would have answered for this item. */
export interface ProductBatchAnswer {
  key: string;
  /** 200 saved, 409 conflict, 400 refused, 404 no such product, 422 key reused for another change, 503 try again. */
  status: number;
  /** 200: the saved product; 409: the conflict; otherwise `{message}`. */
  body: Product | ChangeSetConflict | { message: string };
  /** The stored answer of an earlier request with the same key (the save was not made twice). */
  replayed: boolean;
}

export interface ProductBatchResponse {
  items: ProductBatchAnswer[];
}

/** A waiting change set that may go into a batch: its product and the size of its item's JSON. */
export interface BatchCandidate {
  productId: number;
  bytes: number;
}

/**
 * Groups candidates (in the order they should go) into batches: at most `maxItems` each, each
 * batch's items together at most `maxBytes`. The candidates must be of different products: the
 * drainer takes one change per product at a time (the next goes after the answer to this one),
 * and batches may be on their way in parallel, so two of one product are refused (an Error). A
 * candidate bigger than `maxBytes` on its own is left out (it goes as a single call). Answers the
 * indexes of the candidates per batch, and those left out.
 */
export function planBatches(
  candidates: readonly BatchCandidate[],
  maxItems: number = PRODUCT_BATCH_MAX_ITEMS,
  maxBytes: number = PRODUCT_BATCH_MAX_BYTES,
): { batches: number[][]; alone: number[] } {
  const batches: number[][] = [];
  const alone: number[] = [];
  let current: number[] = [];
  let currentBytes = 0;
  const seen = new Set<number>();
  /** Bytes of the envelope `{"items":[...]}` and the commas between items. */
  const ENVELOPE = 16;
  const close = () => {
    if (current.length > 0) batches.push(current);
    current = [];
    currentBytes = 0;
  };
  candidates.forEach((candidate, index) => {
    if (seen.has(candidate.productId)) throw new Error(`product ${candidate.productId} is twice among the batch candidates`);
    seen.add(candidate.productId);
    if (candidate.bytes + ENVELOPE > maxBytes) {
      alone.push(index);
      return;
    }
    const fits = current.length < maxItems && currentBytes + candidate.bytes + 1 + ENVELOPE <= maxBytes;
    if (!fits) close();
    current.push(index);
    currentBytes += candidate.bytes + 1;
  });
  close();
  return { batches, alone };
}
