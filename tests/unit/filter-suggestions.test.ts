/**
 * The brand and family key fields offer at most MAX_SUGGESTIONS values that go with what is typed:
 * a catalogue of a million products has tens of thousands of family keys, and a list of all of
 * them under the field took the tablet longer to draw than the filter it helps to set.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, suggestionsFor } from '../../src/app/features/products/filter-suggestions';

const familyKeys = Array.from({ length: 200_000 }, (_, index) => `FAM-${String(index).padStart(6, '0')}`);

describe('suggestionsFor', () => {
  it('offers the first of the list when nothing is typed', () => {
    expect(suggestionsFor(familyKeys, '  ')).toEqual(familyKeys.slice(0, MAX_SUGGESTIONS));
    expect(suggestionsFor(['Acme', 'Volt'], '')).toEqual(['Acme', 'Volt']);
  });

  it('offers what starts with the typed text first, then what contains it, letter case aside, in the list\'s order', () => {
    const brands = ['Garden Pro', 'Volt Electronics', 'ProVolt', 'Acme', 'Sunvolt'];
    expect(suggestionsFor(brands, 'volt')).toEqual(['Volt Electronics', 'ProVolt', 'Sunvolt']);
    expect(suggestionsFor(brands, 'PRO')).toEqual(['ProVolt', 'Garden Pro']);
    expect(suggestionsFor(brands, 'xyz')).toEqual([]);
  });

  it('never offers more than its limit, prefix matches before the rest', () => {
    const found = suggestionsFor(familyKeys, '0001');
    expect(found).toHaveLength(MAX_SUGGESTIONS);
    // "FAM-000100" … contain 0001 after the start; none starts with it, so all are containing ones.
    expect(found.every((key) => key.includes('0001'))).toBe(true);
    const starting = suggestionsFor([...familyKeys.slice(0, 60), 'ab-1', 'ab-2'], 'ab', 1);
    expect(starting).toEqual(['ab-1']);
    expect(suggestionsFor(familyKeys, 'FAM-19999')).toEqual(familyKeys.slice(199_990));
  });
});
