/**
 * One main product per family: the product saved as main takes over from any other, and each
 * product that stops being main gets a history entry of its own, in the name of the person who
 * saved (docs/products.md "History").
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { HistoryHow } from '../../shared/contract';
import { products } from '../db/schema';
import type { Queryable } from '../db/query-rows';
import type { HistoryRecord } from './product-history';

/** A product that stopped being main, and its version after that. */
export interface DemotedProduct {
  productId: number;
  version: number;
}

/** Makes every other main product of the family an ordinary member; answers which ones were. */
export async function demoteOtherMains(tx: Queryable, familyKey: string, newMainId: number, now: Date): Promise<DemotedProduct[]> {
  return tx
    .update(products)
    .set({ mainProduct: false, version: sql`${products.version} + 1`, dateUpdate: now })
    .where(and(eq(products.familyKey, familyKey), eq(products.mainProduct, true), ne(products.productId, newMainId)))
    .returning({ productId: products.productId, version: products.version });
}

/**
 * The history entries of the demoted products: 'Is main product' from yes to no, naming the
 * product that became main (`becameMain`), by whoever saved it.
 */
export function demotedHistory(
  demoted: readonly DemotedProduct[],
  newMain: { productId: number; title: string },
  who: { author: string; how: HistoryHow; deviceAt: Date | null },
  now: Date,
): HistoryRecord[] {
  return demoted.map((product) => ({
    productId: product.productId,
    author: who.author,
    how: who.how,
    deviceAt: who.deviceAt,
    serverAt: now,
    version: product.version,
    changes: [{ field: 'mainProduct', old: true, new: false, becameMain: { productId: newMain.productId, title: newMain.title } }],
  }));
}
