/**
 * The offer port over bol's Retailer API v10 (docs/bol.md, "The offer port"): every write is
 * answered with 202 and a process status, which is polled with back-off until it is final
 * (process-poll.ts); 429s are waited out by the transport (Retry-After). v10's PUT of an offer
 * needs the fulfilment and resets onHoldByRetailer when it is left out, so an update reads the
 * offer first and sends what it has with the changes on top.
 */
import type { BolClient, ProcessOutcome } from './bol-client';
import { BolApiError, isItemRefusal, processOutcomeMessage } from './bol-errors';
import type {
  BolCreateOfferRequest,
  BolProcessStatus,
  BolRetailerOffer,
  BolUpdateOfferPriceRequest,
  BolUpdateOfferRequest,
  BolUpdateOfferStockRequest,
} from './bol-wire';
import type { NewOffer, Offer, OfferChanges, OfferPort, OfferPrice, OfferStock, OfferWriteOutcome } from './offer-port';
import type { ProcessFollower } from './process-batch';
import { followProcess } from './process-poll';

/** bol's v10 offer as the port shows it. */
export function offerFromV10(wire: BolRetailerOffer): Offer {
  return {
    offerId: wire.offerId,
    ean: wire.ean,
    reference: wire.reference ?? null,
    onHold: wire.onHoldByRetailer,
    unknownProductTitle: wire.unknownProductTitle ?? null,
    prices: wire.pricing.bundlePrices.map((price) => ({ quantity: price.quantity, unitPrice: price.unitPrice })),
    stock: { amount: wire.stock.amount ?? null, correctedStock: wire.stock.correctedStock ?? null, managedByRetailer: wire.stock.managedByRetailer },
    fulfilment: { ...wire.fulfilment },
    condition: { ...wire.condition },
    productTitle: wire.store.productTitle ?? null,
    forSaleIn: wire.store.visible.map((country) => country.countryCode),
    notPublishableReasons: wire.notPublishableReasons.map((reason) => ({ code: reason.code, description: reason.description })),
  };
}

/** The v10 create request of a new offer (condition NEW and not on hold unless said otherwise). */
export function createRequestV10(offer: NewOffer): BolCreateOfferRequest {
  return {
    ean: offer.ean,
    condition: offer.condition ?? { name: 'NEW' },
    ...(offer.reference === undefined ? {} : { reference: offer.reference }),
    onHoldByRetailer: offer.onHold ?? false,
    ...(offer.unknownProductTitle === undefined ? {} : { unknownProductTitle: offer.unknownProductTitle }),
    ...(offer.economicOperatorId === undefined ? {} : { economicOperatorId: offer.economicOperatorId }),
    pricing: { bundlePrices: offer.prices.map((price) => ({ quantity: price.quantity, unitPrice: price.unitPrice })) },
    stock: { amount: offer.stock.amount, managedByRetailer: offer.stock.managedByRetailer },
    fulfilment: fulfilmentV10(offer.fulfilment),
  };
}

/** The v10 update request: the offer's current values with the changes on top (PUT replaces). */
export function updateRequestV10(current: Offer, changes: OfferChanges): BolUpdateOfferRequest {
  const reference = changes.reference ?? current.reference;
  const unknownProductTitle = changes.unknownProductTitle ?? current.unknownProductTitle;
  return {
    ...(reference === null ? {} : { reference }),
    onHoldByRetailer: changes.onHold ?? current.onHold,
    ...(unknownProductTitle === null ? {} : { unknownProductTitle }),
    ...(changes.economicOperatorId === undefined ? {} : { economicOperatorId: changes.economicOperatorId }),
    fulfilment: fulfilmentV10(changes.fulfilment ?? current.fulfilment),
  };
}

/** A delivery code goes with FBR only. */
function fulfilmentV10(fulfilment: NewOffer['fulfilment']): NewOffer['fulfilment'] {
  return fulfilment.method === 'FBR' && fulfilment.deliveryCode ? { method: 'FBR', deliveryCode: fulfilment.deliveryCode } : { method: fulfilment.method };
}

/** The port's outcome of a v10 process (`offerId` as known before it ran; a create learns it from entityId). */
export function writeOutcomeV10(what: string, offerId: string | null, outcome: ProcessOutcome): OfferWriteOutcome {
  const processStatusId = outcome.outcome === 'PURGED' ? null : (outcome.status?.processStatusId ?? null);
  const message = processOutcomeMessage(what, outcome);
  if (outcome.outcome === 'SUCCESS') {
    const id = offerId ?? outcome.entityId;
    if (id) return { status: 'SUCCESS', offerId: id, processStatusId, notPublishableReasons: [] };
    return { status: 'UNKNOWN', offerId: null, processStatusId, message: `${what}: bol reports success without naming the offer` };
  }
  if (outcome.outcome === 'FAILURE') return { status: 'FAILURE', stage: 'process', offerId, processStatusId, message };
  return { status: 'UNKNOWN', offerId, processStatusId, message };
}

export class OfferPortV10 implements OfferPort {
  readonly apiVersion = 'v10';

  /** `processes`: how process statuses are followed; default one by one (followProcess), the offer sync batches them (process-batch.ts). */
  constructor(
    private readonly client: BolClient,
    private readonly processes: ProcessFollower = { follow: (started) => followProcess(client, started) },
  ) {}

  async create(offer: NewOffer): Promise<OfferWriteOutcome> {
    const what = `Creating a bol offer for EAN ${offer.ean}`;
    const outcome = await this.write(what, null, () => this.client.http.json<BolProcessStatus>({ method: 'POST', path: '/retailer/offers', body: createRequestV10(offer), what }));
    if (outcome.status !== 'SUCCESS') return outcome;
    // bol's reasons why the new offer cannot be for sale (e.g. a product bol does not know yet).
    const created = await this.get(outcome.offerId);
    return { ...outcome, notPublishableReasons: created?.notPublishableReasons ?? [] };
  }

  async get(offerId: string): Promise<Offer | null> {
    try {
      return offerFromV10(await this.client.http.json<BolRetailerOffer>({ method: 'GET', path: offerPath(offerId), what: `Reading bol offer ${offerId}` }));
    } catch (error) {
      if (error instanceof BolApiError && error.status === 404) return null;
      throw error;
    }
  }

  update(offerId: string, changes: OfferChanges): Promise<OfferWriteOutcome> {
    return this.change(`Updating bol offer ${offerId}`, offerId, changes);
  }

  hold(offerId: string): Promise<OfferWriteOutcome> {
    return this.change(`Putting bol offer ${offerId} on hold`, offerId, { onHold: true });
  }

  unhold(offerId: string): Promise<OfferWriteOutcome> {
    return this.change(`Putting bol offer ${offerId} back on sale`, offerId, { onHold: false });
  }

  updatePrice(offerId: string, prices: readonly OfferPrice[]): Promise<OfferWriteOutcome> {
    const what = `Updating the price of bol offer ${offerId}`;
    const body: BolUpdateOfferPriceRequest = { pricing: { bundlePrices: prices.map((price) => ({ quantity: price.quantity, unitPrice: price.unitPrice })) } };
    return this.write(what, offerId, () => this.client.http.json<BolProcessStatus>({ method: 'PUT', path: `${offerPath(offerId)}/price`, body, what }));
  }

  updateStock(offerId: string, stock: OfferStock): Promise<OfferWriteOutcome> {
    const what = `Updating the stock of bol offer ${offerId}`;
    const body: BolUpdateOfferStockRequest = { amount: stock.amount, managedByRetailer: stock.managedByRetailer };
    return this.write(what, offerId, () => this.client.http.json<BolProcessStatus>({ method: 'PUT', path: `${offerPath(offerId)}/stock`, body, what }));
  }

  delete(offerId: string): Promise<OfferWriteOutcome> {
    const what = `Deleting bol offer ${offerId}`;
    return this.write(what, offerId, () => this.client.http.json<BolProcessStatus>({ method: 'DELETE', path: offerPath(offerId), what }));
  }

  /** Read, merge, PUT: v10 replaces the fields of an update. */
  private async change(what: string, offerId: string, changes: OfferChanges): Promise<OfferWriteOutcome> {
    const current = await this.get(offerId);
    if (!current) return { status: 'FAILURE', stage: 'request', offerId, processStatusId: null, message: `${what} failed: bol has no offer with this id` };
    const body = updateRequestV10(current, changes);
    return this.write(what, offerId, () => this.client.http.json<BolProcessStatus>({ method: 'PUT', path: offerPath(offerId), body, what }));
  }

  /** Sends, follows the process to its end; bol's refusal of this one offer is an outcome, a broken connection throws. */
  private async write(what: string, offerId: string | null, send: () => Promise<BolProcessStatus>): Promise<OfferWriteOutcome> {
    let started: BolProcessStatus;
    try {
      started = await send();
    } catch (error) {
      if (isItemRefusal(error)) return { status: 'FAILURE', stage: 'request', offerId, processStatusId: null, message: error.message };
      throw error;
    }
    return writeOutcomeV10(what, offerId, await this.processes.follow(started));
  }
}

const offerPath = (offerId: string) => `/retailer/offers/${encodeURIComponent(offerId)}`;
