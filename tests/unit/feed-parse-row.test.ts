import { describe, expect, it } from 'vitest';
import { feedValueMessages } from '../../src/shared/messages';
import { parseFeedRow, type FeedRecord } from '../../src/server/feeds/parse-feed-row';

const supplier = { supplierName: 'Acme' };
const good: FeedRecord = {
  ean: '8710103974307',
  sku: 'A-1',
  title: '  Garden chair  ',
  description: '<p>Nice</p><script>alert(1)</script>',
  brand: 'Hortus',
  category: 'Garden furniture',
  price: '12,50',
  retailPrice: '19.95',
  deliveryCode: '1-2d',
  stock: '7',
  weight: '1,5',
  width: '40',
  length: '',
  height: '90',
  size: 'L',
  color: 'Green',
  material: 'Teak',
  familyKey: 'FAM-1',
  images: 'https://img.example.com/a.jpg| /demo/images/2.png |https://img.example.com/a.jpg',
};

const refusal = (record: FeedRecord, line = 5) => {
  const parsed = parseFeedRow(record, line, supplier);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.refusal;
};

describe('parseFeedRow', () => {
  it('maps every column to the product row, keyed by the EAN', () => {
    const parsed = parseFeedRow(good, 2, supplier);
    expect(parsed).toEqual({
      ok: true,
      row: {
        sourceKey: '8710103974307',
        ean: '8710103974307',
        sku: 'A-1',
        title: 'Garden chair',
        description: '<p>Nice</p>',
        brand: 'Hortus',
        category: 'Garden furniture',
        priceSupplier: 12.5,
        sellingPrice: 19.95,
        deliveryCode: '1-2d',
        stock: 7,
        weight: 1.5,
        width: 40,
        length: null,
        height: 90,
        productSize: 'L',
        color: 'Green',
        material: 'Teak',
        familyKey: 'FAM-1',
        images: ['https://img.example.com/a.jpg', '/demo/images/2.png'],
      },
    });
  });

  it('keys a row without EAN by its SKU', () => {
    const parsed = parseFeedRow({ ...good, ean: '' }, 3, supplier);
    expect(parsed.ok && parsed.row.sourceKey).toBe('sku:A-1');
  });

  it('takes images as a list too (XML) and empty optional fields as defaults', () => {
    const parsed = parseFeedRow({ sku: 'X', title: 'T', price: '4,50', images: ['https://a.example/1.png', ''] }, 9, supplier);
    expect(parsed.ok && parsed.row).toMatchObject({ priceSupplier: 4.5, sellingPrice: 0, stock: 0, weight: null, familyKey: null, images: ['https://a.example/1.png'] });
  });

  it('refuses a row without a supplier price instead of importing price 0', () => {
    expect(refusal({ ...good, price: '' }).reason).toBe(feedValueMessages.priceMissing);
    expect(refusal({ ...good, price: 'on request' }).reason).toBe("Price 'on request' is not a price");
  });

  it('reads prices with a currency, and refuses another currency than EUR unless the supplier keeps it', () => {
    expect(parseFeedRow({ ...good, price: '€ 1.234,50' }, 2, supplier)).toMatchObject({ ok: true, row: { priceSupplier: 1234.5 } });
    expect(parseFeedRow({ ...good, price: '19.95 EUR' }, 2, supplier)).toMatchObject({ ok: true, row: { priceSupplier: 19.95 } });
    expect(refusal({ ...good, price: '1649.00 USD' }).reason).toBe("Price '1649.00 USD' is in USD, not EUR; the supplier's settings refuse prices in another currency");
    expect(parseFeedRow({ ...good, price: '1649.00 USD' }, 2, supplier, { foreignCurrency: 'keep' })).toMatchObject({ ok: true, row: { priceSupplier: 1649 } });
  });

  it('refuses an EAN a spreadsheet turned into an exponent number, saying how to export it', () => {
    expect(refusal({ ...good, ean: '3.65275E+11' }).reason).toBe('The spreadsheet rounded this EAN (3.65275E+11); export the column as text');
  });

  it('reads weights in kg to the gram and measures in cm, with a unit in the value', () => {
    expect(parseFeedRow({ ...good, weight: '145 g', width: '120 mm', height: '0,5' }, 2, supplier)).toMatchObject({ ok: true, row: { weight: 0.145, width: 12, height: 0.5 } });
  });

  it('refuses rows with the line number and a reason', () => {
    expect(refusal({ ...good, title: ' ' }, 12)).toEqual({ line: 12, reason: 'Title is missing', sentence: { message: 'Title is missing', messageId: 'server.feedTitleMissing', messageArgs: [] } });
    expect(refusal({ ...good, ean: '8710103974308' }).reason).toBe("EAN '8710103974308' has a wrong check digit (expected 7)");
    expect(refusal({ ...good, ean: '', sku: '' }).reason).toMatch(/^Neither EAN nor SKU is given/);
    expect(refusal({ ...good, price: 'call us' }).reason).toBe("Price 'call us' is not a price");
    expect(refusal({ ...good, retailPrice: '-3' }).reason).toBe("Retail price '-3' is not a price");
    expect(refusal({ ...good, stock: '2.5' }).reason).toBe("Stock '2.5' is not a whole number of 0 or more");
    expect(refusal({ ...good, stock: '-1' }).reason).toMatch(/^Stock/);
    expect(refusal({ ...good, weight: 'heavy' }).reason).toMatch(/^Weight 'heavy' is not a number/);
    expect(refusal({ ...good, deliveryCode: 'tomorrow' }).reason).toBe("Delivery code 'tomorrow' is not one of bol's delivery terms");
    expect(refusal({ ...good, images: 'javascript:alert(1)' }).reason).toMatch(/is not an http\(s\) address/);
    expect(refusal({ ...good, title: 'x'.repeat(501) }).reason).toBe('Title is longer than 500 characters');
    // The field is named by the mapping's field id, so the app words it in the language shown.
    expect(refusal({ ...good, title: 'x'.repeat(501) }).sentence).toEqual({
      message: 'Title is longer than 500 characters',
      messageId: 'server.feedValueTooLong',
      messageArgs: [{ message: 'Title', messageId: 'feedField.title', messageArgs: [] }, 500],
    });
  });
});
