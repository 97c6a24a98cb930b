/**
 * Offers follow the catalogue (docs/bol.md, "Offers follow the catalogue"): the offer a product
 * should have on bol, what must be sent to get there from what bol has, and the guard rails that
 * hold a change back for a person. Pure rules, shared by the server (which sends) and the app
 * (which shows the marketplace state).
 */
import { z } from 'zod';
import type { BolOffer } from './bol-contract';
import { DELIVERY_CODES } from './constants';
import { isValidGtin } from './rules/ean';
import type { OfferStateName } from './product-filter';

/** The product fields the offer follows. */
export interface OfferProduct {
  ean: string;
  sku: string;
  sellingPrice: number;
  priceSupplier: number;
  deliveryPrice: number;
  deliveryCode: string;
  stock: number;
  buyBlock: boolean;
  isExportOnBol: boolean;
}

/** The offer a product should have on bol (price is the bundle price of quantity 1). */
export interface DesiredOffer {
  ean: string;
  price: number;
  stock: number;
  reference: string;
  deliveryCode: string;
  onHold: boolean;
}

/** The desired offer, or why the product should not have one. */
export type OfferWish = { offer: DesiredOffer; holdReason: string | null } | { offer: null; reason: string };

/** What we know bol holds for a product (after our last send, or from the offer import). */
export interface OfferOnBol {
  offerId: string;
  ean: string;
  price: number | null;
  stock: number | null;
  reference: string | null;
  deliveryCode: string | null;
  onHold: boolean;
}

/** The offer import's offer as what bol holds (the first sync's baseline; bol's export has no reference). */
export function importedOnBol(offer: BolOffer): OfferOnBol {
  return { offerId: offer.offerId, ean: offer.ean, price: offer.price, stock: offer.stock, reference: null, deliveryCode: offer.deliveryCode || null, onHold: offer.onHoldByRetailer };
}

/** bol's price bounds of a unit price (its document: 1 to 9999). */
export const BOL_PRICE_MIN = 1;
export const BOL_PRICE_MAX = 9999;
/** bol's bounds of an offer's stock. */
export const BOL_STOCK_MAX = 999;

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * The offer a product should have: Export on Bol on, a valid EAN, a selling price bol accepts and
 * a delivery code → condition NEW (the port's default), price = selling price, stock = stock less
 * the supplier's safety buffer (never below 0, at most bol's 999), reference = SKU, fulfilled by
 * the retailer with the product's delivery code. Buy Block on or Export on Bol off → the same
 * offer on hold (not deleted); without an EAN, price or delivery code there is nothing to offer.
 */
export function desiredOffer(product: OfferProduct, stockBuffer = 0): OfferWish {
  const ean = product.ean.trim();
  if (!isValidGtin(ean)) return { offer: null, reason: ean === '' ? 'The product has no EAN.' : `The EAN ${ean} is not a valid EAN.` };
  const price = roundCents(product.sellingPrice);
  if (!(price >= BOL_PRICE_MIN && price <= BOL_PRICE_MAX)) return { offer: null, reason: 'The product has no selling price bol accepts (€ 1,00 to € 9.999,00).' };
  if (!(DELIVERY_CODES as readonly string[]).includes(product.deliveryCode)) return { offer: null, reason: 'The product has no delivery code.' };
  const stock = Math.min(BOL_STOCK_MAX, Math.max(0, Math.floor(product.stock) - Math.max(0, Math.floor(stockBuffer))));
  const holdReason = !product.isExportOnBol ? 'Export on Bol is off.' : product.buyBlock ? 'Buy Block is on.' : null;
  return { offer: { ean, price, stock, reference: product.sku.slice(0, 100), deliveryCode: product.deliveryCode, onHold: holdReason !== null }, holdReason };
}

/** One call to bol that brings the offer closer to the desired one. */
export type OfferOp =
  | { kind: 'create'; offer: DesiredOffer }
  | { kind: 'price'; offerId: string; from: number | null; to: number }
  | { kind: 'stock'; offerId: string; from: number | null; to: number }
  | { kind: 'update'; offerId: string; onHold: { from: boolean; to: boolean } | null; reference: string | null; deliveryCode: string | null };

/**
 * What must be sent so that bol holds the desired offer; [] when it does. Only what changed is
 * sent: the price, the stock, or the offer itself (on hold, reference, delivery code). No desired
 * offer (no EAN, price or delivery code any more) puts a live offer on hold. An offer for another
 * EAN (the EAN changed) is put on hold and a new offer is created for the new EAN.
 */
export function planOfferChanges(onBol: OfferOnBol | null, wish: OfferWish): OfferOp[] {
  const desired = wish.offer;
  if (!desired) return onBol && !onBol.onHold ? [{ kind: 'update', offerId: onBol.offerId, onHold: { from: false, to: true }, reference: null, deliveryCode: null }] : [];
  if (!onBol || onBol.ean !== desired.ean) {
    const holdOld: OfferOp[] = onBol && !onBol.onHold ? [{ kind: 'update', offerId: onBol.offerId, onHold: { from: false, to: true }, reference: null, deliveryCode: null }] : [];
    // An offer that would only be created on hold is not created.
    return desired.onHold && !onBol ? [] : [...holdOld, { kind: 'create', offer: desired }];
  }
  const ops: OfferOp[] = [];
  const onHold = onBol.onHold !== desired.onHold ? { from: onBol.onHold, to: desired.onHold } : null;
  const reference = (onBol.reference ?? '') !== desired.reference ? desired.reference : null;
  const deliveryCode = onBol.deliveryCode !== desired.deliveryCode ? desired.deliveryCode : null;
  // Going on hold first, so a held offer never sells at a new price or stock in between.
  if (onHold?.to === true || ((reference !== null || deliveryCode !== null) && !onHold)) ops.push({ kind: 'update', offerId: onBol.offerId, onHold, reference, deliveryCode });
  if (onBol.price === null || roundCents(onBol.price) !== desired.price) ops.push({ kind: 'price', offerId: onBol.offerId, from: onBol.price, to: desired.price });
  if (onBol.stock !== desired.stock) ops.push({ kind: 'stock', offerId: onBol.offerId, from: onBol.stock, to: desired.stock });
  if (onHold?.to === false) ops.push({ kind: 'update', offerId: onBol.offerId, onHold, reference, deliveryCode });
  return ops;
}

/** Why a change is held back (not sent) until a person says "Send anyway". */
export type OfferHoldKind = 'price-floor' | 'price-jump' | 'first-sync' | 'feed-batch';
export const OFFER_HOLD_KINDS: readonly OfferHoldKind[] = ['price-floor', 'price-jump', 'first-sync', 'feed-batch'];

/** The seller's guard rails (docs/bol.md, "Guard rails"). */
export interface OfferGuardSettings {
  /** A price change of more than this percentage since the last price on bol is held back. Default 30. */
  maxPriceChangePercent: number;
  /** A feed import that drops the stock of more than this share (0–1) of its supplier's bol catalogue to 0 is held back. Default 0.25. */
  zeroStockShare: number;
}
export const DEFAULT_OFFER_GUARD_SETTINGS: OfferGuardSettings = { maxPriceChangePercent: 30, zeroStockShare: 0.25 };

export interface OfferHold {
  kind: OfferHoldKind;
  reason: string;
}

/** What the guard rails look at besides the plan. */
export interface OfferGuardContext {
  product: Pick<OfferProduct, 'priceSupplier' | 'deliveryPrice'>;
  settings: OfferGuardSettings;
  /** bol's offer came from the offer import and nothing was sent by us yet (first sync). */
  firstSync: boolean;
  /** Holds a person waved through for exactly this plan ("Send anyway"). */
  approved: readonly OfferHoldKind[];
}

/** "€ 19,95" (docs/bol.md: prices as the seller reads them). */
export function euro(value: number | null): string {
  if (value === null) return '—';
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `€ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

/**
 * The first guard rail the plan trips, or null when it may be sent: a price below supplier price
 * plus delivery price, a price change of more than the seller's percentage since the last price
 * on bol, and the first sync of an offer bol already had (a dry run a person approves once).
 */
export function guardOfferPlan(ops: readonly OfferOp[], context: OfferGuardContext): OfferHold | null {
  if (ops.length === 0) return null;
  const { product, settings, approved } = context;
  const floor = roundCents(product.priceSupplier + product.deliveryPrice);
  for (const op of ops) {
    const price = op.kind === 'create' ? op.offer.price : op.kind === 'price' ? op.to : null;
    if (price === null) continue;
    if (price < floor && !approved.includes('price-floor')) {
      return { kind: 'price-floor', reason: `The price ${euro(price)} is below supplier price plus delivery price (${euro(floor)}).` };
    }
    if (op.kind === 'price' && op.from !== null && op.from > 0 && !approved.includes('price-jump')) {
      const percent = (Math.abs(op.to - op.from) / op.from) * 100;
      if (percent > settings.maxPriceChangePercent + 1e-9) {
        return { kind: 'price-jump', reason: `The price changes by ${Math.round(percent)} % (${euro(op.from)} → ${euro(op.to)}), more than the ${settings.maxPriceChangePercent} % allowed at once.` };
      }
    }
  }
  if (context.firstSync && !approved.includes('first-sync')) {
    return { kind: 'first-sync', reason: 'bol already has an offer for this EAN: check the changes below once before they are sent.' };
  }
  return null;
}

/** One readable line per call, as the history and the dry run show it ("price € 19,95 → € 18,95"). */
export function describeOfferOp(op: OfferOp): { field: OfferHistoryField; old: string; new: string } {
  switch (op.kind) {
    case 'create':
      return { field: 'bol:offer:status', old: 'no offer', new: `created at ${euro(op.offer.price)}, stock ${op.offer.stock}${op.offer.onHold ? ', on hold' : ''}` };
    case 'price':
      return { field: 'bol:offer:price', old: euro(op.from), new: euro(op.to) };
    case 'stock':
      return { field: 'bol:offer:stock', old: op.from === null ? '—' : String(op.from), new: String(op.to) };
    case 'update': {
      if (op.onHold) return { field: 'bol:offer:status', old: op.onHold.from ? 'on hold' : 'for sale', new: op.onHold.to ? 'on hold' : 'for sale' };
      const parts = [op.reference !== null ? `reference ${op.reference}` : '', op.deliveryCode !== null ? `delivery code ${op.deliveryCode}` : ''].filter(Boolean);
      return { field: 'bol:offer:details', old: '', new: parts.join(', ') };
    }
  }
}

/** The history fields of offer changes (labels in bol-change-set.ts, BOL_UPDATE_FIELDS). */
export type OfferHistoryField = 'bol:offer:status' | 'bol:offer:price' | 'bol:offer:stock' | 'bol:offer:details';

/** What bol holds after a call succeeded. */
export function applyOfferOp(onBol: OfferOnBol | null, op: OfferOp, offerId: string): OfferOnBol {
  if (op.kind === 'create') {
    const { offer } = op;
    return { offerId, ean: offer.ean, price: offer.price, stock: offer.stock, reference: offer.reference, deliveryCode: offer.deliveryCode, onHold: offer.onHold };
  }
  const base: OfferOnBol = onBol ?? { offerId, ean: '', price: null, stock: null, reference: null, deliveryCode: null, onHold: false };
  if (op.kind === 'price') return { ...base, price: op.to };
  if (op.kind === 'stock') return { ...base, stock: op.to };
  return {
    ...base,
    onHold: op.onHold ? op.onHold.to : base.onHold,
    reference: op.reference ?? base.reference,
    deliveryCode: op.deliveryCode ?? base.deliveryCode,
  };
}

/** The delay before retry number `attempt` (1 = the first retry): 30 s, 1, 2, 4 … minutes, at most 15 minutes. */
export function offerRetryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);
}

/** Tries of one product's change before its error is final (shown to people; a new change tries again). */
export const OFFER_MAX_ATTEMPTS = 4;

/** Whether a feed import's zeroed stocks are too many to send without a person (more than the share, of at least one product). */
export function feedBatchTooDestructive(zeroed: number, catalogueSize: number, settings: OfferGuardSettings): boolean {
  if (zeroed === 0 || catalogueSize === 0) return false;
  return zeroed / catalogueSize > settings.zeroStockShare;
}

/** The marketplace state's offer part (GET /api/v1/bol/state/{productId}, `offerSync`). */
export interface OfferSyncState {
  /** What we know bol holds (after our last send, or from the offer import). */
  onBol: OfferOnBol | null;
  /** Where `onBol` came from: our own sending, or the offer import (nothing sent by us yet). */
  source: 'sync' | 'import' | null;
  lastSentAt: string | null;
  /** A change is due and not sent yet (it is sent within two minutes unless held back). */
  waiting: boolean;
  waitingSince: string | null;
  heldBack: { kind: OfferHoldKind; reason: string; since: string; changes: { field: OfferHistoryField; old: string; new: string }[] } | null;
  /** The final error of the last try, readable; null when the last send worked. */
  error: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  /** bol's reasons why the offer is not for sale. */
  notPublishableReasons: { code: string; description: string }[];
  /** Why the product has no offer to send (no EAN, price or delivery code), or null. */
  notOffered: string | null;
}

/** The offer states people count and filter by: the product filter's `offerState` (product-filter.ts). */
export type { OfferStateName };

/** The body of PUT /api/v1/bol/offers/settings. */
export const offerSettingsSchema = z
  .object({
    maxPriceChangePercent: z.number().min(1).max(1000),
    zeroStockShare: z.number().min(0).max(1),
    stockBuffers: z.record(z.string().regex(/^[1-9]\d{0,9}$/), z.number().int().min(0).max(BOL_STOCK_MAX)).refine((value) => Object.keys(value).length <= 10_000, 'at most 10,000 suppliers'),
  })
  .strict();
export type OfferSettingsInput = z.infer<typeof offerSettingsSchema>;

/** GET /api/v1/bol/offers/settings: the guard rails, the buffers and who set them last. */
export interface OfferSettings extends OfferGuardSettings {
  /** Stock kept back from bol, per supplier id (default 0). */
  stockBuffers: Record<string, number>;
  updatedAt: string | null;
  updatedBy: string;
}

/** Counts of GET /api/v1/bol/offers/summary (/report). */
export type OfferStateCounts = Record<Exclude<OfferStateName, 'none'>, number>;
