/** One category path per row from a value naming several (docs/feeds.md, "Categories"). */
import { describe, expect, it } from 'vitest';
import { categoryPaths, oneCategoryPath } from '../../src/shared/feed-category-paths';
import { applyMapping, compileMapping, feedMappingSchema, feedValueFormat } from '../../src/shared/feed-mapping';

describe('category paths in one value', () => {
  it('takes the deepest path of a WooCommerce or Magento list, or the first when chosen', () => {
    expect(oneCategoryPath('Clothing > Tshirts, Clothing', 'deepest')).toBe('Clothing > Tshirts');
    expect(oneCategoryPath('Clothing, Clothing > Tshirts', 'deepest')).toBe('Clothing > Tshirts');
    expect(oneCategoryPath('Clothing, Clothing > Tshirts', 'first')).toBe('Clothing');
    expect(oneCategoryPath('Default Category/Gear,Default Category/Gear/Bags', 'deepest')).toBe('Default Category/Gear/Bags');
  });

  it('takes the first of the deepest on a tie', () => {
    expect(oneCategoryPath('Home > Garden, Home > Kitchen', 'deepest')).toBe('Home > Garden');
  });

  it('keeps a name with a comma whole, and reads WooCommerce’s escaped comma as part of a name', () => {
    expect(categoryPaths('Tables, chairs')).toBeNull();
    expect(oneCategoryPath('Tables, chairs', 'first')).toBe('Tables, chairs');
    expect(oneCategoryPath('Garden > Tables\\, chairs, Garden', 'deepest')).toBe('Garden > Tables, chairs');
    expect(oneCategoryPath('Garden > Lamps', 'first')).toBe('Garden > Lamps');
  });

  it('maps one category per row, never one per comma piece, and the preview names such a value', () => {
    const mapping = feedMappingSchema.parse({ columns: { category: ['Categories'] } });
    expect(mapping.categoryPaths).toBe('deepest');
    const record = { categories: 'Clothing > Tshirts, Clothing' };
    expect(applyMapping(record, compileMapping(mapping)).category).toBe('Clothing > Tshirts');
    expect(applyMapping(record, compileMapping({ ...mapping, categoryPaths: 'first' })).category).toBe('Clothing > Tshirts');
    expect(applyMapping({ categories: 'Clothing, Clothing > Hoodies' }, compileMapping({ ...mapping, categoryPaths: 'first' })).category).toBe('Clothing');
    expect(feedValueFormat(['Categories'], [{ categories: 'Decor' }, record], mapping).categoryList).toBe('Clothing > Tshirts, Clothing');
    expect(feedValueFormat(['Categories'], [{ categories: 'Decor' }], mapping).categoryList).toBeNull();
  });
});
