/**
 * The pure rules of the kept sort orders (sort-orders.ts, docs/offline.md "Reads"): which keys have
 * one, and how a page's ids are picked from one. Without Dexie, for early-page-read.ts.
 */

/** The sort keys with an index whose order is kept (productId needs none: it is the ids' own order). */
export const SORT_ORDER_KEYS = ['dateUpdate', 'dateCreate', 'sellingPrice', 'title', 'stock'] as const;
export type SortOrderKey = (typeof SORT_ORDER_KEYS)[number];

export function isSortOrderKey(key: string): key is SortOrderKey {
  return (SORT_ORDER_KEYS as readonly string[]).includes(key);
}

/**
 * Walks an order (ascending ids; `descending` walks it from the end, which gives ties by
 * productId descending as the list sorts them) and gives the first `wanted` of `candidates` that
 * are not `changed`, and how many of the candidates the order holds outside `changed`. Pure.
 */
export function firstInOrder(
  ids: ArrayLike<number>,
  descending: boolean,
  candidates: ReadonlySet<number>,
  changed: ReadonlySet<number>,
  wanted: number,
): { first: number[]; held: number } {
  const first: number[] = [];
  let held = 0;
  const length = ids.length;
  for (let step = 0; step < length; step += 1) {
    const id = ids[descending ? length - 1 - step : step] as number;
    if (!candidates.has(id) || changed.has(id)) continue;
    held += 1;
    if (first.length < wanted) first.push(id);
  }
  return { first, held };
}
