/** What waits for my decision (src/app/state/needs-you.ts, docs/offline.md "Conflicts"): per product, mine only, what is new. */
import { describe, expect, it } from 'vitest';
import { needsYouOf, needsYouPath, newlyWaiting, partOfKind, type ConflictSummary } from '../../src/app/state/needs-you';

const conflict = (id: string, productId: number, kind: string, author = 'anna', seq = 1, title: string | null = null, restSaved = false): ConflictSummary => ({ id, productId, kind, author, seq, title, restSaved });

describe('needs you', () => {
  it('lists my conflicts one per product in the order made, with the parts that wait; another person’s wait for them', () => {
    const items = needsYouOf(
      [conflict('b1', 2, 'bol-model-change', 'anna', 3, null, true), conflict('p1', 2, 'product-change', 'anna', 2, 'Chair'), conflict('x', 3, 'product-change', 'bob', 1), conflict('p2', 5, 'product-save', 'anna', 1)],
      'anna',
    );
    expect(items).toEqual([
      { productId: 5, title: null, parts: ['general'], entryIds: ['p2'], restSaved: false },
      { productId: 2, title: 'Chair', parts: ['general', 'bol'], entryIds: ['p1', 'b1'], restSaved: true },
    ]);
    expect(needsYouOf([conflict('p1', 2, 'product-change')], null)).toEqual([]);
    expect(partOfKind('bol-model-save')).toBe('bol');
  });

  it('opens the product page, on the Bol Model tab when only the Bol model waits', () => {
    expect(needsYouPath({ productId: 2, parts: ['general', 'bol'] })).toBe('/products/2');
    expect(needsYouPath({ productId: 2, parts: ['bol'] })).toBe('/products/2?tab=2');
  });

  it('a conflict is new once: nothing at the first read, then only entries not seen before', () => {
    const first = needsYouOf([conflict('p1', 2, 'product-change')], 'anna');
    expect(newlyWaiting(null, first)).toEqual([]);
    const later = needsYouOf([conflict('p1', 2, 'product-change'), conflict('p9', 9, 'product-change', 'anna', 2)], 'anna');
    expect(newlyWaiting(new Set(['p1']), later).map((item) => item.productId)).toEqual([9]);
    expect(newlyWaiting(new Set(['p1', 'p9']), later)).toEqual([]);
  });
});
