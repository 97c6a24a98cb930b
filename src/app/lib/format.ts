/**
 * How the screens write numbers and moments, and the marking of data shown from the device
 * instead of the server. One owner, so every screen writes them alike.
 */

/**
 * Made once, on first use: a formatter per call (toLocaleString with options) costs far more than
 * formatting, and a page of 100 rows formats 100 dates; made when this module loads, the four of
 * them cost an offline cold start ~30 ms of its first rows (profiled) whether it showed a date or not.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateTimeFormat = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
const dayFormat = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const timeFormat = once(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }));
// A Dutch seller's money: "€ 42,50" (docs/formats.md).
const euroFormat = once(() => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }));
const countFormat = once(() => new Intl.NumberFormat('en-US'));

/**
 * Makes every formatter now. The first formatter of a locale loads its locale data (~30 ms of a
 * Chromium page, measured; every later one under a millisecond): the offline early rows
 * (boot/early-rows.ts) call this in idle time while the device database reads their page, so that
 * time is not spent between the read's answer and the rows' paint.
 */
export function prepareFormats(): void {
  dateTimeFormat();
  dayFormat();
  timeFormat();
  euroFormat();
  countFormat();
}

/** "12 Mar 2025, 14:05" in the person's time zone ('' for a time that is not one). */
export function dateTimeText(time: string | number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

/**
 * "Offline data, fetched at …", or "Offline data, {unknownAge}" when the copy's age is not known
 * (e.g. 'kept on this device'). Every screen that shows the device's copy marks it this way.
 */
export function offlineDataNote(fetchedAt: number | null, unknownAge: string, timeText: (ms: number) => string = dateTimeText): string {
  return fetchedAt === null ? `Offline data, ${unknownAge}` : `Offline data, fetched at ${timeText(fetchedAt)}`;
}

/** A count as people read it: "12,345". */
export function countText(count: number): string {
  return countFormat().format(count);
}

/** The day and the time of a moment apart ("12 Mar 2025", "14:05"), for a table cell of two lines. */
export function dateAndTime(time: string | number): { date: string; time: string } {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return { date: '', time: '' };
  return { date: dayFormat().format(date), time: timeFormat().format(date) };
}

/** A price as the app shows it: "€ 42,50". */
export function priceText(value: number): string {
  return euroFormat().format(value);
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
