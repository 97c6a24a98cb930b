import { describe, expect, it } from 'vitest';
import { eanProblem, gtinCheckDigit, isValidGtin } from '../../src/shared/rules/ean';
import { parsePrice } from '../../src/shared/rules/price';
import { isDeliveryCode, missingRequiredFields } from '../../src/shared/rules/product-validation';
import { MAX_JSON_DEPTH, nestsDeeperThan, nulFieldIn } from '../../src/shared/safe-values';

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

  it('leaves a value of another type (from a hostile body) to the schema instead of throwing', () => {
    const odd = { ean: [], sellingPrice: {}, title: true, deliveryCode: 7 } as unknown as Parameters<typeof missingRequiredFields>[0];
    expect(missingRequiredFields(odd)).toEqual([]);
  });

  it('knows the delivery codes of the spec', () => {
    expect(isDeliveryCode('24uurs-16')).toBe(true);
    expect(isDeliveryCode('MijnLeverbelofte')).toBe(true);
    expect(isDeliveryCode('24uurs-11')).toBe(false);
    expect(isDeliveryCode('')).toBe(false);
  });
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { a: value } : [value];
    return value;
  };

  it('counts arrays and objects: {} is one level, a plain value none', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('answers for a value nested far deeper than a stack allows, where a recursive walk overflows', () => {
    const deep = nested(200_000);
    expect(() => nulFieldIn(deep)).toThrow(RangeError);
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});
