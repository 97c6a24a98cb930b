/**
 * Which feed fields a supplier's mapping maps (the others are neither written nor held back, and
 * keep their base), and the image list's verdict when the feed still sends its base list
 * (docs/feeds.md, "Upsert key and what a re-import changes").
 */
import { describe, expect, it } from 'vitest';
import { imageVerdict } from '../../src/server/feeds/feed-batch-writer';
import { imagesMd5 } from '../../src/server/feeds/feed-fields-sql';
import { FEED_FIELDS, mappedFeedFields } from '../../src/shared/feed-fields';
import { defaultMapping } from '../../src/shared/feed-mapping';

describe('the fields a mapping maps', () => {
  it('are every feed field without a mapping, read by their own names', () => {
    expect(mappedFeedFields(null)).toEqual([...FEED_FIELDS]);
  });

  it('are the fields with a column or a fixed value, by their product names', () => {
    const mapping = { ...defaultMapping(), columns: { ean: ['gtin'], title: ['naam'], price: ['prijs'], size: ['maat'], category: ['groep'], images: ['foto'] }, fixed: { brand: 'Lumo', color: '  ' } };
    expect(mappedFeedFields(mapping)).toEqual(['priceSupplier', 'title', 'brand', 'categoryId', 'productSize', 'images']);
  });

  it('leave out a field whose column list is empty', () => {
    const mapping = { ...defaultMapping(), columns: { title: ['title'], color: [] }, fixed: {} };
    expect(mappedFeedFields(mapping)).toEqual(['title']);
  });
});

describe('the feed image list after a person changed the images', () => {
  const base = imagesMd5(['a.png', 'b.png']);
  it('is kept without a hold while the feed still sends the list it last wrote', () => {
    expect(imageVerdict(['b.png'], ['a.png', 'b.png'], base, false)).toBe('keep');
  });
  it('is held back once the feed sends a new list', () => {
    expect(imageVerdict(['b.png'], ['a.png', 'c.png'], base, false)).toBe('hold');
  });
});
