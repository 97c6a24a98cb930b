/**
 * The tablet list's rules (docs/product-list.md, "A list that shows the list" and "Scanning an
 * EAN"): what a scan reads and does, the folded filters' one line, the question before every
 * supplier's feed is imported, and the Orders list's line per order.
 */
import { describe, expect, it } from 'vitest';
import type { BolOrder, BolOrderItem } from '../../src/shared/bol-contract';
import type { ProductPage, Supplier } from '../../src/shared/contract';
import { ALL_SUPPLIERS } from '../../src/shared/rules/suppliers';
import { findByEan } from '../../src/app/features/products/find-by-ean';
import { filterSummaryParts, filterSummaryText, NO_FILTERS_SET } from '../../src/app/features/products/filter-summary';
import { EMPTY_FILTERS } from '../../src/app/features/products/product-list-view';
import { isScanShortcut, readScannedCode, sameEan, scanOutcome, searchAfterScan, searchEnter } from '../../src/app/features/products/scan-rules';
import { cameraRefusal, firstEan, readerKind } from '../../src/app/ui/camera-scan/camera-scan-rules';
import { importConfirmation } from '../../src/app/features/products/supplier-actions-rules';
import { itemsSummary, lineCancelItem, recipientText } from '../../src/app/features/orders/order-row-rules';

const found = (...eans: (string | null)[]) => eans.map((ean, index) => ({ productId: index + 1, ean }));

describe('a scanned EAN', () => {
  it('reads EAN-8, UPC-A, EAN-13 and GTIN-14 digits, spaces and dashes dropped; anything else is no code', () => {
    expect(readScannedCode('8714000007045')).toBe('8714000007045');
    expect(readScannedCode(' 8714 0000-07045\n')).toBe('8714000007045');
    expect(readScannedCode('96385074')).toBe('96385074');
    expect(readScannedCode('036000291452')).toBe('036000291452');
    expect(readScannedCode('00036000291452')).toBe('00036000291452');
    for (const text of ['', 'SS-0108-9', '123', '87140000070451234', '871400000704X']) expect(readScannedCode(text), text).toBeNull();
  });

  it('a UPC-A and the EAN-13 with a leading 0 are the same article; other digits are not', () => {
    expect(sameEan('036000291452', '0036000291452')).toBe(true);
    expect(sameEan('00036000291452', '036000291452')).toBe(true);
    expect(sameEan('8714000007045', '8714000007038')).toBe(false);
  });

  it('opens the one product with that EAN, even when the search found others by title or SKU', () => {
    expect(scanOutcome('8714000007045', found('8714000007038', '8714000007045', null), false)).toEqual({ kind: 'open', productId: 2 });
  });

  it('says so when none has it, naming the device when it only searched the kept products', () => {
    expect(scanOutcome('8714000007045', found('8714000007038'), false)).toEqual({ kind: 'none', text: 'No product has EAN 8714000007045.' });
    const offline = scanOutcome('8714000007045', [], true);
    expect(offline.kind).toBe('none');
    expect(offline.kind === 'none' && offline.text).toMatch(/^No product kept on this device has EAN 8714000007045\./);
  });

  it('with two products of one EAN it opens neither and says how many', () => {
    expect(scanOutcome('8714000007045', found('8714000007045', '08714000007045'), false)).toEqual({
      kind: 'many',
      text: '2 products have EAN 8714000007045: the list shows them.',
    });
  });

  it('a refused camera reads as what to do instead', () => {
    expect(cameraRefusal('NotAllowedError')).toMatch(/blocked.*Allow the camera/);
    expect(cameraRefusal('NotFoundError')).toMatch(/no camera/);
    expect(cameraRefusal('NotReadableError')).toMatch(/in use/);
    expect(cameraRefusal('')).toMatch(/could not start/);
  });

  it('Enter in the search box looks an EAN up and searches any other text', () => {
    expect(searchEnter('8714000007045')).toEqual({ kind: 'scan', code: '8714000007045' });
    expect(searchEnter(' 8714 0000-07045')).toEqual({ kind: 'scan', code: '8714000007045' });
    expect(searchEnter('96385074')).toEqual({ kind: 'scan', code: '96385074' });
    expect(searchEnter('boot')).toEqual({ kind: 'search', text: 'boot' });
    expect(searchEnter('SS-0108-9')).toEqual({ kind: 'search', text: 'SS-0108-9' });
    // A SKU of digits that is no EAN's length is searched like any text.
    expect(searchEnter('123456')).toEqual({ kind: 'search', text: '123456' });
    expect(searchEnter('')).toEqual({ kind: 'search', text: '' });
  });

  it('a scan that opens nothing leaves the list searched for the code, so it shows the matches', () => {
    expect(searchAfterScan({ kind: 'open', productId: 4 }, '8714000007045')).toBeNull();
    expect(searchAfterScan(scanOutcome('8714000007045', [], false), '8714000007045')).toBe('8714000007045');
    expect(searchAfterScan(scanOutcome('8714000007045', found('8714000007045', '8714000007045'), true), '8714000007045')).toBe('8714000007045');
  });

  it('the camera takes the first EAN it read, and reads with the browser only where it knows EAN-13', () => {
    expect(firstEan(['https://example.test', '4006381333931', '96385074'])).toBe('4006381333931');
    expect(firstEan(['ABC-123'])).toBeNull();
    expect(firstEan([])).toBeNull();
    expect(readerKind(['qr_code', 'ean_13'])).toBe('native');
    expect(readerKind(['qr_code'])).toBe('wasm');
    expect(readerKind(null)).toBe('wasm');
  });

  it('"/" asks for the search box only outside a field and without a modifier', () => {
    expect(isScanShortcut('/', false, false)).toBe(true);
    expect(isScanShortcut('/', false, true)).toBe(false);
    expect(isScanShortcut('/', true, false)).toBe(false);
    expect(isScanShortcut('s', false, false)).toBe(false);
  });
});

describe('the lookup behind a scan', () => {
  const page = (eans: string[]): ProductPage => ({ content: found(...eans) as unknown as ProductPage['content'], totalElements: eans.length, totalPages: 1 });
  const deps = (over: Partial<Parameters<typeof findByEan>[1]>) => ({
    online: () => true,
    fetchPage: () => Promise.resolve(page(['8714000007045'])),
    readOffline: () => Promise.resolve({ page: page([]), local: true, fetchedAt: null }),
    ...over,
  });

  it('asks the server when online, for the code as the search', async () => {
    const asked: unknown[] = [];
    const outcome = await findByEan('8714000007045', deps({ fetchPage: (query) => (asked.push(query), Promise.resolve(page(['8714000007045']))) }));
    expect(outcome).toEqual({ kind: 'open', productId: 1 });
    expect(asked).toEqual([{ keyword: '8714000007045', size: '10', page: '0' }]);
  });

  it('offline, or when the server does not answer, reads the products kept on the device', async () => {
    const kept = () => Promise.resolve({ page: page(['8714000007045']), local: true, fetchedAt: null });
    expect(await findByEan('8714000007045', deps({ online: () => false, fetchPage: () => Promise.reject(new Error('not asked')), readOffline: kept }))).toEqual({ kind: 'open', productId: 1 });
    const unanswered = Object.assign(new Error('no answer'), { status: 0 });
    expect(await findByEan('8714000007045', deps({ fetchPage: () => Promise.reject(unanswered), readOffline: kept }))).toEqual({ kind: 'open', productId: 1 });
  });

  it("a server's refusal is not hidden behind the device's answer", async () => {
    const refused = Object.assign(new Error('Forbidden'), { status: 403 });
    await expect(findByEan('8714000007045', deps({ fetchPage: () => Promise.reject(refused) }))).rejects.toThrow('Forbidden');
  });
});

describe("the folded filters' line", () => {
  it('says "None set" for the default view; the search text is not in it', () => {
    expect(filterSummaryText(filterSummaryParts({ ...EMPTY_FILTERS, searchValue: 'boot' }))).toBe(NO_FILTERS_SET);
  });

  it("names each set filter with its value, in the panel's order, the category by its name", () => {
    const filters = {
      ...EMPTY_FILTERS,
      supplier: 'Volt Electronics',
      passedModeration: 'false' as const,
      priceFrom: '20',
      priceTo: '150,50',
      stock: 'true' as const,
      categoryId: '7',
      dateTo: '2026-11-01',
      bolState: 'declined',
      offerState: 'held',
      sortBy: 'sellingPrice,asc',
    };
    expect(filterSummaryParts(filters, (id) => (id === '7' ? 'Garden' : undefined))).toEqual([
      'Supplier: Volt Electronics',
      'Moderation: Not passed',
      'Price 20 – 150,50',
      'Stock: In stock',
      'Category: Garden',
      'Updated up to 2026-11-01',
      'Bol state: Declined by bol',
      'Offer state: Held back',
      'Sort: Price, lowest first',
    ]);
    expect(filterSummaryParts({ ...EMPTY_FILTERS, categoryId: '7' })).toEqual(['Category: 7']);
    expect(filterSummaryText(['Supplier: Acme', 'Stock: In stock'])).toBe('Supplier: Acme · Stock: In stock');
  });

  it('the default sort is not a filter', () => {
    expect(filterSummaryParts({ ...EMPTY_FILTERS, sortBy: 'dateUpdate,desc' })).toEqual([]);
  });
});

describe('"Run feed import" for every supplier', () => {
  const supplier = (supplierId: number, supplierName: string): Supplier => ({ supplierId, supplierName, supplierUrlFeed: '', inProgress: false });
  const suppliers = [ALL_SUPPLIERS, supplier(1, 'Acme'), supplier(2, 'Volt Electronics'), supplier(3, 'Green Garden Supplies')];

  it('asks first, saying how many feeds and what the run does', () => {
    const question = importConfirmation(ALL_SUPPLIERS, suppliers);
    expect(question?.title).toBe('Import the feeds of all 3 suppliers?');
    expect(question?.description).toMatch(/added or updated.*background/);
    expect(question?.confirmLabel).toBe('Import 3 feeds');
  });

  it("one supplier's feed runs without a question", () => {
    expect(importConfirmation(supplier(2, 'Volt Electronics'), suppliers)).toBeNull();
  });
});

describe("the Orders list's line", () => {
  const item = (over: Partial<BolOrderItem>): BolOrderItem =>
    ({ orderItemId: '1', ean: '8714000007045', title: 'Hand trowel', quantity: 1, unitPrice: 5, fulfilmentMethod: 'FBR', fulfilmentStatus: 'OPEN', productId: null, ...over });
  const order = { shipmentDetails: { firstName: 'Emma', surname: 'Hendriks', city: 'Antwerpen' } } as unknown as BolOrder;

  it('names the recipient and the town', () => {
    expect(recipientText(order)).toBe('Emma Hendriks, Antwerpen');
  });

  it('shows one item as its line, several as a count with how many are open', () => {
    expect(itemsSummary([item({})])).toBe('1 × Hand trowel · open');
    expect(itemsSummary([item({}), item({ orderItemId: '2', fulfilmentStatus: 'HANDLED' })])).toBe('2 items, 1 open');
  });

  it('offers "Cancel item" on the line only when exactly one item can be cancelled', () => {
    expect(lineCancelItem([item({})])?.orderItemId).toBe('1');
    expect(lineCancelItem([item({}), item({ orderItemId: '2' })])).toBeNull();
    expect(lineCancelItem([item({ fulfilmentStatus: 'HANDLED' })])).toBeNull();
  });
});
