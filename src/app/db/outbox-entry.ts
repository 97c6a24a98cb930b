/**
 * The row every outbox entry is stored as: one write waiting to reach the server
 * (docs/architecture.md "The offline engine"). What an entry's `payload` holds, and everything
 * else a kind of write does, is that kind's own module in src/app/sync/kinds/ (the registry:
 * sync/outbox-kinds.ts).
 */
export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict';

export interface OutboxRow {
  /** Client-made UUID, sent as Idempotency-Key. */
  id: string;
  /** The kind of write (a name in the registry of write kinds). */
  kind: string;
  /** What the kind needs to send it. */
  payload: unknown;
  /**
   * The write protocol's version the entry was written with (src/shared/write-protocol.ts). Absent
   * on entries of builds before the version existed: those are version 1.
   */
  protocol?: number;
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

/** The entry of one kind: the row with that kind's name and payload. */
export type KindEntry<K extends string, P> = Omit<OutboxRow, 'kind' | 'payload'> & { kind: K; payload: P };

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
