/**
 * The locales and options of the app's number and date formats (format.ts writes with them,
 * docs/formats.md), with the warm-up of their locale data for the offline early rows.
 */

export const DATE_LOCALE = 'en-GB';
/** A Dutch seller's money: "€ 42,50". */
export const MONEY_LOCALE = 'nl-NL';
export const COUNT_LOCALE = 'en-US';

export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };
export const DAY_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
export const MONEY_OPTIONS: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };

/**
 * Loads the formats' locale data into this page: the first formatter of a locale costs a page
 * ~30 ms in Chromium (measured), every later one under a millisecond, whichever instance. The
 * offline early rows (boot/early-rows.ts) call it in idle time while the device reads their page,
 * so that time is not spent between the device's answer and the rows' paint.
 */
export function warmLocaleData(): void {
  try {
    new Intl.DateTimeFormat(DATE_LOCALE, DATE_TIME_OPTIONS).format(0);
    new Intl.NumberFormat(MONEY_LOCALE, MONEY_OPTIONS).format(0);
    new Intl.NumberFormat(COUNT_LOCALE).format(0);
  } catch {
    // Only a head start: the formatters load it on first use.
  }
}
