// @vitest-environment jsdom
/**
 * The early rows of an offline cold start of a view never opened (src/app/boot/early-rows.ts,
 * docs/offline.md "Cold start on /products"): a kept snapshot of another view, filled for this
 * view, must be what the live list draws for it (the same rows in the same order, fields, totals
 * and paging), product text must stay text, and the frame is only taken when it fits.
 */
import { Callout } from '@radix-ui/themes';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../../src/app/boot/clean-snapshot';
import { fillListFrame, isFillableFrame, offlineNoteElement } from '../../src/app/boot/list-frame';
import { frameSnapshot, snapshotToShow, type ListSnapshot, type StartPlace } from '../../src/app/boot/list-snapshot-rules';
import { productRowElement } from '../../src/app/boot/product-row-dom';
import { readCachedProducts } from '../../src/app/db/product-cache';
import { BulkActions } from '../../src/app/features/products/BulkActions';
import { ProductFilterBar } from '../../src/app/features/products/ProductFilterBar';
import { SupplierActions } from '../../src/app/features/products/SupplierActions';
import { onlineAtom } from '../../src/app/state/sync';
import { ProductPager } from '../../src/app/features/products/ProductPager';
import { ProductTable } from '../../src/app/features/products/ProductTable';
import { filterFieldValues, foldedFilterCount, offlineNote, toFilterQuery } from '../../src/app/features/products/product-list-rules';
import { productListViewAtom } from '../../src/app/features/products/product-list-state';
import { DEFAULT_VIEW, EMPTY_FILTERS, fromSearchString, type ListView } from '../../src/app/features/products/product-list-view';
import { suppliersAtom } from '../../src/app/state/reference-lists';
import type { Product, ProductPage } from '../../src/shared/contract';
import { withAllSuppliers } from '../../src/shared/rules/suppliers';
import { makeProduct, openTestDatabase } from './support/offline-fakes';
import { frameWords, keptFrameWords } from '../../src/app/boot/frame-words';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { packAtom } from '../../src/app/i18n/language';
import type { TranslationPack } from '../../src/app/i18n/translation-pack';
import { setFormatLanguage } from '../../src/app/lib/format';

const HOSTILE = '<img src=x onerror="window.hacked=1">Boot & "shoe" </th><script>alert(1)</script>';

const PRODUCTS: Product[] = [
  makeProduct({ productId: 1, title: 'Work boot', productImages: [{ filePath: '/media/ab/1.png' }] as Product['productImages'], passedModeration: true, isExportOnBol: true, stock: 0 }),
  makeProduct({ productId: 2, title: HOSTILE, ean: '', brand: 'Acme <b>bold</b>', mainProduct: true, familyKey: 'FAM-1' }),
  makeProduct({ productId: 3, title: 'Garden boot', familyKey: 'FAM-2', sellingPrice: 1234.5, dateUpdate: '2026-03-12T14:05:00Z' }),
];

const SUPPLIERS = withAllSuppliers([{ supplierId: 1, supplierName: 'Acme', supplierUrlFeed: '', inProgress: false }]);

/**
 * Renders what the list draws for `view` with `rows` (the filter bar, the action bars, the pager
 * and the table), as markup; `offline`: as the live list starts offline (no supplier list loaded).
 */
function liveMarkup(view: ListView, page: ProductPage, offline = false, pack: TranslationPack | null = null): string {
  const store = createStore();
  store.set(packAtom, pack);
  store.set(productListViewAtom, view);
  store.set(suppliersAtom, offline ? withAllSuppliers([]) : SUPPLIERS);
  store.set(onlineAtom, !offline);
  const wrap = (children: ReactNode) => (
    <MemoryRouter>
      <Provider store={store}>{children}</Provider>
    </MemoryRouter>
  );
  return renderToStaticMarkup(
    wrap(
      <div className="product-list-page">
        <ProductFilterBar />
        <div className="list-toolbar">
          <BulkActions onCatalogueChanged={() => undefined}>
            <SupplierActions onCatalogueChanged={() => undefined} />
          </BulkActions>
        </div>
        <div className="product-table-area" aria-busy="false">
          <ProductTable products={page.content} />
        </div>
        <ProductPager totalElements={page.totalElements} totalPages={page.totalPages} totalIsEstimate={page.totalIsEstimate === true} />
      </div>,
    ),
  );
}

const pageOf = (content: Product[], totalElements: number, size: number): ProductPage => ({ content, totalElements, totalPages: Math.ceil(totalElements / size) });

const OTHER_VIEW: ListView = { filters: { ...EMPTY_FILTERS, supplier: 'Acme', sortBy: 'sellingPrice,asc', stock: 'true' }, page: 0, pageSize: 50 };
const THIS_VIEW: ListView = fromSearchString('?keyword=boot&sort=title%2Casc&passedModeration=true&priceFrom=5&isMainProduct=false&hasDescription=true&page=1&size=10');

describe('productRowElement', () => {
  it('is the markup of the list row React draws, for every kind of value', () => {
    const live = cleanSnapshot(document, liveMarkup(DEFAULT_VIEW, pageOf(PRODUCTS, 3, 20))).querySelectorAll('tbody tr');
    expect(live).toHaveLength(PRODUCTS.length);
    PRODUCTS.forEach((product, index) => {
      const row = productRowElement(document, product);
      expect(row.isEqualNode(live[index] ?? null), `row ${index}: ${row.outerHTML}\n${live[index]?.outerHTML}`).toBe(true);
    });
  });

  it('keeps product text as text: markup in a title or brand is never parsed', () => {
    const row = productRowElement(document, PRODUCTS[1] as Product);
    expect(row.querySelector('img, script, b')).toBeNull();
    expect(row.querySelector('th a')?.textContent).toBe(HOSTILE);
    expect(row.querySelector('input')?.getAttribute('aria-label')).toBe(`Select ${HOSTILE}`);
    expect(row.textContent).toContain('Acme <b>bold</b>');
  });
});

describe('fillListFrame', () => {
  it('turns the snapshot of another view into what the list draws for this view', () => {
    const frame = cleanSnapshot(document, liveMarkup(OTHER_VIEW, pageOf(PRODUCTS.slice(0, 1), 120, 50)));
    const page = pageOf(PRODUCTS, 13, 10);
    expect(fillListFrame(frame, { view: THIS_VIEW, page, note: 'Offline data, filtered from the products kept on this device' })).toBe(true);
    const live = cleanSnapshot(document, liveMarkup(THIS_VIEW, page, true));

    // Rows in the same order, the same fields with the same values, the action bars offline, the same totals and paging.
    for (const part of ['tbody', 'thead', '.supplier-actions', '.bulk-actions', '.product-pager']) {
      const filled = frame.querySelector(part);
      expect(filled?.isEqualNode(live.querySelector(part)), `${part}:\n${filled?.outerHTML}\n${live.querySelector(part)?.outerHTML}`).toBe(true);
    }
    // The filter bar lists the suppliers the frame knew (the live one has none loaded offline); what it shows is the same.
    const liveBar = live.querySelector('.filter-bar');
    const filledBar = frame.querySelector('.filter-bar');
    for (const select of [...(liveBar?.querySelectorAll('[data-filter="supplierName"]') ?? []), ...(filledBar?.querySelectorAll('[data-filter="supplierName"]') ?? [])]) {
      for (const option of [...select.querySelectorAll('option:not([selected])')]) option.remove();
    }
    expect(filledBar?.isEqualNode(liveBar), `${filledBar?.outerHTML}\n${liveBar?.outerHTML}`).toBe(true);
    expect([...frame.querySelectorAll('tbody th a')].map((link) => link.textContent)).toEqual(PRODUCTS.map((product) => product.title));
    expect(frame.querySelector('[data-frame="bulk-reason"]')?.textContent).toBe('Bol actions need a connection.');
    expect(frame.querySelector('[data-frame="feed-reason"]')?.textContent).toBe('Feed import and image re-export need a connection.');
    expect(frame.querySelector('[data-frame="range"]')?.textContent).toBe('11–13 of 13');
    expect(frame.querySelector('[data-frame="page"]')?.textContent).toBe('Page 2 of 2');
    // The folded filters' one line says what this view sets (the search is in its own field).
    expect(frame.querySelector('[data-frame="filter-summary"]')?.textContent).toBe(
      'Moderation: Passed · Price from 5 · Description: Has one · Main product: Not main · Sort: Title, A to Z',
    );
    expect(frame.querySelector<HTMLInputElement>('[data-filter="keyword"]')?.getAttribute('value')).toBe('boot');
    // The offline note above the table's header.
    expect(frame.querySelector('.list-toolbar')?.previousElementSibling?.textContent).toBe('Offline data, filtered from the products kept on this device');
  });

  it('writes the view in the language the frame was drawn in, from the words kept with it, as the live Dutch list draws it', () => {
    setFormatLanguage('nl');
    try {
      const frame = cleanSnapshot(document, liveMarkup(OTHER_VIEW, pageOf(PRODUCTS.slice(0, 1), 120, 50), false, dutchPack));
      const page = pageOf(PRODUCTS, 1234, 10);
      const view: ListView = { ...THIS_VIEW, filters: { ...THIS_VIEW.filters, bolState: 'ready' } };
      // The kept words go through JSON (localStorage) and back, as on a real start.
      const kept = JSON.parse(JSON.stringify(keptFrameWords(dutchPack))) as Parameters<typeof frameWords>[0];
      const words = frameWords(kept);
      const note = offlineNote({ local: true, fetchedAt: null }, toFilterQuery(view), words.note);
      expect(fillListFrame(frame, { view, page, note }, words)).toBe(true);
      const live = cleanSnapshot(document, liveMarkup(view, page, true, dutchPack));
      for (const part of ['.supplier-actions', '.bulk-actions', '.product-pager', '[data-frame="filter-summary"]']) {
        const filled = frame.querySelector(part);
        expect(filled?.isEqualNode(live.querySelector(part)), `${part}:\n${filled?.outerHTML}\n${live.querySelector(part)?.outerHTML}`).toBe(true);
      }
      expect(frame.querySelector('[data-frame="range"]')?.textContent).toBe('11–20 van 1.234');
      expect(frame.querySelector('[data-frame="page"]')?.textContent).toBe('Pagina 2 van 124');
      expect(frame.querySelector('[data-frame="filter-summary"]')?.textContent).toContain(dutchPack.text('bolState.ready'));
      expect(frame.querySelector('[data-frame="bulk-reason"]')?.textContent).toBe(dutchPack.text('listActions.bulk.offlineReason'));
      // The offline note names the filter the device could not apply in Dutch too.
      expect(note).toContain(`${dutchPack.text('productFilter.bolState')}`);
      expect(note).not.toContain('Offline data');
    } finally {
      setFormatLanguage('en');
    }
  });

  it('adds a supplier the frame does not list, and drops what the live list does not show at first', () => {
    const frame = cleanSnapshot(document, liveMarkup(DEFAULT_VIEW, pageOf(PRODUCTS, 3, 20)));
    frame.querySelector('.product-list-page')?.append(Object.assign(document.createElement('div'), { className: 'product-list-empty' }));
    frame.querySelector('.list-toolbar')?.before(offlineNoteElement(document, 'Offline data, fetched at 1 Jan 2026, 10:00'));
    // A snapshot taken with the filter panel open and a scan's message: the live list starts without either.
    frame.querySelector('.filter-bar')?.append(Object.assign(document.createElement('div'), { className: 'filter-panel' }));
    frame.querySelector('.filter-line')?.append(Object.assign(document.createElement('p'), { className: 'scan-message' }));
    frame.querySelector('[data-frame="filter-toggle"]')?.setAttribute('aria-expanded', 'true');
    const view: ListView = { ...DEFAULT_VIEW, filters: { ...EMPTY_FILTERS, supplier: 'Gone Supplier' } };
    expect(fillListFrame(frame, { view, page: pageOf(PRODUCTS.slice(2), 1, 20), note: 'Offline data, filtered from the products kept on this device' })).toBe(true);
    expect(frame.querySelector('[data-frame="filter-summary"]')?.textContent).toBe('Supplier: Gone Supplier');
    expect(frame.querySelectorAll('.filter-panel, .scan-message')).toHaveLength(0);
    expect(frame.querySelector('[data-frame="filter-toggle"]')?.getAttribute('aria-expanded')).toBe('false');
    expect(frame.querySelectorAll('.rt-CalloutRoot')).toHaveLength(1);
    expect(frame.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(frame.querySelector('[data-frame="next"]')?.hasAttribute('disabled')).toBe(true);
    expect(frame.querySelector('[data-frame="previous"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('leaves a frame without the list parts alone', () => {
    const frame = cleanSnapshot(document, '<div class="product-list-page"><table><tbody><tr><td>Old</td></tr></tbody></table></div>');
    expect(isFillableFrame(frame)).toBe(false);
    expect(fillListFrame(frame, { view: DEFAULT_VIEW, page: pageOf(PRODUCTS, 3, 20), note: 'x' })).toBe(false);
    expect(frame.querySelector('tbody')?.textContent).toBe('Old');
  });

  it('paints the rows the device read gives the view, in its order (Dexie on fake-indexeddb)', async () => {
    const db = openTestDatabase();
    await db.products.bulkPut(PRODUCTS.map((product, index) => ({ ...product, title: `${['Work', 'Snow', 'Garden'][index]} boot`, sellingPrice: 30 - index })) as never);
    const view = fromSearchString('?keyword=boot&sort=sellingPrice%2Casc');
    const answer = await readCachedProducts(db, toFilterQuery(view));
    const frame = cleanSnapshot(document, liveMarkup(DEFAULT_VIEW, pageOf(PRODUCTS.slice(0, 1), 1, 20)));
    fillListFrame(frame, { view, page: answer.page, note: offlineNote({ local: answer.local, fetchedAt: answer.fetchedAt }) });
    expect([...frame.querySelectorAll('tbody th a')].map((link) => link.textContent)).toEqual(['Garden boot', 'Snow boot', 'Work boot']);
    expect(frame.querySelector('.rt-CalloutRoot')?.textContent).toBe('Offline data, filtered from the products kept on this device');
    db.close();
  });
});

describe('the markup drawn by hand is Radix Themes\' own', () => {
  const parse = (html: string) => cleanSnapshot(document, html).firstElementChild;
  it('offline note', () => {
    const note = 'Offline data, filtered from the products kept on this device';
    const callout = parse(renderToStaticMarkup(<Callout.Root color="amber" size="1"><Callout.Text>{note}</Callout.Text></Callout.Root>));
    expect(offlineNoteElement(document, note).isEqualNode(callout ?? null)).toBe(true);
  });
});

describe('rules', () => {
  it('filterFieldValues: each field by its filter call name, the default sort and the page size', () => {
    const values = filterFieldValues(THIS_VIEW);
    expect(values).toMatchObject({ keyword: 'boot', sort: 'title,asc', passedModeration: 'true', priceFrom: '5', supplierName: 'All', size: '10' });
    expect(filterFieldValues(DEFAULT_VIEW).sort).toBe('dateUpdate,desc');
    expect(foldedFilterCount(THIS_VIEW.filters)).toBe(2);
    expect(foldedFilterCount(OTHER_VIEW.filters)).toBe(1);
  });

  const SNAPSHOT: ListSnapshot = { view: '', build: '/assets/index-abc.js', html: '<p>list</p>', styles: ['/assets/a.css', 'https://evil.example/x.css'], takenAt: 1 };
  const START: StartPlace = { pathname: '/products', search: '?keyword=boot', rememberedView: null, online: false, build: '/assets/index-abc.js' };
  const raw = (snapshot: Partial<ListSnapshot> = {}) => JSON.stringify({ ...SNAPSHOT, ...snapshot });

  it('frameSnapshot: another view\'s snapshot of this build, offline on /products, where no snapshot of the view itself paints', () => {
    expect(frameSnapshot(raw(), START)).toEqual({ ...SNAPSHOT, styles: ['/assets/a.css'] });
    expect(snapshotToShow(raw(), START)).toBeNull();
    // The view's own snapshot paints instead.
    expect(frameSnapshot(raw({ view: '?keyword=boot' }), START)).toBeNull();
    expect(frameSnapshot(raw(), { ...START, search: '', rememberedView: '' })).toBeNull();
    expect(frameSnapshot(raw(), { ...START, online: true })).toBeNull();
    expect(frameSnapshot(raw(), { ...START, pathname: '/products/3' })).toBeNull();
    expect(frameSnapshot(raw({ build: '/assets/index-old.js' }), START)).toBeNull();
    expect(frameSnapshot(raw({ html: '' }), START)).toBeNull();
    expect(frameSnapshot('{not json', START)).toBeNull();
    expect(frameSnapshot(null, START)).toBeNull();
  });
});
