import { describe, expect, it } from 'vitest';
import { decideDecimalMark, decimalMarkEvidence, isExponentNumber, readAmount, readMeasure, readNumber, splitCurrency, unitInColumnName } from '../../src/shared/feed-values';

describe('prices as people write them', () => {
  it('takes a currency code or sign before or after the number', () => {
    expect(readAmount('19,95 EUR', null)).toEqual({ value: 19.95, currency: 'EUR' });
    expect(readAmount('€ 1.234,50', null)).toEqual({ value: 1234.5, currency: 'EUR' });
    expect(readAmount('1649.00 USD', null)).toEqual({ value: 1649, currency: 'USD' });
    expect(readAmount('EUR 19.95', null)).toEqual({ value: 19.95, currency: 'EUR' });
    expect(readAmount('1275.00 SEK', null)).toEqual({ value: 1275, currency: 'SEK' });
    expect(readAmount('£5', null)).toEqual({ value: 5, currency: 'GBP' });
    expect(readAmount('12.50', null)).toEqual({ value: 12.5, currency: null });
    expect(readAmount('1 234,5', null)).toEqual({ value: 1234.5, currency: null });
  });

  it('refuses text that is not one price', () => {
    expect(readAmount('on request', null)).toBeNull();
    expect(readAmount('12 pcs', null)).toBeNull();
    expect(readAmount('EUR 5 USD', null)).toBeNull();
    expect(readAmount('-5', null)).toBeNull();
    expect(readAmount('1.2.3,4,5', null)).toBeNull();
    expect(splitCurrency('')).toBeNull();
  });

  it('reads the ambiguous 1.234 by the feed decimal mark, and as a decimal when nothing decides it', () => {
    expect(readNumber('1.234', 'comma')).toBe(1234);
    expect(readNumber('1.234', 'point')).toBe(1.234);
    expect(readNumber('1,234', 'point')).toBe(1234);
    expect(readNumber('1,234', 'comma')).toBe(1.234);
    expect(readNumber('1.234', null)).toBe(1.234);
    // Unambiguous values read the same whatever the feed says.
    expect(readNumber('1.234,56', 'point')).toBe(1234.56);
    expect(readNumber('1,234.56', 'comma')).toBe(1234.56);
    expect(readNumber('0.125', 'comma')).toBe(0.125);
    expect(readNumber('1.234.567', null)).toBe(1234567);
    expect(readNumber('12,5', 'point')).toBe(12.5);
  });

  it('reads digits alone and digits with one mark the same way whatever the feed says, and refuses digits too long to be a number', () => {
    for (const mark of ['comma', 'point', null] as const) {
      expect(readNumber('007', mark)).toBe(7);
      expect(readNumber('12,50', mark)).toBe(12.5);
      expect(readNumber('12.5000', mark)).toBe(12.5);
      expect(readNumber('0,123', mark)).toBe(0.123);
      expect(readNumber('9'.repeat(400), mark)).toBeNull();
      expect(readNumber('1'.repeat(400) + ',5', mark)).toBeNull();
    }
    expect(decimalMarkEvidence('1234')).toBeNull();
    expect(decimalMarkEvidence('12,50')).toBe('comma');
    expect(decimalMarkEvidence('0.123')).toBe('point');
    expect(decimalMarkEvidence('1,234')).toBeNull();
    expect(decimalMarkEvidence('1.2345')).toBe('point');
  });

  it('decides the feed decimal mark from the values that show it, by majority', () => {
    expect(decideDecimalMark(['1.234', '12,50', '3,10'])).toBe('comma');
    expect(decideDecimalMark(['1,234', '12.50'])).toBe('point');
    expect(decideDecimalMark(['1.234,00', '1,234.00', '5.5'])).toBe('point');
    expect(decideDecimalMark(['1234', '1.234', '7'])).toBeNull();
  });
});

describe('weights and measures', () => {
  it('stores weight in kg and dimensions in cm, from the mapping unit or the one in the value', () => {
    expect(readMeasure('145', 'weight', 'g', null)).toBe(0.145);
    expect(readMeasure('145 g', 'weight', 'kg', null)).toBe(0.145);
    expect(readMeasure('1,5 kg', 'weight', 'g', null)).toBe(1.5);
    expect(readMeasure('2', 'weight', 'kg', null)).toBe(2);
    expect(readMeasure('120', 'dimension', 'mm', null)).toBe(12);
    expect(readMeasure('1.2 m', 'dimension', 'cm', null)).toBe(120);
    expect(readMeasure('30', 'dimension', 'cm', null)).toBe(30);
    expect(readMeasure('12 parsecs', 'dimension', 'cm', null)).toBeNull();
  });

  it('reads the unit from the column name', () => {
    expect(unitInColumnName('Weight (g)', 'weight')).toBe('g');
    expect(unitInColumnName('gewicht_gram', 'weight')).toBe('g');
    expect(unitInColumnName('Variant Grams', 'weight')).toBe('g');
    expect(unitInColumnName('Weight (kg)', 'weight')).toBe('kg');
    expect(unitInColumnName('shipping_weight', 'weight')).toBeNull();
    expect(unitInColumnName('Length (mm)', 'dimension')).toBe('mm');
    expect(unitInColumnName('Width (cm)', 'dimension')).toBe('cm');
    expect(unitInColumnName('hoogte_m', 'dimension')).toBe('m');
    expect(unitInColumnName('Height', 'dimension')).toBeNull();
  });
});

describe('EANs a spreadsheet rounded', () => {
  it('recognises exponent numbers and nothing else', () => {
    expect(isExponentNumber('3.65275E+11')).toBe(true);
    expect(isExponentNumber('8,71E+12')).toBe(true);
    expect(isExponentNumber('8710103974307')).toBe(false);
    expect(isExponentNumber('E12')).toBe(false);
  });
});
