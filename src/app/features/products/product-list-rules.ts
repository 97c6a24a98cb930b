/**
 * Decisions of the product list's screen (docs/product-list.md), kept out of the components so
 * they can be tested: the filter call's query, the page's select-all box, keeping the URL and the
 * view together, and how values read. The view's own rules (filters, page resets, reset, the
 * selection, the URL string) are in product-list-view.ts.
 */
import { ALL_SUPPLIERS_NAME } from '../../../shared/constants';
import {
  addToSelection,
  DEFAULT_SORT,
  EMPTY_FILTERS,
  FILTER_NAMES,
  FILTER_WIRE_NAMES,
  removeFromSelection,
  type ListView,
  type ProductFilters,
} from './product-list-view';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { offlineDataMessages, type OfflineDataWords } from '../../../shared/offline-data-messages';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';
import { countText, offlineDataNote } from '../../lib/format';
import { productListMessages, type ProductListWords } from '../../../shared/product-list-messages';
import type { NoServerRefusal } from '../../lib/no-server-sentence';

/** How many filters differ from "not filtered" (the sort and search are not counted). */
export function activeFilterCount(filters: ProductFilters): number {
  return FILTER_NAMES.filter((name) => name !== 'sortBy' && name !== 'searchValue' && filters[name] !== EMPTY_FILTERS[name]).length;
}

/** The "More filters" badge: the active filters that are folded away (not in the bar's first row). */
export function foldedFilterCount(filters: ProductFilters): number {
  const shown = [filters.supplier !== ALL_SUPPLIERS_NAME, filters.passedModeration !== '', filters.priceFrom !== '', filters.priceTo !== ''];
  return activeFilterCount(filters) - shown.filter(Boolean).length;
}

/** The sort the Sort field shows: the view's, or the server's default. */
export function shownSort(sortBy: string): string {
  return sortBy === '' ? DEFAULT_SORT : sortBy;
}

/**
 * What each field of the filter bar and the pager's page size show for a view, by the filter
 * call's name (the fields carry it as `data-filter`): the early rows of an offline cold start set
 * their frame's fields from it (boot/list-frame.ts).
 */
export function filterFieldValues(view: ListView): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FILTER_NAMES) values[FILTER_WIRE_NAMES[name]] = view.filters[name];
  values[FILTER_WIRE_NAMES.sortBy] = shownSort(view.filters.sortBy);
  values.size = String(view.pageSize);
  return values;
}

/** The page's select-all box: checked when every row of the page is selected. */
export function pageSelectionState(pageIds: readonly number[], selection: readonly number[]): boolean | 'indeterminate' {
  if (pageIds.length === 0) return false;
  const selected = new Set(selection);
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === pageIds.length ? true : 'indeterminate';
}

/** Clicking select-all: selects the page's rows, or deselects them when all were selected. */
export function togglePageSelection(pageIds: readonly number[], selection: readonly number[]): number[] {
  return pageSelectionState(pageIds, selection) === true ? removeFromSelection(selection, pageIds) : addToSelection(selection, pageIds);
}

// ---- The filter call (GET /api/v1/bol/product/filter, docs/products.md) ----

/**
 * The filter call's query for a view. Empty values are left out (the server reads them as "not
 * filtered" anyway; leaving them out keeps cache keys and URLs short); 'All' suppliers and
 * category 0 mean every one.
 */
export function toFilterQuery(view: ListView): Record<string, string> {
  const f = view.filters;
  const query: Record<string, string> = { size: String(view.pageSize), page: String(view.page) };
  for (const name of FILTER_NAMES) query[FILTER_WIRE_NAMES[name]] = f[name];
  query.sort = f.sortBy.trim() || DEFAULT_SORT;
  if (f.supplier === ALL_SUPPLIERS_NAME) query.supplierName = '';
  if (f.categoryId === '0') query.categoryId = '';
  const trimmed: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    // familyKey is matched exactly (case and spaces) by the server; only empty is dropped.
    const kept = name === 'familyKey' ? value : value.trim();
    if (kept !== '') trimmed[name] = kept;
  }
  return trimmed;
}

// ---- The URL and the view together ----

export type UrlSyncAction = 'apply-url' | 'write-url' | 'none';

/**
 * Keeping the view and the URL together. The URL wins when it changed from outside (a bookmark,
 * back/forward); an empty URL (the menu's plain /products) keeps the remembered view and writes
 * it into the address; otherwise the view is written into the address.
 *
 * "From outside" means: the address moved since the last look (`previousSearch`) to something this
 * screen did not write (`written`, the addresses written and not yet arrived, oldest first). The
 * router applies a write a moment later, so a quick second change (a filter set while the first
 * one's address is still on its way) meets the old address: it is not a change from outside, and
 * the view wins (docs/product-list.md, "URL").
 */
export function urlSyncAction(
  locationSearch: string,
  previousSearch: string | null,
  written: readonly string[],
  viewSearch: string,
): UrlSyncAction {
  const normalized = normalizedSearch(locationSearch);
  if (normalized === viewSearch) return 'none';
  const moved = previousSearch === null || normalized !== normalizedSearch(previousSearch);
  const changedOutside = moved && !written.includes(normalized);
  if (changedOutside && normalized !== '') return 'apply-url';
  return 'write-url';
}

/** The writes still on their way once the address reached `arrived`: the ones after it. */
export function writesAfterArrival(written: readonly string[], arrived: string): string[] {
  const index = written.lastIndexOf(normalizedSearch(arrived));
  return index < 0 ? [...written] : written.slice(index + 1);
}

function normalizedSearch(search: string): string {
  return search === '?' ? '' : search;
}

// ---- What the screen shows ----

/** The pager's words: English unless the screen passes those of the language shown (docs/languages.md). */
export type PagerWords = Pick<ProductListWords, 'about' | 'noneOf' | 'range' | 'page' | 'noProducts'>;

/** "2,354", or "about 210,000" when the server estimated it (docs/products.md "Totals"). */
function totalText(total: number, estimate: boolean, words: PagerWords): string {
  return estimate ? words.about(countText(total)) : countText(total);
}

/** "1–20 of 2,354" (or "No products"); "1–20 of about 210,000" for an estimated total. */
export function rangeText(page: number, pageSize: number, totalElements: number, estimate = false, words: PagerWords = productListMessages): string {
  if (totalElements === 0) return words.noProducts;
  const first = page * pageSize + 1;
  if (first > totalElements) return words.noneOf(totalText(totalElements, estimate, words));
  const last = Math.min(totalElements, (page + 1) * pageSize);
  return words.range(countText(first), countText(last), totalText(totalElements, estimate, words));
}

/** "Page 1 of 118" (pages shown from 1); "Page 1 of about 10,500" for an estimated total. */
export function pageText(page: number, totalPages: number, estimate = false, words: PagerWords = productListMessages): string {
  return words.page(countText(page + 1), totalText(Math.max(1, totalPages), estimate, words));
}

/** True when the rows on screen answer another query than the view's (its load has not started yet). */
export function showsAnotherView(shownQueryKey: string | null, viewQueryKey: string): boolean {
  return shownQueryKey !== null && shownQueryKey !== viewQueryKey;
}

export function canGoBack(page: number): boolean {
  return page > 0;
}

export function canGoForward(page: number, totalPages: number): boolean {
  return page + 1 < totalPages;
}

/**
 * Offline, a page kept from the server carries the server's totals, but the next page can only
 * come from the device: Next is off, saying why, when the device has no rows for it. Online, or
 * while it is not known yet, nothing is said (null). The reason is named; its words, offline or
 * "Can't reach the server", come from `noServerSentence` (docs/ui-touch.md "Feedback").
 */
export function offlineNextReason(online: boolean, nextOnDevice: boolean | null): Extract<NoServerRefusal, 'nextPageNotKept'> | null {
  if (online || nextOnDevice !== false) return null;
  return 'nextPageNotKept';
}

/** A page past the end (the list got shorter, an old bookmark): the last page that exists. */
export function lastExistingPage(page: number, totalPages: number): number | null {
  return totalPages > 0 && page >= totalPages ? totalPages - 1 : null;
}

// Prices and moments are written by src/app/lib/format.ts (docs/formats.md); kept here for the list's callers.
export { dateAndTime, priceText } from '../../lib/format';

/**
 * The filters of a filter call query that only the server can apply (it knows each product's state
 * on bol; the device does not keep it), by the names the filter bar gives them.
 */
export function serverOnlyFilters(
  query: Readonly<Record<string, string>>,
  words: Pick<ProductFilterWords, 'bolState' | 'yesNo'> = productFilterMessages,
  offerStateFilter: string = bolOfferMessages.offerStateFilter,
): string[] {
  const names: string[] = [];
  if ((query.bolState ?? '') !== '') names.push(words.bolState);
  if ((query.hasOffer ?? '') !== '') names.push(words.yesNo.hasOffer.label);
  if ((query.offerState ?? '') !== '') names.push(offerStateFilter);
  return names;
}

/** The words of the offline note, in the language shown (English by default). */
export interface OfflineNoteWords {
  note: OfflineDataWords;
  filter: ProductFilterWords;
  offerStateFilter: string;
  timeText?: (ms: number) => string;
}

const ENGLISH_NOTE: OfflineNoteWords = { note: offlineDataMessages, filter: productFilterMessages, offerStateFilter: bolOfferMessages.offerStateFilter };

/**
 * The note over a list that did not come from the server just now. Filtered on the device, it names
 * the filters the device could not apply (`query`: the view's filter call query), so nobody takes
 * the rows for the answer of those filters.
 */
export function offlineNote(
  source: { local: boolean; fetchedAt: number | null },
  query: Readonly<Record<string, string>> = {},
  words: OfflineNoteWords = ENGLISH_NOTE,
): string {
  const note = offlineDataNote(source.local ? null : source.fetchedAt, words.filter.list.keptHere, words.timeText, words.note);
  const skipped = source.local ? serverOnlyFilters(query, words.filter, words.offerStateFilter) : [];
  if (skipped.length === 0) return note;
  return `${note}${words.filter.list.without(skipped, skipped.length)}`;
}

/**
 * The thumbnail of a row: the first image when this server has its file (a path on this origin,
 * `/media/…`), else none (docs/product-list.md "Columns"). An image not downloaded yet reads as the
 * supplier's address, which the page's Content-Security-Policy does not let it load, and one picked
 * offline as its outbox placeholder, which is no address: either would show a broken image.
 */
export function thumbnailPath(product: { productImages: readonly { filePath: string }[] }): string | null {
  const path = product.productImages[0]?.filePath ?? '';
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
