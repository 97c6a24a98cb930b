/**
 * Sending one product's planned calls to bol through the offer port, paced per kind of call, and
 * what came of them: what bol holds now, whether it is done, and when to try again with a
 * readable error (docs/bol.md, "Offers follow the catalogue": retries and the final error).
 */
import { applyOfferOp, OFFER_MAX_ATTEMPTS, offerRetryDelayMs, type OfferOnBol, type OfferOp } from '../../../shared/bol-offer-sync';
import { BolApiError } from '../client/bol-errors';
import type { OfferPort, OfferWriteOutcome } from '../client/offer-port';
import type { RateGate } from './rate-gate';
import type { SendResult } from './offer-sync-store';

export interface OfferGates {
  price: RateGate;
  stock: RateGate;
  offer: RateGate;
}

export interface SendItem {
  productId: number;
  revision: number;
  attempts: number;
  baseline: OfferOnBol | null;
  ops: OfferOp[];
}

/** The port call of one planned op. */
export function callOf(port: OfferPort, op: OfferOp): Promise<OfferWriteOutcome> {
  switch (op.kind) {
    case 'create':
      return port.create({
        ean: op.offer.ean,
        condition: { name: 'NEW' },
        reference: op.offer.reference,
        onHold: op.offer.onHold,
        prices: [{ quantity: 1, unitPrice: op.offer.price }],
        stock: { amount: op.offer.stock, managedByRetailer: true },
        fulfilment: { method: 'FBR', deliveryCode: op.offer.deliveryCode },
      });
    case 'price':
      return port.updatePrice(op.offerId, [{ quantity: 1, unitPrice: op.to }]);
    case 'stock':
      return port.updateStock(op.offerId, { amount: op.to, managedByRetailer: true });
    case 'update':
      return port.update(op.offerId, {
        ...(op.onHold ? { onHold: op.onHold.to } : {}),
        ...(op.reference !== null ? { reference: op.reference } : {}),
        ...(op.deliveryCode !== null ? { fulfilment: { method: 'FBR', deliveryCode: op.deliveryCode } } : {}),
      });
  }
}

const gateOf = (gates: OfferGates, op: OfferOp): RateGate => (op.kind === 'price' ? gates.price : op.kind === 'stock' ? gates.stock : gates.offer);

/** The outcome of a product whose calls failed: tried again later with back-off, final after OFFER_MAX_ATTEMPTS. */
export function failedResult(item: SendItem, onBol: OfferOnBol | null, sent: boolean, message: string, now: number, maxAttempts = OFFER_MAX_ATTEMPTS): SendResult {
  const attempts = item.attempts + 1;
  const final = attempts >= maxAttempts;
  return {
    productId: item.productId,
    revision: item.revision,
    onBol,
    sent,
    done: false,
    attempts,
    nextAttemptAt: final ? null : new Date(now + offerRetryDelayMs(attempts)),
    error: final ? `${message} (tried ${attempts} times; the next change of the product tries again)` : message,
    notPublishable: null,
    firstSyncBy: null,
  };
}

/** Sends a product's calls in order; stops at the first that fails. `applied` gets the calls bol carried out. */
export async function sendItem(port: OfferPort, gates: OfferGates, item: SendItem, now: () => number, applied: OfferOp[], maxAttempts?: number): Promise<SendResult> {
  let onBol = item.baseline;
  let notPublishable: SendResult['notPublishable'] = null;
  for (const op of item.ops) {
    let outcome: OfferWriteOutcome;
    try {
      await gateOf(gates, op).take();
      outcome = await callOf(port, op);
    } catch (error) {
      // bol unreachable, a 429 beyond our patience, 5xx after retries: nothing is known of this call.
      const message = error instanceof BolApiError ? error.message : `Sending to bol failed: ${error instanceof Error ? error.message : String(error)}`;
      return failedResult(item, onBol, applied.length > 0, message, now(), maxAttempts);
    }
    if (outcome.status !== 'SUCCESS') return failedResult(item, onBol, applied.length > 0, outcome.message, now(), maxAttempts);
    onBol = applyOfferOp(onBol, op, outcome.offerId);
    if (op.kind === 'create') notPublishable = outcome.notPublishableReasons;
    applied.push(op);
  }
  return { productId: item.productId, revision: item.revision, onBol, sent: applied.length > 0, done: true, attempts: 0, nextAttemptAt: null, error: null, notPublishable, firstSyncBy: null };
}
