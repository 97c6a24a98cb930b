/**
 * Answers a product list query from the kept products (docs/offline.md "Reads"): the list's columns
 * (kept-columns.ts) give the page's ids and the number of matches, with the products written since
 * they were built checked on their records, and only the records of the page are read. The answer
 * is the one filterProductsLocally gives over every kept product
 * (tests/unit/offline-indexed-query.test.ts).
 */
import type { ProductPage } from '../../shared/contract';
import { readProductFilterLeniently } from '../../shared/product-filter';
import type { BackofficeDatabase } from './database';
import { idsToRead, pageContent } from './kept-answer';
import { pageFromColumns } from './kept-columns';
import { keptColumnsNow } from './kept-columns-store';
import { normalizeProductQuery, type ProductQuery } from './query-key';

/** The page of `query` from the kept products. */
export async function queryKeptProducts(db: BackofficeDatabase, query: ProductQuery): Promise<ProductPage> {
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const { columns, written } = await keptColumnsNow(db);
  const { ids, total } = pageFromColumns(columns, f, query, written);
  const content = pageContent(ids, written, await db.products.bulkGet(idsToRead(ids, written)));
  return { content, totalPages: Math.ceil(total / f.size), totalElements: total };
}
