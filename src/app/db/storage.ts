/**
 * Keeping the database alive: ask the browser not to evict it, and when a write hits the quota,
 * make room by dropping cached list pages (they can be fetched again) and the list's columns of
 * the kept products (kept-columns-store.ts: built again at the next read) — never the outbox or the
 * stored files, which hold edits that exist nowhere else.
 */
import type { BackofficeDatabase } from './database';
import { dropKeptColumns } from './kept-columns-store';

const PERSIST_ASKED_META_KEY = 'storagePersistAsked';

interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/**
 * Asks for persistent storage once per database (browsers may prompt). Answers whether storage
 * is persistent, or null when the browser cannot tell.
 */
export async function requestPersistentStorage(
  db: BackofficeDatabase,
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<boolean | null> {
  if (!storage?.persist) return null;
  if (storage.persisted && (await storage.persisted())) return true;
  const asked = await db.meta.get(PERSIST_ASKED_META_KEY);
  if (asked) return false;
  await db.meta.put({ key: PERSIST_ASKED_META_KEY, value: Date.now() });
  return storage.persist();
}

/** True for the quota error however it arrives (DOMException, or wrapped by Dexie). */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError') return true;
    current = inner;
  }
  return false;
}

/** Deletes cached product pages, oldest first; answers how many were deleted. */
export async function evictCachedPages(db: BackofficeDatabase, keep = 0): Promise<number> {
  const keys = await db.productPages.orderBy('fetchedAt').primaryKeys();
  const victims = keys.slice(0, Math.max(0, keys.length - keep));
  await db.productPages.bulkDelete(victims);
  return victims.length;
}

/**
 * Runs a write; on a quota error evicts the cached product pages (oldest first) and the kept
 * columns, and tries once more. A second quota error is passed on so the UI can tell the person.
 */
export async function withQuotaFallback<T>(db: BackofficeDatabase, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await evictCachedPages(db);
    await dropKeptColumns(db);
    return write();
  }
}
