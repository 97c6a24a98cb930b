/**
 * The state of a product's offer on bol as the offer sync keeps it (bol_offer_sync), as SQL, so
 * the /report counts and the product filter (`offerState`) use the very same rule (docs/bol.md,
 * "Offers follow the catalogue"). The text is constant; the state compared to is bound.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OfferStateName } from '../../shared/product-filter';

/** The state of the bol_offer_sync row `s`, one of OFFER_STATES; the first that holds, in this order. */
export const OFFER_STATE_SQL = sql`case
    when s.hold_kind is not null then 'held'
    when s.error is not null and s.next_attempt_at is null and not s.due then 'failed'
    when s.due or s.in_flight is not null or s.feed_job is not null then 'waiting'
    when s.on_bol is not null and not coalesce((s.on_bol->>'onHold')::boolean, false) then 'live'
    else 'none' end`;

/**
 * The outer `products` row's offer is in `state`. A product without a bol_offer_sync row counts
 * as `none`, so `none` is "no row in another state".
 */
export function offerStateCondition(state: OfferStateName): SQL {
  // The outer row named in full, as in bol-state-sql.ts: drizzle leaves a one-table select's columns unqualified.
  const ofProduct = sql.raw(`s.product_id = "products"."product_id"`);
  if (state === 'none') return sql`not exists (select 1 from bol_offer_sync s where ${ofProduct} and ${OFFER_STATE_SQL} <> 'none')`;
  return sql`exists (select 1 from bol_offer_sync s where ${ofProduct} and ${OFFER_STATE_SQL} = ${state})`;
}
