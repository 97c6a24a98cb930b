/**
 * The product list's filters as a table (docs/product-list.md, "Filters"): each filter's label and
 * how its values read. The filter panel draws its fields from it and the one-line summary of the
 * folded panel reads from it, so a new filter is one entry here (and its atom in
 * product-list-view.ts), not three edits in three places.
 */
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { BOL_PRODUCT_STATES, OFFER_STATES } from '../../../shared/product-filter';
import type { FilterName, TriStateName } from './product-list-view';

/** Where a filter sits in the opened panel: the first row, or under "More filters". */
export type FilterPlace = 'main' | 'more';

export interface YesNoField {
  kind: 'yes-no';
  name: TriStateName;
  label: string;
  yes: string;
  no: string;
  place: FilterPlace;
}

export interface ChoiceField {
  kind: 'choice';
  name: FilterName;
  label: string;
  /** The value '' reads as "not filtered". */
  options: readonly { value: string; label: string }[];
  place: FilterPlace;
}

/** The yes/no filters, in the panel's order. */
export const YES_NO_FIELDS: readonly YesNoField[] = [
  { kind: 'yes-no', name: 'passedModeration', label: 'Moderation', yes: 'Passed', no: 'Not passed', place: 'main' },
  { kind: 'yes-no', name: 'stock', label: 'Stock', yes: 'In stock', no: 'Out of stock', place: 'more' },
  { kind: 'yes-no', name: 'isExportOnBol', label: 'Export to bol', yes: 'Exported', no: 'Not exported', place: 'more' },
  { kind: 'yes-no', name: 'description', label: 'Description', yes: 'Has one', no: 'Has none', place: 'more' },
  { kind: 'yes-no', name: 'isMainProduct', label: 'Main product', yes: 'Main', no: 'Not main', place: 'more' },
  { kind: 'yes-no', name: 'buyBlock', label: 'Buy block', yes: 'Blocked', no: 'Not blocked', place: 'more' },
  { kind: 'yes-no', name: 'isChangeEan', label: 'EAN replaced', yes: 'Replaced', no: 'Original', place: 'more' },
  { kind: 'yes-no', name: 'hasOffer', label: 'Offer on bol', yes: 'Has an offer', no: 'No offer', place: 'more' },
];

/** Fixed choices beside the yes/no filters (the category's options come from the reference lists). */
export const BOL_STATE_FIELD: ChoiceField = {
  kind: 'choice',
  name: 'bolState',
  label: 'Bol state',
  options: [{ value: '', label: 'Any' }, ...BOL_PRODUCT_STATES.map((state) => ({ value: state, label: BOL_STATE_LABELS[state] }))],
  place: 'more',
};

/** The state of the product's own offer on bol, as the offer sync keeps it (docs/bol.md, "Offers follow the catalogue"). */
export const OFFER_STATE_FIELD: ChoiceField = {
  kind: 'choice',
  name: 'offerState',
  label: bolOfferMessages.offerStateFilter,
  options: [{ value: '', label: 'Any' }, ...OFFER_STATES.map((state) => ({ value: state, label: bolOfferMessages.offerStates[state] }))],
  place: 'more',
};

/** The labels of the text filters (typed values), as the panel shows them. */
export const TEXT_FILTER_LABELS = {
  priceFrom: 'Price from',
  priceTo: 'Price to',
  brand: 'Brand',
  familyKey: 'Family key',
  numberOfImages: 'Number of images',
  dateFrom: 'Updated from',
  dateTo: 'Updated to',
} as const satisfies Partial<Record<FilterName, string>>;

/** A yes/no field's options as its select offers them. */
export function yesNoOptions(field: YesNoField): { value: string; label: string }[] {
  return [
    { value: '', label: 'Any' },
    { value: 'true', label: field.yes },
    { value: 'false', label: field.no },
  ];
}
