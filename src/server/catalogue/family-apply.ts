/** PUT /api/v1/product/family: the main product's inherited fields onto every other member, in one transaction. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Product } from '../../shared/contract';
import type { Database } from '../db/connection';
import { products } from '../db/schema';
import { ApiError } from '../http/errors';
import { inheritedValues, inheritRefusal, memberDiffers } from './family-inheritance';
import { loadProduct } from './product-read-model';

export interface FamilyApplyResult {
  main: Product;
  /** Members whose data changed (and whose version went up). */
  membersUpdated: number;
  /** Their product ids, ascending. */
  changedMemberIds: number[];
}

export async function applyFamily(db: Database, mainProductId: number, familyKey: string, now: Date): Promise<FamilyApplyResult> {
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
      await tx
        .update(products)
        .set({ ...values, version: sql`${products.version} + 1`, dateUpdate: now })
        .where(inArray(products.productId, changing));
    }
    const loaded = await loadProduct(tx, mainProductId);
    if (!loaded) throw new Error(`product ${mainProductId} vanished while inheriting`);
    return { main: loaded, membersUpdated: changing.length, changedMemberIds: [...changing].sort((a, b) => a - b) };
  });
}
