/**
 * Answers a product list query from cached products when the network cannot (offline, a query
 * never seen before). Same semantics as GET /api/v1/bol/product/filter (docs/products.md), except
 * that a value the server would refuse is ignored here instead: offline, showing more is better
 * than showing an error.
 */
import type { Product, ProductPage } from '../../shared/contract';
import { readProductFilterLeniently, type ProductFilter, type ProductSortKey } from '../../shared/product-filter';
import { normalizeProductQuery, type ProductQuery } from './query-key';

/** The query read by the shared filter parser, leniently (a wrong value is ignored). */
function readQuery(query: ProductQuery): ProductFilter {
  return readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
}

function dayStart(day: string | null): number | null {
  return day === null ? null : Date.parse(`${day}T00:00:00Z`);
}

/** A product's value of a sort key as the list compares it: a number, a text, or null (sorted first). */
export type SortValue = number | string | null;

const DATE_KEYS: ReadonlySet<string> = new Set<ProductSortKey>(['dateUpdate', 'dateCreate']);

/** The value the list sorts `product` by for `key`: dates as their time (ms), none as null. */
export function sortValue(product: Product, key: ProductSortKey): SortValue {
  const value: unknown = product[key];
  if (DATE_KEYS.has(key)) {
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? null : time;
  }
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** The predicate of the query's filters. */
export function productMatcher(query: ProductQuery): (product: Product) => boolean {
  const f = readQuery(query);
  const keyword = f.keyword?.toLowerCase() ?? null;
  const exactKeyword = f.keyword;
  const from = dayStart(f.dateFrom);
  const toStart = dayStart(f.dateTo);
  const to = toStart === null ? null : toStart + 24 * 60 * 60 * 1000;

  return (p) => {
    if (keyword !== null && exactKeyword !== null) {
      const inTitle = p.title.toLowerCase().includes(keyword);
      const exact = p.ean === exactKeyword || p.sku === exactKeyword || p.supplierEan === exactKeyword;
      if (!inTitle && !exact) return false;
    }
    if (f.supplierName !== null && p.supplier.supplierName !== f.supplierName) return false;
    if (f.brand !== null && p.brand !== f.brand) return false;
    if (f.familyKey !== null && p.familyKey !== f.familyKey) return false;
    if (f.passedModeration !== null && p.passedModeration !== f.passedModeration) return false;
    if (f.hasDescription !== null && (p.description.trim() !== '') !== f.hasDescription) return false;
    if (f.buyBlock !== null && p.buyBlock !== f.buyBlock) return false;
    if (f.isMainProduct !== null && p.mainProduct !== f.isMainProduct) return false;
    if (f.isExportOnBol !== null && p.isExportOnBol !== f.isExportOnBol) return false;
    if (f.isChangeEan !== null && p.isChangeEan !== f.isChangeEan) return false;
    if (f.inStock !== null && p.stock > 0 !== f.inStock) return false;
    if (f.priceFrom !== null && p.sellingPrice < f.priceFrom) return false;
    if (f.priceTo !== null && p.sellingPrice > f.priceTo) return false;
    if (f.categoryId !== null && p.categoryId !== f.categoryId) return false;
    if (f.numberOfImages !== null && p.productImages.length !== f.numberOfImages) return false;
    if (from !== null || to !== null) {
      const updated = Date.parse(p.dateUpdate);
      if (from !== null && updated < from) return false;
      if (to !== null && updated >= to) return false;
    }
    return true;
  };
}

/** Filters, sorts (ties by productId in the same direction) and pages cached products. */
export function filterProductsLocally(products: readonly Product[], query: ProductQuery): ProductPage {
  const { page, size, sort } = readQuery(query);
  const key = sort.key;
  const direction = sort.direction === 'desc' ? -1 : 1;
  const matches = products.filter(productMatcher(query));
  matches.sort((a, b) => direction * (compareValues(sortValue(a, key), sortValue(b, key)) || a.productId - b.productId));
  return {
    content: matches.slice(page * size, page * size + size),
    totalPages: Math.ceil(matches.length / size),
    totalElements: matches.length,
  };
}
