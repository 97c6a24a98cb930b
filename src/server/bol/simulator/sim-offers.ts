/**
 * What the simulated bol does with offers (Retailer API v10): the request checks of create,
 * update, price and stock (400 with violations, as bol's document constrains the fields), the
 * rules bol applies later, while processing (the process status ends FAILURE with bol's
 * message), and the offer as GET /retailer/offers/{offer-id} shows it, with its not-publishable
 * reasons. The rules are described in docs/bol.md ("Offers in the simulator").
 */
import { isValidGtin } from '../../../shared/rules/ean';
import {
  BOL_CONDITION_NAMES,
  BOL_DELIVERY_CODES,
  type BolBundlePrice,
  type BolCreateOfferRequest,
  type BolNotPublishableReason,
  type BolOfferCondition,
  type BolRetailerOffer,
} from '../client/bol-wire';
import type { Violation } from './sim-content';

/** An offer as the simulated bol keeps it; the offer export CSV is written from these. */
export interface SimulatorOffer {
  offerId: string;
  ean: string;
  /** The unit price of one item (the bundle price of quantity 1). */
  price: number;
  stock: number;
  deliveryCode: string;
  fulfilmentType: 'FBR' | 'FBB';
  onHoldByRetailer: boolean;
  /** The offer export's format: 'yyyy-MM-dd HH:mm:ss.SSS UTC'. */
  mutationDateTime: string;
  referenceCode: string;
  /** All bundle prices; absent: one bundle of quantity 1 at `price`. */
  bundlePrices?: BolBundlePrice[];
  condition?: BolOfferCondition;
  /** Default true (the demo offers). */
  managedByRetailer?: boolean;
  unknownProductTitle?: string;
  economicOperatorId?: string;
}

const invalid = (name: string, value: unknown, allowed: string): Violation => ({ name, reason: `Request contains invalid value(s): '${String(value)}', ${allowed}.` });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function textViolation(name: string, value: unknown, max: number, required: boolean): Violation[] {
  if (value === undefined) return required ? [{ name, reason: 'Must not be null.' }] : [];
  if (typeof value !== 'string') return [invalid(name, value, 'must be text')];
  if (required && value.length < 1) return [{ name, reason: 'Must not be empty.' }];
  return value.length > max ? [{ name, reason: `Size must be between ${required ? 1 : 0} and ${max}.` }] : [];
}

function booleanViolation(name: string, value: unknown, required: boolean): Violation[] {
  if (value === undefined) return required ? [{ name, reason: 'Must not be null.' }] : [];
  return typeof value === 'boolean' ? [] : [invalid(name, value, 'must be true or false')];
}

/** Pricing: 1–4 bundle prices, quantity 1–24, unit price 1–9999 (the bounds of bol's document). */
export function pricingViolations(pricing: unknown, name = 'pricing'): Violation[] {
  if (!isObject(pricing)) return [{ name, reason: 'Must not be null.' }];
  const prices = pricing.bundlePrices;
  if (!Array.isArray(prices) || prices.length < 1 || prices.length > 4) return [{ name: `${name}.bundlePrices`, reason: 'Size must be between 1 and 4.' }];
  const violations: Violation[] = [];
  prices.forEach((price: unknown, index) => {
    const at = `${name}.bundlePrices[${index}]`;
    if (!isObject(price)) {
      violations.push({ name: at, reason: 'Must not be null.' });
      return;
    }
    if (!isInteger(price.quantity) || price.quantity < 1 || price.quantity > 24) violations.push(invalid(`${at}.quantity`, price.quantity, 'must be a whole number from 1 to 24'));
    if (typeof price.unitPrice !== 'number' || !Number.isFinite(price.unitPrice) || price.unitPrice < 1 || price.unitPrice > 9999) {
      violations.push(invalid(`${at}.unitPrice`, price.unitPrice, 'must be from 1 to 9999'));
    }
  });
  return violations;
}

/** Stock: amount 0–999 and managedByRetailer, both required. */
export function stockViolations(stock: unknown, name = 'stock'): Violation[] {
  if (!isObject(stock)) return [{ name, reason: 'Must not be null.' }];
  const violations: Violation[] = [];
  if (!isInteger(stock.amount) || stock.amount < 0 || stock.amount > 999) violations.push(invalid(name === '' ? 'amount' : `${name}.amount`, stock.amount, 'must be a whole number from 0 to 999'));
  violations.push(...booleanViolation(name === '' ? 'managedByRetailer' : `${name}.managedByRetailer`, stock.managedByRetailer, true));
  return violations;
}

function fulfilmentViolations(fulfilment: unknown): Violation[] {
  if (!isObject(fulfilment)) return [{ name: 'fulfilment', reason: 'Must not be null.' }];
  const violations: Violation[] = [];
  if (fulfilment.method !== 'FBR' && fulfilment.method !== 'FBB') violations.push(invalid('fulfilment.method', fulfilment.method, 'allowed values: FBR, FBB'));
  if (fulfilment.deliveryCode !== undefined && !(BOL_DELIVERY_CODES as readonly unknown[]).includes(fulfilment.deliveryCode)) {
    violations.push(invalid('fulfilment.deliveryCode', fulfilment.deliveryCode, `allowed values: ${BOL_DELIVERY_CODES.join(', ')}`));
  }
  return violations;
}

function conditionViolations(condition: unknown): Violation[] {
  if (!isObject(condition)) return [{ name: 'condition', reason: 'Must not be null.' }];
  const violations: Violation[] = [];
  if (!(BOL_CONDITION_NAMES as readonly unknown[]).includes(condition.name)) violations.push(invalid('condition.name', condition.name, `allowed values: ${BOL_CONDITION_NAMES.join(', ')}`));
  if (condition.category !== undefined && condition.category !== 'NEW' && condition.category !== 'SECONDHAND') violations.push(invalid('condition.category', condition.category, 'allowed values: NEW, SECONDHAND'));
  violations.push(...textViolation('condition.comment', condition.comment, 2000, false));
  return violations;
}

/** bol's checks of POST /retailer/offers; [] when the request is acceptable. */
export function createOfferViolations(body: unknown): Violation[] {
  if (!isObject(body)) return [{ name: 'body', reason: 'Must be an object.' }];
  return [
    ...textViolation('ean', body.ean, 20, true),
    ...conditionViolations(body.condition),
    ...textViolation('reference', body.reference, 100, false),
    ...booleanViolation('onHoldByRetailer', body.onHoldByRetailer, false),
    ...textViolation('unknownProductTitle', body.unknownProductTitle, 500, false),
    ...textViolation('economicOperatorId', body.economicOperatorId, 100, false),
    ...pricingViolations(body.pricing),
    ...stockViolations(body.stock),
    ...fulfilmentViolations(body.fulfilment),
  ];
}

/** bol's checks of PUT /retailer/offers/{offer-id} (fulfilment is required, the rest optional). */
export function updateOfferViolations(body: unknown): Violation[] {
  if (!isObject(body)) return [{ name: 'body', reason: 'Must be an object.' }];
  return [
    ...textViolation('reference', body.reference, 100, false),
    ...booleanViolation('onHoldByRetailer', body.onHoldByRetailer, false),
    ...textViolation('unknownProductTitle', body.unknownProductTitle, 500, false),
    ...textViolation('economicOperatorId', body.economicOperatorId, 100, false),
    ...fulfilmentViolations(body.fulfilment),
  ];
}

/**
 * The rules bol's document states in words, which bol applies while processing (FAILURE): the
 * bundle of quantity 1 must be there, quantities rise and unit prices fall, at most 2 decimals.
 */
export function bundlePriceFailure(prices: readonly BolBundlePrice[]): string | null {
  if (prices[0]?.quantity !== 1) return 'The bundle prices must start with a price for quantity 1.';
  for (const [index, price] of prices.entries()) {
    if (Math.abs(Math.round(price.unitPrice * 100) - price.unitPrice * 100) > 1e-6) return `The unit price ${price.unitPrice} has more than 2 decimals.`;
    const before = prices[index - 1];
    if (before && price.quantity <= before.quantity) return 'The quantities of the bundle prices must be in increasing order.';
    if (before && price.unitPrice >= before.unitPrice) return 'The unit prices of the bundle prices must be in decreasing order.';
  }
  return null;
}

/** Why bol refuses a new offer while processing it, or null: bad EAN, unknown product without a title, a duplicate, bundle rules, a comment on a new item. */
export function createOfferFailure(request: BolCreateOfferRequest, knownEan: (ean: string) => boolean, existing: readonly SimulatorOffer[]): string | null {
  if (!isValidGtin(request.ean)) return `The EAN '${request.ean}' is not a valid EAN.`;
  if (!knownEan(request.ean) && !request.unknownProductTitle) return `The product with EAN '${request.ean}' is not known to bol; send an unknownProductTitle or create content for it first.`;
  const condition = request.condition.name;
  if (existing.some((offer) => offer.ean === request.ean && (offer.condition?.name ?? 'NEW') === condition)) {
    return `An offer for EAN '${request.ean}' with condition ${condition} already exists.`;
  }
  if (condition === 'NEW' && request.condition.comment) return 'A condition comment is only allowed when the condition is not NEW.';
  return bundlePriceFailure(request.pricing.bundlePrices);
}

/** bol's reasons why an offer is not for sale (codes and wording of the simulator). */
export function notPublishableReasons(offer: SimulatorOffer, knownEan: boolean): BolNotPublishableReason[] {
  const reasons: BolNotPublishableReason[] = [];
  if (!knownEan) reasons.push({ code: '4009', description: 'The product is not yet known in the bol catalogue: add content for this EAN.' });
  if (offer.fulfilmentType === 'FBR' && offer.stock === 0 && offer.managedByRetailer !== false) reasons.push({ code: '4005', description: 'The offer has no stock.' });
  return reasons;
}

/** GET /retailer/offers/{offer-id} of an offer. */
export function retailerOffer(offer: SimulatorOffer, productTitle: string | null): BolRetailerOffer {
  const reasons = notPublishableReasons(offer, productTitle !== null);
  const forSale = reasons.length === 0 && !offer.onHoldByRetailer;
  return {
    offerId: offer.offerId,
    ean: offer.ean,
    ...(offer.referenceCode ? { reference: offer.referenceCode } : {}),
    onHoldByRetailer: offer.onHoldByRetailer,
    ...(offer.economicOperatorId ? { economicOperatorId: offer.economicOperatorId } : {}),
    ...(offer.unknownProductTitle ? { unknownProductTitle: offer.unknownProductTitle } : {}),
    pricing: { bundlePrices: offer.bundlePrices ?? [{ quantity: 1, unitPrice: offer.price }] },
    stock: { amount: offer.stock, correctedStock: offer.stock, managedByRetailer: offer.managedByRetailer ?? true },
    fulfilment: offer.fulfilmentType === 'FBR' ? { method: 'FBR', deliveryCode: offer.deliveryCode } : { method: 'FBB' },
    store: { ...(productTitle === null ? {} : { productTitle }), visible: forSale ? [{ countryCode: 'NL' }, { countryCode: 'BE' }] : [] },
    condition: offer.condition ?? { name: 'NEW', category: 'NEW' },
    notPublishableReasons: reasons,
  };
}

/** The offer endpoints, by the name tests use to make their next calls fail (BolSimulator.failNextOfferCalls). */
export const OFFER_CALLS = {
  create: { method: 'POST', pattern: /^\/retailer\/offers$/, eventType: 'CREATE_OFFER' },
  get: { method: 'GET', pattern: /^\/retailer\/offers\/(?!export$)[^/]+$/, eventType: null },
  update: { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+$/, eventType: 'UPDATE_OFFER' },
  delete: { method: 'DELETE', pattern: /^\/retailer\/offers\/[^/]+$/, eventType: 'DELETE_OFFER' },
  price: { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/price$/, eventType: 'UPDATE_OFFER_PRICE' },
  stock: { method: 'PUT', pattern: /^\/retailer\/offers\/[^/]+\/stock$/, eventType: 'UPDATE_OFFER_STOCK' },
} as const satisfies Record<string, { method: string; pattern: RegExp; eventType: string | null }>;
export type OfferCall = keyof typeof OFFER_CALLS;

/** How the next calls of an offer endpoint fail: 429 (with Retry-After), or accepted and then a process FAILURE. */
export interface OfferCallFault {
  as: 'RATE_LIMIT' | 'FAILURE';
  /** Default 1. */
  times?: number;
  /** RATE_LIMIT: seconds in Retry-After (default 1). */
  retryAfterSeconds?: number;
  /** FAILURE: the process status's errorMessage. */
  message?: string;
}
