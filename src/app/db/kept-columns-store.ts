/**
 * Where the list's columns of the kept products live (database version 5, docs/offline.md
 * "Reads"): one record in `keptColumns`, its write stamp also in `meta` (cheap to read), and the
 * columns last read held in memory, so a query reads the record only when another tab or a merge
 * stored newer ones (kept-columns-memory.ts). kept-columns.ts holds the pure rules.
 *
 * A query gets the columns and the products written since they were built (their records: few;
 * records and blocks alike, product-blocks-store.ts).
 * When more than MERGE_WRITTEN_OVER were written since (a refresh, pages of the list seen online),
 * they are merged in before answering, in memory; the columns are kept again once more than
 * KEEP_MERGED_OVER were merged since the record was kept (the record of 100,000 products is ~19 MB)
 * and when "Make available offline" ends. With no columns yet they are built from every kept product.
 */
import type { Product } from '../../shared/contract';
import type { CachedProduct } from './cached-product';
import type { BackofficeDatabase } from './database';
import { buildKeptColumns, combineColumns, COLUMNS_KEY, COLUMNS_META_KEY, isCurrentColumns, mergeIntoColumns, MERGE_WRITTEN_OVER, type KeptColumns } from './kept-columns';
import { forgetColumns, rememberColumns, rememberedFrom } from './kept-columns-memory';
import { everyKeptProduct, keptProductsWrittenAbove, keptProductsWrittenIn, keptProductTables } from './product-blocks-store';

// The record's keys and the merge limit live with the pure rules (the early rows' read uses them without Dexie).
export { COLUMNS_KEY, COLUMNS_META_KEY, MERGE_WRITTEN_OVER } from './kept-columns';
/** More products than this merged in memory since the record was kept: the record is kept again. */
export const KEEP_MERGED_OVER = 5_000;

export interface ColumnsNow {
  columns: KeptColumns;
  /** The products written since the columns were built (keptAt above their builtAt), as kept. */
  written: CachedProduct[];
}

function highestStamp(products: readonly CachedProduct[], floor: number): number {
  let highest = floor;
  for (const product of products) if ((product.keptAt ?? 0) > highest) highest = product.keptAt ?? 0;
  return highest;
}

/**
 * The columns and the products written since, merging those in when more than `mergeOver` were
 * written. In one read: every product stamped up to the columns' builtAt is in them, every later
 * one is in `written`. `keep`: keep the columns whenever anything was merged.
 */
export async function keptColumnsNow(db: BackofficeDatabase, mergeOver = MERGE_WRITTEN_OVER, keep = false): Promise<ColumnsNow> {
  const read = await db.transaction('r', [...keptProductTables(db), db.keptColumns, db.meta], async () => {
    const keptAs = (await db.meta.get(COLUMNS_META_KEY))?.value;
    const memory = typeof keptAs === 'number' ? rememberedFrom(db.name, keptAs) : null;
    const stored = memory === null && typeof keptAs === 'number' ? (await db.keptColumns.get(COLUMNS_KEY))?.columns : undefined;
    // A record of an older shape is built again, as a missing one is.
    const columns = memory?.columns ?? (isCurrentColumns(stored) ? stored : null);
    if (columns === null || typeof keptAs !== 'number') {
      const all = await everyKeptProduct(db);
      return { columns: buildKeptColumns(all, highestStamp(all, 0)), written: [], merged: all.length, keptAs: null };
    }
    const written = await keptProductsWrittenAbove(db, columns.builtAt);
    const mergedBefore = memory?.mergedSinceKept ?? 0;
    if (written.length <= mergeOver) return { columns, written, merged: mergedBefore, keptAs };
    const merged = mergeIntoColumns(columns, written, highestStamp(written, columns.builtAt));
    return { columns: merged, written: [], merged: mergedBefore + written.length, keptAs };
  });
  const mustKeep = read.keptAs === null || (read.merged > 0 && (keep || read.merged > KEEP_MERGED_OVER));
  if (mustKeep && (await keepColumns(db, read.columns))) rememberColumns(db.name, read.columns);
  else rememberColumns(db.name, read.columns, read.keptAs ?? read.columns.builtAt, read.merged);
  return { columns: read.columns, written: read.written };
}

/** Merges every product written since into the kept columns (after "Make available offline" and its refreshes). */
export async function refreshKeptColumns(db: BackofficeDatabase): Promise<void> {
  await keptColumnsNow(db, 0, true);
}

/**
 * Keeps the columns unless newer ones are kept already (another tab); answers whether they were
 * kept. A failure (no room left) leaves them in memory only: the next start builds them again.
 */
async function keepColumns(db: BackofficeDatabase, columns: KeptColumns): Promise<boolean> {
  try {
    return await db.transaction('rw', [db.keptColumns, db.meta], async () => {
      const kept = (await db.meta.get(COLUMNS_META_KEY))?.value;
      if (typeof kept === 'number' && kept > columns.builtAt) return false;
      await db.keptColumns.put({ key: COLUMNS_KEY, columns });
      await db.meta.put({ key: COLUMNS_META_KEY, value: columns.builtAt });
      return true;
    });
  } catch {
    // Only the next read's speed depends on it.
    return false;
  }
}

/** Forgets the kept columns (to make room); the next read builds them again. */
export async function dropKeptColumns(db: BackofficeDatabase): Promise<void> {
  forgetColumns(db.name);
  await db.transaction('rw', [db.keptColumns, db.meta], async () => {
    await db.keptColumns.clear();
    await db.meta.delete(COLUMNS_META_KEY);
  });
}

/**
 * The columns gathered while "Make available offline" writes its pages: the kept columns at its
 * start, and each page's products with the write stamp the page got (one per page). Reading every
 * product back at the end would cost as long as writing them did.
 */
export interface ColumnsCollector {
  base: KeptColumns;
  pages: { stamp: number; columns: KeptColumns }[];
}

/** Starts gathering: the kept columns with everything written so far merged in. */
export async function startCollectingColumns(db: BackofficeDatabase): Promise<ColumnsCollector> {
  return { base: (await keptColumnsNow(db, 0)).columns, pages: [] };
}

/** Adds the products one page wrote, all stamped `stamp` (pages are collected in the order they were written). */
export function collectPage(collector: ColumnsCollector, products: readonly Product[], stamp: number): void {
  if (products.length > 0) collector.pages.push({ stamp, columns: buildKeptColumns(products, stamp) });
}

/**
 * Makes the pages part of the kept columns. Products someone else wrote meanwhile (an edit's answer
 * from the outbox) have stamps between the pages' ones: read and combined in their place, so the
 * newest write of every product wins.
 */
export async function finishCollectingColumns(db: BackofficeDatabase, collector: ColumnsCollector): Promise<void> {
  const stamps = collector.pages.map((page) => page.stamp);
  const bounds = [collector.base.builtAt, ...stamps];
  const gaps = bounds.map((low, at): [number, number] => [low, bounds[at + 1] ?? Infinity]);
  const others = await db.transaction('r', keptProductTables(db), () => keptProductsWrittenIn(db, gaps));
  const byStamp = new Map<number, CachedProduct[]>();
  for (const product of others) {
    const stamp = product.keptAt ?? 0;
    byStamp.set(stamp, [...(byStamp.get(stamp) ?? []), product]);
  }
  const parts = [
    ...collector.pages,
    ...[...byStamp].map(([stamp, products]) => ({ stamp, columns: buildKeptColumns(products, stamp) })),
  ].sort((a, b) => a.stamp - b.stamp);
  const builtAt = Math.max(collector.base.builtAt, ...parts.map((part) => part.stamp));
  const columns = parts.length === 0 ? collector.base : combineColumns([collector.base, ...parts.map((part) => part.columns)], builtAt);
  if (await keepColumns(db, columns)) rememberColumns(db.name, columns);
}
