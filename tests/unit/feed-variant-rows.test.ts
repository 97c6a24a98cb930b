/**
 * Rows of products with variants before the mapping reads them (docs/feeds.md, "Variants and parent
 * rows"): fill-down and gathered values by group, the row filter, Magento's attribute and variation
 * columns, and what the guess proposes per platform.
 */
import { describe, expect, it } from 'vitest';
import { formOf, mappingOf, takesGuess, withGuessedMapping } from '../../src/app/features/parser/supplier-form';
import { changedMeanwhile, mergeMine } from '../../src/app/features/parser/supplier-stale-save';
import { attributePairs, ListedVariants, listedChildSkus, mappingReadsParentSku, VARIANT_WINDOW_ROWS, variantParentsOfRow, withAttributeColumns } from '../../src/shared/feed-attribute-columns';
import { feedMappingSchema, guessMapping, type RawFeedRecord } from '../../src/shared/feed-mapping';
import { describeSkipRule, rowSkipper } from '../../src/shared/feed-row-filter';
import { MAX_HELD_GROUP_ROWS, RowGroups, type LinedRecord } from '../../src/shared/feed-row-groups';
import { rowPreparationFor } from '../../src/shared/feed-row-preparation';
import { supplier } from './support/supplier-details';

const lined = (records: RawFeedRecord[]): LinedRecord[] => records.map((record, index) => ({ line: index + 2, record }));

function run(stage: { push(item: LinedRecord): LinedRecord[]; end(): LinedRecord[] }, records: RawFeedRecord[]): LinedRecord[] {
  const out: LinedRecord[] = [];
  for (const item of lined(records)) out.push(...stage.push(item));
  out.push(...stage.end());
  return out;
}

describe('row groups: fill-down and gathered values', () => {
  const shopify = { groupColumn: 'Handle', keyColumns: [], fillDown: ['Title', 'Vendor'], gather: ['Image Src'] };

  it('carries the first row of a handle into the empty cells of its other rows, never across handles', () => {
    const out = run(new RowGroups({ ...shopify, gather: [] }), [
      { handle: 'shirt', title: 'Shirt', vendor: 'Harbor', 'variant sku': 'S' },
      { handle: 'shirt', title: '', vendor: '', 'variant sku': 'M' },
      { handle: 'shirt', title: 'Shirt in large', 'variant sku': 'L' },
      { handle: 'tote', title: 'Tote', vendor: '', 'variant sku': 'T' },
    ]);
    expect(out.map((item) => [item.line, item.record.title, item.record.vendor])).toEqual([
      [2, 'Shirt', 'Harbor'],
      [3, 'Shirt', 'Harbor'],
      [4, 'Shirt in large', 'Harbor'],
      [5, 'Tote', ''],
    ]);
  });

  it('gives every row of a group all the values of a gathered column, once each and in order', () => {
    const out = run(new RowGroups(shopify), [
      { handle: 'shirt', title: 'Shirt', 'image src': 'a.jpg' },
      { handle: 'shirt', 'image src': 'b.jpg' },
      { handle: 'shirt', 'image src': 'a.jpg' },
      { handle: 'tote', title: 'Tote', 'image src': '' },
    ]);
    expect(out.map((item) => item.record['image src'])).toEqual([['a.jpg', 'b.jpg'], ['a.jpg', 'b.jpg'], ['a.jpg', 'b.jpg'], '']);
  });

  it("a variation joins the group of the row its parent column names: the parent's SKU or id:<ID>; a sibling's value is never carried", () => {
    const woo = { groupColumn: 'Parent', keyColumns: ['SKU', 'ID'], fillDown: ['Images', 'Categories'], gather: [] };
    const out = run(new RowGroups(woo), [
      { id: '10', sku: 'HOODIE', parent: '', images: 'front.jpg', categories: 'Hoodies' },
      { id: '11', sku: 'HOODIE-BLUE', parent: 'HOODIE', images: 'blue.jpg', categories: '' },
      { id: '12', sku: 'HOODIE-RED', parent: 'HOODIE', images: '', categories: '' },
      { id: '20', sku: '', parent: '', images: 'beanie.jpg', categories: 'Hats' },
      { id: '21', sku: 'BEANIE-GREY', parent: 'id:20', images: '', categories: '' },
      { id: '30', sku: 'ORPHAN', parent: 'HOODIE', images: '', categories: '' },
    ]);
    expect(out.map((item) => [item.record.sku, item.record.images, item.record.categories])).toEqual([
      ['HOODIE', 'front.jpg', 'Hoodies'],
      ['HOODIE-BLUE', 'blue.jpg', 'Hoodies'],
      ['HOODIE-RED', 'front.jpg', 'Hoodies'],
      ['', 'beanie.jpg', 'Hats'],
      ['BEANIE-GREY', 'beanie.jpg', 'Hats'],
      // Its parent's rows are not the ones before it: nothing to carry.
      ['ORPHAN', '', ''],
    ]);
  });

  it('holds at most MAX_HELD_GROUP_ROWS rows of one group; later rows pass on at once with what they have', () => {
    const groups = new RowGroups(shopify);
    let passed = 0;
    for (let index = 0; index < MAX_HELD_GROUP_ROWS + 10; index += 1) passed += groups.push({ line: index + 2, record: { handle: 'same', 'image src': `${index}.jpg` } }).length;
    expect(passed).toBe(MAX_HELD_GROUP_ROWS + 10);
    expect(groups.end()).toEqual([]);
  });
});

describe('the row filter', () => {
  it('skips rows whose column is one of the values (any case), has a value, or is empty', () => {
    const skips = rowSkipper([
      { column: 'Type', when: 'oneOf', values: ['variable', 'Grouped'] },
      { column: 'External URL', when: 'filled', values: [] },
      { column: 'Regular price', when: 'empty', values: [] },
    ]);
    if (!skips) throw new Error('expected a filter');
    expect(skips({ type: 'Variable', 'regular price': '1' })).toBe(true);
    expect(skips({ type: 'grouped', 'regular price': '1' })).toBe(true);
    expect(skips({ type: 'variation', 'regular price': '1' })).toBe(false);
    expect(skips({ type: 'simple', 'external url': 'https://x.test', 'regular price': '1' })).toBe(true);
    expect(skips({ type: 'simple', 'regular price': ' ' })).toBe(true);
    expect(skips({ type: 'simple, virtual', 'regular price': '2' })).toBe(false);
  });

  it('is nothing at all without rules, and says its rules in words', () => {
    expect(rowSkipper([])).toBeNull();
    expect(describeSkipRule({ column: 'Type', when: 'oneOf', values: ['variable', 'grouped'] })).toBe('Type is one of variable, grouped');
    expect(describeSkipRule({ column: 'Variant Price', when: 'empty', values: [] })).toBe('Variant Price is empty');
  });

  it('a saved rule "is one of" names at least one value', () => {
    const base = { columns: {}, fixed: {} };
    expect(feedMappingSchema.safeParse({ ...base, skipRows: [{ column: 'Type', when: 'oneOf', values: [] }] }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ ...base, skipRows: [{ column: 'Type', when: 'filled' }] }).success).toBe(true);
  });
});

describe("Magento's attribute and variation columns", () => {
  it('reads additional_attributes as columns; a comma inside a value stays with it', () => {
    expect(attributePairs('color=Black,size=XS,material=Cotton,Polyester,EAN=8712000000110')).toEqual([
      ['color', 'Black'],
      ['size', 'XS'],
      ['material', 'Cotton,Polyester'],
      ['ean', '8712000000110'],
    ]);
    expect(withAttributeColumns({ sku: 'A', additional_attributes: 'size=M,sku=other' })).toEqual({
      sku: 'A',
      additional_attributes: 'size=M,sku=other',
      'additional_attributes/size': 'M',
      'additional_attributes/sku': 'other',
    });
    const plain = { sku: 'A', additional_attributes: '' };
    expect(withAttributeColumns(plain)).toBe(plain);
  });

  it('lists the SKUs of configurable_variations', () => {
    expect(listedChildSkus('sku=MH01-XS-Black,color=Black,size=XS|sku=MH01-S-Black,size=S|color=Red')).toEqual(['MH01-XS-Black', 'MH01-S-Black']);
  });

  it('gives the rows a configurable product lists its SKU as parent_sku, whether they come before or after it', () => {
    const out = run(new ListedVariants(), [
      { sku: 'MH01-XS', configurable_variations: '' },
      { sku: 'MH01', configurable_variations: 'sku=MH01-XS,size=XS|sku=MH01-S,size=S' },
      { sku: 'MH01-S', configurable_variations: '' },
      { sku: 'BAG', configurable_variations: '' },
    ]);
    expect(out.map((item) => [item.line, item.record.sku, item.record.parent_sku])).toEqual([
      [2, 'MH01-XS', 'MH01'],
      [3, 'MH01', 'MH01'],
      [4, 'MH01-S', 'MH01'],
      [5, 'BAG', undefined],
    ]);
  });

  it('a listed row more than VARIANT_WINDOW_ROWS rows before its configurable product has passed on without it', () => {
    const variants = new ListedVariants();
    const out: LinedRecord[] = [];
    out.push(...variants.push({ line: 2, record: { sku: 'FAR' } }));
    for (let index = 0; index < VARIANT_WINDOW_ROWS; index += 1) out.push(...variants.push({ line: index + 3, record: { sku: `X${index}` } }));
    out.push(...variants.push({ line: 9999, record: { sku: 'P', configurable_variations: 'sku=FAR' } }));
    out.push(...variants.end());
    expect(out).toHaveLength(VARIANT_WINDOW_ROWS + 2);
    expect(out[0]?.record.parent_sku).toBeUndefined();
  });
});

describe('the parents read in a first pass', () => {
  it('reads (child, parent) SKU pairs off a configurable row, none off any other row', () => {
    expect(variantParentsOfRow({ sku: 'MH01', configurable_variations: 'sku=MH01-XS,size=XS|sku=MH01-S,size=S' })).toEqual([
      ['MH01-XS', 'MH01'],
      ['MH01-S', 'MH01'],
    ]);
    expect(variantParentsOfRow({ sku: 'MH01-XS', configurable_variations: '' })).toEqual([]);
    expect(variantParentsOfRow({ sku: '', configurable_variations: 'sku=A' })).toEqual([]);
  });

  it('with the feed’s parents known, gives a row its parent at any distance and holds nothing', () => {
    const variants = new ListedVariants(new Map([['FAR', 'P']]));
    expect(variants.push({ line: 2, record: { sku: 'FAR' } })).toEqual([{ line: 2, record: { sku: 'FAR', parent_sku: 'P' } }]);
    for (let index = 0; index < VARIANT_WINDOW_ROWS; index += 1) expect(variants.push({ line: index + 3, record: { sku: `X${index}` } })).toHaveLength(1);
    expect(variants.push({ line: 9999, record: { sku: 'P', configurable_variations: 'sku=FAR' } })[0]?.record.parent_sku).toBe('P');
    expect(variants.end()).toEqual([]);
  });

  it('is read only for a mapping that reads parent_sku', () => {
    const magento = guessMapping(['sku', 'product_type', 'name', 'price', 'qty', 'additional_attributes', 'configurable_variations', 'store_view_code', 'attribute_set_code', 'categories', 'parent_sku']);
    expect(mappingReadsParentSku(magento)).toBe(true);
    expect(mappingReadsParentSku({ ...magento, columns: { ...magento.columns, familyKey: ['Parent_SKU '] } })).toBe(true);
    expect(mappingReadsParentSku({ ...magento, columns: { ...magento.columns, familyKey: ['model'] } })).toBe(false);
    expect(mappingReadsParentSku(null)).toBe(false);
  });
});

describe('the preparation as a whole', () => {
  it('is null (nothing runs) for a feed and mapping that need none of it', () => {
    expect(rowPreparationFor(null, { title: 'x', sku: 'y' })).toBeNull();
    expect(rowPreparationFor(guessMapping(['EAN', 'Title', 'Price']), { ean: '1', title: 'x', price: '1' })).toBeNull();
  });

  it('splits attributes before the filter reads them, and the filter sees the filled-down row', () => {
    const mapping = feedMappingSchema.parse({
      columns: {},
      rowGroups: { groupColumn: 'handle', fillDown: ['kind'] },
      skipRows: [{ column: 'additional_attributes/kind', when: 'oneOf', values: ['parent'] }, { column: 'kind', when: 'oneOf', values: ['hidden'] }],
    });
    const preparation = rowPreparationFor(mapping, { handle: 'a', additional_attributes: 'kind=parent' });
    if (!preparation) throw new Error('expected a preparation');
    const out = [
      ...preparation.push({ line: 2, record: { handle: 'a', additional_attributes: 'kind=parent', kind: '' } }),
      ...preparation.push({ line: 3, record: { handle: 'a', additional_attributes: 'kind=child', kind: '' } }),
      ...preparation.push({ line: 4, record: { handle: 'b', additional_attributes: '', kind: 'hidden' } }),
      ...preparation.push({ line: 5, record: { handle: 'b', additional_attributes: '', kind: '' } }),
      ...preparation.end(),
    ];
    expect(out.map((item) => ('skipped' in item ? `skip ${item.line}` : `keep ${item.line}`))).toEqual(['skip 2', 'keep 3', 'skip 4', 'skip 5']);
  });
});

describe('the guess of variant exports', () => {
  it('Shopify: Handle groups the rows, the product columns fill down, Image Src is gathered, rows without a variant price skipped', () => {
    const guessed = guessMapping(['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Variant SKU', 'Variant Price', 'Variant Barcode', 'Image Src', 'Variant Image']);
    expect(guessed.rowGroups).toEqual({ groupColumn: 'Handle', keyColumns: [], fillDown: ['Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags'], gather: ['Image Src'] });
    expect(guessed.skipRows).toEqual([{ column: 'Variant Price', when: 'empty', values: [] }]);
    expect(guessed.columns.images).toEqual(['Variant Image', 'Image Src']);
  });

  it('Magento: the attribute columns by their code, parent_sku as the family, configurable rows skipped; a feed without them guesses no groups', () => {
    const guessed = guessMapping(['sku', 'store_view_code', 'attribute_set_code', 'product_type', 'name', 'price', 'qty', 'additional_attributes', 'additional_attributes/ean', 'additional_attributes/size', 'additional_attributes/fabric', 'parent_sku']);
    expect(guessed.columns).toMatchObject({ ean: ['additional_attributes/ean'], size: ['additional_attributes/size'], familyKey: ['parent_sku'] });
    expect(guessed.rowGroups).toBeNull();
    expect(guessed.skipRows).toEqual([{ column: 'product_type', when: 'oneOf', values: ['configurable', 'grouped', 'bundle'] }]);
    expect(guessMapping(['EAN', 'Title', 'Price']).skipRows).toEqual([]);
  });

  it('another feed with an attribute column of its own: the code after additional_attributes/ is guessed like a column name', () => {
    expect(guessMapping(['sku', 'title', 'price', 'additional_attributes/kleur']).columns.color).toEqual(['additional_attributes/kleur']);
  });
});

describe('the Parser form and the row rules', () => {
  const SHOPIFY = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Variant SKU', 'Variant Price', 'Variant Barcode', 'Image Src'];

  it("Test feed's guess fills the card, and the form sends the rules the guess made", () => {
    const form = withGuessedMapping(formOf(supplier()), guessMapping(SHOPIFY));
    expect([form.groupColumn, form.fillDown, form.gather]).toEqual(['Handle', 'Title, Body (HTML), Vendor, Type, Tags', 'Image Src']);
    expect(form.skipRows).toEqual([{ column: 'Variant Price', when: 'empty', values: '' }]);
    expect(mappingOf(form)).toMatchObject({ rowGroups: guessMapping(SHOPIFY).rowGroups, skipRows: guessMapping(SHOPIFY).skipRows });
  });

  it('a rule without a column is not sent; values are sent only for "is one of"; an edited card keeps the mapping from the next guess', () => {
    const guessed = withGuessedMapping(formOf(supplier()), guessMapping(SHOPIFY));
    const edited = {
      ...guessed,
      guessed: false,
      skipRows: [
        { column: 'Type', when: 'oneOf' as const, values: 'variable, "a, b"' },
        { column: ' ', when: 'filled' as const, values: '' },
        { column: 'Status', when: 'filled' as const, values: 'left over' },
      ],
    };
    expect(mappingOf(edited)?.skipRows).toEqual([
      { column: 'Type', when: 'oneOf', values: ['variable', 'a, b'] },
      { column: 'Status', when: 'filled', values: [] },
    ]);
    const answer = { columns: SHOPIFY, mappingProblem: null, guessedMapping: guessMapping(['EAN', 'Title', 'Price']) };
    expect(takesGuess(edited, answer)).toBe(false);
    expect(takesGuess(guessed, answer)).toBe(true);
  });

  it('a colleague who changed the rules meanwhile is named, and my other changes go on top of theirs', () => {
    const base = formOf(supplier());
    const theirs = supplier({ version: 4, mapping: guessMapping(SHOPIFY) });
    expect(changedMeanwhile(base, theirs)).toEqual(['Column mapping', 'Variants and parent rows']);
    const mine = { ...base, supplierName: 'Renamed' };
    const merged = mergeMine(base, mine, theirs);
    expect([merged.supplierName, merged.groupColumn]).toEqual(['Renamed', 'Handle']);
  });
});

