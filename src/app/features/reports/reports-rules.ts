/**
 * What the Reports screen shows, as pure rules (docs/reports-and-export.md "Reports"): one tile per
 * bol state and per offer presence, each with its count and the product list filtered to exactly
 * those products, and how an upload report entry reads.
 */
import type { BolReportOverview, BolReportReadableEntry } from '../../../shared/export-contract';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import type { OfferStateCounts } from '../../../shared/bol-offer-sync';
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { BOL_PRODUCT_STATES, type BolProductState } from '../../../shared/product-filter';
import type { ProductFilters } from '../products';

export type Tone = 'gray' | 'amber' | 'blue' | 'green' | 'red';

export interface CountTile {
  id: string;
  label: string;
  /** What a person does about it. */
  hint: string;
  count: number;
  /** The list's filters that show exactly these products. */
  filters: Partial<ProductFilters>;
  tone: Tone;
}

const STATE_HINTS: Record<BolProductState, string> = {
  noCategory: 'Choose a Bol category on the Bol Model tab.',
  missingRequired: 'Fill in and save the required attributes.',
  ready: 'Select them and create content on bol.',
  sent: 'bol is processing them; read the upload report later.',
  published: 'Nothing to do.',
  declined: 'Read the reasons below and fix the products.',
};

const STATE_TONES: Record<BolProductState, Tone> = {
  noCategory: 'gray',
  missingRequired: 'amber',
  ready: 'blue',
  sent: 'blue',
  published: 'green',
  declined: 'red',
};

export function stateTiles(overview: Pick<BolReportOverview, 'states'>): CountTile[] {
  return BOL_PRODUCT_STATES.map((state) => ({
    id: state,
    label: BOL_STATE_LABELS[state],
    hint: STATE_HINTS[state],
    count: overview.states[state] ?? 0,
    filters: { bolState: state },
    tone: STATE_TONES[state],
  }));
}

export function offerTiles(overview: Pick<BolReportOverview, 'offers'>): CountTile[] {
  return [
    { id: 'offer-present', label: 'Offer on bol', hint: 'bol holds an offer (as last imported).', count: overview.offers.present, filters: { hasOffer: 'true' }, tone: 'green' },
    { id: 'offer-absent', label: 'No offer on bol', hint: 'Import the offers again to be sure.', count: overview.offers.absent, filters: { hasOffer: 'false' }, tone: 'gray' },
  ];
}

const OFFER_SYNC_TILES = [
  { state: 'live', hint: bolOfferMessages.reportHints.live, tone: 'green' },
  { state: 'waiting', hint: bolOfferMessages.reportHints.waiting, tone: 'blue' },
  { state: 'held', hint: bolOfferMessages.reportHints.held, tone: 'amber' },
  { state: 'failed', hint: bolOfferMessages.reportHints.failed, tone: 'red' },
] as const satisfies readonly { state: keyof OfferStateCounts; hint: string; tone: Tone }[];

/**
 * The offers the sync keeps, per state, each opening the product list filtered on that state
 * (docs/bol.md, "Offers follow the catalogue"); none for a report kept by an older version.
 */
export function offerSyncTiles(overview: Pick<BolReportOverview, 'offerSync'>): CountTile[] {
  const counts = overview.offerSync;
  if (!counts) return [];
  return OFFER_SYNC_TILES.map(({ state, hint, tone }) => ({
    id: `offer-${state}`,
    label: bolOfferMessages.reportLabels[state],
    hint,
    count: counts[state],
    filters: { offerState: state },
    tone,
  }));
}

export const ENTRY_STATUS_TEXT: Record<BolReportReadableEntry['status'], string> = {
  DECLINED: 'Declined',
  IN_PROGRESS: 'In progress',
  PUBLISHED: 'Published',
};

/** One line of an upload report: "Description (attribute): Declined — The title is too short." */
export function entryLine(entry: BolReportReadableEntry): string {
  const what = entry.kind === 'image' ? `Image ${entry.subject}` : entry.subject;
  return `${what}: ${ENTRY_STATUS_TEXT[entry.status]}${entry.reason ? ` — ${entry.reason}` : ''}`;
}

/** The upload report entries to show at first: every declined one, and a few others. */
export function entriesShown(entries: readonly BolReportReadableEntry[], others = 3): { shown: BolReportReadableEntry[]; hidden: number } {
  const declined = entries.filter((entry) => entry.status === 'DECLINED');
  const rest = entries.filter((entry) => entry.status !== 'DECLINED');
  const shown = [...declined, ...rest.slice(0, others)];
  return { shown, hidden: entries.length - shown.length };
}
