import { describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, exactCountLimitOf, pageProvesOverLimit, roundToTwoDigits, totalFromCappedCount, totalFromPage } from '../../src/server/catalogue/product-total';

describe('product list total (docs/products.md "Totals")', () => {
  it('takes the total from a page that is not full', () => {
    expect(totalFromPage(0, 20, 7)).toBe(7);
    expect(totalFromPage(3, 20, 5)).toBe(65);
    expect(totalFromPage(0, 20, 0)).toBe(0);
    expect(totalFromPage(0, 20, 20)).toBeNull();
    expect(totalFromPage(4, 20, 0)).toBeNull(); // past the end: nothing proven
  });

  it('keeps a count up to the limit exact', () => {
    expect(totalFromCappedCount(0, 123_456, 5, 20, 0)).toEqual({ totalElements: 0, totalIsEstimate: false });
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT, 50_000, 0, 20, 20)).toEqual({ totalElements: EXACT_COUNT_LIMIT, totalIsEstimate: false });
  });

  it("above the limit answers the planner's estimate, rounded to two digits", () => {
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 210_456, 0, 20, 20)).toEqual({ totalElements: 210_000, totalIsEstimate: true });
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 1_000_000, 0, 20, 20)).toEqual({ totalElements: 1_000_000, totalIsEstimate: true });
  });

  it('never estimates fewer than the count and the page prove', () => {
    // The planner guessed too low: more than the limit is known.
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 900, 0, 20, 20)).toEqual({ totalElements: EXACT_COUNT_LIMIT + 1, totalIsEstimate: true });
    // A full page deep in the list proves at least every row up to its end.
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 40_000, 2_499, 20, 20)).toEqual({ totalElements: 50_000, totalIsEstimate: true });
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, Number.NaN, 0, 20, 20)).toEqual({ totalElements: EXACT_COUNT_LIMIT + 1, totalIsEstimate: true });
  });

  it('estimates no more rows than come before an empty page past the end', () => {
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 1_000_000, 1_000, 20, 0)).toEqual({ totalElements: 20_000, totalIsEstimate: true });
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 15_000, 1_000, 20, 0)).toEqual({ totalElements: 15_000, totalIsEstimate: true });
    expect(totalFromCappedCount(EXACT_COUNT_LIMIT + 1, 900, 1_000, 20, 0)).toEqual({ totalElements: EXACT_COUNT_LIMIT + 1, totalIsEstimate: true });
  });

  it('skips the count only when the rows up to the end of the page already pass the limit', () => {
    const size = 20;
    const lastPageWithin = Math.floor(EXACT_COUNT_LIMIT / size) - 1; // its rows end at or below the limit
    expect(pageProvesOverLimit(lastPageWithin, size, size)).toBe(false);
    expect(pageProvesOverLimit(Math.ceil((EXACT_COUNT_LIMIT + 1) / size), size, size)).toBe(true);
    expect(pageProvesOverLimit(2_500, size, size)).toBe(EXACT_COUNT_LIMIT < 2_501 * size);
    // The first row past the limit, on a page that is not full: proven too.
    expect(pageProvesOverLimit(EXACT_COUNT_LIMIT / 10, 10, 1)).toBe(true);
    expect(pageProvesOverLimit(EXACT_COUNT_LIMIT / 10 - 1, 10, 10)).toBe(false);
    // An empty page past the end proves nothing about the rows before it.
    expect(pageProvesOverLimit(EXACT_COUNT_LIMIT, size, 0)).toBe(false);
  });

  it('rounds to two significant digits', () => {
    expect(roundToTwoDigits(57)).toBe(57);
    expect(roundToTwoDigits(1_049)).toBe(1_000);
    expect(roundToTwoDigits(10_460)).toBe(10_000);
    expect(roundToTwoDigits(10_501)).toBe(11_000);
    expect(roundToTwoDigits(999_999)).toBe(1_000_000);
  });
});

describe('FILTER_EXACT_COUNT_LIMIT', () => {
  it('is 10,000 unless set, and refuses what is not a whole number of at least 1', () => {
    expect(exactCountLimitOf(undefined)).toBe(10_000);
    expect(exactCountLimitOf('')).toBe(10_000);
    expect(exactCountLimitOf('1000000')).toBe(1_000_000);
    for (const bad of ['0', '-5', '1.5', 'many']) expect(() => exactCountLimitOf(bad), bad).toThrow(/FILTER_EXACT_COUNT_LIMIT must be a whole number of at least 1/);
  });
});
