/**
 * A product's offer as its marketplace state shows it (GET /api/v1/bol/state/{productId},
 * `offerSync`), and the counts of offer states (/report). docs/bol.md, "Offers follow the catalogue".
 */
import { eq, sql } from 'drizzle-orm';
import { desiredOffer, importedOnBol, type OfferHistoryField, type OfferHoldKind, type OfferOnBol, type OfferStateName, type OfferSyncState } from '../../../shared/bol-offer-sync';
import type { BolOffer } from '../../../shared/bol-contract';
import { queryRows, type Queryable } from '../../db/query-rows';
import { products } from '../../db/schema';
import { OFFER_STATE_SQL } from '../../catalogue/offer-state-sql';
import { loadOfferSettings, stockBufferOf } from './offer-sync-settings';
import { syncRowOf } from './offer-sync-store';

export async function offerSyncState(db: Queryable, productId: number, imported: BolOffer | null): Promise<OfferSyncState> {
  const row = await syncRowOf(db, productId);
  const [product] = await db.select().from(products).where(eq(products.productId, productId));
  const settings = await loadOfferSettings(db);
  const wish = product ? desiredOffer(product, stockBufferOf(settings, product.supplierId)) : null;
  const onBol: OfferOnBol | null = (row?.source === 'sync' ? (row.onBol as OfferOnBol | null) : null) ?? (imported ? importedOnBol(imported) : ((row?.onBol as OfferOnBol | null) ?? null));
  const held = row?.holdKind ? (row.holdKind as OfferHoldKind) : null;
  return {
    onBol,
    source: row?.source === 'sync' ? 'sync' : imported ? 'import' : null,
    lastSentAt: row?.lastSentAt?.toISOString() ?? null,
    waiting: Boolean(row && !held && (row.due || row.inFlight !== null || row.feedJob !== null)),
    waitingSince: row && !held && row.due ? (row.dueSince?.toISOString() ?? null) : null,
    heldBack:
      held && row
        ? { kind: held, reason: row.holdReason, since: row.heldAt?.toISOString() ?? '', changes: row.holdChanges as { field: OfferHistoryField; old: string; new: string }[] }
        : null,
    error: row?.error ?? null,
    attempts: row?.attempts ?? 0,
    nextAttemptAt: row?.nextAttemptAt?.toISOString() ?? null,
    notPublishableReasons: (row?.notPublishable as { code: string; description: string }[] | undefined) ?? [],
    notOffered: wish && !wish.offer ? wish.reason : null,
  };
}

/** How many products' offers are live, waiting, held back or failed. */
export async function offerStateCounts(db: Queryable): Promise<Record<Exclude<OfferStateName, 'none'>, number>> {
  const rows = await queryRows<{ state: OfferStateName; n: number }>(db, sql`select ${OFFER_STATE_SQL} as state, count(*)::int as n from bol_offer_sync s group by 1`);
  const counts = { live: 0, waiting: 0, held: 0, failed: 0 };
  for (const row of rows) if (row.state !== 'none') counts[row.state] = row.n;
  return counts;
}
