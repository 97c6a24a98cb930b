import { describe, expect, it } from 'vitest';
import { DELIVERY_CODES } from '../../src/shared/constants';
import {
  checkForm,
  fieldLabel,
  formChanged,
  formFromProduct,
  productFromForm,
  readable,
  showsSupplierEan,
  type ProductForm,
} from '../../src/app/features/product-edit/product-form';
import { decimalInputText, priceInputText } from '../../src/app/lib/format';
import { parsePrice } from '../../src/shared/rules/price';
import { makeProduct } from './support/offline-fakes';

const product = makeProduct({ productId: 7, ean: '8712345000011', sellingPrice: 12.5, priceSupplier: 8, deliveryPrice: 0, weight: 0.75, stock: 4 });
const form = (overrides: Partial<ProductForm> = {}): ProductForm => ({ ...formFromProduct(product), ...overrides });

describe('labels', () => {
  it('uses the labels the spec gives', () => {
    expect(fieldLabel('priceSupplier')).toBe('Price from Supplier');
    expect(fieldLabel('sku')).toBe('SKU');
    expect(fieldLabel('productId')).toBe('Product ID');
    expect(fieldLabel('sellingPrice')).toBe('Selling Price');
    expect(fieldLabel('deliveryCode')).toBe('Delivery Term');
    expect(fieldLabel('passedModeration')).toBe('Passed Moderation');
  });

  it("reads 'New EAN' for the EAN only while the product changes its EAN, and shows the supplier EAN then", () => {
    expect(fieldLabel('ean', form({ isChangeEan: false }))).toBe('EAN');
    expect(fieldLabel('ean', form({ isChangeEan: true }))).toBe('New EAN');
    expect(showsSupplierEan(form({ isChangeEan: false }))).toBe(false);
    expect(showsSupplierEan(form({ isChangeEan: true }))).toBe(true);
  });

  it('makes other field names readable', () => {
    expect(readable('someFieldName')).toBe('Some Field Name');
    expect(fieldLabel('familyKey')).toBe('Family Key');
  });
});

describe('checkForm', () => {
  it('accepts a complete product', () => {
    expect(checkForm(form())).toEqual({ problems: {}, message: null });
  });

  it('marks each missing required field and asks to fill them all', () => {
    const result = checkForm(form({ ean: ' ', sellingPrice: '', title: '', deliveryCode: '' }));
    expect(result.message).toBe('Please fill all required fields.');
    expect(result.problems).toEqual({
      ean: 'This field is required.',
      sellingPrice: 'This field is required.',
      title: 'This field is required.',
      deliveryCode: 'This field is required.',
    });
  });

  it('marks only the missing one', () => {
    expect(checkForm(form({ title: '' })).problems).toEqual({ title: 'This field is required.' });
  });

  it('catches what the server would refuse, so an offline save does not fail later', () => {
    const result = checkForm(form({ ean: '8712345000016', sellingPrice: 'twelve', weight: 'heavy', stock: '1.5', deliveryCode: 'tomorrow' }));
    expect(Object.keys(result.problems).sort()).toEqual(['deliveryCode', 'ean', 'sellingPrice', 'stock', 'weight']);
    expect(result.problems.ean).toContain('check digit');
    expect(result.message).toBe('Please correct the marked fields.');
  });

  it('refuses a main product without a family key', () => {
    expect(checkForm(form({ mainProduct: true, familyKey: ' ' })).problems.familyKey).toBe(
      'To select a product as main, you need to specify the Family Key.',
    );
    expect(checkForm(form({ mainProduct: true, familyKey: 'FAM-1' })).message).toBeNull();
  });

  it('accepts every delivery term of the spec', () => {
    for (const code of DELIVERY_CODES) expect(checkForm(form({ deliveryCode: code })).message).toBeNull();
  });
});

describe('one number format in the inputs (docs/formats.md)', () => {
  it('writes prices with a decimal comma and two decimals, other numbers with only their decimals', () => {
    expect(priceInputText(42.5)).toBe('42,50');
    expect(priceInputText(8)).toBe('8,00');
    expect(priceInputText(0)).toBe('0,00');
    expect(priceInputText(1234.56)).toBe('1234,56');
    expect(priceInputText(null)).toBe('');
    expect(decimalInputText(0.75)).toBe('0,75');
    expect(decimalInputText(12)).toBe('12');
    expect(decimalInputText(null)).toBe('');
  });

  it('reads back what it writes, and a point as well as a comma', () => {
    for (const value of [0, 0.5, 8, 12.95, 42.5, 1234.56]) expect(parsePrice(priceInputText(value))).toBe(value);
    expect(parsePrice('42,50')).toBe(42.5);
    expect(parsePrice('42.50')).toBe(42.5);
    expect(parsePrice('42.5')).toBe(42.5);
    expect(parsePrice('€ 42,50')).toBe(42.5);
  });

  it('fills the form that way, and an untouched form saves the same numbers', () => {
    const filled = formFromProduct(product);
    expect([filled.sellingPrice, filled.priceSupplier, filled.deliveryPrice, filled.weight]).toEqual(['12,50', '8,00', '0,00', '0,75']);
    const saved = productFromForm(filled, product);
    expect([saved.sellingPrice, saved.priceSupplier, saved.deliveryPrice, saved.weight]).toEqual([12.5, 8, 0, 0.75]);
  });
});

describe('productFromForm', () => {
  it('converts prices with a comma and empty prices to 0', () => {
    const saved = productFromForm(form({ sellingPrice: '12,95', priceSupplier: '', deliveryPrice: '1.234,50' }), product);
    expect(saved.sellingPrice).toBe(12.95);
    expect(saved.priceSupplier).toBe(0);
    expect(saved.deliveryPrice).toBe(1234.5);
  });

  it('keeps measures unknown when empty and reads a comma', () => {
    const saved = productFromForm(form({ weight: '', width: '2,5', stock: '' }), product);
    expect(saved.weight).toBeNull();
    expect(saved.width).toBe(2.5);
    expect(saved.stock).toBe(0);
  });

  it('trims the EAN, title, brand and family key and stores empty ones as none', () => {
    const saved = productFromForm(form({ ean: ' 8712345000011 ', title: ' Mug ', brand: '  ', familyKey: ' F ' }), product);
    expect(saved).toMatchObject({ ean: '8712345000011', title: 'Mug', brand: null, familyKey: 'F' });
  });

  it('keeps what the form does not edit (id, version, images, supplier)', () => {
    const withImages = makeProduct({ productId: 9, version: 4, productImages: [{ id: 'a', filePath: '/media/a.png', name: '', altImage: '', isMainImage: true }] });
    const saved = productFromForm(formFromProduct(withImages), withImages);
    expect(saved).toEqual(withImages);
  });
});

describe('formChanged', () => {
  it('is false for the loaded values and true after any edit', () => {
    const loaded = form();
    expect(formChanged({ ...loaded }, loaded)).toBe(false);
    expect(formChanged({ ...loaded, title: 'x' }, loaded)).toBe(true);
    expect(formChanged({ ...loaded, passedModeration: !loaded.passedModeration }, loaded)).toBe(true);
  });
});
