import { describe, expect, it } from 'vitest';
import { eanProblem, gtinCheckDigit, isValidGtin } from '../../src/shared/rules/ean';
import { parsePrice } from '../../src/shared/rules/price';
import { isDeliveryCode, missingRequiredFields } from '../../src/shared/rules/product-validation';

describe('parsePrice', () => {
  it('accepts a comma as decimal separator and makes empty 0', () => {
    expect(parsePrice('12,50')).toBe(12.5);
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice(' 7 ')).toBe(7);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice(null)).toBe(0);
    expect(parsePrice(undefined)).toBe(0);
    expect(parsePrice(3.999)).toBe(3.999);
  });

  it('reads thousands separators either way round and euro signs', () => {
    expect(parsePrice('1.234,56')).toBe(1234.56);
    expect(parsePrice('1,234.56')).toBe(1234.56);
    expect(parsePrice('€ 19,95')).toBe(19.95);
  });

  it('refuses what is not a price', () => {
    for (const value of ['abc', '12,5,0', '-3', '1e5', Number.NaN, -1, Infinity]) expect(parsePrice(value)).toBeNull();
  });
});

describe('GS1 check digits', () => {
  it('accepts real EAN-13, EAN-8, UPC-A and GTIN-14 codes', () => {
    for (const code of ['8710103974307', '4006381333931', '96385074', '036000291452', '10012345678902']) {
      expect(isValidGtin(code)).toBe(true);
    }
  });

  it('computes the check digit', () => {
    expect(gtinCheckDigit('871010397430')).toBe(7);
    expect(gtinCheckDigit('400638133393')).toBe(1);
  });

  it('refuses a wrong check digit, letters and wrong lengths, saying why', () => {
    expect(isValidGtin('8710103974308')).toBe(false);
    expect(eanProblem('8710103974308')).toBe("EAN '8710103974308' has a wrong check digit (expected 7)");
    expect(eanProblem('87101039743A7')).toMatch(/digits only/);
    expect(eanProblem('123456789')).toMatch(/8, 12, 13 or 14 digits/);
    expect(eanProblem('')).toBe('EAN is empty');
    expect(eanProblem('8710103974307')).toBeNull();
  });
});

describe('missingRequiredFields', () => {
  it('names ean, sellingPrice, title and deliveryCode when they are empty', () => {
    expect(missingRequiredFields({ ean: '', sellingPrice: '', title: ' ', deliveryCode: null })).toEqual([
      'ean',
      'sellingPrice',
      'title',
      'deliveryCode',
    ]);
    expect(missingRequiredFields({ ean: '8710103974307', sellingPrice: 0, title: 'Mug', deliveryCode: '1-2d' })).toEqual([]);
    expect(missingRequiredFields({ ean: '8710103974307', sellingPrice: Number.NaN, title: 'Mug', deliveryCode: '1-2d' })).toEqual([
      'sellingPrice',
    ]);
  });

  it('knows the delivery codes of the spec', () => {
    expect(isDeliveryCode('24uurs-16')).toBe(true);
    expect(isDeliveryCode('MijnLeverbelofte')).toBe(true);
    expect(isDeliveryCode('24uurs-11')).toBe(false);
    expect(isDeliveryCode('')).toBe(false);
  });
});
