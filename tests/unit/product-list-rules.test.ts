import { describe, expect, it } from 'vitest';
import { noServerSentence } from '../../src/app/lib/no-server-sentence';
import {
  lastExistingPage,
  dateAndTime,
  offlineNextReason,
  offlineNote,
  serverOnlyFilters,
  pageSelectionState,
  pageText,
  rangeText,
  showsAnotherView,
  thumbnailPath,
  toFilterQuery,
  togglePageSelection,
  urlSyncAction,
  writesAfterArrival,
} from '../../src/app/features/products/product-list-rules';
import {
  addToSelection,
  DEFAULT_VIEW,
  EMPTY_FILTERS,
  FILTER_NAMES,
  fromSearchString,
  removeFromSelection,
  resetAllFilters,
  toSearchString,
  withFilter,
  withPage,
  withPageSize,
  type ListView,
  type ProductFilters,
} from '../../src/app/features/products/product-list-view';

const onPage3: ListView = { ...DEFAULT_VIEW, page: 3 };

/** A value for every filter, different from its empty value. */
const everyFilter: ProductFilters = {
  stock: 'true',
  sortBy: 'title,asc',
  dateFrom: '2025-01-01',
  dateTo: '2025-02-28',
  priceFrom: '10',
  priceTo: '12,50',
  familyKey: 'HOME-0001',
  searchValue: 'planter',
  isChangeEan: 'false',
  isMainProduct: 'true',
  isExportOnBol: 'false',
  brand: 'Hortus',
  buyBlock: 'true',
  supplier: 'Green Garden Supplies',
  description: 'false',
  categoryId: '4',
  numberOfImages: '0',
  passedModeration: 'true',
  bolState: 'declined',
  hasOffer: 'false',
  offerState: 'held',
};

describe('paging rules', () => {
  it.each(FILTER_NAMES)('starts again at page 0 when %s changes', (name) => {
    const next = withFilter(onPage3, name, everyFilter[name]);
    expect(next.page).toBe(0);
    expect(next.filters[name]).toBe(everyFilter[name]);
  });

  it('starts again at page 0 when the page size changes', () => {
    expect(withPageSize(onPage3, 50)).toEqual({ ...onPage3, pageSize: 50, page: 0 });
  });

  it('keeps the page when a filter is set to the value it has', () => {
    expect(withFilter(onPage3, 'brand', '')).toBe(onPage3);
  });

  it('moves to another page without touching the filters', () => {
    const filtered = { ...onPage3, filters: everyFilter };
    expect(withPage(filtered, 5)).toEqual({ ...filtered, page: 5 });
    expect(withPage(filtered, -1).page).toBe(0);
  });

  it('points a page past the end at the last page that exists', () => {
    expect(lastExistingPage(7, 3)).toBe(2);
    expect(lastExistingPage(2, 3)).toBeNull();
    expect(lastExistingPage(4, 0)).toBeNull();
  });
});

describe('Next offline', () => {
  it('is off with its reason only offline and only when the device has no rows for the next page', () => {
    expect(offlineNextReason(false, false)).toBe('nextPageNotKept');
    expect(noServerSentence('offline', 'nextPageNotKept')).toBe('Offline: the next page is not kept on this device.');
    expect(noServerSentence('unreachable', 'nextPageNotKept')).toBe("Can't reach the server: the next page is not kept on this device.");
    expect(offlineNextReason(false, true)).toBeNull();
    // Not known yet: nothing said, Next as the totals allow.
    expect(offlineNextReason(false, null)).toBeNull();
    expect(offlineNextReason(true, false)).toBeNull();
  });
});

describe('Reset all filters', () => {
  const busy: ListView = { filters: everyFilter, page: 6, pageSize: 100 };
  const reset = resetAllFilters(busy);

  it('returns the page size to 20 and the page to 0', () => {
    expect(reset.pageSize).toBe(20);
    expect(reset.page).toBe(0);
  });

  it('keeps the stock and export-on-marketplace filters', () => {
    expect(reset.filters.stock).toBe('true');
    expect(reset.filters.isExportOnBol).toBe('false');
  });

  it('clears every other filter, the family key included', () => {
    expect(reset.filters).toEqual({ ...EMPTY_FILTERS, stock: 'true', isExportOnBol: 'false' });
    expect(reset.filters.familyKey).toBe('');
  });
});

describe('selection', () => {
  it('adds one or many ids without duplicates', () => {
    expect(addToSelection([1, 2], 2)).toEqual([1, 2]);
    expect(addToSelection([1], [2, 3, 2, 1])).toEqual([1, 2, 3]);
  });

  it('removes one or many ids', () => {
    expect(removeFromSelection([1, 2, 3], 2)).toEqual([1, 3]);
    expect(removeFromSelection([1, 2, 3], [1, 3, 9])).toEqual([2]);
  });

  it('tells whether all, some or none of the page is selected', () => {
    expect(pageSelectionState([1, 2], [1, 2, 7])).toBe(true);
    expect(pageSelectionState([1, 2], [2])).toBe('indeterminate');
    expect(pageSelectionState([1, 2], [7])).toBe(false);
    expect(pageSelectionState([], [7])).toBe(false);
  });

  it('selects the whole page, and deselects it when it was all selected, keeping other pages', () => {
    expect(togglePageSelection([1, 2], [9, 2])).toEqual([9, 2, 1]);
    expect(togglePageSelection([1, 2], [9, 1, 2])).toEqual([9]);
  });
});

describe('the filter call query', () => {
  it('maps every field of the filter state to its parameter', () => {
    expect(toFilterQuery({ filters: everyFilter, page: 2, pageSize: 50 })).toEqual({
      size: '50',
      page: '2',
      sort: 'title,asc',
      supplierName: 'Green Garden Supplies',
      brand: 'Hortus',
      keyword: 'planter',
      passedModeration: 'true',
      hasDescription: 'false',
      buyBlock: 'true',
      priceFrom: '10',
      priceTo: '12,50',
      categoryId: '4',
      dateFrom: '2025-01-01',
      dateTo: '2025-02-28',
      numberOfImages: '0',
      familyKey: 'HOME-0001',
      isMainProduct: 'true',
      isExportOnBol: 'false',
      isChangeEan: 'false',
      stock: 'true',
      bolState: 'declined',
      hasOffer: 'false',
      offerState: 'held',
    });
  });

  it('sends only page, size and the default sort for the plain list', () => {
    expect(toFilterQuery(DEFAULT_VIEW)).toEqual({ size: '20', page: '0', sort: 'dateUpdate,desc' });
  });

  it("leaves out the 'All' supplier, category 0 and empty or blank values", () => {
    const filters = { ...EMPTY_FILTERS, supplier: 'All', categoryId: '0', searchValue: '   ', brand: '' };
    expect(toFilterQuery({ ...DEFAULT_VIEW, filters })).toEqual({ size: '20', page: '0', sort: 'dateUpdate,desc' });
  });

  it('trims the search text but sends the family key as it is', () => {
    const filters = { ...EMPTY_FILTERS, searchValue: ' lamp ', familyKey: 'Fam A' };
    const query = toFilterQuery({ ...DEFAULT_VIEW, filters });
    expect(query.keyword).toBe('lamp');
    expect(query.familyKey).toBe('Fam A');
  });
});

describe('the URL of a view', () => {
  it('is empty for the plain list', () => {
    expect(toSearchString(DEFAULT_VIEW)).toBe('');
  });

  it('gives back the same view for every filter, the page and the size', () => {
    const view: ListView = { filters: everyFilter, page: 4, pageSize: 50 };
    const search = toSearchString(view);
    expect(search).toContain('keyword=planter');
    expect(search).toContain('page=4');
    expect(search).toContain('size=50');
    expect(fromSearchString(search)).toEqual(view);
  });

  it('drops values a link should not carry and keeps the rest', () => {
    const view = fromSearchString('?stock=yes&sortBy=password&dateFrom=yesterday&priceTo=abc&categoryId=-1&page=x&size=900&brand=Hortus');
    expect(view).toEqual({ ...DEFAULT_VIEW, filters: { ...EMPTY_FILTERS, brand: 'Hortus' } });
  });

  it("writes the filter call's names and reads them back", () => {
    const view = fromSearchString('?keyword=planter&supplierName=Green+Garden+Supplies&sort=title%2Casc&hasDescription=false');
    expect(view.filters).toEqual({ ...EMPTY_FILTERS, searchValue: 'planter', supplier: 'Green Garden Supplies', sortBy: 'title,asc', description: 'false' });
    expect(toSearchString(view)).toBe('?sort=title%2Casc&keyword=planter&supplierName=Green+Garden+Supplies&hasDescription=false');
  });

  it('still opens a link bookmarked with the old filter-state names, and rewrites it with the new ones', () => {
    const view = fromSearchString('?searchValue=planter&supplier=Green+Garden+Supplies&sortBy=title%2Casc&description=false');
    expect(view.filters).toEqual({ ...EMPTY_FILTERS, searchValue: 'planter', supplier: 'Green Garden Supplies', sortBy: 'title,asc', description: 'false' });
    expect(toSearchString(view)).toBe('?sort=title%2Casc&keyword=planter&supplierName=Green+Garden+Supplies&hasDescription=false');
  });

  it('applies a URL that changed from outside, and writes the view otherwise', () => {
    expect(urlSyncAction('?brand=A', null, [], '')).toBe('apply-url');
    expect(urlSyncAction('?brand=B', '?brand=A', [], '?brand=A')).toBe('apply-url');
    expect(urlSyncAction('?brand=A', '?brand=A', [], '?brand=C')).toBe('write-url');
    expect(urlSyncAction('', null, [], '?brand=A')).toBe('write-url');
    expect(urlSyncAction('', '?brand=A', [], '?brand=A')).toBe('write-url');
    expect(urlSyncAction('?brand=A', '?brand=A', [], '?brand=A')).toBe('none');
  });

  it('keeps quick successive filters: an address this screen wrote arriving late is not a change from outside', () => {
    // Supplier chosen (A written and arrived), then moderation (B written), then a price (C) before B arrives.
    expect(urlSyncAction('?a', '?a', [], '?b')).toBe('write-url');
    expect(urlSyncAction('?a', '?a', ['?b'], '?c')).toBe('write-url');
    // B arrives while the view is already C: the view stays C and is written again.
    expect(urlSyncAction('?b', '?a', ['?b', '?c'], '?c')).toBe('write-url');
    expect(writesAfterArrival(['?b', '?c'], '?b')).toEqual(['?c']);
    expect(writesAfterArrival(['?b', '?c'], '?c')).toEqual([]);
    // Back to an address this screen never wrote: it is applied.
    expect(urlSyncAction('?z', '?c', ['?c'], '?c')).toBe('apply-url');
    expect(writesAfterArrival(['?c'], '?z')).toEqual(['?c']);
  });
});

describe('what the list shows', () => {
  it('says which rows of how many are shown', () => {
    expect(rangeText(0, 20, 2354)).toBe('1–20 of 2,354');
    expect(rangeText(117, 20, 2354)).toBe('2,341–2,354 of 2,354');
    expect(rangeText(0, 20, 0)).toBe('No products');
    // An estimated total (more than 10,000 matches, docs/products.md "Totals") says so.
    expect(rangeText(0, 20, 210_000, true)).toBe('1–20 of about 210,000');
    expect(rangeText(20_000, 20, 210_000, true)).toBe('None of about 210,000');
    expect(pageText(0, 10_500, true)).toBe('Page 1 of about 10,500');
    expect(pageText(0, 10_500)).toBe('Page 1 of 10,500');
  });

  it('marks offline data with when it was fetched, or as filtered on the device', () => {
    expect(offlineNote({ local: false, fetchedAt: Date.UTC(2025, 2, 12, 14, 5) })).toMatch(/^Offline data, fetched at 12 Mar 2025, \d\d:05$/);
    expect(offlineNote({ local: true, fetchedAt: null })).toBe('Offline data, filtered from the products kept on this device');
  });

  it('names the filters the device cannot apply when it filtered the kept products itself', () => {
    const local = { local: true, fetchedAt: null };
    expect(offlineNote(local, { bolState: 'declined', supplierName: 'Volt' })).toBe(
      'Offline data, filtered from the products kept on this device (without the Bol state filter, which needs a connection)',
    );
    expect(offlineNote(local, { bolState: 'ready', hasOffer: 'false' })).toBe(
      'Offline data, filtered from the products kept on this device (without the Bol state and Offer on bol filters, which need a connection)',
    );
    expect(offlineNote(local, { supplierName: 'Volt', bolState: '' })).toBe('Offline data, filtered from the products kept on this device');
    // A page kept from the server was filtered there, bol state included: nothing is missing.
    expect(offlineNote({ local: false, fetchedAt: Date.UTC(2025, 2, 12, 14, 5) }, { bolState: 'declined' })).toMatch(/^Offline data, fetched at 12 Mar 2025, \d\d:05$/);
    expect(serverOnlyFilters({ hasOffer: 'true' })).toEqual(['Offer on bol']);
    // The offer sync's state is kept on the server only: offline it is named as not applied.
    expect(serverOnlyFilters({ offerState: 'failed', supplierName: 'Volt' })).toEqual(['Offer state']);
  });

  it('splits a moment into its day and its time', () => {
    const { date, time } = dateAndTime(Date.UTC(2025, 2, 12, 12, 5));
    expect(date).toBe('12 Mar 2025');
    expect(time).toMatch(/^\d\d:05$/);
    expect(dateAndTime('not a date')).toEqual({ date: '', time: '' });
  });

  it('counts rows that answer another view as not settled yet', () => {
    expect(showsAnotherView('page=0&size=20', 'page=1&size=20')).toBe(true);
    expect(showsAnotherView('page=1&size=20', 'page=1&size=20')).toBe(false);
    expect(showsAnotherView(null, 'page=1&size=20')).toBe(false);
  });

  it('uses the first image as the thumbnail', () => {
    expect(thumbnailPath({ productImages: [{ filePath: '/media/a.png' }, { filePath: '/media/b.png' }] })).toBe('/media/a.png');
    expect(thumbnailPath({ productImages: [] })).toBeNull();
  });

  it('shows no thumbnail for an image this server does not have yet: a supplier\'s address, another origin, a picture waiting in the outbox', () => {
    for (const filePath of ['https://images.supplier.example/1.jpg', '//cdn.example/1.jpg', 'outbox-file:7f3a', 'javascript:alert(1)', '']) {
      expect(thumbnailPath({ productImages: [{ filePath }] }), filePath).toBeNull();
    }
  });
});
