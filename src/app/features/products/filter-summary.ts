/**
 * The one line the folded filter panel shows (docs/product-list.md, "A list that shows the list"):
 * what is set, in the panel's order, so a person sees the view's filters without opening it. The
 * search text is not in it: its field stays on the line.
 */
import { ALL_SUPPLIERS_NAME } from '../../../shared/constants';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';
import { filterFields, type FilterFields } from './filter-fields';
import { DEFAULT_SORT, type ProductFilters } from './product-list-view';

export const NO_FILTERS_SET = productFilterMessages.noneSet;

/** The words of the summary: the fields' and the bar's, in the language shown (English by default). */
export interface SummaryWords {
  fields: FilterFields;
  filter: ProductFilterWords;
}

const ENGLISH: SummaryWords = { fields: filterFields(), filter: productFilterMessages };

/** "from – to", "from …" or "up to …" of a pair of bounds; null when neither is set. */
function range(words: ProductFilterWords['summary'], label: string, from: string, to: string): string | null {
  if (from && to) return words.between(label, from, to);
  if (from) return words.from(label, from);
  if (to) return words.upTo(label, to);
  return null;
}

/**
 * Each filter that is set, as "Label: value". `categoryName` names a category id (the reference
 * list may not be loaded yet: the id is shown then).
 */
export function filterSummaryParts(
  filters: ProductFilters,
  categoryName: (categoryId: string) => string | undefined = () => undefined,
  { fields, filter: words }: SummaryWords = ENGLISH,
): string[] {
  const part = words.summary.part;
  const parts: (string | null)[] = [];
  if (filters.supplier !== ALL_SUPPLIERS_NAME) parts.push(part(words.supplier, filters.supplier));
  const yesNo = (place: 'main' | 'more') =>
    fields.yesNo.filter((field) => field.place === place && filters[field.name] !== '').map(
      (field) => part(field.label, filters[field.name] === 'true' ? field.yes : field.no),
    );
  parts.push(...yesNo('main'));
  parts.push(range(words.summary, words.summary.price, filters.priceFrom, filters.priceTo));
  parts.push(...yesNo('more'));
  if (filters.brand) parts.push(part(fields.text.brand, filters.brand));
  if (filters.categoryId) parts.push(part(words.category, categoryName(filters.categoryId) ?? filters.categoryId));
  if (filters.familyKey) parts.push(part(fields.text.familyKey, filters.familyKey));
  if (filters.numberOfImages) parts.push(part(fields.text.numberOfImages, filters.numberOfImages));
  parts.push(range(words.summary, words.summary.updated, filters.dateFrom, filters.dateTo));
  for (const field of [fields.bolState, fields.offerState]) {
    const value = filters[field.name];
    if (value) parts.push(part(field.label, field.options.find((option) => option.value === value)?.label ?? value));
  }
  if (filters.sortBy && filters.sortBy !== DEFAULT_SORT) {
    const sort = fields.sorts.find((option) => option.value === filters.sortBy);
    parts.push(part(words.sort, sort?.label ?? filters.sortBy));
  }
  return parts.filter((part): part is string => part !== null);
}

/** The summary line: the parts joined, or "None set" (`noneSet` in the language shown). */
export function filterSummaryText(parts: readonly string[], noneSet: string = NO_FILTERS_SET): string {
  return parts.length === 0 ? noneSet : parts.join(' · ');
}
