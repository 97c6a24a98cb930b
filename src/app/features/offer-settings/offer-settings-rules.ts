/**
 * The offer settings screen as pure rules (docs/bol.md, "Guard rails"): the settings as a form
 * holds them (text per field, the broken-feed share as a percentage), the sentence per field that
 * is wrong, and the body of PUT /api/v1/bol/offers/settings when nothing is.
 */
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { BOL_STOCK_MAX, type OfferSettings, type OfferSettingsInput } from '../../../shared/bol-offer-sync';

export const PRICE_CHANGE_LIMITS = { min: 1, max: 1000 } as const;

export interface OfferSettingsDraft {
  maxPriceChangePercent: string;
  /** The broken-feed share as a percentage of the supplier's products on bol, 0–100. */
  zeroStockPercent: string;
  /** Per supplier id; '' = no buffer (0). */
  stockBuffers: Record<string, string>;
}

/** A supplier the buffers are set for. */
export interface BufferSupplier {
  supplierId: number;
  supplierName: string;
}

/** `0.25` → `'25'`, without floating-point dust. */
const percentOf = (share: number) => String(Math.round(share * 10_000) / 100);

export function draftOfSettings(settings: OfferSettings): OfferSettingsDraft {
  return {
    maxPriceChangePercent: String(settings.maxPriceChangePercent),
    zeroStockPercent: percentOf(settings.zeroStockShare),
    stockBuffers: Object.fromEntries(Object.entries(settings.stockBuffers).filter(([, n]) => n > 0).map(([id, n]) => [id, String(n)])),
  };
}

/** A number typed with a comma or a point, or null for anything else. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

export type SettingsField = 'maxPriceChangePercent' | 'zeroStockPercent' | `buffer-${number}`;

/** The sentence per wrong field (a buffer by `buffer-<supplierId>`); empty when the draft can be saved. */
export function settingsProblems(
  draft: OfferSettingsDraft,
  suppliers: readonly BufferSupplier[],
  m: Pick<typeof bolOfferMessages.settings, 'priceChangeProblem' | 'zeroStockProblem' | 'bufferProblem'> = bolOfferMessages.settings,
): Partial<Record<SettingsField, string>> {
  const problems: Partial<Record<SettingsField, string>> = {};
  const percent = numberOf(draft.maxPriceChangePercent);
  if (percent === null || percent < PRICE_CHANGE_LIMITS.min || percent > PRICE_CHANGE_LIMITS.max) problems.maxPriceChangePercent = m.priceChangeProblem;
  const share = numberOf(draft.zeroStockPercent);
  if (share === null || share > 100) problems.zeroStockPercent = m.zeroStockProblem;
  for (const supplier of suppliers) {
    const text = (draft.stockBuffers[String(supplier.supplierId)] ?? '').trim();
    if (text !== '' && !(/^\d{1,3}$/.test(text) && Number(text) <= BOL_STOCK_MAX)) problems[`buffer-${supplier.supplierId}`] = m.bufferProblem(supplier.supplierName);
  }
  return problems;
}

/** The body to save, or null while a field is wrong. Buffers of 0 are left out (0 is the default). */
export function settingsInput(draft: OfferSettingsDraft, suppliers: readonly BufferSupplier[]): OfferSettingsInput | null {
  if (Object.keys(settingsProblems(draft, suppliers)).length > 0) return null;
  const stockBuffers: Record<string, number> = {};
  for (const supplier of suppliers) {
    const n = Number((draft.stockBuffers[String(supplier.supplierId)] ?? '').trim() || '0');
    if (n > 0) stockBuffers[String(supplier.supplierId)] = n;
  }
  return {
    maxPriceChangePercent: numberOf(draft.maxPriceChangePercent) ?? 0,
    zeroStockShare: Math.round((numberOf(draft.zeroStockPercent) ?? 0) * 10) / 1000,
    stockBuffers,
  };
}

/** Whether the draft differs from the settings it was filled from. */
export function settingsChanged(draft: OfferSettingsDraft, opened: OfferSettingsDraft): boolean {
  const buffers = (d: OfferSettingsDraft) => JSON.stringify(Object.entries(d.stockBuffers).filter(([, v]) => v.trim() !== '' && v.trim() !== '0').sort());
  return draft.maxPriceChangePercent.trim() !== opened.maxPriceChangePercent.trim() || draft.zeroStockPercent.trim() !== opened.zeroStockPercent.trim() || buffers(draft) !== buffers(opened);
}
