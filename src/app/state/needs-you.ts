/**
 * What waits for the signed-in person's decision (docs/offline.md "Conflicts"): my conflicting
 * changes, per product, wherever the person is. The outbox's conflicts are read cheaply (its
 * `status` index) by src/app/sync/app-sync.ts into `conflictEntriesAtom`; the toast, the mark on
 * the product list's rows and the sync panel's "Needs you" list read `needsYouAtom`. No Dexie here.
 */
import { atom } from 'jotai';
import { sessionUserAtom } from './session';

/** One conflicting outbox entry, as much as the screens need of it. */
export interface ConflictSummary {
  id: string;
  productId: number;
  kind: string;
  author: string;
  seq: number;
  /** The product's title as the server's answer named it, when it did. */
  title: string | null;
  /** The server wrote the other parts of the change (its answer named them). */
  restSaved: boolean;
}

/** Which part of the product page a conflict is decided on. */
export type NeedsYouPart = 'general' | 'bol';

/** A product that waits for my decision: its parts with a conflict and the entries. */
export interface NeedsYouItem {
  productId: number;
  title: string | null;
  parts: NeedsYouPart[];
  entryIds: string[];
  /** The server wrote the other parts of these changes. */
  restSaved: boolean;
}

export function partOfKind(kind: string): NeedsYouPart {
  return kind.startsWith('bol-model') ? 'bol' : 'general';
}

/** My conflicts (another person's wait for them), one item per product, in the order they were made. */
export function needsYouOf(conflicts: readonly ConflictSummary[], user: string | null): NeedsYouItem[] {
  const items = new Map<number, NeedsYouItem>();
  for (const entry of [...conflicts].sort((a, b) => a.seq - b.seq)) {
    if (user === null || entry.author !== user) continue;
    const item = items.get(entry.productId) ?? { productId: entry.productId, title: null, parts: [], entryIds: [], restSaved: false };
    const part = partOfKind(entry.kind);
    if (!item.parts.includes(part)) item.parts.push(part);
    item.entryIds.push(entry.id);
    item.title = item.title ?? entry.title;
    item.restSaved = item.restSaved || entry.restSaved;
    items.set(entry.productId, item);
  }
  return [...items.values()];
}

/** The items with an entry not seen before (`seen` null: the first read, nothing is new). */
export function newlyWaiting(seen: ReadonlySet<string> | null, items: readonly NeedsYouItem[]): NeedsYouItem[] {
  if (seen === null) return [];
  return items.filter((item) => item.entryIds.some((id) => !seen.has(id)));
}

/** Where the person decides: the product page, on the Bol Model tab when only the Bol model waits. */
export function needsYouPath(item: Pick<NeedsYouItem, 'productId' | 'parts'>): string {
  return item.parts.length === 1 && item.parts[0] === 'bol' ? `/products/${item.productId}?tab=2` : `/products/${item.productId}`;
}

/** The outbox's conflicting entries (null until read once). */
export const conflictEntriesAtom = atom<readonly ConflictSummary[] | null>(null);

/** The products that wait for the signed-in person's decision (null until the outbox was read). */
export const needsYouAtom = atom((get) => {
  const conflicts = get(conflictEntriesAtom);
  return conflicts === null ? null : needsYouOf(conflicts, get(sessionUserAtom));
});

const NO_IDS: ReadonlySet<number> = new Set();

/** The ids of the products that wait for me: the product list marks their rows. */
export const needsYouIdsAtom = atom((get) => {
  const items = get(needsYouAtom);
  return items && items.length > 0 ? new Set(items.map((item) => item.productId)) : NO_IDS;
});
