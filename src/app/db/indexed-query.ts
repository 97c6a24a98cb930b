/**
 * Answers a product list query from the indexes of the kept products (database.ts version 3,
 * search-fields.ts), reading only the records of the page shown: each indexed filter gives the ids
 * that match it (their intersection is the answer and its size the total), and walking the sort
 * index in order picks the page's ids among them. Few candidates are simply read and sorted.
 * Filters the indexes cannot answer exactly (dates, a keyword of several words or a short one)
 * are checked on the records of the remaining candidates with the same matcher as before, so the
 * answer is the one filterProductsLocally gives (tests/unit/offline-indexed-query.test.ts).
 */
import type { Product, ProductPage } from '../../shared/contract';
import { readProductFilterLeniently, type ProductFilter } from '../../shared/product-filter';
import { fromCachedProduct, type CachedProduct } from './cached-product';
import type { BackofficeDatabase } from './database';
import { idPageIds, INDEXED_SORT_KEYS, intersect, orderPageIds, planLookups, type IndexLookup } from './index-plan';
import { filterProductsLocally } from './local-filter';
import { normalizeProductQuery, type ProductQuery } from './query-key';
import { isSortOrderKey, readSortOrder } from './sort-orders';

/** Runs one lookup of the plan (index-plan.ts) with Dexie. */
function lookupIds(db: BackofficeDatabase, { index, range }: IndexLookup): Promise<number[]> {
  const where = db.products.where(index);
  if ('equals' in range) return where.equals(range.equals).primaryKeys();
  if ('startsWith' in range) return where.startsWith(range.startsWith).primaryKeys();
  if ('from' in range) return where.between(range.from, range.to, true, true).primaryKeys();
  return Promise.resolve([]);
}

/** The ids matching one filter: those of its lookups together. */
async function sourceIds(db: BackofficeDatabase, lookups: readonly IndexLookup[]): Promise<number[]> {
  return (await Promise.all(lookups.map((lookup) => lookupIds(db, lookup)))).flat();
}

/** Up to this many candidates are read and sorted as records; more are found by walking the sort index. */
const READ_CANDIDATES_UP_TO = 1_000;

/**
 * The ids of the page in the query's order: the sort index is walked in order (keys only, no
 * records), keeping the ids among `candidates` (null: every product), until the page is full. Ties
 * come by productId in the index's direction, as filterProductsLocally sorts them. Walking costs
 * about (page + 1) × size ÷ (share of products that match) index entries, never the whole index for
 * the first pages. Null when the walk ran out before the page was full though more should match
 * (a record without a value for the sort key is not in its index).
 */
async function walkSortIndex(db: BackofficeDatabase, f: ProductFilter, candidates: Set<number> | null, total: number): Promise<number[] | null> {
  const skip = f.page * f.size;
  const wanted = Math.max(0, Math.min(f.size, total - skip));
  if (wanted === 0) return [];
  const byKey = f.sort.key === 'productId' ? db.products.toCollection() : db.products.orderBy(f.sort.key);
  const ordered = f.sort.direction === 'desc' ? byKey.reverse() : byKey;
  const found: number[] = [];
  if (candidates === null) {
    found.push(...(await ordered.offset(skip).limit(wanted).primaryKeys()));
  } else {
    let skipped = 0;
    await ordered
      .until(() => found.length >= wanted)
      .eachPrimaryKey((id) => {
        if (found.length >= wanted || !candidates.has(id)) return;
        if (skipped < skip) skipped += 1;
        else found.push(id);
      });
  }
  return found.length === wanted ? found : null;
}

/**
 * The page of `candidates` (the exact answer of the filters) in the query's order without walking
 * a sort index: by productId the ids sort themselves; by another indexed key the page's ids come
 * from its kept sort order (sort-orders.ts), merged with the candidates written since it was built
 * (read as records). Null when neither applies (no order kept, too many changes, a candidate the
 * order does not hold).
 */
async function pageWithoutWalking(
  db: BackofficeDatabase,
  query: ProductQuery,
  f: ProductFilter,
  candidates: Set<number>,
  sortOrder: ReturnType<typeof readSortOrder> | null,
): Promise<Product[] | null> {
  const skip = f.page * f.size;
  const descending = f.sort.direction === 'desc';
  if (f.sort.key === 'productId') return productsOf(db, idPageIds(candidates, descending, skip, f.size));
  const order = sortOrder === null ? null : await sortOrder;
  if (!order) return null;
  const ids = orderPageIds(order, descending, candidates, skip + f.size);
  // The page lies among them: sorted by the same rules.
  return ids === null ? null : filterProductsLocally(await productsOf(db, ids), query).content;
}

async function productsOf(db: BackofficeDatabase, ids: readonly number[]): Promise<Product[]> {
  const records = await db.products.bulkGet([...ids]);
  return records.filter((record): record is CachedProduct => record !== undefined).map(fromCachedProduct);
}

/** The page of `query` from the kept products, read through the indexes where they answer it. */
export async function queryKeptProducts(db: BackofficeDatabase, query: ProductQuery, readCandidatesUpTo = READ_CANDIDATES_UP_TO): Promise<ProductPage> {
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const plan = planLookups(f);
  // The sort order is read beside the indexes (a filtered view sorted by an indexed key uses it).
  const sortOrder = !plan.needsRecords && plan.sources.length > 0 && isSortOrderKey(f.sort.key) ? readSortOrder(db, f.sort.key).catch(() => null) : null;
  const lists = await Promise.all(plan.sources.map((lookups) => sourceIds(db, lookups)));
  const candidates = lists.length > 0 ? intersect(lists) : null;
  const readAll = async () => filterProductsLocally((await db.products.toArray()).map(fromCachedProduct), query);
  // The candidates' records, checked and sorted by the same matcher.
  const readCandidates = async (ids: Set<number>) => filterProductsLocally(await productsOf(db, [...ids]), query);

  if (plan.needsRecords) return candidates === null ? readAll() : readCandidates(candidates);
  if (candidates !== null) {
    const content = await pageWithoutWalking(db, query, f, candidates, sortOrder);
    if (content !== null) return { content, totalPages: Math.ceil(candidates.size / f.size), totalElements: candidates.size };
  }
  if (candidates !== null && (candidates.size <= readCandidatesUpTo || !INDEXED_SORT_KEYS.has(f.sort.key))) return readCandidates(candidates);
  if (candidates === null && !INDEXED_SORT_KEYS.has(f.sort.key)) return readAll();
  // The indexes answer the whole query: its total is the number of candidates.
  const total = candidates === null ? await db.products.count() : candidates.size;
  const ids = await walkSortIndex(db, f, candidates, total);
  if (ids === null) return candidates === null ? readAll() : readCandidates(candidates);
  return { content: await productsOf(db, ids), totalPages: Math.ceil(total / f.size), totalElements: total };
}
