/** A product's marketplace state (bol_product_states) as the API shows it, and its updates. */
import { eq, inArray } from 'drizzle-orm';
import type { BolContentStatus, BolMarketplaceState, BolOffer, BolUploadReport } from '../../../shared/bol-contract';
import type { Queryable } from '../../catalogue/product-read-model';
import { bolChunks, bolProductModels, bolProductStates } from '../../db/schema';
import type { BolUploadReportResponse } from '../client/bol-wire';

type StateRow = typeof bolProductStates.$inferSelect;
export type StateUpdate = Partial<Omit<typeof bolProductStates.$inferInsert, 'productId'>>;
export type CatalogState = NonNullable<BolMarketplaceState['catalog']>;
export type OfferState = NonNullable<BolMarketplaceState['offer']>;

export async function updateState(db: Queryable, productId: number, update: StateUpdate, now: Date): Promise<void> {
  await db
    .insert(bolProductStates)
    .values({ productId, ...update, updatedAt: now })
    .onConflictDoUpdate({ target: bolProductStates.productId, set: { ...update, updatedAt: now } });
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
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
