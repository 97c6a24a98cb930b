import { describe, expect, it } from 'vitest';
import type { BolReportOverview } from '../../src/shared/export-contract';
import { ApiFailure } from '../../src/app/api/client';
import {
  exportButtonLabel,
  exportFilter,
  exportRequest,
  exportSort,
  filterSummary,
  offerImportText,
  progressOf,
  readRememberedColumns,
  toggledColumns,
} from '../../src/app/features/export/export-rules';
import { loadReport, type ReportDeps } from '../../src/app/features/reports/load-report';
import { entriesShown, entryLine, offerSyncTiles, offerTiles, stateTiles } from '../../src/app/features/reports/reports-rules';
import { productListLink } from '../../src/app/features/products';

const overview: BolReportOverview = {
  states: { noCategory: 5, missingRequired: 4, ready: 3, sent: 2, published: 1, declined: 6 },
  offers: { present: 7, absent: 14 },
  total: 21,
  declinedReasons: [],
  products: [],
  productsTotal: 0,
  page: 0,
  size: 25,
  generatedAt: '2026-01-01T00:00:00.000Z',
};

describe('Reports tiles', () => {
  it('one tile per bol state and per offer presence, each linking to the list filtered to exactly those products', () => {
    const tiles = stateTiles(overview);
    expect(tiles.map((tile) => [tile.id, tile.count])).toEqual([
      ['noCategory', 5],
      ['missingRequired', 4],
      ['ready', 3],
      ['sent', 2],
      ['published', 1],
      ['declined', 6],
    ]);
    expect(productListLink(tiles[5]?.filters ?? {})).toBe('/products?bolState=declined');
    expect(offerTiles(overview).map((tile) => productListLink(tile.filters))).toEqual(['/products?hasOffer=true', '/products?hasOffer=false']);
  });

  it('one tile per state of the offers the sync keeps, each opening the list filtered on that state; none for an older kept report', () => {
    const tiles = offerSyncTiles({ offerSync: { live: 7, waiting: 2, held: 1, failed: 3 } });
    expect(tiles.map((tile) => [tile.label, tile.count, productListLink(tile.filters)])).toEqual([
      ['Offers live', 7, '/products?offerState=live'],
      ['Offer changes waiting', 2, '/products?offerState=waiting'],
      ['Offer changes held back', 1, '/products?offerState=held'],
      ['Offer changes failed', 3, '/products?offerState=failed'],
    ]);
    expect(offerSyncTiles({})).toEqual([]);
  });

  it('reads an upload report entry as a sentence, declined entries always shown', () => {
    expect(entryLine({ subject: 'Description', kind: 'attribute', status: 'DECLINED', value: '', reason: 'Too short' })).toBe('Description: Declined — Too short');
    expect(entryLine({ subject: 'https://x/1.jpg', kind: 'image', status: 'PUBLISHED', value: '', reason: '' })).toBe('Image https://x/1.jpg: Published');
    const entries = Array.from({ length: 6 }, (_, n) => ({ subject: `A${n}`, kind: 'attribute' as const, status: n < 2 ? ('PUBLISHED' as const) : ('DECLINED' as const), value: '', reason: '' }));
    const { shown, hidden } = entriesShown(entries, 1);
    expect(shown.map((entry) => entry.subject)).toEqual(['A2', 'A3', 'A4', 'A5', 'A0']);
    expect(hidden).toBe(1);
  });
});

describe('the Reports overview, device first', () => {
  const deps = (over: Partial<ReportDeps>): ReportDeps => ({
    online: () => true,
    fetchReport: () => Promise.resolve(overview),
    keepReport: () => Promise.resolve(),
    readKeptReport: () => Promise.resolve(null),
    ...over,
  });
  it('online: the server answer; offline or no answer: the kept copy, or a sentence', async () => {
    expect(await loadReport(deps({}), 0, 25)).toEqual({ kind: 'network', report: overview });
    const kept = { report: overview, fetchedAt: 42 };
    expect(await loadReport(deps({ online: () => false, readKeptReport: () => Promise.resolve(kept) }), 0, 25)).toEqual({ kind: 'device', ...kept });
    expect(await loadReport(deps({ online: () => false }), 0, 25)).toMatchObject({ kind: 'none', offline: true });
    const silent = deps({ fetchReport: () => Promise.reject(new ApiFailure('x', 0, null)), readKeptReport: () => Promise.resolve(kept) });
    expect(await loadReport(silent, 0, 25)).toEqual({ kind: 'device', ...kept });
    const refused = deps({ fetchReport: () => Promise.reject(new ApiFailure('Forbidden', 403, null)), readKeptReport: () => Promise.resolve(kept) });
    expect(await loadReport(refused, 0, 25)).toEqual({ kind: 'none', message: 'Forbidden', offline: false });
  });
});

describe('Export rules', () => {
  it("exports the view's filters without paging and sort, or exactly the selection", () => {
    const filter = exportFilter({ page: '3', size: '50', sort: 'title,asc', supplierName: 'Volt', bolState: 'declined' });
    expect(filter).toEqual({ supplierName: 'Volt', bolState: 'declined' });
    expect(filterSummary(filter)).toBe('Supplier: Volt · Bol state: Declined by bol');
    expect(filterSummary({ stock: 'true', categoryId: '4' }, (id) => (id === '4' ? 'Shoes' : undefined))).toBe('In stock: yes · Category: Shoes');
    expect(filterSummary({})).toBe('No filter: every product');
    expect(exportRequest({ scope: 'view', format: 'csv', columns: ['title', 'productId'], filter, selection: [1] })).toEqual({
      ok: true,
      request: { format: 'csv', columns: ['productId', 'title'], filter },
    });
    expect(exportRequest({ scope: 'selection', format: 'xlsx', columns: ['ean'], filter, selection: [4, 2] })).toEqual({
      ok: true,
      request: { format: 'xlsx', columns: ['ean'], productIds: [4, 2] },
    });
    expect(exportRequest({ scope: 'selection', format: 'csv', columns: ['ean'], filter, selection: [] })).toEqual({ ok: false, reason: 'No products are selected in the product list.' });
    expect(exportRequest({ scope: 'view', format: 'csv', columns: [], filter, selection: [] })).toEqual({ ok: false, reason: 'Choose at least one column.' });
  });

  it("asks for the rows in the list's order, for the view and the selection alike", () => {
    const query = { page: '3', size: '50', sort: 'sellingPrice,desc', supplierName: 'Volt' };
    const sort = exportSort(query);
    expect(sort).toBe('sellingPrice,desc');
    const filter = exportFilter(query);
    expect(exportRequest({ scope: 'view', format: 'csv', columns: ['title'], filter, sort, selection: [] })).toEqual({
      ok: true,
      request: { format: 'csv', columns: ['title'], filter: { supplierName: 'Volt' }, sort: 'sellingPrice,desc' },
    });
    expect(exportRequest({ scope: 'selection', format: 'csv', columns: ['title'], filter, sort, selection: [7] })).toEqual({
      ok: true,
      request: { format: 'csv', columns: ['title'], productIds: [7], sort: 'sellingPrice,desc' },
    });
    expect(exportSort({ supplierName: 'Volt' })).toBeUndefined();
  });

  it('shows rows of the total for a CSV, bytes for a workbook', () => {
    expect(progressOf({ bytes: 2_097_152, rows: 2_500, totalRows: 10_000 })).toEqual({ text: '2,500 of 10,000 rows (2.0 MB)', fraction: 0.25 });
    expect(progressOf({ bytes: 1_048_576, rows: null, totalRows: 10_000 })).toEqual({ text: '1.0 MB received of a workbook of 10,000 rows', fraction: null });
    expect(progressOf({ bytes: 3_000, rows: 10, totalRows: 10 }).text).toBe('10 of 10 rows (3 KB)');
  });

  it('remembers the chosen columns, dropping ids it does not know', () => {
    expect(readRememberedColumns('["title","gone","ean"]', ['productId'])).toEqual(['ean', 'title']);
    expect(readRememberedColumns('not json', ['productId'])).toEqual(['productId']);
    expect(readRememberedColumns(null, ['sku'])).toEqual(['sku']);
  });

  it('the Export button says how many products and which format, "about" for an estimated view, and nothing of a count not known yet', () => {
    expect(exportButtonLabel({ busy: false, count: 12_000, estimate: true, format: 'csv' })).toBe('Export about 12,000 products as CSV');
    expect(exportButtonLabel({ busy: false, count: 3, estimate: false, format: 'xlsx' })).toBe('Export 3 products as .xlsx');
    expect(exportButtonLabel({ busy: false, count: null, estimate: false, format: 'csv' })).toBe('Export as CSV');
    expect(exportButtonLabel({ busy: true, count: 3, estimate: false, format: 'csv' })).toBe('Exporting...');
  });

  it('a ticked column is added once at the end, a cleared one removed', () => {
    expect(toggledColumns(['ean', 'title'], 'sku', true)).toEqual(['ean', 'title', 'sku']);
    expect(toggledColumns(['ean', 'title'], 'ean', true)).toEqual(['ean', 'title']);
    expect(toggledColumns(['ean', 'title'], 'ean', false)).toEqual(['title']);
  });

  it("the offer import says the server's message, or that the offers were imported", () => {
    expect(offerImportText({ message: 'Imported 12 offers; 1 EAN is not ours.' })).toBe('Imported 12 offers; 1 EAN is not ours.');
    expect(offerImportText({ status: 'SUCCESS' })).toBe('Offers imported.');
    expect(offerImportText({ message: 42 })).toBe('Offers imported.');
    expect(offerImportText(null)).toBe('Offers imported.');
  });
});
