/**
 * Sort orders of the kept products (docs/offline.md "Reads"): for each indexed sort key, the ids of
 * every kept product in that key's order, kept as one record (`sortOrders`, database version 4).
 * A view never opened picks its page's ids from that one record instead of walking the sort index
 * entry by entry (each step of an IndexedDB index costs tens of microseconds in Chromium; a view
 * whose matches sort late walked tens of thousands of them).
 *
 * An order is a picture holding every product stamped up to `builtAt`. Every product written
 * since has `keptAt > builtAt` (database.ts stamps each write, increasing in commit order), so
 * those few are left out of the picture and read as records; a candidate that is in no order (no
 * value for the key) makes the caller fall back to the walk.
 * Built after "Make available offline" finishes (offline-download.ts), when anything was written
 * since the last build.
 */
import { highestKeptAt, type BackofficeDatabase, type StoredSortOrder } from './database';
import { SORT_ORDER_KEYS, type SortOrderKey } from './sort-order-rules';

// The pure rules of orders have no Dexie in them (early-page-read.ts uses them without it).
export { firstInOrder, isSortOrderKey, SORT_ORDER_KEYS, type SortOrderKey } from './sort-order-rules';

/**
 * An order's ids as kept: 4 bytes each where every id fits (the server's ids are 32-bit), else 8.
 * After "Make available offline" the orders are the last big write, so their size is what the
 * browser reads back from its database log at the next start (docs/offline.md "Fourth pass").
 */
export function compactIds(ids: readonly number[]): Int32Array | Float64Array {
  const fits = ids.every((id) => Number.isInteger(id) && id >= -0x80000000 && id <= 0x7fffffff);
  return fits ? Int32Array.from(ids) : Float64Array.from(ids);
}

/** Reads every order from the sort indexes (ascending key, ties by productId) and keeps them. */
export async function buildSortOrders(db: BackofficeDatabase): Promise<void> {
  // In one read: the orders hold every product stamped up to the highest stamp then (stamps grow
  // in commit order, database.ts), and every later write is stamped above it.
  const [builtAt, ...orders] = await db.transaction('r', db.products, () =>
    Promise.all([highestKeptAt(db), ...SORT_ORDER_KEYS.map((key) => db.products.orderBy(key).primaryKeys())]),
  );
  await db.sortOrders.bulkPut(
    orders.map((ids, index): StoredSortOrder => ({ key: SORT_ORDER_KEYS[index] ?? '', ids: compactIds(ids), builtAt: builtAt as number })),
  );
}

/** Whether an order is missing or a product was written since the oldest was built. */
export async function sortOrdersAreStale(db: BackofficeDatabase): Promise<boolean> {
  const orders = await db.sortOrders.toCollection().primaryKeys();
  if (SORT_ORDER_KEYS.some((key) => !orders.includes(key))) return true;
  const oldest = Math.min(...(await db.sortOrders.toArray()).map((order) => order.builtAt));
  return (await db.products.where('keptAt').above(oldest).count()) > 0;
}

/** Builds the orders when they are stale; a failure leaves the walk of the sort index in charge. */
export async function refreshSortOrders(db: BackofficeDatabase): Promise<void> {
  try {
    if (await sortOrdersAreStale(db)) await buildSortOrders(db);
  } catch {
    // Only a speed-up: queries walk the sort index without it.
  }
}

/** The kept order of `key` and the ids of the products written since it was built. */
export async function readSortOrder(db: BackofficeDatabase, key: SortOrderKey): Promise<{ ids: Int32Array | Float64Array; changed: Set<number> } | null> {
  // A database opened at an older version (tests of the upgrades) has no orders.
  const order = db.tables.some((table) => table.name === 'sortOrders') ? await db.sortOrders.get(key) : undefined;
  if (!order) return null;
  const changed = await db.products.where('keptAt').above(order.builtAt).primaryKeys();
  return { ids: order.ids, changed: new Set(changed) };
}
