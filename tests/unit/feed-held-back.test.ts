/**
 * The feed as a writer with a base, its pure parts (docs/feeds.md, "What a re-import changes" and
 * "Held-back values"): the always-wins setting, the held values the read model shows, the image
 * list's verdict, and how the product page and the Logs screen read a held-back value.
 */
import { describe, expect, it } from 'vitest';
import { heldNotes, supplierValueText } from '../../src/app/features/product-edit/held-back-rules';
import { heldHistoryText, historySentence } from '../../src/app/features/product-edit/history-rules';
import { formFromProduct } from '../../src/app/features/product-edit/product-form';
import { heldBackLines } from '../../src/app/features/logs/held-back-rules';
import { withAlwaysWins } from '../../src/app/features/parser/AlwaysWinsSection';
import { alwaysWinsOf, alwaysWinsSchema, heldValuesOf } from '../../src/shared/feed-fields';
import { imageVerdict } from '../../src/server/feeds/feed-batch-writer';
import { imagesMd5 } from '../../src/server/feeds/feed-fields-sql';
import { makeProduct } from './support/offline-fakes';

describe('the always-wins setting', () => {
  it('keeps known fields once each in the table order and refuses a field no feed writes', () => {
    expect(alwaysWinsSchema.parse(['title', 'stock', 'title'])).toEqual(['stock', 'title']);
    const refused = alwaysWinsSchema.safeParse(['stock', 'sellingPrice']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("'sellingPrice' is not a field a feed writes");
  });

  it('reads the stored list leniently: unknown names dropped, nothing stored means price and stock', () => {
    expect(alwaysWinsOf(['stock', 'gone', 'sku'])).toEqual(['sku', 'stock']);
    expect(alwaysWinsOf(null)).toEqual(['priceSupplier', 'stock']);
  });

  it('switches one field on or off on the form', () => {
    expect(withAlwaysWins(['priceSupplier', 'stock'], 'title', true)).toEqual(['priceSupplier', 'stock', 'title']);
    expect(withAlwaysWins(['priceSupplier', 'stock'], 'stock', false)).toEqual(['priceSupplier']);
  });
});

describe('held values in the read model', () => {
  it('shows open holds in field order, the brand by name, nothing dismissed', () => {
    const stored = {
      title: { value: 'Lamp LED', at: '2025-06-01T12:00:00.000Z', run: 4 },
      brand: { value: 7, shown: 'Lumo', at: '2025-06-01T12:00:00.000Z', run: 4 },
      color: { value: 'Beige', at: '2025-06-01T12:00:00.000Z', run: 3, dismissed: true },
      weight: { at: '2025-06-01T12:00:00.000Z', run: 4 },
    };
    expect(heldValuesOf(stored).map((held) => [held.field, held.value])).toEqual([
      ['title', 'Lamp LED'],
      ['brand', 'Lumo'],
      ['weight', null],
    ]);
    expect(heldValuesOf(null)).toEqual([]);
  });
});

describe('the image list of a feed', () => {
  const base = imagesMd5(['a.png', 'b.png']);
  it('is written while the product still shows the list the feed last wrote, or already the new one', () => {
    expect(imageVerdict(['a.png', 'b.png'], ['a.png', 'c.png'], base, false)).toBe('write');
    expect(imageVerdict(['c.png'], ['c.png'], base, false)).toBe('write');
  });
  it('is held back when a person changed the feed images since; always-wins writes anyway', () => {
    expect(imageVerdict(['b.png'], ['a.png', 'c.png'], base, false)).toBe('hold');
    expect(imageVerdict(['b.png'], ['a.png', 'c.png'], base, true)).toBe('write');
  });
  it('without a base, is written only while the product has no feed images', () => {
    expect(imageVerdict([], ['a.png'], null, false)).toBe('write');
    expect(imageVerdict(['x.png'], ['a.png'], null, false)).toBe('hold');
  });
});

describe('a held value on the product page', () => {
  const at = '2025-06-01T12:00:00.000Z';
  it('reads as the app shows values: a price in euros, a measure with a comma, a count, HTML as text, empty named', () => {
    expect(supplierValueText({ field: 'priceSupplier', value: 1234.5, at })).toBe('€\u00a01.234,50');
    expect(supplierValueText({ field: 'weight', value: 0.75, at })).toBe('0,75');
    expect(supplierValueText({ field: 'stock', value: 12000, at })).toBe('12,000');
    expect(supplierValueText({ field: 'description', value: '<p>Warm <b>light</b></p>', at })).toBe('Warm light');
    expect(supplierValueText({ field: 'color', value: '', at })).toBe('(empty)');
  });

  it('gives the form text "Take the supplier\'s" fills in, and says when the form holds it already', () => {
    const product = makeProduct({ title: 'Mine', priceSupplier: 10, heldBack: [{ field: 'priceSupplier', value: 12.5, at }, { field: 'title', value: 'Theirs', at }, { field: 'categoryId', value: 3, shown: 'Lamps', at }] });
    const form = formFromProduct(product);
    const notes = heldNotes(product, form);
    expect([...notes.keys()]).toEqual(['priceSupplier', 'title']);
    expect(notes.get('priceSupplier')).toMatchObject({ says: 'The supplier now says: €\u00a012,50', formValue: '12,50', taken: false });
    expect(heldNotes(product, { ...form, title: 'Theirs' }).get('title')?.taken).toBe(true);
  });

  it('is a readable history entry and a line of the run on the Logs screen', () => {
    expect(heldHistoryText('title', 'Theirs')).toBe('held back: the supplier now says Theirs');
    expect(historySentence({ field: 'title', held: true, old: 'Mine', new: 'Theirs' })).toBe('Title: held back: the supplier now says Theirs');
    expect(heldBackLines({ heldBackFields: [{ productId: 5, field: 'priceSupplier', mine: 8, theirs: 9.5 }, { productId: 6, field: 'images', mine: ['a'], theirs: ['a', 'b'] }] })).toEqual([
      { productId: 5, field: 'Price from Supplier', mine: '€\u00a08,00', theirs: '€\u00a09,50' },
      { productId: 6, field: 'Images', mine: '1 image', theirs: '2 images' },
    ]);
  });
});
