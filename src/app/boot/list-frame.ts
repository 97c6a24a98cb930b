/**
 * Makes a kept list snapshot of another view (cleaned, clean-snapshot.ts) the picture of the view
 * the list is about to show, on an offline cold start of a view never opened (early-rows.ts,
 * docs/offline.md "Cold start on /products"): its page chrome stays, and what belongs to the view
 * is set as the live list will draw it first: the search field and the filters' summary, the
 * action bars' offline state, the totals and paging, the offline note, and the table's rows
 * (product-row-dom.ts), in the words of the language the frame was drawn in (frame-words.ts). The fields and
 * paging parts carry `data-filter` / `data-frame` in the live markup; a frame without them is not
 * used. Every value goes in as text.
 */
import type { ProductPage } from '../../shared/contract';
import { canGoBack, canGoForward, filterFieldValues, pageText, rangeText } from '../features/products/product-list-rules';
import type { ListView } from '../features/products/product-list-view';
import { chosenSupplier, feedScopeLabel, supplierActionState } from '../features/products/supplier-actions-rules';
import { withAllSuppliers } from '../../shared/rules/suppliers';
import { filterSummaryParts, filterSummaryText } from '../features/products/filter-summary';
import { productRowElement } from './product-row-dom';
import { frameWords, type FrameWords } from './frame-words';

export interface FrameContent {
  view: ListView;
  page: ProductPage;
  /** The offline note the list shows over these rows (product-list-rules.ts offlineNote). */
  note: string;
}

/** The parts a frame must have to be filled; without one of them it is not shown. */
const REQUIRED = ['.product-list-page', '.product-pager', '[data-frame="range"]', '[data-frame="page"]', '.product-table-area tbody', '[data-filter="keyword"]'];

function setDisabled(button: Element | null, disabled: boolean): void {
  if (!button) return;
  if (disabled) {
    button.setAttribute('disabled', '');
    button.setAttribute('data-disabled', 'true');
  } else {
    button.removeAttribute('disabled');
    button.removeAttribute('data-disabled');
  }
}

/** A field shows `value`: an input by its value attribute, a select by its selected option (added when missing, as the live list adds an unknown supplier). */
function setField(field: Element, value: string): void {
  if (field.tagName !== 'SELECT') {
    field.setAttribute('value', value);
    return;
  }
  const options = [...field.querySelectorAll('option')];
  let chosen = options.find((option) => option.getAttribute('value') === value);
  if (!chosen) {
    chosen = field.ownerDocument.createElement('option');
    chosen.setAttribute('value', value);
    chosen.textContent = value;
    field.append(chosen);
  }
  for (const option of options) option.removeAttribute('selected');
  chosen.setAttribute('selected', '');
}

/** Radix Themes' <Callout.Root color="amber" size="1"><Callout.Text> as the list draws its offline note. */
export function offlineNoteElement(doc: Document, note: string): HTMLElement {
  const root = doc.createElement('div');
  root.setAttribute('data-accent-color', 'amber');
  root.className = 'rt-CalloutRoot rt-r-size-1 rt-variant-soft';
  const text = doc.createElement('p');
  text.className = 'rt-Text rt-r-size-2 rt-CalloutText';
  text.textContent = note;
  root.append(text);
  return root;
}

/** Whether the frame has every part fillListFrame sets. */
export function isFillableFrame(frame: ParentNode): boolean {
  return REQUIRED.every((selector) => frame.querySelector(selector) !== null);
}

/** Sets the frame to show `content` in `words`; false (frame untouched or of no use) when it lacks a part. */
export function fillListFrame(frame: DocumentFragment, content: FrameContent, words: FrameWords = frameWords()): boolean {
  if (!isFillableFrame(frame)) return false;
  const doc = frame.ownerDocument;
  const { view, page } = content;

  // The filter bar, folded as the live bar starts: the summary of what is set, the panel closed.
  const values = filterFieldValues(view);
  const summary = frame.querySelector('[data-frame="filter-summary"]');
  if (summary) summary.textContent = filterSummaryText(filterSummaryParts(view.filters, undefined, words.summary), words.summary.filter.noneSet);
  for (const passing of frame.querySelectorAll('.filter-panel, .scan-message')) passing.remove();
  frame.querySelector('[data-frame="filter-toggle"]')?.setAttribute('aria-expanded', 'false');
  for (const field of frame.querySelectorAll('[data-filter]')) {
    const value = values[field.getAttribute('data-filter') ?? ''];
    if (value !== undefined) setField(field, value);
  }

  // The offline note in place of any note or error the frame showed, above the table's header.
  const listPage = frame.querySelector('.product-list-page');
  for (const callout of listPage?.querySelectorAll(':scope > .rt-CalloutRoot') ?? []) callout.remove();
  (frame.querySelector('.list-toolbar') ?? frame.querySelector('.product-table-area'))?.before(offlineNoteElement(doc, content.note));

  // The action bars as they are offline at the start: nothing selected, no supplier list loaded yet.
  const scope = frame.querySelector('[data-frame="feed-scope"]');
  if (scope) {
    const supplierName = view.filters.supplier;
    scope.textContent = feedScopeLabel(chosenSupplier(withAllSuppliers([]), supplierName), supplierName, words.feed);
    for (const reason of frame.querySelectorAll('[data-frame="feed-reason"]')) reason.remove();
    const reason = doc.createElement('span');
    reason.setAttribute('data-accent-color', 'gray');
    reason.setAttribute('data-frame', 'feed-reason');
    reason.className = 'rt-Text rt-r-size-1';
    reason.textContent = supplierActionState({ supplier: null, online: false, busy: false }, words.feed).reason ?? '';
    scope.parentElement?.append(reason);
  }
  for (const button of frame.querySelectorAll('[data-frame="feed-action"], .bulk-actions > .toolbar-group button')) setDisabled(button, true);
  for (const outcome of frame.querySelectorAll('[data-frame="bulk-outcome"]')) outcome.remove();
  const bulkReason = frame.querySelector('[data-frame="bulk-reason"]');
  if (bulkReason) bulkReason.textContent = words.offlineReason;

  // Totals and paging (Next as the live pager draws it before it knows whether the next page is kept).
  const estimate = page.totalIsEstimate === true;
  const range = frame.querySelector('[data-frame="range"]');
  if (range) range.textContent = rangeText(view.page, view.pageSize, page.totalElements, estimate, words.pager);
  const pageLine = frame.querySelector('[data-frame="page"]');
  if (pageLine) pageLine.textContent = pageText(view.page, page.totalPages, estimate, words.pager);
  setDisabled(frame.querySelector('[data-frame="previous"]'), !canGoBack(view.page));
  setDisabled(frame.querySelector('[data-frame="next"]'), !canGoForward(view.page, page.totalPages));
  for (const reason of frame.querySelectorAll('.pager-reason')) reason.remove();

  // The table: the page's rows, nothing selected, no loading or empty message.
  const area = frame.querySelector('.product-table-area');
  area?.setAttribute('aria-busy', 'false');
  for (const message of area?.querySelectorAll('.product-list-empty') ?? []) message.remove();
  const selectAll = area?.querySelector('thead [role="checkbox"]');
  if (selectAll) {
    selectAll.setAttribute('aria-checked', 'false');
    selectAll.setAttribute('data-state', 'unchecked');
    selectAll.replaceChildren();
    // Only a page with rows is painted: the box is enabled.
    selectAll.removeAttribute('disabled');
    selectAll.removeAttribute('data-disabled');
  }
  area?.querySelector('tbody')?.replaceChildren(...page.content.map((product) => productRowElement(doc, product)));
  return true;
}
