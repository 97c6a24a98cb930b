/**
 * How the product's offer on bol reads on the Bol Model tab (docs/bol.md, "Offers follow the
 * catalogue"): what bol holds, and one status line: held back with its reason and the changes that
 * wait (with Send anyway), failed, waiting, or not offered and why.
 */
import { euro, type OfferSyncState } from '../../../shared/bol-offer-sync';
import { bolModelMessages, type BolModelWords } from '../../../shared/bol-model-messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';

export interface OfferView {
  /** "€ 19,95 · stock 12 · for sale", or the no-offer sentence. */
  summary: string;
  tone: 'green' | 'amber' | 'red' | 'gray' | 'blue';
  status: string | null;
  /** The held-back changes, as "price: € 20,00 → € 28,00". */
  changes: string[];
  /** Send anyway is offered (a change is held back and none is waiting in the outbox). */
  canSendAnyway: boolean;
  notes: string[];
}

/** The view's words (the language shown; English by default). */
export interface OfferWords {
  offer: typeof bolOfferMessages;
  model: Pick<BolModelWords, 'offerSummary' | 'offerFields'>;
}
const ENGLISH: OfferWords = { offer: bolOfferMessages, model: bolModelMessages };

/** The word of a held-back change's field ('bol:offer:price' -> 'price'). */
function fieldName(field: string, words: OfferWords): string {
  const key = field.startsWith('bol:offer:') ? field.slice('bol:offer:'.length) : field;
  const name = key === 'status' ? words.model.offerFields.offer : words.model.offerFields[key];
  return name ?? field;
}

export function offerView(state: OfferSyncState, sendAnywayWaiting: boolean, timeText: (iso: string) => string, words: OfferWords = ENGLISH): OfferView {
  const bolOfferMessages = words.offer;
  const onBol = state.onBol;
  const summary = onBol ? words.model.offerSummary(euro(onBol.price), String(onBol.stock ?? '—'), onBol.onHold) : bolOfferMessages.noOffer;
  const notes: string[] = [];
  if (state.source === 'import') notes.push(bolOfferMessages.fromImport);
  if (state.lastSentAt) notes.push(bolOfferMessages.lastSent(timeText(state.lastSentAt)));
  if (state.notPublishableReasons.length > 0) notes.push(`${bolOfferMessages.notPublishable} ${state.notPublishableReasons.map((reason) => reason.description).join(' ')}`);
  const changes = state.heldBack?.changes.map((change) => `${fieldName(change.field, words)}: ${change.old ? `${change.old} → ` : ''}${change.new}`) ?? [];
  if (state.heldBack) {
    return { summary, tone: 'amber', status: `${bolOfferMessages.heldBack} ${state.heldBack.reason}`, changes, canSendAnyway: !sendAnywayWaiting, notes: sendAnywayWaiting ? [bolOfferMessages.sendAnywayWaiting, ...notes] : notes };
  }
  if (state.error) {
    const retry = state.nextAttemptAt ? ` ${bolOfferMessages.retrying(timeText(state.nextAttemptAt))}` : '';
    return { summary, tone: 'red', status: `${bolOfferMessages.failed} ${state.error}${retry}`, changes, canSendAnyway: false, notes };
  }
  if (state.waiting) return { summary, tone: 'blue', status: bolOfferMessages.waiting, changes, canSendAnyway: false, notes };
  if (state.notOffered) return { summary, tone: 'gray', status: `${bolOfferMessages.notOffered} ${state.notOffered}`, changes, canSendAnyway: false, notes };
  return { summary, tone: onBol && !onBol.onHold ? 'green' : 'gray', status: null, changes, canSendAnyway: false, notes };
}
