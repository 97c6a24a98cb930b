/**
 * How the status panel names a waiting change, from its write kind (the registry:
 * sync/outbox-kinds.ts). Kept apart from sync-rules.ts: the kinds come with the engine (Dexie),
 * which only the panel's own lazy chunk may load.
 */
import type { OutboxEntry } from '../../sync/app-sync';
import { outboxKindOf } from '../../sync/outbox-kinds';

export interface EntryDescription {
  /** What kind of change, e.g. 'Image upload'. */
  kind: string;
  /** What it touches, e.g. 'Product 12 · Garden chair'. */
  subject: string;
  /** A detail line (file name, image id), or null. */
  detail: string | null;
  /** Set when the change belongs to someone else: it waits for them to sign in. */
  otherAuthor: string | null;
}

/** Names an entry; `titles` are the titles of cached products by id (the entry may lack one). */
export function describeEntry(entry: OutboxEntry, titles: ReadonlyMap<number, string> = new Map(), currentUser: string | null = null): EntryDescription {
  const kind = outboxKindOf(entry);
  const productId = kind.productIdOf(entry);
  const title = kind.titleOf ? kind.titleOf(entry) : titles.get(productId);
  const subject = title?.trim() ? `Product ${productId} · ${title.trim()}` : `Product ${productId}`;
  return {
    kind: kind.label,
    subject,
    detail: kind.detail(entry),
    otherAuthor: entry.author && currentUser !== null && entry.author !== currentUser ? entry.author : null,
  };
}
