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
import { reportMessages, type ReportWords } from '../../../shared/report-messages';

type OfferWords = Pick<typeof bolOfferMessages, 'reportLabels' | 'reportHints'>;
type StateLabels = Readonly<Record<BolProductState, string>>;

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

const STATE_TONES: Record<BolProductState, Tone> = {
  noCategory: 'gray',
  missingRequired: 'amber',
  ready: 'blue',
  sent: 'blue',
  published: 'green',
  declined: 'red',
};

export function stateTiles(overview: Pick<BolReportOverview, 'states'>, words: ReportWords = reportMessages, labels: StateLabels = BOL_STATE_LABELS): CountTile[] {
  return BOL_PRODUCT_STATES.map((state) => ({
    id: state,
    label: labels[state],
    hint: words.stateHints[state],
    count: overview.states[state] ?? 0,
    filters: { bolState: state },
    tone: STATE_TONES[state],
  }));
}

export function offerTiles(overview: Pick<BolReportOverview, 'offers'>, words: ReportWords = reportMessages): CountTile[] {
  return [
    { id: 'offer-present', label: words.offerPresent, hint: words.offerPresentHint, count: overview.offers.present, filters: { hasOffer: 'true' }, tone: 'green' },
    { id: 'offer-absent', label: words.offerAbsent, hint: words.offerAbsentHint, count: overview.offers.absent, filters: { hasOffer: 'false' }, tone: 'gray' },
  ];
}

const OFFER_SYNC_TILES = [
  { state: 'live', tone: 'green' },
  { state: 'waiting', tone: 'blue' },
  { state: 'held', tone: 'amber' },
  { state: 'failed', tone: 'red' },
] as const satisfies readonly { state: keyof OfferStateCounts; tone: Tone }[];

/**
 * The offers the sync keeps, per state, each opening the product list filtered on that state
 * (docs/bol.md, "Offers follow the catalogue"); none for a report kept by an older version.
 */
export function offerSyncTiles(overview: Pick<BolReportOverview, 'offerSync'>, words: OfferWords = bolOfferMessages): CountTile[] {
  const counts = overview.offerSync;
  if (!counts) return [];
  return OFFER_SYNC_TILES.map(({ state, tone }) => ({
    id: `offer-${state}`,
    label: words.reportLabels[state],
    hint: words.reportHints[state],
    count: counts[state],
    filters: { offerState: state },
    tone,
  }));
}

/** One line of an upload report: "Description (attribute): Declined — The title is too short." */
export function entryLine(entry: BolReportReadableEntry, words: ReportWords = reportMessages): string {
  const what = entry.kind === 'image' ? words.image(entry.subject) : entry.subject;
  return words.entryLine(what, words.entryStatus[entry.status], entry.reason);
}

/** The upload line's content status: "upload not sent"; a code these words lack as its words from the code. */
export function uploadText(contentStatus: string, words: ReportWords = reportMessages): string {
  return words.upload(words.contentStatus[contentStatus] ?? contentStatus.toLowerCase().replace('_', ' '));
}

/** The upload report entries to show at first: every declined one, and a few others. */
export function entriesShown(entries: readonly BolReportReadableEntry[], others = 3): { shown: BolReportReadableEntry[]; hidden: number } {
  const declined = entries.filter((entry) => entry.status === 'DECLINED');
  const rest = entries.filter((entry) => entry.status !== 'DECLINED');
  const shown = [...declined, ...rest.slice(0, others)];
  return { shown, hidden: entries.length - shown.length };
}
