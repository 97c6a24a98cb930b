/** One action on bol, one line in the product history: a settled upload replaces its pending line. */
import { describe, expect, it } from 'vitest';
import { settledPendingChanges, type NewestEntry } from '../../src/server/bol/marketplace/product-state';

const STATUS = 'bol:contentStatus';
const pendingLine = (old: string): NewestEntry => ({ how: 'bol-update', author: 'bol', changes: [{ field: STATUS, old, new: 'PENDING' }] });

describe('settledPendingChanges', () => {
  it('makes "Not sent → Pending" and "Pending → Accepted" one line, with the answer’s other changes', () => {
    expect(settledPendingChanges(pendingLine('NOT_SENT'), [{ field: STATUS, old: 'PENDING', new: 'SUCCESS' }])).toEqual([{ field: STATUS, old: 'NOT_SENT', new: 'SUCCESS' }]);
    expect(
      settledPendingChanges(pendingLine('FAILURE'), [
        { field: STATUS, old: 'PENDING', new: 'SUCCESS' },
        { field: 'bol:published', old: '', new: 'published' },
      ]),
    ).toEqual([
      { field: STATUS, old: 'FAILURE', new: 'SUCCESS' },
      { field: 'bol:published', old: '', new: 'published' },
    ]);
  });

  it('keeps a line of its own when someone changed the product in between, or nothing was pending', () => {
    const settles = [{ field: STATUS, old: 'PENDING', new: 'FAILURE' }];
    // A person's save is the newest entry: the order of what happened stays visible.
    expect(settledPendingChanges({ how: 'editor', author: 'anna', changes: [{ field: 'title', old: 'a', new: 'b' }] }, settles)).toBeNull();
    // The newest bol line is not a pending one (an offer import, an earlier settled upload).
    expect(settledPendingChanges({ how: 'bol-update', author: 'bol', changes: [{ field: 'bol:offer', old: '', new: 'price 2, stock 1' }] }, settles)).toBeNull();
    expect(settledPendingChanges({ how: 'bol-update', author: 'bol', changes: [{ field: STATUS, old: 'PENDING', new: 'TIMEOUT' }] }, [{ field: STATUS, old: 'TIMEOUT', new: 'SUCCESS' }])).toBeNull();
    // A pending line with more in it, or no history at all.
    expect(settledPendingChanges({ ...pendingLine('NOT_SENT'), changes: [...pendingLine('NOT_SENT').changes, { field: 'bol:published', old: '', new: 'published' }] }, settles)).toBeNull();
    expect(settledPendingChanges(undefined, settles)).toBeNull();
    // An answer that settles nothing pending.
    expect(settledPendingChanges(pendingLine('NOT_SENT'), [{ field: 'bol:offer', old: '', new: 'price 2, stock 1' }])).toBeNull();
  });
});
