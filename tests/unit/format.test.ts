/**
 * The app's one number and date format (src/app/lib/format.ts, docs/formats.md). The formats are
 * written in plain code (the first Intl formatter of a locale costs a page ~30 ms), so these
 * tests hold them to the text Intl writes for the same value, over many values.
 */
import { describe, expect, it } from 'vitest';
import { countText, dateAndTime, dateTimeText, priceText } from '../../src/app/lib/format';
import { seededRandom } from '../server/support/chaos-transport';

const intlDateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const intlDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const intlTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const intlEuro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const intlCount = new Intl.NumberFormat('en-US');

describe('formats', () => {
  it('writes money the Dutch way, counts with thousands commas, dates day-first', () => {
    expect(priceText(42.5)).toBe('€\u00a042,50');
    expect(priceText(1234.5)).toBe('€\u00a01.234,50');
    expect(countText(12_345)).toBe('12,345');
    const moment = new Date(2025, 2, 12, 14, 5).getTime();
    expect(dateTimeText(moment)).toBe('12 Mar 2025, 14:05');
    expect(dateAndTime(moment)).toEqual({ date: '12 Mar 2025', time: '14:05' });
    expect(dateTimeText(new Date(2025, 8, 1, 0, 7).toISOString())).toBe('1 Sept 2025, 00:07');
    expect(dateTimeText('not a date')).toBe('');
    expect(dateAndTime('not a date')).toEqual({ date: '', time: '' });
  });

  it('rounds prices as Intl does: half away from zero on the decimal form, carrying into the whole', () => {
    expect(priceText(1.005)).toBe(intlEuro.format(1.005));
    expect(priceText(1.005)).toBe('€\u00a01,01');
    expect(priceText(0.995)).toBe('€\u00a01,00');
    expect(priceText(999_999.999)).toBe('€\u00a01.000.000,00');
    expect(priceText(-0)).toBe(intlEuro.format(-0));
    expect(priceText(-0.001)).toBe(intlEuro.format(-0.001));
    expect(priceText(-1234567.455)).toBe(intlEuro.format(-1234567.455));
  });

  it('writes every price as Intl writes it', () => {
    const next = seededRandom(18);
    const values = [0, 0.01, 0.1, 0.5, 1, 9.99, 10, 99.995, 100, 999.5, 1000, 12_345.678, 1e6, 123_456_789.01, 1e15, 1e20, 1e21, 1e-7, -5, NaN, Infinity, -Infinity];
    for (let i = 0; i < 5000; i += 1) {
      const scale = 10 ** Math.floor(next() * 9);
      values.push(Math.round(next() * scale * 1000) / 1000, next() * scale, -next() * scale, Math.round(next() * scale * 100) / 100);
    }
    for (const value of values) expect(priceText(value), String(value)).toBe(intlEuro.format(value));
  });

  it('writes every count as Intl writes it', () => {
    const next = seededRandom(7);
    const values = [0, -0, 1, 999, 1000, 1001, 999_999, 1_000_000, -1234, 2 ** 53, 1e21, 1234.5678, -0.5, NaN, Infinity];
    for (let i = 0; i < 5000; i += 1) values.push(Math.floor(next() * 10 ** Math.floor(next() * 12)));
    for (const value of values) expect(countText(value), String(value)).toBe(intlCount.format(value));
  });

  it('writes every moment as Intl writes it, in the person\'s time zone', () => {
    const next = seededRandom(42);
    const moments = [new Date(2025, 0, 1, 0, 0), new Date(2025, 11, 31, 23, 59), new Date(999, 5, 1, 12, 0), new Date(10_000, 0, 1, 0, 0), new Date(1000, 0, 1, 0, 0)];
    for (let month = 0; month < 12; month += 1) moments.push(new Date(2026, month, 9, 9, 9));
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (let i = 0; i < 5000; i += 1) moments.push(new Date(from + Math.floor(next() * (to - from))));
    for (const moment of moments) {
      expect(dateTimeText(moment.getTime()), moment.toISOString()).toBe(intlDateTime.format(moment));
      expect(dateAndTime(moment.toISOString()), moment.toISOString()).toEqual({ date: intlDay.format(moment), time: intlTime.format(moment) });
    }
  });
});
