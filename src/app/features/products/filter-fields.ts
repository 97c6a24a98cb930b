/**
 * The product list's filters as a table (docs/product-list.md, "Filters"): each filter's label and
 * how its values read. The filter panel draws its fields from it and the one-line summary of the
 * folded panel reads from it, so a new filter is one entry here (and its atom in
 * product-list-view.ts), not three edits in three places.
 */
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { BOL_PRODUCT_STATES, OFFER_STATES } from '../../../shared/product-filter';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';
import { SORT_OPTIONS, type FilterName, type TriStateName } from './product-list-view';

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

/** The words the fields read in: the filter bar's, bol's states and the offer's (each in the language shown). */
export interface FilterFieldWords {
  filter: ProductFilterWords;
  bolStates: typeof BOL_STATE_LABELS;
  offer: Pick<typeof bolOfferMessages, 'offerStateFilter' | 'offerStates'>;
}

const ENGLISH: FilterFieldWords = { filter: productFilterMessages, bolStates: BOL_STATE_LABELS, offer: bolOfferMessages };

/** The yes/no filters' names and places, in the panel's order (their words: productFilterMessages.yesNo). */
const YES_NO_PLACES: readonly { name: TriStateName & keyof ProductFilterWords['yesNo']; place: FilterPlace }[] = [
  { name: 'passedModeration', place: 'main' },
  { name: 'stock', place: 'more' },
  { name: 'isExportOnBol', place: 'more' },
  { name: 'description', place: 'more' },
  { name: 'isMainProduct', place: 'more' },
  { name: 'buyBlock', place: 'more' },
  { name: 'isChangeEan', place: 'more' },
  { name: 'hasOffer', place: 'more' },
];

export interface FilterFields {
  yesNo: readonly YesNoField[];
  /** Fixed choices beside the yes/no filters (the category's options come from the reference lists). */
  bolState: ChoiceField;
  /** The state of the product's own offer on bol, as the offer sync keeps it (docs/bol.md, "Offers follow the catalogue"). */
  offerState: ChoiceField;
  /** The labels of the text filters (typed values), as the panel shows them. */
  text: ProductFilterWords['text'];
  /** The sorts with their labels. */
  sorts: readonly { value: string; label: string }[];
}

/** The filter fields in the words given (English by default). */
export function filterFields(words: FilterFieldWords = ENGLISH): FilterFields {
  const any = words.filter.any;
  return {
    yesNo: YES_NO_PLACES.map(({ name, place }) => ({ kind: 'yes-no', name, place, ...words.filter.yesNo[name] })),
    bolState: {
      kind: 'choice',
      name: 'bolState',
      label: words.filter.bolState,
      options: [{ value: '', label: any }, ...BOL_PRODUCT_STATES.map((state) => ({ value: state, label: words.bolStates[state] }))],
      place: 'more',
    },
    offerState: {
      kind: 'choice',
      name: 'offerState',
      label: words.offer.offerStateFilter,
      options: [{ value: '', label: any }, ...OFFER_STATES.map((state) => ({ value: state, label: words.offer.offerStates[state] }))],
      place: 'more',
    },
    text: words.filter.text,
    sorts: SORT_OPTIONS.map((option) => ({ value: option.value, label: words.filter.sorts[option.value] })),
  };
}

const english = filterFields();
/** The yes/no filters, in the panel's order (English). */
export const YES_NO_FIELDS = english.yesNo;
export const BOL_STATE_FIELD = english.bolState;
export const OFFER_STATE_FIELD = english.offerState;
export const TEXT_FILTER_LABELS = english.text satisfies Partial<Record<FilterName, string>>;

/** A yes/no field's options as its select offers them. */
export function yesNoOptions(field: YesNoField, any: string = productFilterMessages.any): { value: string; label: string }[] {
  return [
    { value: '', label: any },
    { value: 'true', label: field.yes },
    { value: 'false', label: field.no },
  ];
}
