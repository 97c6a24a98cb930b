/** PUT /api/v1/product/family: the main product's inherited fields onto every other member, in one transaction. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Product } from '../../shared/contract';
import type { Database } from '../db/connection';
import { brands, products } from '../db/schema';
import { recordHistory, type HistoryRecord } from './product-history';
import { ApiError } from '../http/errors';
import { INHERITED_FIELDS, inheritedValues, inheritRefusal, memberDiffers, type InheritedField, type InheritedValues } from './family-inheritance';
import { loadProduct, type ProductRow } from './product-read-model';
import type { Queryable } from '../db/query-rows';

export interface FamilyApplyResult {
  main: Product;
  /** Members whose data changed (and whose version went up). */
  membersUpdated: number;
  /** Their product ids, ascending. */
  changedMemberIds: number[];
}

/** The history of an inheritance: per changed member, the inherited fields that changed (brands by name). */
async function familyHistory(
  tx: Queryable,
  members: readonly ProductRow[],
  values: InheritedValues,
  updated: readonly { productId: number; version: number }[],
  author: string,
  now: Date,
): Promise<HistoryRecord[]> {
  const brandIds = [...new Set([values.brandId, ...members.map((member) => member.brandId)].filter((id): id is number => id !== null))];
  const names = new Map(
    brandIds.length === 0 ? [] : (await tx.select().from(brands).where(inArray(brands.brandId, brandIds))).map((brand) => [brand.brandId, brand.brandName]),
  );
  const shown = (field: InheritedField, value: unknown) => (field === 'brandId' ? (value === null ? null : (names.get(value as number) ?? null)) : value);
  return updated.flatMap(({ productId, version }) => {
    const member = members.find((candidate) => candidate.productId === productId);
    if (!member) return [];
    const changes = INHERITED_FIELDS.filter((field) => member[field] !== values[field]).map((field) => ({
      field: field === 'brandId' ? 'brand' : field,
      old: shown(field, member[field]),
      new: shown(field, values[field]),
    }));
    return [{ productId, author, how: 'family' as const, deviceAt: null, serverAt: now, version, changes }];
  });
}

export async function applyFamily(db: Database, mainProductId: number, familyKey: string, now: Date, who: { author: string }): Promise<FamilyApplyResult> {
  return db.transaction(async (tx) => {
    const [main] = await tx.select().from(products).where(eq(products.productId, mainProductId)).for('share');
    if (!main) throw new ApiError(404, `Product ${mainProductId} does not exist`);
    const refusal = inheritRefusal(main, familyKey);
    if (refusal) throw new ApiError(409, refusal);

    const values = inheritedValues(main);
    const members = await tx
      .select()
      .from(products)
      .where(and(eq(products.familyKey, familyKey), ne(products.productId, mainProductId)))
      .for('update');
    const changing = members.filter((member) => memberDiffers(member, values)).map((member) => member.productId);
    if (changing.length > 0) {
      const updated = await tx
        .update(products)
        .set({ ...values, version: sql`${products.version} + 1`, dateUpdate: now })
        .where(inArray(products.productId, changing))
        .returning({ productId: products.productId, version: products.version });
      await recordHistory(tx, await familyHistory(tx, members, values, updated, who.author, now));
    }
    const loaded = await loadProduct(tx, mainProductId);
    if (!loaded) throw new Error(`product ${mainProductId} vanished while inheriting`);
    return { main: loaded, membersUpdated: changing.length, changedMemberIds: [...changing].sort((a, b) => a - b) };
  });
}
