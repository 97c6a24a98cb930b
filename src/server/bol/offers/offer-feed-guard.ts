/**
 * The broken-feed guard (docs/bol.md, "Guard rails"): offer changes a feed import made wait until
 * that import has ended; then, when it dropped the stock of more than the seller's share of its
 * supplier's bol catalogue to 0, the whole batch is held for a person to confirm, else it is
 * released to be sent.
 */
import { sql } from 'drizzle-orm';
import { feedBatchTooDestructive, type OfferGuardSettings } from '../../../shared/bol-offer-sync';
import { queryRows, type Queryable } from '../../db/query-rows';

export interface FeedBatchCheck {
  jobId: number;
  zeroed: number;
  catalogue: number;
  held: boolean;
}

/** Checks every ended feed import whose offer changes wait; answers what it decided. */
export async function checkFeedBatches(db: Queryable, settings: OfferGuardSettings, now: Date): Promise<FeedBatchCheck[]> {
  const waiting = await queryRows<{ job_id: number; status: string | null; supplier_id: number | null; supplier_name: string | null }>(
    db,
    sql`select w.job_id, j.status, j.supplier_id, s.supplier_name
          from (select distinct feed_job as job_id from bol_offer_sync where feed_job is not null and hold_kind is distinct from 'feed-batch') w
          left join jobs j on j.id = w.job_id
          left join suppliers s on s.supplier_id = j.supplier_id`,
  );
  const checks: FeedBatchCheck[] = [];
  for (const batch of waiting) {
    if (batch.status === 'queued' || batch.status === 'running') continue;
    const [counts] = await queryRows<{ zeroed: number; catalogue: number }>(
      db,
      sql`select
            (select count(*)::int from bol_offer_sync o join products p on p.product_id = o.product_id
              where o.feed_job = ${batch.job_id} and o.feed_stock_from > 0 and p.stock = 0) as zeroed,
            (select count(*)::int from products p where p.supplier_id = ${batch.supplier_id ?? -1} and p.is_export_on_bol) as catalogue`,
    );
    const zeroed = counts?.zeroed ?? 0;
    const catalogue = counts?.catalogue ?? 0;
    const held = feedBatchTooDestructive(zeroed, catalogue, settings);
    if (held) {
      const reason = `The feed import of ${batch.supplier_name ?? 'a supplier'} set the stock of ${zeroed} of its ${catalogue} products on bol to 0: confirm the batch to send it.`;
      await db.execute(sql`update bol_offer_sync set hold_kind = 'feed-batch', hold_reason = ${reason}, hold_changes = '[]'::jsonb,
          held_at = ${now.toISOString()}::timestamptz, due = false, updated_at = now()
        where feed_job = ${batch.job_id} and in_flight is null`);
    } else {
      await db.execute(sql`update bol_offer_sync set feed_job = null, feed_stock_from = null, updated_at = now() where feed_job = ${batch.job_id}`);
    }
    checks.push({ jobId: batch.job_id, zeroed, catalogue, held });
  }
  return checks;
}

/** A person confirms a held feed batch: its changes are sent (the history names them). Answers how many products it released. */
export async function confirmFeedBatch(db: Queryable, jobId: number, by: string, now: Date): Promise<number> {
  const approval = JSON.stringify([{ kind: 'feed-batch', by, at: now.toISOString() }]);
  const rows = await queryRows<{ product_id: number }>(
    db,
    sql`update bol_offer_sync set hold_kind = null, hold_reason = '', hold_changes = '[]'::jsonb, held_at = null,
          feed_job = null, feed_stock_from = null, due = true, due_since = now(), next_attempt_at = null,
          approved = ${approval}::jsonb, updated_at = now()
        where feed_job = ${jobId} and hold_kind = 'feed-batch' returning product_id`,
  );
  return rows.length;
}
