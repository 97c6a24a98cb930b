import { describe, expect, it } from 'vitest';
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
    const parsed = parseFeedRow({ sku: 'X', title: 'T', images: ['https://a.example/1.png', ''] }, 9, supplier);
    expect(parsed.ok && parsed.row).toMatchObject({ priceSupplier: 0, sellingPrice: 0, stock: 0, weight: null, familyKey: null, images: ['https://a.example/1.png'] });
  });

  it('refuses rows with the line number and a reason', () => {
    expect(refusal({ ...good, title: ' ' }, 12)).toEqual({ line: 12, reason: 'Title is missing' });
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
  });
});
