/**
 * The seller's offers on bol, whatever version of bol's API carries them: create, read, update,
 * hold, price, stock and delete, each answering an outcome the caller can act on. The v10
 * implementation (offer-port-v10.ts) follows bol's process statuses to the end; bol's v11 Offer
 * API answers the same calls at once, so a v11 implementation can replace it behind this port
 * (docs/bol.md, "The offer port" and "What the v11 Offer API changes").
 */
import type { BolBundlePrice, BolNotPublishableReason, BolOfferCondition, BolOfferFulfilment } from './bol-wire';

export type OfferPrice = BolBundlePrice;
export type OfferFulfilment = BolOfferFulfilment;
export type OfferCondition = BolOfferCondition;
export type NotPublishableReason = BolNotPublishableReason;

export interface OfferStock {
  /** 0–999 items in the seller's own warehouse (not FBB stock). */
  amount: number;
  /** true: bol subtracts only orders placed after this update; false: all open orders. */
  managedByRetailer: boolean;
}

export interface NewOffer {
  ean: string;
  /** Default NEW. */
  condition?: OfferCondition;
  /** The seller's own reference (at most 100 characters). */
  reference?: string;
  /** Created on hold: not for sale until unheld. Default false. */
  onHold?: boolean;
  /** Needed when bol's catalogue does not know the EAN. */
  unknownProductTitle?: string;
  /** 1–4 bundle prices; quantity 1 first, quantities rising, unit prices falling. */
  prices: OfferPrice[];
  stock: OfferStock;
  fulfilment: OfferFulfilment;
  economicOperatorId?: string;
}

/** What an update may change; what is left out stays as it is. */
export interface OfferChanges {
  reference?: string;
  onHold?: boolean;
  unknownProductTitle?: string;
  fulfilment?: OfferFulfilment;
  economicOperatorId?: string;
}

/** An offer as bol holds it. */
export interface Offer {
  offerId: string;
  ean: string;
  reference: string | null;
  onHold: boolean;
  unknownProductTitle: string | null;
  prices: OfferPrice[];
  stock: { amount: number | null; correctedStock: number | null; managedByRetailer: boolean };
  fulfilment: OfferFulfilment;
  condition: OfferCondition;
  /** bol's title of the product, when bol's catalogue knows it. */
  productTitle: string | null;
  /** Countries where the offer is for sale now (NL, BE); empty when it is not. */
  forSaleIn: string[];
  /** bol's reasons why the offer cannot be for sale; empty when there are none. */
  notPublishableReasons: NotPublishableReason[];
}

/**
 * The outcome of a write:
 * - `SUCCESS`: bol applied it (`offerId` the offer; after a create, bol's not-publishable reasons);
 * - `FAILURE`: bol refused it, `stage` says where: the request itself (`request`, a 4xx) or while
 *   processing (`process`, a FAILURE status); `message` is bol's reason in a sentence;
 * - `UNKNOWN`: bol had not finished within our bound, or forgot the status before we saw its end;
 *   read the offer later to see whether it changed.
 * Failures of the connection itself (bol unreachable, refusing our credentials, 429 beyond our
 * patience, 5xx after retries) are thrown as BolApiError: nothing can be said about the offer.
 */
export type OfferWriteOutcome =
  | { status: 'SUCCESS'; offerId: string; processStatusId: string | null; notPublishableReasons: NotPublishableReason[] }
  | { status: 'FAILURE'; stage: 'request' | 'process'; offerId: string | null; processStatusId: string | null; message: string }
  | { status: 'UNKNOWN'; offerId: string | null; processStatusId: string | null; message: string };

export interface OfferPort {
  /** Which of bol's APIs carries the calls. */
  readonly apiVersion: 'v10' | 'v11';
  create(offer: NewOffer): Promise<OfferWriteOutcome>;
  /** The offer, or null when bol has no offer with this id. */
  get(offerId: string): Promise<Offer | null>;
  update(offerId: string, changes: OfferChanges): Promise<OfferWriteOutcome>;
  /** Takes the offer off sale without deleting it. */
  hold(offerId: string): Promise<OfferWriteOutcome>;
  /** Puts an offer on hold back on sale. */
  unhold(offerId: string): Promise<OfferWriteOutcome>;
  /** Replaces all bundle prices. */
  updatePrice(offerId: string, prices: readonly OfferPrice[]): Promise<OfferWriteOutcome>;
  updateStock(offerId: string, stock: OfferStock): Promise<OfferWriteOutcome>;
  delete(offerId: string): Promise<OfferWriteOutcome>;
}
