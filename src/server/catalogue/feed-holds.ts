/**
 * "Keep mine" on a supplier value the feed held back (docs/feeds.md, "Held-back values"): the hold
 * is marked dismissed, so the product no longer shows it and the same feed value is not shown
 * again; a newer feed value is held back afresh. The product's version goes up, so every device's
 * copy drops the note. A person's save that writes the held value ends a hold by itself (the
 * trigger products_end_met_feed_holds, migration 0016). Ending a hold that is already ended (or
 * was never there) changes nothing and answers the product: "Keep mine" goes through the outbox,
 * and a send repeated after a lost answer must be harmless (docs/offline.md, "Writes").
 */
import { sql } from 'drizzle-orm';
import { isFeedField } from '../../shared/feed-fields';
import type { Product } from '../../shared/contract';
import type { Database } from '../db/connection';
import { queryRows } from '../db/query-rows';
import { ApiError } from '../http/errors';
import { loadProduct } from './product-read-model';

export async function dismissHeldValue(db: Database, productId: number, field: string): Promise<Product> {
  if (!isFeedField(field)) throw new ApiError(400, `'${field.slice(0, 40)}' is not a field a supplier feed writes`);
  await queryRows<{ held: boolean }>(
    db,
    sql`update products p
           set feed_held = jsonb_set(p.feed_held, array[${field}::text, 'dismissed'], 'true'::jsonb),
               version = p.version + 1
         where p.product_id = ${productId}
           and p.feed_held->${field}::text is not null
           and not coalesce((p.feed_held->${field}::text->>'dismissed')::boolean, false)
        returning true as held`,
  );
  const product = await loadProduct(db, productId);
  if (!product) throw new ApiError(404, `Product ${productId} does not exist`);
  return product;
}
