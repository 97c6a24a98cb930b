/** The seller's guard rails and per-supplier safety buffers of offers (bol_offer_settings, one row). docs/bol.md, "Guard rails". */
import { eq } from 'drizzle-orm';
import { DEFAULT_OFFER_GUARD_SETTINGS, type OfferSettings } from '../../../shared/bol-offer-sync';
import type { Queryable } from '../../db/query-rows';
import { bolOfferSettings } from '../../db/schema';

export type { OfferSettings };

export async function loadOfferSettings(db: Queryable): Promise<OfferSettings> {
  const [row] = await db.select().from(bolOfferSettings).where(eq(bolOfferSettings.id, 1));
  if (!row) return { ...DEFAULT_OFFER_GUARD_SETTINGS, stockBuffers: {}, updatedAt: null, updatedBy: '' };
  return {
    maxPriceChangePercent: Number(row.maxPriceChangePercent),
    zeroStockShare: Number(row.zeroStockShare),
    stockBuffers: row.stockBuffers,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function saveOfferSettings(db: Queryable, settings: Omit<OfferSettings, 'updatedAt' | 'updatedBy'>, by: string): Promise<OfferSettings> {
  const values = { maxPriceChangePercent: settings.maxPriceChangePercent, zeroStockShare: settings.zeroStockShare, stockBuffers: settings.stockBuffers, updatedBy: by, updatedAt: new Date() };
  await db.insert(bolOfferSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: bolOfferSettings.id, set: values });
  return loadOfferSettings(db);
}

export const stockBufferOf = (settings: OfferSettings, supplierId: number): number => settings.stockBuffers[String(supplierId)] ?? 0;
