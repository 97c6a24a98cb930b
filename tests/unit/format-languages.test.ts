/**
 * Numbers and dates follow the language shown (docs/languages.md, docs/formats.md): Dutch dates
 * ("27 nov. 2026"), Dutch thousands points in counts; prices are written the Dutch way in both
 * languages; English stays exactly as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countText, dateAndTime, dateTimeText, priceText, setFormatLanguage } from '../../src/app/lib/format';
import { seededRandom } from '../server/support/chaos-transport';

afterEach(() => setFormatLanguage('en'));

describe('formats in Dutch', () => {
  it('writes dates with Dutch month names, day first, 24-hour clock', () => {
    setFormatLanguage('nl');
    const moment = new Date(2026, 10, 27, 14, 5).getTime();
    expect(dateTimeText(moment)).toBe('27 nov. 2026, 14:05');
    expect(dateAndTime(moment)).toEqual({ date: '27 nov. 2026', time: '14:05' });
    expect(dateAndTime(new Date(2026, 4, 1, 9, 7).getTime())).toEqual({ date: '1 mei 2026', time: '09:07' });
    expect(dateAndTime(new Date(2026, 2, 3).getTime()).date).toBe('3 mrt. 2026');
  });

  it('writes counts with a thousands point, as Intl writes nl-NL', () => {
    setFormatLanguage('nl');
    const intl = new Intl.NumberFormat('nl-NL');
    expect(countText(1234)).toBe('1.234');
    expect(countText(12_345_678)).toBe('12.345.678');
    const next = seededRandom(11);
    const values = [0, 1, 999, 1000, -1234, 2 ** 53, 1234.5678, NaN];
    for (let i = 0; i < 2000; i += 1) values.push(Math.floor(next() * 10 ** Math.floor(next() * 12)));
    for (const value of values) expect(countText(value), String(value)).toBe(intl.format(value));
  });

  it('writes prices as "€ 1.234,50" in both languages', () => {
    setFormatLanguage('nl');
    expect(priceText(1234.5)).toBe('€\u00a01.234,50');
    setFormatLanguage('en');
    expect(priceText(1234.5)).toBe('€\u00a01.234,50');
  });

  it('goes back to the English formats exactly', () => {
    setFormatLanguage('nl');
    setFormatLanguage('en');
    const moment = new Date(2025, 2, 12, 14, 5).getTime();
    expect(dateTimeText(moment)).toBe('12 Mar 2025, 14:05');
    expect(countText(12_345)).toBe('12,345');
  });
});
