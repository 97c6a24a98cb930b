/**
 * How the status panel names a waiting change, from its write kind (the registry:
 * sync/outbox-kinds.ts). Kept apart from sync-rules.ts: the kinds come with the engine (Dexie),
 * which only the panel's own lazy chunk may load.
 */
import type { OutboxEntry } from '../../sync/app-sync';
import { outboxKindOf } from '../../sync/outbox-kinds';
import { syncPanelMessages, type SyncPanelWords } from '../../../shared/sync-panel-messages';
import { productFormMessages, type ProductFormWords } from '../../../shared/product-form-messages';

/** A write kind's label (English, from syncPanelMessages.kinds) in the words given. */
function kindLabel(english: string, kinds: SyncPanelWords['kinds']): string {
  const key = (Object.keys(syncPanelMessages.kinds) as (keyof SyncPanelWords['kinds'])[]).find((name) => syncPanelMessages.kinds[name] === english);
  return key ? kinds[key] : english;
}

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

/** Names an entry in `words` (the product fields' names in `fields`); `titles` are the titles of cached products by id (the entry may lack one). */
export function describeEntry(
  entry: OutboxEntry,
  titles: ReadonlyMap<number, string> = new Map(),
  currentUser: string | null = null,
  words: Pick<SyncPanelWords, 'kinds' | 'product' | 'productTitled' | 'details'> = syncPanelMessages,
  fields: ProductFormWords['fields'] = productFormMessages.fields,
): EntryDescription {
  const kind = outboxKindOf(entry);
  const productId = kind.productIdOf(entry);
  const title = kind.titleOf ? kind.titleOf(entry) : titles.get(productId);
  const subject = title?.trim() ? words.productTitled(productId, title.trim()) : words.product(productId);
  return {
    kind: kindLabel(kind.label, words.kinds),
    subject,
    detail: kind.detail(entry, { details: words.details, fields }),
    otherAuthor: entry.author && currentUser !== null && entry.author !== currentUser ? entry.author : null,
  };
}
