/**
 * How the screens write numbers and moments, and the marking of data shown from the device
 * instead of the server. One owner, so every screen writes them alike.
 */

import type { Language } from '../../shared/languages';
import { offlineDataMessages, type OfflineDataWords } from '../../shared/offline-data-messages';

/**
 * The language numbers and dates are written in (docs/languages.md): set with the person's
 * language before the screens render in it (src/app/i18n/language.ts).
 */
let language: Language = 'en';

export function setFormatLanguage(next: Language): void {
  language = next;
}

/**
 * Made once, on first use: a formatter per call (toLocaleString with options) costs far more than
 * formatting. Only for what the plain writers below leave to Intl (rare values).
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A formatter per language, each made on first use. */
function perLanguage<T>(make: (locale: string) => T): () => T {
  const made = { en: once(() => make('en-GB')), nl: once(() => make('nl-NL')) };
  return () => made[language]();
}

const dateTimeFormat = perLanguage((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
const dayFormat = perLanguage((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }));
const timeFormat = perLanguage((locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }));
// A Dutch seller's money: "€ 42,50", in both languages (docs/formats.md).
const euroFormat = once(() => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }));
// Counts: "12,345" in English, "12.345" in Dutch.
const countFormat = perLanguage((locale) => new Intl.NumberFormat(locale === 'en-GB' ? 'en-US' : locale));

/*
 * The formats are written here in plain code, the same text Intl writes (tests/unit/format.test.ts
 * compares them over thousands of values): the first Intl formatter of a locale loads that
 * locale's data, ~30 ms of a Chromium page for these three locales (measured), which an offline
 * cold start paid before its first rows. Values the plain writers do not cover (years outside
 * 1000–9999, numbers written with an exponent, counts with decimals, NaN) go to Intl.
 */

/** Short month names: en-GB's as Intl writes them ("Sept" since CLDR 38); Dutch with the abbreviation's dot ("27 nov. 2026"). */
const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  nl: ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};
/** Intl's currency format puts a no-break space between the sign and the amount. */
const NO_BREAK_SPACE = '\u00a0';

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Whether the plain writers cover this date (else Intl writes it). */
function plainYear(date: Date): boolean {
  const year = date.getFullYear();
  return year >= 1000 && year <= 9999;
}

/** "12 Mar 2025" ("12 mrt. 2025") in the person's time zone. */
function plainDay(date: Date): string {
  return `${date.getDate()} ${MONTHS[language][date.getMonth()]} ${date.getFullYear()}`;
}

/** "14:05", 24-hour clock, in the person's time zone. */
function plainClock(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** "1234567" → "1.234.567" with `separator`. */
function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * The whole and the two decimal digits of |value| as Intl rounds them: half away from zero, on
 * the number's shortest decimal form (1.005 → 1,01, where toFixed's binary value gives 1.00);
 * null when that form has an exponent.
 */
function roundedCents(value: number): { whole: string; cents: string } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(Math.abs(value).toString());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length <= 2) return { whole, cents: fraction.padEnd(2, '0') };
  const cents = Number(fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1 : 0);
  return cents < 100 ? { whole, cents: twoDigits(cents) } : { whole: (BigInt(whole) + 1n).toString(), cents: '00' };
}

/** "12 Mar 2025, 14:05" in the person's time zone ('' for a time that is not one). */
export function dateTimeText(time: string | number): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return plainYear(date) ? `${plainDay(date)}, ${plainClock(date)}` : dateTimeFormat().format(date);
}

/**
 * "Offline data, fetched at …", or "Offline data, {unknownAge}" when the copy's age is not known
 * (e.g. 'kept on this device'). Every screen that shows the device's copy marks it this way, with
 * `words` in the language shown (useMessages(offlineDataMessages, 'offlineData')).
 */
export function offlineDataNote(
  fetchedAt: number | null,
  unknownAge: string,
  timeText: (ms: number) => string = dateTimeText,
  words: OfflineDataWords = offlineDataMessages,
): string {
  return fetchedAt === null ? words.unknownAge(unknownAge) : words.fetchedAt(timeText(fetchedAt));
}

/** A count as people read it: "12,345" in English, "12.345" in Dutch. */
export function countText(count: number): string {
  const digits = Math.abs(count).toString();
  if (!Number.isInteger(count) || !/^\d+$/.test(digits)) return countFormat().format(count);
  return `${count < 0 || Object.is(count, -0) ? '-' : ''}${groupThousands(digits, language === 'nl' ? '.' : ',')}`;
}

/** A measure with one decimal as the language writes it: "4.2" in English, "4,2" in Dutch (a file's size, a duration). */
export function oneDecimalText(value: number): string {
  const text = value.toFixed(1);
  return language === 'nl' ? text.replace('.', ',') : text;
}

/** The day and the time of a moment apart ("12 Mar 2025", "14:05"), for a table cell of two lines. */
export function dateAndTime(time: string | number): { date: string; time: string } {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return { date: '', time: '' };
  if (!plainYear(date)) return { date: dayFormat().format(date), time: timeFormat().format(date) };
  return { date: plainDay(date), time: plainClock(date) };
}

/** A price as the app shows it: "€ 42,50". */
export function priceText(value: number): string {
  const rounded = Number.isFinite(value) ? roundedCents(value) : null;
  if (!rounded) return euroFormat().format(value);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `€${NO_BREAK_SPACE}${sign}${groupThousands(rounded.whole, '.')},${rounded.cents}`;
}

/**
 * A price as a price input shows it: "42,50" (decimal comma, always two decimals, no thousands
 * dot, so it reads as typed). The input takes "42,50" and "42.50" back (parsePrice).
 */
export function priceInputText(value: number | null): string {
  return value === null ? '' : value.toFixed(2).replace('.', ',');
}

/** Any other decimal number in an input (weight, sizes): "0,75", "12" (only the decimals it has). */
export function decimalInputText(value: number | null): string {
  return value === null ? '' : String(value).replace('.', ',');
}
