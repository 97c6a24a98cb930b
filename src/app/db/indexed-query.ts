/**
 * Answers a product list query from the kept products (docs/offline.md "Reads"): the list's columns
 * (kept-columns.ts) give the page's ids and the number of matches, with the products written since
 * they were built checked on their records, and only the records of the page are read. The answer
 * is the one filterProductsLocally gives over every kept product
 * (tests/unit/offline-indexed-query.test.ts).
 */
import type { Product, ProductPage } from '../../shared/contract';
import { readProductFilterLeniently } from '../../shared/product-filter';
import { fromCachedProduct, type CachedProduct } from './cached-product';
import type { BackofficeDatabase } from './database';
import { pageFromColumns } from './kept-columns';
import { keptColumnsNow } from './kept-columns-store';
import { normalizeProductQuery, type ProductQuery } from './query-key';

/** The page of `query` from the kept products. */
export async function queryKeptProducts(db: BackofficeDatabase, query: ProductQuery): Promise<ProductPage> {
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  const { columns, written } = await keptColumnsNow(db);
  const { ids, total } = pageFromColumns(columns, f, query, written);
  const writtenById = new Map(written.map((product) => [product.productId, product]));
  const toRead = ids.filter((id) => !writtenById.has(id));
  const read = new Map((await db.products.bulkGet(toRead)).filter((record): record is CachedProduct => record !== undefined).map((record) => [record.productId, record]));
  const content: Product[] = [];
  for (const id of ids) {
    const record = writtenById.get(id) ?? read.get(id);
    if (record) content.push(fromCachedProduct(record));
  }
  return { content, totalPages: Math.ceil(total / f.size), totalElements: total };
}
