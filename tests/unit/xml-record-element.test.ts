/** Finding the element of one product in an XML feed (src/server/feeds/xml-record-element.ts; docs/feeds.md, "The record element"). */
import { describe, expect, it } from 'vitest';
import { findRecordElement } from '../../src/server/feeds/xml-feed-reader';

const items = (count: number, inner: string) => Array.from({ length: count }, () => inner).join('');

describe('findRecordElement', () => {
  it('takes products/product and rss/channel/item', () => {
    expect(findRecordElement(`<products>${items(3, '<product><title>a</title></product>')}</products>`)).toBe('products/product');
    expect(findRecordElement(`<rss><channel><title>Shop</title>${items(2, '<item><g:id>1</g:id></item>')}</channel></rss>`)).toBe('rss/channel/item');
  });

  it('prefers an element named like a product over a more repeated list inside it', () => {
    const shipping = items(4, '<g:shipping><g:country>NL</g:country></g:shipping>');
    expect(findRecordElement(`<rss><channel>${items(2, `<item><g:id>1</g:id>${shipping}</item>`)}</channel></rss>`)).toBe('rss/channel/item');
  });

  it('takes a single data sheet as one record, not its repeated features or the related product inside it', () => {
    const sheet = `<ICECAT-interface><Product ID="1">${items(5, '<ProductFeature><Feature><Name Value="x"/></Feature></ProductFeature>')}<ProductRelated><Product ID="2"><Supplier Name="s"/></Product></ProductRelated></Product></ICECAT-interface>`;
    expect(findRecordElement(sheet)).toBe('ICECAT-interface/Product');
  });

  it('takes the most repeated element with child elements when none is named like a product', () => {
    expect(findRecordElement(`<catalog><info><name>x</name></info>${items(3, '<book><isbn>1</isbn></book>')}</catalog>`)).toBe('catalog/book');
  });

  it('takes the root of a feed that is one record, and finds nothing without child elements', () => {
    expect(findRecordElement('<artikel><code>1</code></artikel>')).toBe('artikel');
    expect(findRecordElement('<empty/>')).toBeNull();
  });

  it('counts a start that ends in the middle of an element', () => {
    expect(findRecordElement(`<products>${items(3, '<product><title>a</title></product>')}<product><ti`)).toBe('products/product');
  });
});

describe('findRecordElement on a hostile start', () => {
  it('stops counting past the nesting limit of a feed, at once', () => {
    const started = performance.now();
    const deep = `<products>${items(2, '<product><title>a</title></product>')}${'<a>'.repeat(80_000)}`;
    expect(findRecordElement(deep)).toBe('products/product');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
