/** A product's marketplace state (bol_product_states) as the API shows it, and its updates. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BolContentStatus, BolMarketplaceState, BolOffer, BolUploadReport } from '../../../shared/bol-contract';
import type { Queryable } from '../../db/query-rows';
import { BOL_UPDATE_FIELDS } from '../../../shared/bol-change-set';
import { recordHistory, type HistoryChange } from '../../catalogue/product-history';
import { bolChunks, bolProductModels, bolProductStates, productHistory, products } from '../../db/schema';
import type { BolUploadReportResponse } from '../client/bol-wire';
import { offerSyncState } from '../offers/offer-sync-state';

type StateRow = typeof bolProductStates.$inferSelect;
export type StateUpdate = Partial<Omit<typeof bolProductStates.$inferInsert, 'productId'>>;
export type CatalogState = NonNullable<BolMarketplaceState['catalog']>;
export type OfferState = NonNullable<BolMarketplaceState['offer']>;

/** The history's author of what bol changed (how 'bol-update'). */
export const BOL_UPDATE_AUTHOR = 'bol';

const offerText = (offer: unknown): string => {
  if (typeof offer !== 'object' || offer === null) return '';
  const { price, stock, onHoldByRetailer } = offer as Partial<BolOffer>;
  return `price ${price ?? '—'}, stock ${stock ?? '—'}${onHoldByRetailer ? ', on hold' : ''}`;
};
const publishedText = (catalog: unknown): string => {
  if (typeof catalog !== 'object' || catalog === null) return '';
  return (catalog as Partial<CatalogState>).published ? 'published' : 'not published';
};

/**
 * What of a product's marketplace state changed, as history changes (docs/products.md "History",
 * how 'bol update'): the content's status, our offer (price, stock, on hold) and whether bol
 * publishes it. Bookkeeping (process ids, reports, times) is left out.
 */
export function bolStateChanges(before: Pick<StateRow, 'contentStatus' | 'offer' | 'catalog'> | undefined, update: StateUpdate): HistoryChange[] {
  const { contentStatus, offer, published } = BOL_UPDATE_FIELDS;
  const changes: HistoryChange[] = [];
  const oldStatus = before?.contentStatus ?? 'NOT_SENT';
  if (update.contentStatus !== undefined && update.contentStatus !== oldStatus) changes.push({ field: contentStatus.key, old: oldStatus, new: update.contentStatus });
  if ('offer' in update && offerText(before?.offer) !== offerText(update.offer)) changes.push({ field: offer.key, old: offerText(before?.offer), new: offerText(update.offer) });
  if ('catalog' in update && publishedText(before?.catalog) !== publishedText(update.catalog)) {
    changes.push({ field: published.key, old: publishedText(before?.catalog), new: publishedText(update.catalog) });
  }
  return changes;
}

/** The newest history entry of a product, as far as the collapse of bol's status lines needs it. */
export interface NewestEntry {
  how: string;
  author: string;
  changes: readonly HistoryChange[];
}

/**
 * One action on bol, one line in the history (docs/product-edit.md "History"): sending content
 * records "Not sent → Pending" and, once bol answers, "Pending → Accepted". When bol's answer
 * settles a pending upload and the pending line is still the product's newest entry (nobody
 * changed anything in between), the two become one line, "Not sent → Accepted", with the answer's
 * other changes. Answers the changes of that one line, or null when the answer gets a line of its own.
 */
export function settledPendingChanges(newest: NewestEntry | undefined, changes: readonly HistoryChange[]): HistoryChange[] | null {
  const key = BOL_UPDATE_FIELDS.contentStatus.key;
  const settles = changes.find((change) => change.field === key && change.old === 'PENDING');
  if (!settles || !newest || newest.how !== 'bol-update' || newest.author !== BOL_UPDATE_AUTHOR) return null;
  const [pending, ...others] = newest.changes;
  if (!pending || others.length > 0 || pending.field !== key || pending.new !== 'PENDING') return null;
  return changes.map((change) => (change === settles ? { ...change, old: pending.old } : change));
}

async function newestEntry(db: Queryable, productId: number): Promise<(NewestEntry & { id: number }) | undefined> {
  const [row] = await db
    .select({ id: productHistory.id, how: productHistory.how, author: productHistory.author, changes: productHistory.changes })
    .from(productHistory)
    .where(eq(productHistory.productId, productId))
    .orderBy(desc(productHistory.id))
    .limit(1);
  return row;
}

/** Records what bol changed about these products (no entry when nothing did; a settled upload replaces its pending line). */
export async function recordBolUpdates(db: Queryable, updates: readonly { productId: number; changes: HistoryChange[] }[], now: Date): Promise<void> {
  const changed = updates.filter((entry) => entry.changes.length > 0);
  if (changed.length === 0) return;
  const versions = new Map(
    (await db.select({ productId: products.productId, version: products.version }).from(products).where(inArray(products.productId, changed.map((entry) => entry.productId)))).map((row) => [row.productId, row.version]),
  );
  const fresh: typeof changed = [];
  for (const entry of changed) {
    // Only an answer that settles a pending upload reads the newest entry (one small read each).
    const newest = entry.changes.some((change) => change.old === 'PENDING') ? await newestEntry(db, entry.productId) : undefined;
    const collapsed = settledPendingChanges(newest, entry.changes);
    if (newest && collapsed) {
      await db
        .update(productHistory)
        .set({ changes: collapsed, serverAt: now, version: versions.get(entry.productId) ?? 0 })
        .where(and(eq(productHistory.productId, entry.productId), eq(productHistory.id, newest.id)));
    } else {
      fresh.push(entry);
    }
  }
  await recordHistory(
    db,
    fresh.map((entry) => ({ productId: entry.productId, author: BOL_UPDATE_AUTHOR, how: 'bol-update' as const, deviceAt: null, serverAt: now, version: versions.get(entry.productId) ?? 0, changes: entry.changes })),
  );
}

/** Changes a product's marketplace state, and records in its history what bol changed. */
export async function updateState(db: Queryable, productId: number, update: StateUpdate, now: Date): Promise<void> {
  const before = (await loadStates(db, [productId])).get(productId);
  await db
    .insert(bolProductStates)
    .values({ productId, ...update, updatedAt: now })
    .onConflictDoUpdate({ target: bolProductStates.productId, set: { ...update, updatedAt: now } });
  await recordBolUpdates(db, [{ productId, changes: bolStateChanges(before, update) }], now);
}

export function uploadReportOf(response: BolUploadReportResponse, now: Date): BolUploadReport {
  return {
    uploadId: response.uploadId,
    language: response.language,
    status: response.status,
    attributes: response.attributes ?? [],
    assets: response.assets ?? [],
    readAt: now.toISOString(),
  };
}

export function offerState(offer: BolOffer, now: Date): OfferState {
  return { ...offer, importedAt: now.toISOString() };
}

export async function loadStates(db: Queryable, productIds: number[]): Promise<Map<number, StateRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select().from(bolProductStates).where(inArray(bolProductStates.productId, productIds));
  return new Map(rows.map((row) => [row.productId, row]));
}

export async function marketplaceState(db: Queryable, productId: number): Promise<BolMarketplaceState> {
  const [model] = await db
    .select({ chunkId: bolProductModels.chunkId, chunkName: bolChunks.chunkName, version: bolProductModels.version })
    .from(bolProductModels)
    .leftJoin(bolChunks, eq(bolChunks.chunkId, bolProductModels.chunkId))
    .where(eq(bolProductModels.productId, productId));
  const row = (await loadStates(db, [productId])).get(productId);
  return {
    productId,
    chunkId: model?.chunkId ?? null,
    chunkName: model?.chunkName ?? null,
    modelVersion: model?.version ?? 0,
    contentStatus: (row?.contentStatus ?? 'NOT_SENT') as BolContentStatus,
    processStatusId: row?.processStatusId ?? null,
    uploadId: row?.uploadId ?? null,
    contentSubmittedAt: row?.contentSubmittedAt?.toISOString() ?? null,
    contentMessage: row?.contentMessage ?? '',
    uploadReport: (row?.uploadReport as BolUploadReport | null | undefined) ?? null,
    catalog: (row?.catalog as CatalogState | null | undefined) ?? null,
    offer: (row?.offer as OfferState | null | undefined) ?? null,
    offerSync: await offerSyncState(db, productId, (row?.offer as OfferState | null | undefined) ?? null),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
