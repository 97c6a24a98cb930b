/**
 * How a product list query is answered from the indexes of the kept products (docs/offline.md
 * "Reads"), as data: which index lookups give the ids of each filter, how their answers combine,
 * and which ids of a kept sort order make the page. Pure and without Dexie: indexed-query.ts runs
 * the lookups with Dexie, early-page-read.ts with IndexedDB itself (docs/offline.md "Fifth pass").
 */
import { ALL_SUPPLIERS_NAME } from '../../shared/constants';
import type { ProductFilter } from '../../shared/product-filter';
import { filterKey, MIN_TOKEN, wordsOf } from './search-fields';
import { firstInOrder } from './sort-order-rules';

/** Sort keys with an index (others are sorted on the candidates' records); productId is the primary key. */
export const INDEXED_SORT_KEYS = new Set(['productId', 'dateUpdate', 'dateCreate', 'sellingPrice', 'title', 'stock']);

/** The keys of one index a lookup takes: equal to a value, starting with a text, a closed number range, or none. */
export type IndexRange = { equals: string | number } | { startsWith: string } | { from: number; to: number } | { none: true };

/** The primary keys of the products whose `index` has a key in `range`. */
export interface IndexLookup {
  index: string;
  range: IndexRange;
}

export interface IndexPlan {
  /** One entry per indexed filter: the ids matching it are those of its lookups together; the answer is in every entry. */
  sources: IndexLookup[][];
  /** Some filter is not answered exactly by the sources: check the candidates' records. */
  needsRecords: boolean;
}

export function planLookups(f: ProductFilter): IndexPlan {
  const sources: IndexLookup[][] = [];
  let needsRecords = f.dateFrom !== null || f.dateTo !== null;
  const equal = (index: string, value: string | number) => sources.push([{ index, range: { equals: value } }]);
  const flag = (key: string) => equal('filterKeys', key);

  if (f.keyword !== null) {
    const keyword = f.keyword;
    const words = wordsOf(keyword);
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length >= MIN_TOKEN) {
      // Title contains the keyword ⇒ some title word contains its longest word ⇒ an indexed suffix starts with it.
      sources.push([
        { index: 'searchWords', range: { startsWith: longest } },
        { index: 'searchCodes', range: { equals: keyword } },
      ]);
      // One word and nothing else: the index answer is exact; otherwise check the titles.
      if (words.length !== 1 || longest !== keyword.toLowerCase()) needsRecords = true;
    } else {
      needsRecords = true;
    }
  }
  if (f.supplierName !== null && f.supplierName !== ALL_SUPPLIERS_NAME) equal('supplier.supplierName', f.supplierName);
  if (f.brand !== null) equal('brand', f.brand);
  if (f.familyKey !== null) equal('familyKey', f.familyKey);
  if (f.categoryId !== null) equal('categoryId', f.categoryId);
  if (f.passedModeration !== null) equal('moderationKey', f.passedModeration ? 1 : 0);
  if (f.buyBlock !== null) flag(filterKey('buyBlock', f.buyBlock));
  if (f.isMainProduct !== null) flag(filterKey('main', f.isMainProduct));
  if (f.isExportOnBol !== null) flag(filterKey('export', f.isExportOnBol));
  if (f.isChangeEan !== null) flag(filterKey('changeEan', f.isChangeEan));
  if (f.hasDescription !== null) flag(filterKey('description', f.hasDescription));
  if (f.inStock !== null) flag(filterKey('inStock', f.inStock));
  if (f.numberOfImages !== null) flag(filterKey('images', f.numberOfImages));
  if (f.priceFrom !== null || f.priceTo !== null) {
    const from = f.priceFrom ?? -Infinity;
    const to = f.priceTo ?? Infinity;
    sources.push([{ index: 'sellingPrice', range: from <= to ? { from, to } : { none: true } }]);
  }
  return { sources, needsRecords };
}

/** The ids in every list (the smallest one drives). */
export function intersect(lists: readonly (readonly number[])[]): Set<number> {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let result = new Set(sorted[0] ?? []);
  for (const list of sorted.slice(1)) {
    const other = new Set(list);
    result = new Set([...result].filter((id) => other.has(id)));
    if (result.size === 0) break;
  }
  return result;
}

/** At most this many records are read to merge a page from a sort order with the products written since. */
export const MERGE_READS_UP_TO = 1_000;

/**
 * The ids whose records make the page of `candidates` (the exact answer of the filters) from a kept
 * sort order: the first `wanted` of the order among them, and the candidates written since it was
 * built (`changed`); sorted by the list's rules, the page lies among them. Null when the order
 * cannot answer (too many changes, a candidate the order does not hold).
 */
export function orderPageIds(
  order: { ids: ArrayLike<number>; changed: ReadonlySet<number> },
  descending: boolean,
  candidates: ReadonlySet<number>,
  wanted: number,
): number[] | null {
  const changed = [...order.changed].filter((id) => candidates.has(id));
  if (wanted + changed.length > MERGE_READS_UP_TO) return null;
  const { first, held } = firstInOrder(order.ids, descending, candidates, order.changed, wanted);
  if (held + changed.length !== candidates.size) return null;
  return [...first, ...changed];
}

/** The page of `candidates` by productId: the ids sort themselves. */
export function idPageIds(candidates: ReadonlySet<number>, descending: boolean, skip: number, size: number): number[] {
  return [...candidates].sort((a, b) => (descending ? b - a : a - b)).slice(skip, skip + size);
}
