/**
 * What other screens may use of the product list (docs/architecture.md rule 1): its current view
 * and selection (the Export screen exports them), the filter call's query of a view, and links to
 * the list filtered (the Reports screen links its counts there).
 */
import { DEFAULT_VIEW, EMPTY_FILTERS, toSearchString, type ProductFilters } from './product-list-view';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';

export { productListViewAtom, selectedProductIdsAtom } from './product-list-state';
export { activeFilterCount, toFilterQuery } from './product-list-rules';
export { FILTER_WIRE_NAMES, type ListView, type ProductFilters } from './product-list-view';

/**
 * How the list names a sort (`sellingPrice,desc` → "Price, highest first") in `sorts` (the
 * language shown, English by default); an unknown one as written.
 */
export function sortLabel(sort: string, sorts: ProductFilterWords['sorts'] = productFilterMessages.sorts): string {
  return Object.hasOwn(sorts, sort) ? sorts[sort as keyof typeof sorts] : sort;
}

/** The product list showing exactly these filters (every other filter cleared), from page 0. */
export function productListLink(filters: Partial<ProductFilters>): string {
  return `/products${toSearchString({ ...DEFAULT_VIEW, filters: { ...EMPTY_FILTERS, ...filters } })}`;
}
export { saveFile } from './save-file';
export { fileNameFromContentDisposition } from './bulk-actions-rules';
