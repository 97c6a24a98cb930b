/**
 * The product's fields (src/shared/product-fields.ts) as the products table stores them: the one
 * place that turns field values into column values for PUT /api/v1/product and the change set
 * (PATCH). Text is trimmed, empty names become null, the description is sanitised, the brand name
 * becomes its brand id (created when new) and the category must exist.
 */
import { eq } from 'drizzle-orm';
import { normalFieldValue, type ProductFieldName, type ProductFieldValues } from '../../shared/product-fields';
import type { products } from '../db/schema';
import { brands, categories } from '../db/schema';
import { ApiError } from '../http/errors';
import { serverSentence } from '../../shared/server-messages';
import type { Queryable } from '../db/query-rows';
import { sanitizeDescription } from './sanitize-description';

export type ProductColumns = Partial<typeof products.$inferInsert>;

async function brandIdFor(tx: Queryable, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [created] = await tx
    .insert(brands)
    .values({ brandName: name })
    .onConflictDoNothing({ target: brands.brandName })
    .returning({ brandId: brands.brandId });
  if (created) return created.brandId;
  const [found] = await tx.select({ brandId: brands.brandId }).from(brands).where(eq(brands.brandName, name));
  if (!found) throw new Error(`brand '${name}' vanished while saving`);
  return found.brandId;
}

async function checkCategory(tx: Queryable, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [found] = await tx.select({ id: categories.categoryId }).from(categories).where(eq(categories.categoryId, categoryId));
  if (!found) throw ApiError.saying(400, serverSentence('categoryMissing', categoryId));
}

/** The column values for these field values (only the fields given). */
export async function productColumns(tx: Queryable, values: Partial<ProductFieldValues>): Promise<ProductColumns> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values) as [ProductFieldName, unknown][]) {
    const normal = normalFieldValue(name, value);
    if (name === 'brand') columns.brandId = await brandIdFor(tx, normal as string | null);
    else if (name === 'categoryId') {
      await checkCategory(tx, normal as number | null);
      columns.categoryId = normal;
    } else if (name === 'description') columns.description = sanitizeDescription(normal as string);
    else columns[name] = normal;
  }
  return columns as ProductColumns;
}
