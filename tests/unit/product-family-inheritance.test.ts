import { describe, expect, it } from 'vitest';
import { FAMILY_KEY_MISSING, INHERITED_FIELDS, inheritedValues, inheritRefusal, memberDiffers } from '../../src/server/catalogue/family-inheritance';

const main = { description: '<p>Shared</p>', brandId: 3, categoryId: 9, deliveryCode: '1-2d', material: 'leather' };

describe('family inheritance', () => {
  it('passes exactly the documented fields, never identity, prices, stock or images', () => {
    expect([...INHERITED_FIELDS].sort()).toEqual(['brandId', 'categoryId', 'deliveryCode', 'description', 'material']);
    const values = inheritedValues({ ...main, ean: '1', sellingPrice: 5, stock: 2 } as typeof main);
    expect(values).toEqual(main);
    for (const never of ['ean', 'supplierEan', 'sku', 'sellingPrice', 'priceSupplier', 'stock', 'familyKey', 'mainProduct', 'numberOfImages']) {
      expect(Object.keys(values)).not.toContain(never);
    }
  });

  it('leaves members that already carry the values alone', () => {
    expect(memberDiffers(main, main)).toBe(false);
    expect(memberDiffers({ ...main, material: 'mesh' }, main)).toBe(true);
    expect(memberDiffers({ ...main, brandId: null }, main)).toBe(true);
  });

  it('refuses a product that is not main or belongs to another family', () => {
    expect(inheritRefusal({ productId: 1, mainProduct: true, familyKey: 'F' }, 'F')).toBeNull();
    expect(inheritRefusal({ productId: 1, mainProduct: false, familyKey: 'F' }, 'F')).toBe('Product 1 is not the main product of its family; save it as main first');
    expect(inheritRefusal({ productId: 1, mainProduct: true, familyKey: 'G' }, 'F')).toBe("Product 1 belongs to family 'G', not to family 'F'");
    expect(inheritRefusal({ productId: 1, mainProduct: true, familyKey: null }, 'F')).toBe("Product 1 belongs to no family, not to family 'F'");
    expect(FAMILY_KEY_MISSING).toBe('Family Key is missing');
  });
});
