/**
 * "Send anyway" (docs/bol.md, "Guard rails"): a person waves a held-back change through. The hold
 * is recorded as approved by them (the history of the change names them) and the product is due
 * again; a first sync approved once stays approved. Only the kind of hold that stopped the change
 * is approved, so a change that trips another guard rail is held again with that reason.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/query-rows';

/** Answers false when nothing is held back for the product. */
export async function sendAnyway(db: Queryable, productId: number, by: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`update bol_offer_sync set
          approved = approved || jsonb_build_array(jsonb_build_object('kind', hold_kind, 'by', ${by}::text, 'at', ${now.toISOString()}::text)),
          first_sync_approved_by = case when hold_kind = 'first-sync' then ${by}::text else first_sync_approved_by end,
          feed_job = case when hold_kind = 'feed-batch' then null else feed_job end,
          hold_kind = null, hold_reason = '', hold_changes = '[]'::jsonb, held_at = null,
          due = true, due_since = now(), next_attempt_at = null, updated_at = now()
        where product_id = ${productId} and hold_kind is not null
        returning product_id`,
  );
  return rows.length > 0;
}
