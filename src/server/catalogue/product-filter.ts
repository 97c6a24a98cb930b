/** Runs the product filter: one page of products plus the exact number of matches. */
import { count } from 'drizzle-orm';
import type { Page, Product } from '../../shared/contract';
import { products } from '../db/schema';
import type { ProductFilter } from '../../shared/product-filter';
import { productFilterCondition, productOrder } from './product-filter-sql';
import { loadProducts, type Queryable } from './product-read-model';

/**
 * The total is exact. Counting is the expensive part, so it is skipped only when the page itself
 * proves the total: a page that is not full (and not past the end) is the last one, so
 * total = rows before it + rows on it.
 */
export function totalFromPage(page: number, size: number, rowsOnPage: number): number | null {
  if (rowsOnPage < size && (rowsOnPage > 0 || page === 0)) return page * size + rowsOnPage;
  return null;
}

export async function filterProducts(db: Queryable, filter: ProductFilter): Promise<Page<Product>> {
  const where = productFilterCondition(filter);
  // Page the ids first and load the rows for those ids only: deep pages skip over narrow index
  // entries instead of joining every skipped row.
  const pageRows = await db
    .select({ productId: products.productId })
    .from(products)
    .where(where)
    .orderBy(...productOrder(filter))
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const ids = pageRows.map((row) => row.productId);

  let totalElements = totalFromPage(filter.page, filter.size, ids.length);
  if (totalElements === null) {
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    totalElements = counted?.total ?? 0;
  }

  return {
    content: await loadProducts(db, ids),
    totalElements,
    totalPages: Math.ceil(totalElements / filter.size),
    number: filter.page,
    size: filter.size,
  };
}
