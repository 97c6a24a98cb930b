import { describe, expect, it } from 'vitest';
import { ALL_SUPPLIERS } from '../../src/shared/rules/suppliers';
import type { ParsingHistoryEntry, Supplier } from '../../src/shared/contract';
import { actionScope, chosenSupplier, feedScopeLabel, historyLabel, runOutcome, supplierActionState } from '../../src/app/features/products/supplier-actions-rules';

const volt: Supplier = { supplierId: 2, supplierName: 'Volt Electronics', supplierUrlFeed: '/demo/feeds/electronics.xml', inProgress: false };

const entry = (over: Partial<ParsingHistoryEntry>): ParsingHistoryEntry => ({
  id: 1,
  supplierId: 2,
  supplierName: 'Volt Electronics',
  operation: 'feed-import',
  dateTimeOperation: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:01.000Z',
  status: 'success',
  rowsRead: 3,
  created: 3,
  updated: 0,
  unchanged: 0,
  refused: 0,
  problems: [],
  message: 'Read 3 rows: 3 new, 0 updated, 0 unchanged, 0 refused',
  ...over,
});

describe('supplier actions on the product list', () => {
  it('are off offline, without a supplier and while the supplier is busy, each with its reason', () => {
    expect(supplierActionState({ supplier: volt, online: false, busy: false })).toEqual({
      enabled: false,
      reason: 'Feed import and image re-export need a connection.',
    });
    expect(supplierActionState({ supplier: null, online: true, busy: false }).reason).toBe('Choose a supplier first.');
    expect(supplierActionState({ supplier: { ...volt, inProgress: true }, online: true, busy: false })).toEqual({
      enabled: false,
      reason: 'An import or image re-export of Volt Electronics is running.',
    });
    expect(supplierActionState({ supplier: volt, online: true, busy: true })).toEqual({ enabled: false, reason: null });
    expect(supplierActionState({ supplier: volt, online: true, busy: false })).toEqual({ enabled: true, reason: null });
  });

  it("take the filter's supplier, where 'All' means every supplier", () => {
    const list = [ALL_SUPPLIERS, volt];
    expect(chosenSupplier(list, 'Volt Electronics')).toBe(volt);
    expect(chosenSupplier(list, 'Gone Supplier')).toBeNull();
    expect(actionScope(chosenSupplier(list, 'All')!)).toBe('every supplier');
    expect(actionScope(volt)).toBe('Volt Electronics');
  });

  it('report every supplier that ran and every one skipped because it was busy', () => {
    expect(
      runOutcome({
        entries: [entry({}), entry({ supplierName: 'Stride Shoes US', status: 'failed', message: 'The feed could not be downloaded' })],
        skipped: [{ supplierId: 1, supplierName: 'Green Garden Supplies', message: 'already running' }],
      }),
    ).toEqual([
      { text: 'Volt Electronics: Read 3 rows: 3 new, 0 updated, 0 unchanged, 0 refused', ok: true },
      { text: 'Stride Shoes US: The feed could not be downloaded', ok: false },
      { text: 'Green Garden Supplies: already running', ok: false },
    ]);
  });

  it('name history operations and outcomes in words', () => {
    expect(historyLabel(entry({ operation: 'image-reexport', status: 'partial' }))).toEqual({
      operation: 'Image re-export',
      status: 'Done, some rows refused',
    });
  });

  it('say which feeds they work on', () => {
    expect(feedScopeLabel(volt, 'Volt Electronics')).toBe('Feed of Volt Electronics');
    expect(feedScopeLabel(ALL_SUPPLIERS, 'All')).toBe('Feeds of every supplier');
    expect(feedScopeLabel(null, 'Gone Supplier')).toBe('Feed of Gone Supplier');
  });
});
