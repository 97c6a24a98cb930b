/** The lists the product screens choose from: brands, categories and family keys. */
import { and, asc, eq, exists, isNotNull, ne, sql } from 'drizzle-orm';
import type { Brand, Category, FamilyKey } from '../../shared/contract';
import { brands, categories, products } from '../db/schema';
import type { Queryable } from '../db/query-rows';

/** Every brand by name; with a supplier id, only brands that have products of that supplier. */
export async function listBrands(db: Queryable, supplierId: number | null): Promise<Brand[]> {
  const ofSupplier =
    supplierId === null
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(products)
            .where(and(eq(products.brandId, brands.brandId), eq(products.supplierId, supplierId))),
        );
  return db
    .select({ brandId: brands.brandId, brandName: brands.brandName })
    .from(brands)
    .where(ofSupplier)
    .orderBy(asc(brands.brandName), asc(brands.brandId));
}

export async function listCategories(db: Queryable): Promise<Category[]> {
  return db
    .select({ categoryId: categories.categoryId, categoryName: categories.categoryName })
    .from(categories)
    .orderBy(asc(categories.categoryName), asc(categories.categoryId));
}

/** Distinct family keys in use, sorted. */
export async function listFamilyKeys(db: Queryable): Promise<FamilyKey[]> {
  const rows = await db
    .selectDistinct({ familyKey: products.familyKey })
    .from(products)
    .where(and(isNotNull(products.familyKey), ne(products.familyKey, '')))
    .orderBy(asc(products.familyKey));
  return rows.flatMap((row) => (row.familyKey === null ? [] : [row.familyKey]));
}
