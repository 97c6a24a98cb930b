import { describe, expect, it } from 'vitest';
import { matchShoeSizeValue, schoenmaatFor, US_TO_EU_SHOE_SIZES, usToEuShoeSize } from '../../src/shared/rules/shoe-size';

describe('the US to EU shoe size table', () => {
  it('has 27 entries, US 1 to 14 in steps of 0.5', () => {
    expect(US_TO_EU_SHOE_SIZES).toHaveLength(27);
    expect(US_TO_EU_SHOE_SIZES.map(([us]) => us)).toEqual(Array.from({ length: 27 }, (_, index) => 1 + index / 2));
  });

  it("holds the specification's points exactly", () => {
    const table = new Map(US_TO_EU_SHOE_SIZES);
    expect(table.get(1)).toBe('33 2/3');
    expect(table.get(1.5)).toBe('34');
    expect(table.get(2)).toBe('34 2/3');
    expect(table.get(2.5)).toBe('35.5');
    expect(table.get(3)).toBe('36');
    expect(table.get(6)).toBe('40');
    expect(table.get(9)).toBe('44');
    expect(table.get(10)).toBe('45 1/3');
    expect(table.get(12)).toBe('48');
    expect(table.get(14)).toBe('50 2/3');
  });

  it('grows by 2/3 of an EU size per half US size from US 3 up', () => {
    const eu = (text: string) => {
      const [whole = '0', fraction] = text.split(' ');
      return Number(whole) + (fraction === '1/3' ? 1 / 3 : fraction === '2/3' ? 2 / 3 : 0);
    };
    const upper = US_TO_EU_SHOE_SIZES.filter(([us]) => us >= 3);
    for (let i = 1; i < upper.length; i += 1) {
      expect(eu(upper[i]?.[1] ?? '') - eu(upper[i - 1]?.[1] ?? '')).toBeCloseTo(2 / 3, 9);
    }
  });
});

describe('usToEuShoeSize', () => {
  it('reads 9.5, 9,5 and US 9.5 alike', () => {
    expect(usToEuShoeSize('9.5')).toBe('44 2/3');
    expect(usToEuShoeSize('9,5')).toBe('44 2/3');
    expect(usToEuShoeSize(' US 9.5 ')).toBe('44 2/3');
    expect(usToEuShoeSize('10')).toBe('45 1/3');
  });

  it('answers null for what is not a US size of the table', () => {
    for (const text of ['', 'M', '15', '0.5', '9.25', '44 EU']) expect(usToEuShoeSize(text)).toBeNull();
  });
});

describe('matching a Schoenmaat value', () => {
  const list = ['44', '44 2/3', '45 1/3', '46'];

  it('ignores spaces', () => {
    expect(matchShoeSizeValue('451/3', list)).toBe('45 1/3');
    expect(matchShoeSizeValue(' 45  1/3 ', list)).toBe('45 1/3');
    expect(matchShoeSizeValue('44', list)).toBe('44');
  });

  it('finds nothing for an empty size or one not in the list', () => {
    expect(matchShoeSizeValue('', list)).toBeNull();
    expect(matchShoeSizeValue('47', list)).toBeNull();
  });

  it('converts US sizes first for a supplier with US sizes, and leaves other sizes as they are', () => {
    expect(schoenmaatFor('10', list, true)).toBe('45 1/3');
    expect(schoenmaatFor('44', list, false)).toBe('44');
    expect(schoenmaatFor('10', list, false)).toBeNull();
    expect(schoenmaatFor('46', list, true)).toBe('46');
  });
});
