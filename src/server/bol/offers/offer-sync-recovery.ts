/**
 * A run that died between sending and writing what came of it leaves its products in flight. The
 * next run settles them before sending anything (docs/bol.md, "Offers follow the catalogue":
 * nothing sent twice, nothing lost): each call of the plan is looked up at bol. The offer shows the
 * planned value → it was applied; else a process status of ours for the offer, started after the
 * run began, is followed to its end (bol had accepted the call and not finished it); else the call
 * never reached bol, and the product stays due and is sent normally. A create is looked up by its
 * EAN in bol's offer export (one export for all of them).
 */
import { applyOfferOp, type OfferOnBol, type OfferOp } from '../../../shared/bol-offer-sync';
import type { ProcessOutcome } from '../client/bol-client';
import type { BolProcessStatus } from '../client/bol-wire';
import type { BolOffer } from '../../../shared/bol-contract';
import type { Offer, OfferPort } from '../client/offer-port';
import type { SendResult, SyncRow } from './offer-sync-store';
import type { RateGate } from './rate-gate';

/** How the recovery asks bol about process statuses, and (for a create) which offers it holds. */
export interface ProcessLookup {
  statusesOf(entityId: string, eventType: string): Promise<BolProcessStatus[]>;
  follow(started: BolProcessStatus): Promise<ProcessOutcome>;
  /** bol's offers as its offer export lists them (v10 cannot look an offer up by EAN otherwise). */
  exportedOffers?(): Promise<BolOffer[]>;
}

/** Whether a product left in flight was creating an offer (the recovery then reads bol's offer export once). */
export const createsInFlight = (row: SyncRow): boolean => (row.inFlight?.ops ?? []).some((op) => op.kind === 'create');

const EVENT_TYPES: Record<Exclude<OfferOp['kind'], 'create'>, string> = { price: 'UPDATE_OFFER_PRICE', stock: 'UPDATE_OFFER_STOCK', update: 'UPDATE_OFFER' };

/** Whether bol's offer shows the call's value. */
export function offerShows(offer: Offer, op: OfferOp): boolean {
  switch (op.kind) {
    case 'create':
      return false;
    case 'price':
      return offer.prices[0]?.unitPrice === op.to;
    case 'stock':
      return offer.stock.amount === op.to;
    case 'update':
      return (!op.onHold || offer.onHold === op.onHold.to) && (op.reference === null || offer.reference === op.reference) && (op.deliveryCode === null || offer.fulfilment.deliveryCode === op.deliveryCode);
  }
}

/**
 * Settles one product left in flight; `applied` gets the calls bol had carried out. `exported`:
 * bol's offers by EAN from its offer export, read once for every create left in flight (null when
 * there was none or the export failed).
 */
export async function recoverInFlight(
  row: SyncRow,
  port: OfferPort,
  lookup: ProcessLookup,
  gate: RateGate,
  now: () => number,
  applied: OfferOp[],
  exported: ReadonlyMap<string, BolOffer> | null = null,
): Promise<SendResult> {
  const inFlight = row.inFlight;
  let onBol: OfferOnBol | null = row.onBol ?? null;
  for (const op of inFlight?.ops ?? []) {
    if (op.kind === 'create') {
      // Found on bol (the create went out, its answer was lost): ours, not created again. Not
      // found (bol never got it, or the export read it too early): sent normally.
      const found = exported?.get(op.offer.ean);
      if (!found) break;
      onBol = applyOfferOp(onBol, op, found.offerId);
      applied.push(op);
      continue;
    }
    await gate.take();
    const offer = await port.get(op.offerId);
    if (!offer) break;
    let done = offerShows(offer, op);
    if (!done) {
      const since = inFlight?.at ?? 0;
      const ours = (await lookup.statusesOf(op.offerId, EVENT_TYPES[op.kind])).filter((status) => Date.parse(status.createTimestamp) >= since - 1_000);
      for (const status of ours) {
        if (status.status === 'FAILURE' || status.status === 'TIMEOUT') continue;
        const outcome = await lookup.follow(status);
        if (outcome.outcome === 'SUCCESS') done = true;
        if (done) break;
      }
    }
    if (!done) break;
    onBol = applyOfferOp(onBol, op, op.offerId);
    applied.push(op);
  }
  const all = applied.length === (inFlight?.ops.length ?? 0);
  return {
    productId: row.productId,
    revision: inFlight?.revision ?? row.revision,
    onBol,
    sent: applied.length > 0,
    done: all,
    attempts: row.attempts,
    // Not all carried out: due at once, planned again from what bol holds.
    nextAttemptAt: all ? null : new Date(now()),
    error: null,
    notPublishable: null,
    firstSyncBy: null,
  };
}
