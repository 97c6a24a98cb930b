/**
 * Answers a product list query from cached products when the network cannot (offline, a query
 * never seen before). Same semantics as GET /api/v1/bol/product/filter (docs/products.md), except
 * that a value the server would refuse is ignored here instead: offline, showing more is better
 * than showing an error.
 */
import { PRODUCT_SORT_KEYS, type ProductSortKey } from '../../shared/constants';
import { ALL_SUPPLIERS_NAME, DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { Product, ProductPage } from '../../shared/contract';
import { parsePrice } from '../../shared/rules/price';
import { normalizeProductQuery, type ProductQuery } from './query-key';

type SortKey = ProductSortKey;

function parseBoolean(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return null;
}

function parseStock(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'instock') return true;
  if (lower === 'false' || lower === 'outofstock') return false;
  return null;
}

function parseWhole(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

function parseSort(value: string | undefined): { key: SortKey; descending: boolean } {
  const [rawKey, rawDirection] = (value ?? '').split(',').map((part) => part.trim());
  const key = PRODUCT_SORT_KEYS.find((candidate) => candidate === rawKey);
  if (!key) return { key: 'dateUpdate', descending: true };
  return { key, descending: (rawDirection ?? 'asc').toLowerCase() === 'desc' };
}

function dayStart(day: string | undefined): number | null {
  if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/** The predicate of the query's filters. */
export function productMatcher(query: ProductQuery): (product: Product) => boolean {
  const q = normalizeProductQuery(query);
  const keyword = q.keyword?.toLowerCase();
  const exactKeyword = q.keyword;
  const supplierName = q.supplierName === ALL_SUPPLIERS_NAME ? undefined : q.supplierName;
  const passedModeration = parseBoolean(q.passedModeration);
  const hasDescription = parseBoolean(q.hasDescription);
  const buyBlock = parseBoolean(q.buyBlock);
  const isMainProduct = parseBoolean(q.isMainProduct);
  const isExportOnBol = parseBoolean(q.isExportOnBol);
  const isChangeEan = parseBoolean(q.isChangeEan);
  const inStock = parseStock(q.stock);
  const priceFrom = q.priceFrom === undefined ? null : parsePrice(q.priceFrom);
  const priceTo = q.priceTo === undefined ? null : parsePrice(q.priceTo);
  const categoryId = parseWhole(q.categoryId);
  const numberOfImages = parseWhole(q.numberOfImages);
  const from = dayStart(q.dateFrom);
  const toStart = dayStart(q.dateTo);
  const to = toStart === null ? null : toStart + 24 * 60 * 60 * 1000;

  return (p) => {
    if (keyword !== undefined && exactKeyword !== undefined) {
      const inTitle = p.title.toLowerCase().includes(keyword);
      const exact = p.ean === exactKeyword || p.sku === exactKeyword || p.supplierEan === exactKeyword;
      if (!inTitle && !exact) return false;
    }
    if (supplierName !== undefined && p.supplier.supplierName !== supplierName) return false;
    if (q.brand !== undefined && p.brand !== q.brand) return false;
    if (q.familyKey !== undefined && p.familyKey !== q.familyKey) return false;
    if (passedModeration !== null && p.passedModeration !== passedModeration) return false;
    if (hasDescription !== null && (p.description.trim() !== '') !== hasDescription) return false;
    if (buyBlock !== null && p.buyBlock !== buyBlock) return false;
    if (isMainProduct !== null && p.mainProduct !== isMainProduct) return false;
    if (isExportOnBol !== null && p.isExportOnBol !== isExportOnBol) return false;
    if (isChangeEan !== null && p.isChangeEan !== isChangeEan) return false;
    if (inStock !== null && p.stock > 0 !== inStock) return false;
    if (priceFrom !== null && p.sellingPrice < priceFrom) return false;
    if (priceTo !== null && p.sellingPrice > priceTo) return false;
    if (categoryId !== null && categoryId !== 0 && p.categoryId !== categoryId) return false;
    if (numberOfImages !== null && p.productImages.length !== numberOfImages) return false;
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
  const q = normalizeProductQuery(query);
  const size = Math.min(200, Math.max(1, parseWhole(q.size) ?? DEFAULT_PAGE_SIZE));
  const page = parseWhole(q.page) ?? 0;
  const { key, descending } = parseSort(q.sort);
  const direction = descending ? -1 : 1;
  const matches = products.filter(productMatcher(query));
  matches.sort((a, b) => direction * (compareValues(a[key], b[key]) || a.productId - b.productId));
  return {
    content: matches.slice(page * size, page * size + size),
    totalPages: Math.ceil(matches.length / size),
    totalElements: matches.length,
  };
}
