/** Runs the product filter: one page of products plus the number of matches (product-total.ts). */
import { count, sql, type SQL } from 'drizzle-orm';
import type { Page, Product } from '../../shared/contract';
import { jsonValue, queryRows, type Queryable } from '../db/query-rows';
import { keptUntilWrite } from '../db/kept-until-write';
import { withValuePlans } from '../db/value-plans';
import { brands, products, suppliers } from '../db/schema';
import type { ProductFilter } from '../../shared/product-filter';
import { productFilterCondition, productOrder, type ResolvedNames } from './product-filter-sql';
import { loadProducts } from './product-read-model';
import { EXACT_COUNT_LIMIT, pageProvesOverLimit, totalFromCappedCount, totalFromPage, type ProductTotal } from './product-total';

export { totalFromPage } from './product-total';

/** The ids of the page's products in the filter's order. */
export function pageQuery(db: Queryable, filter: ProductFilter) {
  return db
    .select({ productId: products.productId })
    .from(products)
    .where(productFilterCondition(filter))
    .orderBy(...productOrder(filter))
    .limit(filter.size)
    .offset(filter.page * filter.size);
}

/** The products matching `condition`, no more than EXACT_COUNT_LIMIT + 1 of them. */
function cappedMatches(db: Queryable, condition: SQL | undefined) {
  return db.select({ one: sql`1` }).from(products).where(condition).limit(EXACT_COUNT_LIMIT + 1);
}

/**
 * The number of matches, counting no further than EXACT_COUNT_LIMIT + 1. A keyword's two halves
 * are counted apart (KeywordPart: no product in both): "title contains it" alone can be counted
 * from the lower-case title's own index without reading the table, which the whole rule, with its
 * identifiers, cannot (docs/products.md "Speed").
 */
export function countQuery(db: Queryable, filter: ProductFilter) {
  if (filter.keyword === null) return db.select({ total: count() }).from(cappedMatches(db, productFilterCondition(filter)).as('matches'));
  const identifierOnly = db.select({ n: count() }).from(cappedMatches(db, productFilterCondition(filter, undefined, 'identifierOnly')).as('identifier_matches'));
  return db
    .select({ total: sql<number>`${count()} + (${identifierOnly})`.mapWith(Number) })
    .from(cappedMatches(db, productFilterCondition(filter, undefined, 'title')).as('title_matches'));
}

/** The supplier and brand named in the filter as ids (null: no such one), for the planner's estimate. */
async function resolveNames(db: Queryable, filter: ProductFilter): Promise<ResolvedNames> {
  if (filter.supplierName === null && filter.brand === null) return { supplierId: null, brandId: null };
  const [row] = await queryRows<{ supplierId: number | null; brandId: number | null }>(
    db,
    sql`select
      (select ${suppliers.supplierId} from ${suppliers} where ${suppliers.supplierName} = ${filter.supplierName}) as "supplierId",
      (select ${brands.brandId} from ${brands} where ${brands.brandName} = ${filter.brand}) as "brandId"`,
  );
  return { supplierId: row?.supplierId ?? null, brandId: row?.brandId ?? null };
}

/**
 * The planner's estimate of the number of matches (EXPLAIN, nothing is read). Names are resolved
 * to ids first: with a sub-select the planner can only assume an average supplier or brand.
 */
async function plannerEstimate(db: Queryable, filter: ProductFilter): Promise<number> {
  const names = await resolveNames(db, filter);
  const query = db.select({ productId: products.productId }).from(products).where(productFilterCondition(filter, names));
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const plans = jsonValue<{ Plan?: { 'Plan Rows'?: number } }[]>(Object.values(row ?? {})[0] ?? '[]');
  return plans[0]?.Plan?.['Plan Rows'] ?? 0;
}

/** The filter's matches counted up to EXACT_COUNT_LIMIT + 1 and, above that, the planner's estimate (0 below). */
interface CappedTotal {
  counted: number;
  estimate: number;
}

async function cappedTotal(db: Queryable, filter: ProductFilter, rowsOnPage: number): Promise<CappedTotal> {
  const counted = pageProvesOverLimit(filter.page, filter.size, rowsOnPage) ? EXACT_COUNT_LIMIT + 1 : ((await countQuery(db, filter))[0]?.total ?? 0);
  return { counted, estimate: counted > EXACT_COUNT_LIMIT ? await plannerEstimate(db, filter) : 0 };
}

/**
 * What the count depends on: the filter's conditions, not its page, page size or order. Paging,
 * sorting and resizing a list therefore reuse its count until the next write (kept-until-write.ts).
 */
export function countKey(filter: ProductFilter): string {
  const { page: _page, size: _size, sort: _sort, ...conditions } = filter;
  return `product-filter-total:${JSON.stringify(conditions, Object.keys(conditions).sort())}`;
}

async function productTotal(db: Queryable, filter: ProductFilter, rowsOnPage: number): Promise<ProductTotal> {
  const proven = totalFromPage(filter.page, filter.size, rowsOnPage);
  if (proven !== null) return { totalElements: proven, totalIsEstimate: false };
  // A capped total holds for every page of the filter: "more than the limit" proven by a deep page
  // is as true of its first page.
  const { counted, estimate } = await keptUntilWrite(db, countKey(filter), () => cappedTotal(db, filter, rowsOnPage));
  return totalFromCappedCount(counted, estimate, filter.page, filter.size, rowsOnPage);
}

export async function filterProducts(db: Queryable, filter: ProductFilter): Promise<Page<Product> & { totalIsEstimate: boolean }> {
  // Page the ids first and load the rows for those ids only: deep pages skip over narrow index
  // entries instead of joining every skipped row. The page, the count and the estimate are
  // planned with the filter's values (db/value-plans.ts); the rows by id need no such care.
  const { ids, total } = await withValuePlans(async () => {
    const pageRows = await pageQuery(db, filter);
    const ids = pageRows.map((row) => row.productId);
    return { ids, total: await productTotal(db, filter, ids.length) };
  });
  const content: Product[] = await loadProducts(db, ids);
  return {
    content,
    totalElements: total.totalElements,
    totalPages: Math.ceil(total.totalElements / filter.size),
    number: filter.page,
    size: filter.size,
    totalIsEstimate: total.totalIsEstimate,
  };
}
