import { describe, expect, it } from 'vitest';
import type { OfferSettings } from '../../src/shared/bol-offer-sync';
import { draftOfSettings, settingsChanged, settingsInput, settingsProblems } from '../../src/app/features/offer-settings/offer-settings-rules';

const suppliers = [
  { supplierId: 3, supplierName: 'Garden Goods' },
  { supplierId: 7, supplierName: 'Volt' },
];
const saved: OfferSettings = { maxPriceChangePercent: 30, zeroStockShare: 0.25, stockBuffers: { '3': 2, '9': 0 }, updatedAt: null, updatedBy: '' };

describe('offer settings form', () => {
  it('shows the broken-feed share as a percentage and only the buffers set', () => {
    expect(draftOfSettings(saved)).toEqual({ maxPriceChangePercent: '30', zeroStockPercent: '25', stockBuffers: { '3': '2' } });
    expect(draftOfSettings({ ...saved, zeroStockShare: 0.125 }).zeroStockPercent).toBe('12.5');
    expect(draftOfSettings({ ...saved, zeroStockShare: 0.07 }).zeroStockPercent).toBe('7');
  });

  it('turns a valid form into the call body: the share back to 0–1, a comma read as a decimal point, empty and 0 buffers left out', () => {
    const draft = { maxPriceChangePercent: '12,5', zeroStockPercent: ' 10 ', stockBuffers: { '3': '4', '7': '', '99': '5' } };
    expect(settingsProblems(draft, suppliers)).toEqual({});
    // A buffer of a supplier that is not listed (deleted) is not sent.
    expect(settingsInput(draft, suppliers)).toEqual({ maxPriceChangePercent: 12.5, zeroStockShare: 0.1, stockBuffers: { '3': 4 } });
    expect(settingsInput({ ...draft, stockBuffers: { '3': '0' } }, suppliers)?.stockBuffers).toEqual({});
  });

  it('names each wrong field with what to enter, and gives no body then', () => {
    const draft = { maxPriceChangePercent: '0', zeroStockPercent: '101', stockBuffers: { '3': '1000', '7': '-1' } };
    expect(settingsProblems(draft, suppliers)).toEqual({
      maxPriceChangePercent: 'Enter a whole or decimal percentage from 1 to 1000.',
      zeroStockPercent: 'Enter a percentage from 0 to 100.',
      'buffer-3': 'Enter a whole number from 0 to 999 for Garden Goods.',
      'buffer-7': 'Enter a whole number from 0 to 999 for Volt.',
    });
    expect(settingsInput(draft, suppliers)).toBeNull();
    expect(settingsProblems({ maxPriceChangePercent: 'abc', zeroStockPercent: '', stockBuffers: {} }, suppliers)).toEqual({
      maxPriceChangePercent: 'Enter a whole or decimal percentage from 1 to 1000.',
      zeroStockPercent: 'Enter a percentage from 0 to 100.',
    });
    expect(settingsProblems({ maxPriceChangePercent: '1000', zeroStockPercent: '0', stockBuffers: { '3': '2.5' } }, suppliers)).toEqual({
      'buffer-3': 'Enter a whole number from 0 to 999 for Garden Goods.',
    });
  });

  it('counts as changed only when a value really differs (an emptied buffer equals 0)', () => {
    const opened = draftOfSettings(saved);
    expect(settingsChanged({ ...opened }, opened)).toBe(false);
    expect(settingsChanged({ ...opened, stockBuffers: { '3': '2', '7': '' } }, opened)).toBe(false);
    expect(settingsChanged({ ...opened, stockBuffers: { '3': '2', '7': '0' } }, opened)).toBe(false);
    expect(settingsChanged({ ...opened, stockBuffers: { '3': '3' } }, opened)).toBe(true);
    expect(settingsChanged({ ...opened, maxPriceChangePercent: '31' }, opened)).toBe(true);
  });
});
