/**
 * Numbers as suppliers write them (docs/feeds.md, "Prices" and "Units"): a currency code or sign
 * before or after a price, thousands separators, a decimal comma or point, and a unit after a
 * weight or a measure. Pure: the import, the Test feed preview and the tests read values the same way.
 *
 * The decimal mark of a value like `1.234` or `1,234` (one mark, three digits after it) cannot be
 * told from the value alone: the feed's other values decide it (decideDecimalMark); with no other
 * evidence the mark is the decimal one (`1.234` is 1.234).
 */

export type DecimalMark = 'comma' | 'point';

/** The seller's own currency: prices in another one follow the mapping's currency policy. */
export const SELLER_CURRENCY = 'EUR';

/** Currency signs written next to prices, by the code they stand for. */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', US$: 'USD', '£': 'GBP', zł: 'PLN', Kč: 'CZK', Fr: 'CHF', 'Fr.': 'CHF' };

/** Spaces that may group thousands or separate a currency: space, no-break and thin spaces. */
const SPACES = /[\s\u00a0\u202f\u2009]+/g;

export interface AmountText {
  /** The number as written, without currency or unit. */
  number: string;
  /** ISO 4217 code of the currency written with it, upper case, or null. */
  currency: string | null;
}

/** Splits a price into its number and the currency written before or after it (`19,95 EUR`, `€ 1.234,50`, `USD 5`). Null when there is text besides one currency. */
export function splitCurrency(raw: string): AmountText | null {
  const value = raw.trim();
  const match = /^([^\d\s.,+-]*)\s*([-+]?[\d.,'\s\u00a0\u202f\u2009]*\d[\d.,]*)\s*([^\d\s.,]*)$/u.exec(value);
  if (!match) return null;
  const [, before = '', number = '', after = ''] = match;
  if (before !== '' && after !== '') return null;
  const mark = before || after;
  if (mark === '') return { number, currency: null };
  const currency = currencyOf(mark);
  return currency ? { number, currency } : null;
}

/** ISO 4217 codes met in European supplier feeds; other letters after a number are not a currency. */
const CURRENCY_CODES = new Set(['EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'CHF', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'ISK', 'TRY', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'ZAR', 'MXN', 'BRL', 'INR']);

function currencyOf(mark: string): string | null {
  const sign = CURRENCY_SIGNS[mark];
  if (sign) return sign;
  const code = mark.toUpperCase();
  return CURRENCY_CODES.has(code) ? code : null;
}

/** Digits, or digits, one mark and digits: the form nearly every feed value has. */
const SIMPLE_NUMBER = /^(\d+)(?:([.,])(\d+))?$/;

/**
 * A number written as digits alone (`1234`) or with one mark between digits (`12,50`, `1.234`):
 * its parts, read with one regular expression. Such values are most of a feed's numbers (prices,
 * stock, measures, read twice per row: by the mapping and by the row's check), so readNumber and
 * decimalMarkEvidence answer them without their general steps, with the same results
 * (tests/unit/feed-values.test.ts compares both on many values; docs/feeds.md, "Prices").
 */
function simpleNumber(number: string): { whole: string; mark: DecimalMark | null; fraction: string } | null {
  const match = SIMPLE_NUMBER.exec(number);
  if (!match) return null;
  const [, whole = '', mark, fraction = ''] = match;
  return { whole, mark: mark === undefined ? null : mark === ',' ? 'comma' : 'point', fraction };
}

/** What one number says about the feed's decimal mark, or null when it says nothing (`1234`, `1.234`). */
export function decimalMarkEvidence(number: string): DecimalMark | null {
  const simple = simpleNumber(number);
  if (simple) return simple.mark === null ? null : simple.fraction.length !== 3 || simple.whole === '0' ? simple.mark : null;
  const digits = number.replace(SPACES, '').replace(/'/g, '').replace(/^[-+]/, '');
  const lastComma = digits.lastIndexOf(',');
  const lastPoint = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) return lastComma > lastPoint ? 'comma' : 'point';
  if (lastComma < 0 && lastPoint < 0) return null;
  const mark = lastComma >= 0 ? ',' : '.';
  const parts = digits.split(mark);
  const named: DecimalMark = mark === ',' ? 'comma' : 'point';
  const other: DecimalMark = mark === ',' ? 'point' : 'comma';
  // `1.234.567`: a mark met twice groups thousands, so the other one is the decimal mark.
  if (parts.length > 2) return other;
  const [whole = '', fraction = ''] = parts;
  if (fraction.length !== 3 || whole === '' || whole === '0') return named;
  return null;
}

/**
 * The feed's decimal mark from its values: the mark most values show (decimalMarkEvidence), or
 * null when none of them shows one.
 */
export function decideDecimalMark(numbers: Iterable<string>): DecimalMark | null {
  let comma = 0;
  let point = 0;
  for (const number of numbers) {
    const evidence = decimalMarkEvidence(number);
    if (evidence === 'comma') comma += 1;
    else if (evidence === 'point') point += 1;
  }
  if (comma === 0 && point === 0) return null;
  return comma > point ? 'comma' : 'point';
}

/**
 * A number as written (`1.234,56`, `1,234.56`, `1 234,5`, `12,50`, `1.234`), with the feed's
 * decimal mark (null: not known, then a lone ambiguous mark is the decimal one). Null when it is
 * not a number of 0 or more.
 */
export function readNumber(number: string, decimalMark: DecimalMark | null): number | null {
  const simple = simpleNumber(number);
  // Digits alone, or digits with one mark that can only be the decimal one: the value as written.
  if (simple && (simple.mark === null || simple.fraction.length !== 3 || simple.whole === '0')) {
    const value = Number(simple.mark === null ? number : `${simple.whole}.${simple.fraction}`);
    return Number.isFinite(value) ? value : null;
  }
  let text = number.replace(SPACES, '').replace(/'/g, '');
  if (text.startsWith('+')) text = text.slice(1);
  if (text === '' || !/^[\d.,]+$/.test(text)) return null;
  const mark = decimalMarkEvidence(text) ?? decimalMark ?? (text.includes(',') ? 'comma' : 'point');
  const decimal = mark === 'comma' ? ',' : '.';
  const thousands = mark === 'comma' ? '.' : ',';
  const [whole = '', fraction, ...rest] = text.split(decimal);
  if (rest.length > 0) return null;
  if (whole.includes(thousands) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return null;
  const plain = whole.split(thousands).join('') + (fraction === undefined ? '' : `.${fraction}`);
  if (!/^\d+(\.\d+)?$/.test(plain) && !/^\.\d+$/.test(plain) && !/^\d+\.$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

export interface FeedAmount {
  value: number;
  currency: string | null;
}

/** A price as written in a feed: its amount (rounded to cents) and the currency written with it. */
export function readAmount(raw: string, decimalMark: DecimalMark | null): FeedAmount | null {
  const split = splitCurrency(raw);
  if (!split) return null;
  const value = readNumber(split.number, decimalMark);
  return value === null ? null : { value: Math.round(value * 100) / 100, currency: split.currency };
}

export const WEIGHT_UNITS = ['g', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const DIMENSION_UNITS = ['mm', 'cm', 'm'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** What one unit is in the product's own unit: weight in kg, dimensions in cm (src/shared/product-fields.ts). */
const IN_KG: Readonly<Record<string, number>> = { g: 0.001, gr: 0.001, gram: 0.001, grams: 0.001, kg: 1, kilo: 1, kilogram: 1, kilograms: 1, lb: 0.45359237, lbs: 0.45359237, oz: 0.028349523125 };
const IN_CM: Readonly<Record<string, number>> = { mm: 0.1, cm: 1, m: 100, in: 2.54, inch: 2.54 };

export type MeasureKind = 'weight' | 'dimension';

/**
 * A weight or a measure in the product's unit (kg; cm), from a value with or without its own unit
 * (`145 g`, `1,5 kg`, `12 cm`); a value without one is in `unit`. Weight to grams, dimensions to
 * tenths of a millimetre. Null when it is not such a number.
 */
export function readMeasure(raw: string, kind: MeasureKind, unit: string, decimalMark: DecimalMark | null): number | null {
  const match = /^([\d.,'\s\u00a0]*\d[\d.,]*)\s*([A-Za-z.]*)$/.exec(raw.trim());
  if (!match) return null;
  const [, number = '', written = ''] = match;
  const factors = kind === 'weight' ? IN_KG : IN_CM;
  const factor = factors[(written.replace(/\.$/, '') || unit).toLowerCase()];
  if (factor === undefined) return null;
  const value = readNumber(number, decimalMark);
  if (value === null) return null;
  return Math.round(value * factor * 1_000) / 1_000;
}

/** A unit written in a column's name ("Weight (g)", "gewicht_gram", "Variant Grams", "Length (mm)"), or null. */
export function unitInColumnName(name: string, kind: MeasureKind): string | null {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
  const last = words.at(-1) ?? '';
  const joined = words.join('');
  if (kind === 'weight') {
    if (words.some((word) => ['g', 'gr', 'gram', 'grams', 'grammen'].includes(word)) || /grams?$/.test(joined)) return 'g';
    if (words.some((word) => ['kg', 'kilo', 'kilogram', 'kilograms'].includes(word))) return 'kg';
    return null;
  }
  if (['mm', 'millimeter', 'millimetre'].includes(last) || words.includes('mm')) return 'mm';
  if (['cm', 'centimeter', 'centimetre'].includes(last) || words.includes('cm')) return 'cm';
  if (['m', 'meter', 'metre'].includes(last)) return 'm';
  return null;
}

/** An EAN a spreadsheet turned into a rounded exponent number (`3.65275E+11`). */
export function isExponentNumber(value: string): boolean {
  return /^\d+(?:[.,]\d+)?[eE]\+?\d+$/.test(value.trim());
}
