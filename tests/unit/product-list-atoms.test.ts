// @vitest-environment jsdom
import { createStore, type WritableAtom } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductPage } from '../../src/shared/contract';
import { loadProductList, type ProductListDeps } from '../../src/app/features/products/load-product-list';
import { FILTER_NAMES } from '../../src/app/features/products/product-list-view';
import {
  clearSelectionAtom,
  deselectProductsAtom,
  PRODUCT_LIST_VIEW_KEY,
  productFilterAtoms,
  productListAtom,
  productListErrorAtom,
  productListLoadingAtom,
  productListViewAtom,
  productPageAtom,
  productPageSizeAtom,
  resetAllFiltersAtom,
  selectedProductIdsAtom,
  selectProductsAtom,
} from '../../src/app/features/products/product-list-state';
import { ApiFailure } from '../../src/app/api/client';

beforeEach(() => localStorage.clear());

describe('product list atoms', () => {
  it('start on page 0 with 20 products per page', () => {
    const store = createStore();
    expect(store.get(productPageAtom)).toBe(0);
    expect(store.get(productPageSizeAtom)).toBe(20);
  });

  it.each(FILTER_NAMES)('reset the page to 0 when %s is set', (name) => {
    const store = createStore();
    store.set(productPageAtom, 4);
    // 'true' suits every text and yes/no filter; the supplier takes a name.
    const filterAtom = productFilterAtoms[name] as WritableAtom<string, [string], void>;
    store.set(filterAtom, name === 'supplier' ? 'Volt Electronics' : 'true');
    expect(store.get(productPageAtom)).toBe(0);
  });

  it('reset the page to 0 when the page size changes', () => {
    const store = createStore();
    store.set(productPageAtom, 4);
    store.set(productPageSizeAtom, 50);
    expect(store.get(productPageAtom)).toBe(0);
    expect(store.get(productPageSizeAtom)).toBe(50);
  });

  it('keep a selection without duplicates: add one or many, remove one or many, clear', () => {
    const store = createStore();
    store.set(selectProductsAtom, 3);
    store.set(selectProductsAtom, [3, 4, 5, 4]);
    expect(store.get(selectedProductIdsAtom)).toEqual([3, 4, 5]);
    store.set(deselectProductsAtom, 4);
    store.set(deselectProductsAtom, [3, 99]);
    expect(store.get(selectedProductIdsAtom)).toEqual([5]);
    store.set(clearSelectionAtom);
    expect(store.get(selectedProductIdsAtom)).toEqual([]);
  });

  it('Reset all filters clears filters, selection and page, keeps stock and export, page size 20', () => {
    const store = createStore();
    store.set(productFilterAtoms.stock, 'false');
    store.set(productFilterAtoms.isExportOnBol, 'true');
    store.set(productFilterAtoms.familyKey, 'FAM-1');
    store.set(productFilterAtoms.searchValue, 'lamp');
    store.set(productPageSizeAtom, 100);
    store.set(productPageAtom, 3);
    store.set(selectProductsAtom, [1, 2]);
    store.set(resetAllFiltersAtom);
    const view = store.get(productListViewAtom);
    expect(view.page).toBe(0);
    expect(view.pageSize).toBe(20);
    expect(view.filters.stock).toBe('false');
    expect(view.filters.isExportOnBol).toBe('true');
    expect(view.filters.familyKey).toBe('');
    expect(view.filters.searchValue).toBe('');
    expect(store.get(selectedProductIdsAtom)).toEqual([]);
  });

  it('remember the view on this device as its URL search string', async () => {
    const store = createStore();
    store.set(productFilterAtoms.brand, 'Hortus');
    store.set(productPageAtom, 2);
    expect(localStorage.getItem(PRODUCT_LIST_VIEW_KEY)).toBe('?brand=Hortus&page=2');
    vi.resetModules();
    const again = await import('../../src/app/features/products/product-list-state');
    const restarted = createStore();
    expect(restarted.get(again.productListViewAtom).filters.brand).toBe('Hortus');
    expect(restarted.get(again.productPageAtom)).toBe(2);
  });
});

const page = (ids: number[], totalElements = ids.length): ProductPage => ({
  // Only productId matters to these checks.
  content: ids.map((productId) => ({ productId }) as ProductPage['content'][number]),
  totalPages: Math.ceil(totalElements / 20),
  totalElements,
});

function fakeDeps(overrides: Partial<ProductListDeps>): ProductListDeps {
  const refuse = (what: string) => () => Promise.reject(new Error(`unexpected call: ${what}`));
  return {
    online: () => true,
    fetchPage: refuse('fetchPage'),
    readCachedPage: () => Promise.resolve(null),
    readOffline: refuse('readOffline'),
    keepPage: () => Promise.resolve(),
    now: () => 1_000,
    ...overrides,
  };
}

describe('loading a page of products', () => {
  it('clears the list and turns the flag on first, shows the answer and keeps it, then turns the flag off', async () => {
    const store = createStore();
    store.set(productListAtom, { ...page([1]), source: { kind: 'network', fetchedAt: 1 }, query: 'size=20' });
    const keepPage = vi.fn(() => Promise.resolve());
    let seenWhileLoading: unknown;
    const deps = fakeDeps({
      fetchPage: () => {
        seenWhileLoading = { loading: store.get(productListLoadingAtom), rows: store.get(productListAtom).content.length };
        return Promise.resolve(page([7, 8], 42));
      },
      keepPage,
    });
    await loadProductList(store, { size: '20', page: '0' }, deps);
    expect(seenWhileLoading).toEqual({ loading: true, rows: 0 });
    expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([7, 8]);
    expect(store.get(productListAtom).totalElements).toBe(42);
    expect(store.get(productListAtom).source).toEqual({ kind: 'network', fetchedAt: 1_000 });
    expect(store.get(productListAtom).query).toBe('page=0&size=20');
    expect(keepPage).toHaveBeenCalledOnce();
    expect(store.get(productListLoadingAtom)).toBe(false);
  });

  it('turns the flag off and keeps the status when the server refuses', async () => {
    const store = createStore();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deps = fakeDeps({ fetchPage: () => Promise.reject(new ApiFailure('priceFrom is more than priceTo', 400, null)) });
    await loadProductList(store, {}, deps);
    expect(store.get(productListLoadingAtom)).toBe(false);
    expect(store.get(productListErrorAtom)).toEqual({ status: 400, message: 'priceFrom is more than priceTo' });
    expect(store.get(productListAtom).content).toEqual([]);
  });

  it('shows what the device has when the server does not answer', async () => {
    const store = createStore();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deps = fakeDeps({
      fetchPage: () => Promise.reject(new ApiFailure('No connection to the server', 0, null)),
      readOffline: () => Promise.resolve({ page: page([3]), fetchedAt: null, local: true }),
    });
    await loadProductList(store, {}, deps);
    expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([3]);
    expect(store.get(productListAtom).source).toEqual({ kind: 'local', fetchedAt: null });
    expect(store.get(productListLoadingAtom)).toBe(false);
  });

  it('offline, reads the device only', async () => {
    const store = createStore();
    const deps = fakeDeps({ online: () => false, readOffline: () => Promise.resolve({ page: page([5]), fetchedAt: 500, local: false }) });
    await loadProductList(store, {}, deps);
    expect(store.get(productListAtom).source).toEqual({ kind: 'cache', fetchedAt: 500 });
  });

  describe('when the connection goes while the server\'s answer for the view is shown', () => {
    const secondPage = { page: '1', size: '20' };
    const shownAnswer = (query = 'page=1&size=20') => ({ ...page([21, 22, 23], 60), source: { kind: 'network' as const, fetchedAt: 700 }, query });

    it('keeps that answer, as offline data fetched when it was, while the device has no copy of the page yet', async () => {
      const store = createStore();
      store.set(productListAtom, shownAnswer());
      // Only the first page's products are kept: filtered on the device, the second page is empty.
      const deps = fakeDeps({ online: () => false, readOffline: () => Promise.resolve({ page: page([], 20), fetchedAt: null, local: true }) });
      await loadProductList(store, secondPage, deps);
      expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([21, 22, 23]);
      expect(store.get(productListAtom).totalPages).toBe(3);
      expect(store.get(productListAtom).source).toEqual({ kind: 'cache', fetchedAt: 700 });
      expect(store.get(productListLoadingAtom)).toBe(false);
    });

    it('keeps it too when the device cannot be read, or the server stops answering', async () => {
      const store = createStore();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      store.set(productListAtom, shownAnswer());
      await loadProductList(store, secondPage, fakeDeps({ online: () => false }));
      expect(store.get(productListAtom).source).toEqual({ kind: 'cache', fetchedAt: 700 });
      store.set(productListAtom, shownAnswer());
      const noAnswer = fakeDeps({ fetchPage: () => Promise.reject(new ApiFailure('No connection to the server', 0, null)), readOffline: () => Promise.resolve({ page: page([]), fetchedAt: null, local: true }) });
      await loadProductList(store, secondPage, noAnswer);
      expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([21, 22, 23]);
      expect(store.get(productListErrorAtom)).toBeNull();
    });

    it('shows the page kept on the device instead when there is one: it has the changes made on the device since', async () => {
      const store = createStore();
      store.set(productListAtom, shownAnswer());
      const deps = fakeDeps({ online: () => false, readOffline: () => Promise.resolve({ page: page([21, 22, 23], 60), fetchedAt: 650, local: false }) });
      await loadProductList(store, secondPage, deps);
      expect(store.get(productListAtom).source).toEqual({ kind: 'cache', fetchedAt: 650 });
    });

    it('does not keep the answer of another view', async () => {
      const store = createStore();
      store.set(productListAtom, shownAnswer('page=0&size=20'));
      const deps = fakeDeps({ online: () => false, readOffline: () => Promise.resolve({ page: page([], 20), fetchedAt: null, local: true }) });
      await loadProductList(store, secondPage, deps);
      expect(store.get(productListAtom).content).toEqual([]);
      expect(store.get(productListAtom).source).toEqual({ kind: 'local', fetchedAt: null });
    });
  });

  it('shows a kept page at once and replaces it with the answer', async () => {
    const store = createStore();
    let answer: (value: ProductPage) => void = () => undefined;
    const deps = fakeDeps({
      readCachedPage: () => Promise.resolve({ page: page([1, 2]), fetchedAt: 10, local: false }),
      fetchPage: () => new Promise((resolve) => (answer = resolve)),
    });
    const loading = loadProductList(store, {}, deps);
    await vi.waitFor(() => expect(store.get(productListAtom).source?.kind).toBe('cache'));
    expect(store.get(productListLoadingAtom)).toBe(true);
    answer(page([2, 9]));
    await loading;
    expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([2, 9]);
  });

  it('ignores an answer overtaken by a newer load', async () => {
    const store = createStore();
    let first: (value: ProductPage) => void = () => undefined;
    const slow = loadProductList(store, { page: '0' }, fakeDeps({ fetchPage: () => new Promise((resolve) => (first = resolve)) }));
    await loadProductList(store, { page: '1' }, fakeDeps({ fetchPage: () => Promise.resolve(page([21])) }));
    first(page([1]));
    await slow;
    expect(store.get(productListAtom).content.map((p) => p.productId)).toEqual([21]);
    expect(store.get(productListLoadingAtom)).toBe(false);
  });
});
