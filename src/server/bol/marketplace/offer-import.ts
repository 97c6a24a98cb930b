/**
 * "Re-import offers": bol's offer export (request, wait for the process, download the CSV and read
 * it by header), matched to our products by EAN. A product whose EAN is in the export gets the
 * offer in its marketplace state; one whose offer is no longer in it loses it.
 */
import { serverSentence, type ServerSentence } from '../../../shared/server-messages';
import { and, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { bolProductStates, products } from '../../db/schema';
import type { BolClient } from '../client/bol-client';
import type { BolJob } from './bol-jobs';
import { bolStateChanges, offerState, recordBolUpdates, updateState } from './product-state';

export async function importOffers(db: Database, client: BolClient, job: BolJob, now: () => Date): Promise<ServerSentence> {
  const offers = await client.exportOffers();
  job.total = offers.length;
  job.count('offers', offers.length);
  const byEan = new Map(offers.filter((offer) => offer.ean !== '').map((offer) => [offer.ean, offer]));
  const matched = new Set<number>();
  const eans = [...byEan.keys()];
  for (let start = 0; start < eans.length; start += 1_000) {
    const slice = eans.slice(start, start + 1_000);
    const rows = await db.select({ productId: products.productId, ean: products.ean }).from(products).where(inArray(products.ean, slice));
    for (const row of rows) {
      const offer = byEan.get(row.ean);
      if (!offer) continue;
      await updateState(db, row.productId, { offer: offerState(offer, now()) }, now());
      matched.add(row.productId);
    }
    await job.progress();
  }
  const matchedEans = new Set((await db.select({ ean: products.ean }).from(products).where(inArray(products.productId, [...matched, 0]))).map((row) => row.ean));
  let unmatched = 0;
  for (const offer of offers) {
    if (matchedEans.has(offer.ean)) {
      job.done += 1;
    } else {
      unmatched += 1;
      job.item({ status: 'skipped', ...serverSentence('bolItemOfferUnmatched', offer.offerId, offer.ean) });
    }
  }
  job.count('productsMatched', matched.size);
  job.count('unmatchedOffers', unmatched);
  // Offers that bol no longer lists are gone (and the history says so).
  const gone = await db
    .select({ productId: bolProductStates.productId, offer: bolProductStates.offer, contentStatus: bolProductStates.contentStatus, catalog: bolProductStates.catalog })
    .from(bolProductStates)
    .where(and(isNotNull(bolProductStates.offer), sql`${bolProductStates.offer} <> 'null'::jsonb`, notInArray(bolProductStates.productId, [...matched, 0])));
  const removed = await db
    .update(bolProductStates)
    .set({ offer: null, updatedAt: now() })
    .where(and(isNotNull(bolProductStates.offer), sql`${bolProductStates.offer} <> 'null'::jsonb`, notInArray(bolProductStates.productId, [...matched, 0])))
    .returning({ productId: bolProductStates.productId });
  job.count('offersRemoved', removed.length);
  const removedIds = new Set(removed.map((row) => row.productId));
  await recordBolUpdates(db, gone.filter((row) => removedIds.has(row.productId)).map((row) => ({ productId: row.productId, changes: bolStateChanges(row, { offer: null }) })), now());
  return serverSentence('offerImportReport', offers.length, matched.size, unmatched, removed.length);
}
