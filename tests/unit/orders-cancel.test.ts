import { describe, expect, it } from 'vitest';
import type { BolCancellationReasonOption } from '../../src/shared/bol-contract';
import { ApiFailure } from '../../src/app/api/client';
import { loadCancellationReasons, type CancelReasonsDeps } from '../../src/app/features/orders/cancel-reasons';
import { canCancelItem, cancelFailureOutcome, cancelOutcome } from '../../src/app/features/orders/orders-rules';

const REASONS: BolCancellationReasonOption[] = [
  { code: 'OUT_OF_STOCK', label: 'Out of stock' },
  { code: 'OTHER', label: 'Other reason' },
];

function deps(over: Partial<CancelReasonsDeps> & { kept?: { reasons: BolCancellationReasonOption[]; fetchedAt: number } | null } = {}) {
  const keptCalls: BolCancellationReasonOption[][] = [];
  const d: CancelReasonsDeps = {
    online: () => true,
    fetchReasons: () => Promise.resolve(REASONS),
    keepReasons: (reasons) => {
      keptCalls.push(reasons);
      return Promise.resolve();
    },
    readKeptReasons: () => Promise.resolve(over.kept ?? null),
    ...over,
  };
  return { d, keptCalls };
}

describe('cancellation reasons, device first', () => {
  it('online: the server list, kept on the device', async () => {
    const { d, keptCalls } = deps();
    expect(await loadCancellationReasons(d)).toEqual({ kind: 'network', reasons: REASONS });
    expect(keptCalls).toEqual([REASONS]);
  });

  it('offline: the kept list with its fetch time, or a sentence saying none is kept', async () => {
    const kept = { reasons: REASONS, fetchedAt: 1_700_000_000_000 };
    expect(await loadCancellationReasons(deps({ online: () => false, kept }).d)).toEqual({ kind: 'device', ...kept });
    const none = await loadCancellationReasons(deps({ online: () => false }).d);
    expect(none.kind).toBe('none');
  });

  it('no answer: the kept list; a real refusal: its message', async () => {
    const kept = { reasons: REASONS, fetchedAt: 5 };
    const silent = deps({ kept, fetchReasons: () => Promise.reject(new ApiFailure('No connection', 0, null)) }).d;
    expect(await loadCancellationReasons(silent)).toEqual({ kind: 'device', ...kept });
    const refused = deps({ kept, fetchReasons: () => Promise.reject(new ApiFailure('Not allowed', 403, null)) }).d;
    expect(await loadCancellationReasons(refused)).toEqual({ kind: 'none', message: 'Not allowed' });
  });
});

describe('cancelling an order item', () => {
  it('only open items can be cancelled', () => {
    expect(canCancelItem({ fulfilmentStatus: 'OPEN' })).toBe(true);
    expect(canCancelItem({ fulfilmentStatus: 'HANDLED' })).toBe(false);
    expect(canCancelItem({ fulfilmentStatus: 'SHIPPED' })).toBe(false);
  });

  it("reads bol's outcome: done, refused with bol's reason, not finished", () => {
    expect(cancelOutcome({ status: 'SUCCESS', message: 'Order item 1 is cancelled at bol (Out of stock)' })).toEqual({
      tone: 'green',
      text: 'Order item 1 is cancelled at bol (Out of stock)',
    });
    expect(cancelOutcome({ status: 'FAILURE', message: 'Item already shipped' })).toEqual({ tone: 'red', text: 'bol refused the cancellation: Item already shipped' });
    expect(cancelOutcome({ status: 'TIMEOUT', message: '' }).tone).toBe('amber');
  });

  it("a 409 carries bol's answer; other failures the server's sentence", () => {
    const refused = cancelFailureOutcome({ status: 409, message: 'x', body: { status: 'FAILURE', message: 'Item already shipped' } });
    expect(refused.text).toBe('bol refused the cancellation: Item already shipped');
    expect(cancelFailureOutcome({ status: 404, message: 'Order item 9 is not among the imported orders', body: null })).toEqual({
      tone: 'red',
      text: 'Order item 9 is not among the imported orders',
    });
    expect(cancelFailureOutcome({ status: 0, message: 'timeout', body: null }).text).toMatch(/No answer from the server/);
  });
});
