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
import { fromCachedProduct, type BackofficeDatabase, type CachedProduct } from './database';
import { filterProductsLocally } from './local-filter';
import { normalizeProductQuery, type ProductQuery } from './query-key';
import { filterKey, MIN_TOKEN, wordsOf } from './search-fields';
import { firstInOrder, isSortOrderKey, readSortOrder } from './sort-orders';
import { ALL_SUPPLIERS_NAME } from '../../shared/constants';

/** Sort keys with an index (others are sorted on the candidates' records); productId is the primary key. */
const INDEXED_SORT_KEYS = new Set(['productId', 'dateUpdate', 'dateCreate', 'sellingPrice', 'title', 'stock']);

type IdSource = () => Promise<number[]>;

interface Plan {
  /** Each gives the ids matching one filter; the answer is in all of them. */
  sources: IdSource[];
  /** Some filter is not answered exactly by the sources: check the candidates' records. */
  needsRecords: boolean;
}

function planOf(db: BackofficeDatabase, f: ProductFilter): Plan {
  const sources: IdSource[] = [];
  let needsRecords = f.dateFrom !== null || f.dateTo !== null;
  const products = db.products;
  const equal = (index: string, value: string | number) => () => products.where(index).equals(value).primaryKeys();
  const flag = (key: string) => equal('filterKeys', key);

  if (f.keyword !== null) {
    const keyword = f.keyword;
    const words = wordsOf(keyword);
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length >= MIN_TOKEN) {
      // Title contains the keyword ⇒ some title word contains its longest word ⇒ an indexed suffix starts with it.
      sources.push(async () => {
        const [inTitle, codes] = await Promise.all([
          products.where('searchWords').startsWith(longest).primaryKeys(),
          products.where('searchCodes').equals(keyword).primaryKeys(),
        ]);
        return [...inTitle, ...codes];
      });
      // One word and nothing else: the index answer is exact; otherwise check the titles.
      if (words.length !== 1 || longest !== keyword.toLowerCase()) needsRecords = true;
    } else {
      needsRecords = true;
    }
  }
  if (f.supplierName !== null && f.supplierName !== ALL_SUPPLIERS_NAME) sources.push(equal('supplier.supplierName', f.supplierName));
  if (f.brand !== null) sources.push(equal('brand', f.brand));
  if (f.familyKey !== null) sources.push(equal('familyKey', f.familyKey));
  if (f.categoryId !== null) sources.push(equal('categoryId', f.categoryId));
  if (f.passedModeration !== null) sources.push(equal('moderationKey', f.passedModeration ? 1 : 0));
  if (f.buyBlock !== null) sources.push(flag(filterKey('buyBlock', f.buyBlock)));
  if (f.isMainProduct !== null) sources.push(flag(filterKey('main', f.isMainProduct)));
  if (f.isExportOnBol !== null) sources.push(flag(filterKey('export', f.isExportOnBol)));
  if (f.isChangeEan !== null) sources.push(flag(filterKey('changeEan', f.isChangeEan)));
  if (f.hasDescription !== null) sources.push(flag(filterKey('description', f.hasDescription)));
  if (f.inStock !== null) sources.push(flag(filterKey('inStock', f.inStock)));
  if (f.numberOfImages !== null) sources.push(flag(filterKey('images', f.numberOfImages)));
  if (f.priceFrom !== null || f.priceTo !== null) {
    const from = f.priceFrom ?? -Infinity;
    const to = f.priceTo ?? Infinity;
    if (from <= to) sources.push(() => products.where('sellingPrice').between(from, to, true, true).primaryKeys());
    else sources.push(async () => []);
  }
  return { sources, needsRecords };
}

/** The ids in every list (the smallest one drives). */
function intersect(lists: number[][]): Set<number> {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let result = new Set(sorted[0] ?? []);
  for (const list of sorted.slice(1)) {
    const other = new Set(list);
    result = new Set([...result].filter((id) => other.has(id)));
    if (result.size === 0) break;
  }
  return result;
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

/** At most this many records are read to merge a page from a sort order with the products written since. */
const MERGE_READS_UP_TO = 1_000;

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
  if (f.sort.key === 'productId') {
    const ids = [...candidates].sort((a, b) => (descending ? b - a : a - b));
    return productsOf(db, ids.slice(skip, skip + f.size));
  }
  const order = sortOrder === null ? null : await sortOrder;
  if (!order) return null;
  const changed = [...order.changed].filter((id) => candidates.has(id));
  const wanted = skip + f.size;
  if (wanted + changed.length > MERGE_READS_UP_TO) return null;
  const { first, held } = firstInOrder(order.ids, descending, candidates, order.changed, wanted);
  if (held + changed.length !== candidates.size) return null;
  // The page lies among the first `wanted` of the order and the changed ones: sorted by the same rules.
  return filterProductsLocally(await productsOf(db, [...first, ...changed]), query).content;
}

async function productsOf(db: BackofficeDatabase, ids: readonly number[]): Promise<Product[]> {
  const records = await db.products.bulkGet([...ids]);
  return records.filter((record): record is CachedProduct => record !== undefined).map(fromCachedProduct);
}

/** The page of `query` from the kept products, read through the indexes where they answer it. */
export async function queryKeptProducts(db: BackofficeDatabase, query: ProductQuery, readCandidatesUpTo = READ_CANDIDATES_UP_TO): Promise<ProductPage> {
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const plan = planOf(db, f);
  // The sort order is read beside the indexes (a filtered view sorted by an indexed key uses it).
  const sortOrder = !plan.needsRecords && plan.sources.length > 0 && isSortOrderKey(f.sort.key) ? readSortOrder(db, f.sort.key).catch(() => null) : null;
  const lists = await Promise.all(plan.sources.map((source) => source()));
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
