import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRODUCT_SORT,
  isCalendarDate,
  parseProductFilter,
  readProductFilterLeniently,
  PRODUCT_SORT_KEYS,
  type ProductFilter,
} from '../../src/shared/product-filter';
import { likeContains } from '../../src/server/catalogue/product-filter-sql';
import { totalFromPage } from '../../src/server/catalogue/product-filter';

function parse(query: string): ProductFilter {
  const result = parseProductFilter(new URLSearchParams(query));
  if (!result.ok) throw new Error(`expected ${query} to be accepted: ${result.message}`);
  return result.filter;
}

function refusal(query: string): string {
  const result = parseProductFilter(new URLSearchParams(query));
  if (result.ok) throw new Error(`expected ${query} to be refused`);
  return result.message;
}

describe('parseProductFilter', () => {
  it('filters nothing and shows the newest changes first, 20 a page, when no parameter is given', () => {
    expect(parse('')).toEqual({
      page: 0,
      size: 20,
      sort: DEFAULT_PRODUCT_SORT,
      supplierName: null,
      brand: null,
      keyword: null,
      passedModeration: null,
      hasDescription: null,
      buyBlock: null,
      isMainProduct: null,
      isExportOnBol: null,
      isChangeEan: null,
      inStock: null,
      priceFrom: null,
      priceTo: null,
      categoryId: null,
      dateFrom: null,
      dateTo: null,
      numberOfImages: null,
      familyKey: null,
      bolState: null,
      hasOffer: null,
      offerState: null,
    });
    expect(DEFAULT_PRODUCT_SORT).toEqual({ key: 'dateUpdate', direction: 'desc' });
  });

  it("reads the bol state and offer filters, refusing a state it does not know", () => {
    expect(parse('bolState=declined&hasOffer=false')).toMatchObject({ bolState: 'declined', hasOffer: false });
    const states = 'noCategory, missingRequired, ready, sent, published, declined';
    expect(parseProductFilter(new URLSearchParams('bolState=gone'))).toEqual({
      ok: false,
      message: `bolState must be one of ${states}, got 'gone'`,
      // The refusal's sentence, for the app to word (docs/languages.md, "Sentences the server writes").
      refusal: { message: `bolState must be one of ${states}, got 'gone'`, messageId: 'filterRefusal.choice', messageArgs: ['bolState', states, 'gone'] },
    });
    expect(parseProductFilter(new URLSearchParams('hasOffer=maybe'))).toEqual({
      ok: false,
      message: "hasOffer must be true or false, got 'maybe'",
      refusal: { message: "hasOffer must be true or false, got 'maybe'", messageId: 'filterRefusal.yesNo', messageArgs: ['hasOffer', 'maybe'] },
    });
  });

  it('reads the offer state filter, refusing a state it does not know and ignoring it when lenient', () => {
    expect(parse('offerState=held').offerState).toBe('held');
    expect(parse('offerState=none').offerState).toBe('none');
    expect(parseProductFilter(new URLSearchParams('offerState=Live'))).toEqual({
      ok: false,
      message: "offerState must be one of live, waiting, held, failed, none, got 'Live'",
      refusal: {
        message: "offerState must be one of live, waiting, held, failed, none, got 'Live'",
        messageId: 'filterRefusal.choice',
        messageArgs: ['offerState', 'live, waiting, held, failed, none', 'Live'],
      },
    });
    expect(readProductFilterLeniently(new URLSearchParams('offerState=gone&size=7')).offerState).toBeNull();
  });

  it('treats empty values as not filtered, so the whole filter state can be sent', () => {
    const empty = 'size=&page=&supplierName=&brand=&keyword=&passedModeration=&hasDescription=&buyBlock=&priceFrom=&priceTo=&categoryId=&dateFrom=&dateTo=&sort=&numberOfImages=&familyKey=&isMainProduct=&isExportOnBol=&isChangeEan=&stock=&offerState=';
    expect(parse(empty)).toEqual(parse(''));
  });

  it("reads supplier 'All' as every supplier and category 0 as every category", () => {
    expect(parse('supplierName=All').supplierName).toBeNull();
    expect(parse('supplierName=Shoe%20World').supplierName).toBe('Shoe World');
    expect(parse('categoryId=0').categoryId).toBeNull();
    expect(parse('categoryId=12').categoryId).toBe(12);
  });

  it('reads every filter parameter', () => {
    const filter = parse(
      'size=50&page=3&brand=Nike&keyword=%20Runner%20&passedModeration=false&hasDescription=TRUE&buyBlock=false&priceFrom=10,5&priceTo=99.95&dateFrom=2025-01-01&dateTo=2025-01-31&sort=sellingPrice,ASC&numberOfImages=0&familyKey=FAM-1&isMainProduct=true&isExportOnBol=false&isChangeEan=true&stock=inStock',
    );
    expect(filter).toMatchObject({
      size: 50,
      page: 3,
      brand: 'Nike',
      keyword: 'Runner',
      passedModeration: false,
      hasDescription: true,
      buyBlock: false,
      priceFrom: 10.5,
      priceTo: 99.95,
      dateFrom: '2025-01-01',
      dateTo: '2025-01-31',
      sort: { key: 'sellingPrice', direction: 'asc' },
      numberOfImages: 0,
      familyKey: 'FAM-1',
      isMainProduct: true,
      isExportOnBol: false,
      isChangeEan: true,
      inStock: true,
    });
  });

  it('reads stock as in stock (true, inStock) or out of stock (false, outOfStock)', () => {
    expect(parse('stock=true').inStock).toBe(true);
    expect(parse('stock=instock').inStock).toBe(true);
    expect(parse('stock=false').inStock).toBe(false);
    expect(parse('stock=outOfStock').inStock).toBe(false);
    expect(refusal('stock=5')).toBe("stock must be true (in stock) or false (out of stock), got '5'");
  });

  it('accepts every whitelisted sort key, ascending when no direction is given', () => {
    for (const key of PRODUCT_SORT_KEYS) expect(parse(`sort=${key}`).sort).toEqual({ key, direction: 'asc' });
    expect(parse('sort=title,desc').sort).toEqual({ key: 'title', direction: 'desc' });
  });

  it('refuses bad values with a sentence naming the parameter', () => {
    expect(refusal('sort=password,asc')).toMatch(/^sort key 'password' is not allowed; use one of productId, dateUpdate/);
    expect(refusal('sort=title,sideways')).toBe("sort must be written field,asc or field,desc, got 'title,sideways'");
    expect(refusal('sort=title,asc,again')).toMatch(/^sort must be written/);
    expect(refusal('size=0')).toBe("size must be a whole number from 1 to 200, got '0'");
    expect(refusal('size=500')).toBe("size must be a whole number from 1 to 200, got '500'");
    expect(refusal('size=2.5')).toMatch(/^size must be a whole number/);
    expect(refusal('page=-1')).toBe("page must be a whole number from 0 to 1,000,000, got '-1'");
    expect(refusal('priceFrom=abc')).toBe("priceFrom must be a price such as 12.50 or 12,50, got 'abc'");
    expect(refusal('priceTo=-5')).toMatch(/^priceTo must be a price/);
    expect(refusal('dateFrom=2025-02-30')).toBe("dateFrom must be a date written yyyy-mm-dd, got '2025-02-30'");
    expect(refusal('dateTo=31-01-2025')).toMatch(/^dateTo must be a date written yyyy-mm-dd/);
    expect(refusal('passedModeration=yes')).toBe("passedModeration must be true or false, got 'yes'");
    expect(refusal('hasDescription=1')).toMatch(/^hasDescription must be true or false/);
    expect(refusal('categoryId=abc')).toMatch(/^categoryId must be a whole number/);
    expect(refusal('numberOfImages=-1')).toMatch(/^numberOfImages must be a whole number/);
    expect(refusal(`keyword=${'x'.repeat(201)}`)).toBe('keyword must be at most 200 characters long');
    expect(refusal('size=10&size=20')).toBe('size may be given only once');
  });

  it('refuses ranges that end before they start', () => {
    expect(refusal('priceFrom=50&priceTo=10')).toBe('priceFrom (50) must not be greater than priceTo (10)');
    expect(refusal('dateFrom=2025-03-02&dateTo=2025-03-01')).toBe('dateFrom (2025-03-02) must not be after dateTo (2025-03-01)');
    expect(parse('dateFrom=2025-03-01&dateTo=2025-03-01').dateTo).toBe('2025-03-01');
  });
});

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });
});

describe('likeContains', () => {
  it('makes % and _ typed by a person literal characters', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likeContains('boot')).toBe('%boot%');
  });
});

describe('totalFromPage', () => {
  it('knows the total from a page that is not full', () => {
    expect(totalFromPage(0, 20, 7)).toBe(7);
    expect(totalFromPage(0, 20, 0)).toBe(0);
    expect(totalFromPage(3, 20, 5)).toBe(65);
  });

  it('needs a count for a full page or a page past the end', () => {
    expect(totalFromPage(0, 20, 20)).toBeNull();
    expect(totalFromPage(4, 20, 0)).toBeNull();
  });
});

describe('readProductFilterLeniently (the device)', () => {
  it('ignores wrong values and clamps page and size instead of refusing', () => {
    const filter = readProductFilterLeniently(new URLSearchParams('size=900&page=x&sort=secret&stock=maybe&priceFrom=abc&keyword=a%00b&brand=Hortus'));
    expect(filter.size).toBe(200);
    expect(filter.page).toBe(0);
    expect(filter.sort).toEqual(DEFAULT_PRODUCT_SORT);
    expect(filter.inStock).toBeNull();
    expect(filter.priceFrom).toBeNull();
    expect(filter.keyword).toBeNull();
    expect(filter.brand).toBe('Hortus');
  });

  it('reads the same values as the server where they are right', () => {
    const query = 'size=10&page=2&sort=title,desc&stock=instock&priceTo=12,50&categoryId=0&dateFrom=2025-01-01';
    expect(readProductFilterLeniently(new URLSearchParams(query))).toEqual(parse(query));
  });
});
