/**
 * A checked ProductFilter as drizzle conditions and ordering. Every user value goes in as a bound
 * parameter. Names (supplier, brand) are resolved by scalar sub-selects, so the planner can still
 * use the product indexes on supplier_id and brand_id.
 */
import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { brands, products, suppliers } from '../db/schema';
import type { ProductFilter, ProductSortKey } from '../../shared/product-filter';
import { bolStateCondition, productHasOffer } from './bol-state-sql';
import { offerStateCondition } from './offer-state-sql';

export const SORT_COLUMNS: Record<ProductSortKey, AnyPgColumn> = {
  productId: products.productId,
  dateUpdate: products.dateUpdate,
  dateCreate: products.dateCreate,
  sellingPrice: products.sellingPrice,
  priceSupplier: products.priceSupplier,
  deliveryPrice: products.deliveryPrice,
  title: products.title,
  ean: products.ean,
  supplierEan: products.supplierEan,
  sku: products.sku,
  stock: products.stock,
  numberOfImages: products.numberOfImages,
};

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The first instant after the given UTC day. */
function dayAfter(date: string): Date {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

function flag(column: AnyPgColumn, value: boolean | null): SQL | undefined {
  return value === null ? undefined : eq(column, value);
}

/** The filter's supplier and brand names already looked up (null: no such supplier or brand). */
export interface ResolvedNames {
  supplierId: number | null;
  brandId: number | null;
}

/** `column = id`, or no match at all when the name named nothing. */
function idCondition(column: AnyPgColumn, id: number | null): SQL {
  return id === null ? sql`false` : eq(column, id);
}

/**
 * Which products a keyword matches: `any` = its title contains it or its EAN, SKU or supplier EAN
 * equals it (the filter's rule); the two halves without overlap, for counting them apart
 * (product-filter.ts, countQuery): `title` = the title contains it, `identifierOnly` = an
 * identifier equals it and the title does not contain it.
 */
export type KeywordPart = 'any' | 'title' | 'identifierOnly';

function keywordCondition(keyword: string, part: KeywordPart): SQL | undefined {
  // = title ILIKE pattern: ILIKE lower-cases both sides the same way (docs/products.md "Speed").
  const inTitle = sql`${products.titleLower} like lower(${likeContains(keyword)})`;
  if (part === 'title') return inTitle;
  const identifier = or(eq(products.ean, keyword), eq(products.sku, keyword), eq(products.supplierEan, keyword));
  // title_lower is never null, so "not contains" is true or false, never unknown.
  if (part === 'identifierOnly') return and(identifier, sql`not (${inTitle})`);
  return or(inTitle, identifier);
}

/**
 * The filter as one condition. With `names`, the supplier and brand are compared to those ids
 * (the same rows as the sub-selects; the planner can then estimate how many rows match). With
 * `keywordPart`, only that part of the keyword's rule (KeywordPart).
 */
export function productFilterCondition(filter: ProductFilter, names?: ResolvedNames, keywordPart: KeywordPart = 'any'): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.supplierName === null
      ? undefined
      : names
        ? idCondition(products.supplierId, names.supplierId)
        : eq(products.supplierId, sql`(select ${suppliers.supplierId} from ${suppliers} where ${suppliers.supplierName} = ${filter.supplierName})`),
    filter.brand === null
      ? undefined
      : names
        ? idCondition(products.brandId, names.brandId)
        : eq(products.brandId, sql`(select ${brands.brandId} from ${brands} where ${brands.brandName} = ${filter.brand})`),
    filter.keyword === null ? undefined : keywordCondition(filter.keyword, keywordPart),
    flag(products.passedModeration, filter.passedModeration),
    filter.hasDescription === null
      ? undefined
      : filter.hasDescription
        ? sql`${products.description} <> ''`
        : eq(products.description, ''),
    flag(products.buyBlock, filter.buyBlock),
    flag(products.mainProduct, filter.isMainProduct),
    flag(products.isExportOnBol, filter.isExportOnBol),
    flag(products.isChangeEan, filter.isChangeEan),
    filter.inStock === null ? undefined : filter.inStock ? gt(products.stock, 0) : eq(products.stock, 0),
    filter.priceFrom === null ? undefined : gte(products.sellingPrice, filter.priceFrom),
    filter.priceTo === null ? undefined : lte(products.sellingPrice, filter.priceTo),
    filter.categoryId === null ? undefined : eq(products.categoryId, filter.categoryId),
    filter.dateFrom === null ? undefined : gte(products.dateUpdate, new Date(`${filter.dateFrom}T00:00:00Z`)),
    filter.dateTo === null ? undefined : lt(products.dateUpdate, dayAfter(filter.dateTo)),
    filter.numberOfImages === null ? undefined : eq(products.numberOfImages, filter.numberOfImages),
    filter.familyKey === null ? undefined : eq(products.familyKey, filter.familyKey),
    filter.bolState === null ? undefined : bolStateCondition(filter.bolState),
    filter.hasOffer === null ? undefined : filter.hasOffer ? productHasOffer : sql`not ${productHasOffer}`,
    filter.offerState === null ? undefined : offerStateCondition(filter.offerState),
  ];
  return and(...conditions);
}

/** The sort column, then productId in the same direction: a stable order that one index can serve. */
export function productOrder(filter: Pick<ProductFilter, 'sort'>): SQL[] {
  const direction = filter.sort.direction === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[filter.sort.key];
  return column === products.productId ? [direction(column)] : [direction(column), direction(products.productId)];
}
