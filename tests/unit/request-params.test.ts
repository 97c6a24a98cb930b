/**
 * The one reading of ids, pages and sorts every route uses (src/server/http/request-params.ts):
 * the limits are the same for every call and a refusal is a 400 naming the parameter and quoting
 * what it got, in the words docs/api.md and the area documents give.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors';
import { idOf, idParam, MAX_PAGE, pageParams, quoted, sortDirectionParam, wholeNumberParam } from '../../src/server/http/request-params';

/** The 400 a call throws, as { status, message }. */
function refusal(call: () => unknown): { status: number; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ids', () => {
  it('reads a database id: digits only, 1 to 2,147,483,647, spaces around ignored', () => {
    expect(idOf('7')).toBe(7);
    expect(idOf(' 42 ')).toBe(42);
    expect(idOf('007')).toBe(7);
    expect(idOf('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '2147483648', '-1', '+1', '1.5', '1e3', '0x10', 'abc', '', ' ', '12345678901', null, undefined]) expect(idOf(bad), String(bad)).toBeNull();
  });

  it('refuses what is not an id with 400 naming the parameter and quoting the value', () => {
    expect(idParam('12', 'Product id')).toBe(12);
    expect(refusal(() => idParam('abc', 'Product id'))).toEqual({ status: 400, message: "Product id must be a positive whole number, got 'abc'" });
    expect(refusal(() => idParam(null, 'mainProductId')).message).toBe("mainProductId must be a positive whole number, got ''");
    expect(refusal(() => idParam('0', 'The job id')).message).toBe("The job id must be a positive whole number, got '0'");
  });

  it('takes 0 for "every one" where the call says so, and says so when it refuses', () => {
    expect(idParam('0', 'supplierId', '0 = all suppliers')).toBe(0);
    expect(idParam('3', 'supplierId', '0 = all suppliers')).toBe(3);
    expect(refusal(() => idParam('shoes', 'supplierId', '0 = all suppliers')).message).toBe("supplierId must be a whole number (0 = all suppliers), got 'shoes'");
    expect(refusal(() => idParam('abc', 'The supplier id', '0 for all suppliers')).message).toBe(
      "The supplier id must be a whole number (0 for all suppliers), got 'abc'",
    );
  });

  it('quotes at most 40 characters of a long value', () => {
    const long = 'x'.repeat(100);
    expect(quoted(long)).toBe('x'.repeat(40));
    expect(refusal(() => idParam(long, 'Product id')).message).toBe(`Product id must be a positive whole number, got '${'x'.repeat(40)}'`);
  });
});

describe('pages and sizes', () => {
  it("gives the call's defaults when page and size are absent or empty", () => {
    expect(pageParams(new URLSearchParams(''), { max: 200, default: 20 })).toEqual({ page: 0, size: 20 });
    expect(pageParams(new URLSearchParams('page=&size='), { max: 100, default: 25 })).toEqual({ page: 0, size: 25 });
    expect(pageParams(new URLSearchParams('page=3&size=50'), { max: 100, default: 25 })).toEqual({ page: 3, size: 50 });
  });

  it('takes pages 0 to 1,000,000 for every call, and sizes within the call\'s own range', () => {
    expect(pageParams(new URLSearchParams(`page=${MAX_PAGE}`), { max: 100, default: 25 }).page).toBe(1_000_000);
    expect(refusal(() => pageParams(new URLSearchParams('page=-1'), { max: 200, default: 20 })).message).toBe("page must be a whole number from 0 to 1,000,000, got '-1'");
    expect(refusal(() => pageParams(new URLSearchParams('page=1000001'), { max: 200, default: 20 })).status).toBe(400);
    expect(refusal(() => pageParams(new URLSearchParams('size=0'), { max: 200, default: 20 })).message).toBe("size must be a whole number from 1 to 200, got '0'");
    expect(refusal(() => pageParams(new URLSearchParams('size=101'), { max: 100, default: 25 })).message).toBe("size must be a whole number from 1 to 100, got '101'");
    expect(refusal(() => pageParams(new URLSearchParams('size=2.5'), { max: 100, default: 25 })).message).toMatch(/^size must be a whole number/);
    expect(pageParams(new URLSearchParams('size=1'), { min: 1, max: 100, default: 20 }).size).toBe(1);
  });

  it('writes a limit of five digits or more with thousands separators, smaller ones plain', () => {
    expect(refusal(() => wholeNumberParam('0', 'limit', { min: 1, max: 1_000, fallback: 500 })).message).toBe("limit must be a whole number from 1 to 1000, got '0'");
    expect(refusal(() => wholeNumberParam('x', 'page', { min: 0, max: 10_000, fallback: 0 })).message).toBe("page must be a whole number from 0 to 10,000, got 'x'");
    expect(wholeNumberParam(undefined, 'limit', { min: 1, max: 1_000, fallback: 500 })).toBe(500);
  });
});

describe('sort on one field', () => {
  it('is newest first unless asked; the field alone is ascending; any case', () => {
    expect(sortDirectionParam(null, 'dateTimeOperation')).toBe('desc');
    expect(sortDirectionParam('', 'dateTimeOperation')).toBe('desc');
    expect(sortDirectionParam('dateTimeOperation,desc', 'dateTimeOperation')).toBe('desc');
    expect(sortDirectionParam('dateTimeOperation,asc', 'dateTimeOperation')).toBe('asc');
    expect(sortDirectionParam('dateTimeOperation', 'dateTimeOperation')).toBe('asc');
    expect(sortDirectionParam('ORDERPLACEDDATETIME,DESC', 'orderPlacedDateTime')).toBe('desc');
  });

  it('refuses another field or direction, naming both forms', () => {
    expect(refusal(() => sortDirectionParam('supplierName,desc', 'dateTimeOperation'))).toEqual({
      status: 400,
      message: "sort must be 'dateTimeOperation,asc' or 'dateTimeOperation,desc', got 'supplierName,desc'",
    });
    expect(refusal(() => sortDirectionParam('orderPlacedDateTime,sideways', 'orderPlacedDateTime')).status).toBe(400);
  });
});
