import { describe, expect, it } from 'vitest';
import {
  INHERITED_PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  productFieldLabel,
  sameFieldValue,
  SAVED_PRODUCT_FIELDS,
} from '../../src/shared/product-fields';
import { productSchema } from '../../src/shared/contract';
import { fieldLabel, SWITCH_FIELDS, TEXT_FIELDS } from '../../src/app/features/product-edit/product-form';
import { conflictFields } from '../../src/app/sync/record-diff';
import { makeProduct } from './support/offline-fakes';

describe('the one table of product fields', () => {
  it('gives the labels the spec writes, to the form and the conflict view alike', () => {
    expect(productFieldLabel('priceSupplier')).toBe('Price from Supplier');
    expect(productFieldLabel('deliveryCode')).toBe('Delivery Term');
    expect(productFieldLabel('ean', true)).toBe('New EAN');
    for (const name of TEXT_FIELDS) expect(fieldLabel(name)).toBe(productFieldLabel(name));
    const [difference] = conflictFields(makeProduct({ deliveryCode: '1-2d' }), makeProduct({ deliveryCode: '2-3d' }));
    expect(difference?.label).toBe('Delivery Term');
  });

  it('drives the form inputs, the saved fields, the inherited fields and the schema', () => {
    expect([...TEXT_FIELDS, ...SWITCH_FIELDS, 'description'].sort()).toEqual(PRODUCT_FIELD_NAMES.filter((name) => name !== 'categoryId').sort());
    expect(SAVED_PRODUCT_FIELDS).toEqual(PRODUCT_FIELD_NAMES);
    expect([...INHERITED_PRODUCT_FIELDS].sort()).toEqual(['brand', 'categoryId', 'deliveryCode', 'description', 'material']);
    for (const name of PRODUCT_FIELD_NAMES) expect(Object.keys(productSchema.shape)).toContain(name);
  });

  it('compares values as the server stores them', () => {
    expect(sameFieldValue('title', ' Chair ', 'Chair')).toBe(true);
    expect(sameFieldValue('brand', '', null)).toBe(true);
    expect(sameFieldValue('sellingPrice', '12.50', 12.5)).toBe(true);
    expect(sameFieldValue('weight', null, 0)).toBe(false);
    expect(sameFieldValue('buyBlock', false, true)).toBe(false);
  });
});

describe('Bol model differences', () => {
  it('lists each differing attribute under its name', () => {
    const model = (colour: string) => ({ productId: 1, chunkId: 'c', chunkName: 'Chairs', attributeData: [{ attributeId: 'Colour', attributeName: 'Kleur', value: colour }], mediaData: [], version: 1 });
    expect(conflictFields(model('Red'), model('Blue'))).toEqual([{ field: 'attribute:Colour', label: 'Kleur', mine: 'Red', theirs: 'Blue' }]);
  });
});
