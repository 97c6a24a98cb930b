/**
 * The app's one number and date format (src/app/lib/format.ts, docs/formats.md), also after the
 * offline early rows made the formatters ahead (prepareFormats).
 */
import { describe, expect, it } from 'vitest';
import { countText, dateAndTime, dateTimeText, prepareFormats, priceText } from '../../src/app/lib/format';

describe('formats', () => {
  it('writes money the Dutch way, counts with thousands commas, dates day-first', () => {
    prepareFormats();
    expect(priceText(42.5)).toMatch(/^€\s42,50$/);
    expect(priceText(1234.5)).toMatch(/^€\s1\.234,50$/);
    expect(countText(12_345)).toBe('12,345');
    const moment = new Date(2025, 2, 12, 14, 5).getTime();
    expect(dateTimeText(moment)).toBe('12 Mar 2025, 14:05');
    expect(dateAndTime(moment)).toEqual({ date: '12 Mar 2025', time: '14:05' });
    expect(dateTimeText('not a date')).toBe('');
  });
});
