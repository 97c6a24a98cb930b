/** The one rule of how the history and the conflict tables write a value, per kind of field. */
import { describe, expect, it } from 'vitest';
import { categoryNames, fieldValueText, imageFileName } from '../../src/app/lib/field-value-text';
import { conflictDifferences } from '../../src/app/sync/record-diff';
import { priceText } from '../../src/app/lib/format';

const NBSP = '\u00a0';

describe('fieldValueText', () => {
  it('writes prices as the app does everywhere, also when sent as text', () => {
    expect(fieldValueText('sellingPrice', 139.5)).toBe(`€${NBSP}139,50`);
    expect(fieldValueText('priceSupplier', 1234.5)).toBe(`€${NBSP}1.234,50`);
    expect(fieldValueText('deliveryPrice', '12.5')).toBe(`€${NBSP}12,50`);
    expect(fieldValueText('sellingPrice', 0)).toBe(priceText(0));
  });

  it('writes measures with a decimal comma and counts grouped', () => {
    expect(fieldValueText('weight', 0.75)).toBe('0,75');
    expect(fieldValueText('height', 12)).toBe('12');
    expect(fieldValueText('width', null)).toBe('—');
    expect(fieldValueText('stock', 12345)).toBe('12,345');
  });

  it('writes yes/no fields in the words the list filters use, per field', () => {
    expect(fieldValueText('passedModeration', true)).toBe('Passed');
    expect(fieldValueText('passedModeration', false)).toBe('Not passed');
    expect(fieldValueText('mainProduct', false)).toBe('Not main');
    expect(fieldValueText('buyBlock', true)).toBe('Blocked');
    expect(fieldValueText('isExportOnBol', false)).toBe('Not exported');
    expect(fieldValueText('isChangeEan', true)).toBe('Replaced');
  });

  it('names the category by the names given, the product’s own, or says which id when none is known', () => {
    const names = categoryNames([{ categoryId: 3, categoryName: 'Shoes' }], { categoryId: 9, categoryName: 'Boots' });
    expect(fieldValueText('categoryId', 3, names)).toBe('Shoes');
    expect(fieldValueText('categoryId', 9, names)).toBe('Boots');
    expect(fieldValueText('categoryId', 4, names)).toBe('Category 4');
    expect(fieldValueText('categoryId', 4)).toBe('Category 4');
    expect(fieldValueText('categoryId', null, names)).toBe('—');
  });

  it('writes text, names and HTML as text, empty as a dash, and shortens long text', () => {
    expect(fieldValueText('brand', 'Stride')).toBe('Stride');
    expect(fieldValueText('brand', null)).toBe('—');
    expect(fieldValueText('title', '')).toBe('—');
    expect(fieldValueText('description', '<p>Soft <b>seat</b></p>')).toBe('Soft seat');
    expect(fieldValueText('description', '<p></p>')).toBe('—');
    const long = fieldValueText('title', 'x'.repeat(500));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
    expect(fieldValueText('title', 'x'.repeat(500), {}, 120)).toHaveLength(120);
  });

  it('writes images as a count', () => {
    expect(fieldValueText('productImages', [{}])).toBe('1 image');
    expect(fieldValueText('productImages', [{}, {}, {}])).toBe('3 images');
  });

  it('writes what bol changed in words, the offer’s price as a price', () => {
    expect(fieldValueText('bol:contentStatus', 'NOT_SENT')).toBe('Not sent');
    expect(fieldValueText('bol:contentStatus', 'SUCCESS')).toBe('Accepted by bol');
    // An unknown code reads as words made from it (shared/status-words.ts), never as the code.
    expect(fieldValueText('bol:contentStatus', 'SOMETHING_NEW')).toBe('Something new');
    expect(fieldValueText('bol:published', 'not published')).toBe('Not published');
    expect(fieldValueText('bol:offer', 'price 22.5, stock 2, on hold')).toBe(`€${NBSP}22,50, stock 2, on hold`);
    expect(fieldValueText('bol:offer', 'price —, stock 3')).toBe('price —, stock 3');
    expect(fieldValueText('bol:offer', '')).toBe('—');
    expect(fieldValueText('bol:Colour', 'Black')).toBe('Black');
  });

  it('falls back to plain text for a value of the wrong type', () => {
    expect(fieldValueText('sellingPrice', 'n/a')).toBe('n/a');
    expect(fieldValueText('mainProduct', 'yes')).toBe('yes');
    expect(fieldValueText('unknownField', { a: 1 })).toBe('{"a":1}');
    expect(fieldValueText('unknownField', true)).toBe('Yes');
  });

  it("reads a supplier feed's image list by count and file names, and the Bol image slots by count", () => {
    expect(fieldValueText('images', ['https://img.test/a/front%20view.png?v=2', '/demo/images/side.png'])).toBe('2 images: front view.png, side.png');
    expect(fieldValueText('images', ['https://img.test/only.jpg'])).toBe('1 image: only.jpg');
    expect(fieldValueText('images', [])).toBe('No images');
    expect(fieldValueText('images', Array.from({ length: 50 }, (_, index) => `https://img.test/picture-${index}.png`))).toHaveLength(140);
    expect(fieldValueText('bol:media', [{ mediaId: 1, value: 'a' }, { mediaId: 2, value: 'b' }])).toBe('2 images');
    expect(imageFileName('https://img.test/bad%E0name.png')).toBe('bad%E0name.png');
  });

  it('reads the Bol tab\'s conflict rows as everywhere: HTML as text, empty as a dash, who changed theirs kept', () => {
    const rows = conflictDifferences([
      { field: 'bol:Description', label: 'Description', base: '', mine: '<p>Soft <b>seat</b></p>', theirs: '', changedBy: 'Bram', changedAt: '2025-06-01T12:00:00.000Z' },
      { field: 'bol:media', label: 'Bol images', base: [], mine: [{ mediaId: 1, value: 'a' }], theirs: [], changedBy: null, changedAt: null },
    ]);
    expect(rows).toEqual([
      { field: 'bol:Description', label: 'Description', mine: 'Soft seat', theirs: '—', changedBy: 'Bram', changedAt: '2025-06-01T12:00:00.000Z' },
      { field: 'bol:media', label: 'Bol images', mine: '1 image', theirs: '0 images' },
    ]);
  });
});
