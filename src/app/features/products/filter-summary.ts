/**
 * The one line the folded filter panel shows (docs/product-list.md, "A list that shows the list"):
 * what is set, in the panel's order, so a person sees the view's filters without opening it. The
 * search text is not in it: its field stays on the line.
 */
import { ALL_SUPPLIERS_NAME } from '../../../shared/constants';
import { BOL_STATE_FIELD, OFFER_STATE_FIELD, TEXT_FILTER_LABELS, YES_NO_FIELDS } from './filter-fields';
import { DEFAULT_SORT, SORT_OPTIONS, type ProductFilters } from './product-list-view';

export const NO_FILTERS_SET = 'None set';

/** "from – to", "from …" or "up to …" of a pair of bounds; null when neither is set. */
function range(label: string, from: string, to: string): string | null {
  if (from && to) return `${label} ${from} – ${to}`;
  if (from) return `${label} from ${from}`;
  if (to) return `${label} up to ${to}`;
  return null;
}

/**
 * Each filter that is set, as "Label: value". `categoryName` names a category id (the reference
 * list may not be loaded yet: the id is shown then).
 */
export function filterSummaryParts(filters: ProductFilters, categoryName: (categoryId: string) => string | undefined = () => undefined): string[] {
  const parts: (string | null)[] = [];
  if (filters.supplier !== ALL_SUPPLIERS_NAME) parts.push(`Supplier: ${filters.supplier}`);
  const yesNo = (place: 'main' | 'more') =>
    YES_NO_FIELDS.filter((field) => field.place === place && filters[field.name] !== '').map(
      (field) => `${field.label}: ${filters[field.name] === 'true' ? field.yes : field.no}`,
    );
  parts.push(...yesNo('main'));
  parts.push(range('Price', filters.priceFrom, filters.priceTo));
  parts.push(...yesNo('more'));
  if (filters.brand) parts.push(`${TEXT_FILTER_LABELS.brand}: ${filters.brand}`);
  if (filters.categoryId) parts.push(`Category: ${categoryName(filters.categoryId) ?? filters.categoryId}`);
  if (filters.familyKey) parts.push(`${TEXT_FILTER_LABELS.familyKey}: ${filters.familyKey}`);
  if (filters.numberOfImages) parts.push(`${TEXT_FILTER_LABELS.numberOfImages}: ${filters.numberOfImages}`);
  parts.push(range('Updated', filters.dateFrom, filters.dateTo));
  if (filters.bolState) {
    const state = BOL_STATE_FIELD.options.find((option) => option.value === filters.bolState);
    parts.push(`${BOL_STATE_FIELD.label}: ${state?.label ?? filters.bolState}`);
  }
  if (filters.offerState) {
    const state = OFFER_STATE_FIELD.options.find((option) => option.value === filters.offerState);
    parts.push(`${OFFER_STATE_FIELD.label}: ${state?.label ?? filters.offerState}`);
  }
  if (filters.sortBy && filters.sortBy !== DEFAULT_SORT) {
    const sort = SORT_OPTIONS.find((option) => option.value === filters.sortBy);
    parts.push(`Sort: ${sort?.label ?? filters.sortBy}`);
  }
  return parts.filter((part): part is string => part !== null);
}

/** The summary line: the parts joined, or "None set". */
export function filterSummaryText(parts: readonly string[]): string {
  return parts.length === 0 ? NO_FILTERS_SET : parts.join(' · ');
}
