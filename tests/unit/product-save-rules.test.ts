import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { headerMatchesVersion, productEtag, versionsInHeader } from '../../src/server/http/version-etag';
import { isMediaPath, planImages } from '../../src/server/catalogue/product-image-plan';
import { checkProductSaveInput, MAIN_NEEDS_FAMILY_KEY, oneMainImage } from '../../src/server/catalogue/product-save-input';

const validProduct: Product = {
  productId: 7,
  ean: '8710103974307',
  supplierEan: '',
  isChangeEan: false,
  sku: 'SKU-7',
  title: 'Trail runner',
  description: '<p>Light</p>',
  sellingPrice: 49.95,
  priceSupplier: 20,
  deliveryPrice: 0,
  deliveryCode: '1-2d',
  weight: null,
  width: null,
  length: null,
  height: null,
  productSize: '42',
  color: 'red',
  material: 'mesh',
  supplier: { supplierId: 1, supplierName: 'Shoes' },
  brand: 'Brand A',
  categoryId: null,
  categoryName: null,
  stock: 3,
  passedModeration: false,
  mainProduct: false,
  familyKey: null,
  buyBlock: false,
  isExportOnBol: false,
  numberOfImages: 0,
  version: 1,
  dateCreate: '2025-01-01T00:00:00.000Z',
  dateUpdate: '2025-01-01T00:00:00.000Z',
  productImages: [],
};

function refusal(body: unknown): string {
  const result = checkProductSaveInput(body);
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
}

describe('checkProductSaveInput', () => {
  it('accepts a whole valid product', () => {
    const result = checkProductSaveInput(validProduct);
    expect(result.ok).toBe(true);
  });

  it('names every missing required field of the spec', () => {
    expect(refusal({ ...validProduct, ean: '', title: '  ', sellingPrice: null, deliveryCode: undefined })).toBe(
      'Please fill all required fields: ean, sellingPrice, title, deliveryCode.',
    );
  });

  it('accepts prices typed with a decimal comma and makes empty secondary prices 0', () => {
    const result = checkProductSaveInput({ ...validProduct, sellingPrice: '12,50', priceSupplier: '', deliveryPrice: null });
    expect(result.ok && result.input.product).toMatchObject({ sellingPrice: 12.5, priceSupplier: 0, deliveryPrice: 0 });
    expect(refusal({ ...validProduct, priceSupplier: 'cheap' })).toBe("priceSupplier must be a price such as 12.50 or 12,50, got 'cheap'");
  });

  it('refuses a delivery code that is not a delivery term', () => {
    expect(refusal({ ...validProduct, deliveryCode: 'tomorrow' })).toMatch(/^deliveryCode 'tomorrow' is not a delivery term; use one of 24uurs-23/);
  });

  it('refuses an EAN with a wrong GS1 check digit', () => {
    expect(refusal({ ...validProduct, ean: '8710103974308' })).toBe("EAN '8710103974308' has a wrong check digit (expected 7)");
  });

  it('refuses a main product without a family key', () => {
    expect(refusal({ ...validProduct, mainProduct: true, familyKey: ' ' })).toBe(MAIN_NEEDS_FAMILY_KEY);
    expect(MAIN_NEEDS_FAMILY_KEY).toBe('To select a product as main, you need to specify the Family Key.');
    expect(checkProductSaveInput({ ...validProduct, mainProduct: true, familyKey: ' FAM ' })).toMatchObject({ ok: true, input: { familyKey: 'FAM' } });
  });

  it('refuses a body of the wrong shape, naming the field', () => {
    expect(refusal([])).toBe('The request body must be a product (a JSON object)');
    expect(refusal({ ...validProduct, stock: -1 })).toMatch(/^The product is not valid: stock: /);
    expect(refusal({ ...validProduct, productImages: [{ id: 'a', filePath: '/media/x', name: '', altImage: '', isMainImage: false }, { id: 'a', filePath: '/media/y', name: '', altImage: '', isMainImage: false }] })).toBe(
      "Image id 'a' appears twice in productImages",
    );
  });
});

describe('oneMainImage', () => {
  it('keeps only the first image flagged main', () => {
    const image = (id: string, isMainImage: boolean) => ({ id, filePath: '', name: '', altImage: '', isMainImage });
    expect(oneMainImage([image('a', false), image('b', true), image('c', true)]).map((i) => i.isMainImage)).toEqual([false, true, false]);
  });
});

describe('planImages', () => {
  const image = (id: string, extra: Partial<{ name: string; filePath: string }> = {}) => ({ id, filePath: '/media/aa/x.png', name: '', altImage: '', isMainImage: false, ...extra });

  it('updates kept images, inserts new ones, deletes the missing, numbering positions by list order', () => {
    const uuid = '0b6f1f9e-8a39-4c55-9a4e-2f0c6f2f8f11';
    const plan = planImages(['old-1', 'old-2', 'old-3'], [image('old-3', { name: 'first' }), image(uuid), image('tmp-1'), image('old-1')], () => 'generated');
    expect(plan.updates).toEqual([
      { id: 'old-3', name: 'first', altImage: '', isMainImage: false, position: 1 },
      { id: 'old-1', name: '', altImage: '', isMainImage: false, position: 4 },
    ]);
    expect(plan.inserts.map((i) => [i.id, i.position])).toEqual([
      [uuid, 2],
      ['generated', 3],
    ]);
    expect(plan.deletes).toEqual(['old-2']);
  });

  it('knows a path of our media store from anything else', () => {
    expect(isMediaPath('/media/ab/abc.png')).toBe(true);
    expect(isMediaPath('https://evil.example/x.png')).toBe(false);
    expect(isMediaPath('/media/../etc/passwd')).toBe(false);
  });
});

describe('product ETags', () => {
  it('is the version in quotes and matches lists, weak tags and *', () => {
    expect(productEtag(4)).toBe('"4"');
    expect(versionsInHeader('"3", W/"4", junk')).toEqual([3, 4]);
    expect(headerMatchesVersion('"4"', 4)).toBe(true);
    expect(headerMatchesVersion('W/"4"', 4)).toBe(true);
    expect(headerMatchesVersion('*', 9)).toBe(true);
    expect(headerMatchesVersion('"3"', 4)).toBe(false);
    expect(headerMatchesVersion('', 4)).toBe(false);
  });
});
