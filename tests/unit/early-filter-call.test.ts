/**
 * The list's early filter call (src/app/features/products/early-filter-call.ts; docs/product-list.md
 * "Speed"): the call started as the view changes is the one the load uses, once, for exactly its
 * query and only while it is fresh; the load makes its own call otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { ProductPage } from '../../src/shared/contract';
import { EARLY_CALL_TAKEN_WITHIN_MS, earlyFilterCalls } from '../../src/app/features/products/early-filter-call';

const page = (totalElements: number): ProductPage => ({ content: [], totalPages: 1, totalElements });

function calls() {
  let clock = 0;
  const sent: string[] = [];
  const early = earlyFilterCalls(
    (query) => {
      sent.push(JSON.stringify(query));
      return query.keyword === 'broken' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(page(sent.length));
    },
    () => clock,
  );
  return { early, sent, wait: (ms: number) => (clock += ms) };
}

describe('the early filter call', () => {
  it('is the call the load of the same view uses, and only once', async () => {
    const { early, sent } = calls();
    early.start({ keyword: 'boot', page: '0', size: '20' });
    // The load's query may list its parameters in another order: the same view.
    const taken = early.take({ size: '20', page: '0', keyword: 'boot' });
    expect(await taken).toEqual(page(1));
    expect(sent).toHaveLength(1);
    expect(early.take({ keyword: 'boot', page: '0', size: '20' })).toBeNull();
  });

  it('is not used for another view, nor after it waited too long', () => {
    const { early, wait } = calls();
    early.start({ keyword: 'boot' });
    expect(early.take({ keyword: 'boots' })).toBeNull();
    // Taken or not, a look ends it: a later load of the first view calls again.
    expect(early.take({ keyword: 'boot' })).toBeNull();

    early.start({ keyword: 'sneaker' });
    wait(EARLY_CALL_TAKEN_WITHIN_MS);
    expect(early.take({ keyword: 'sneaker' })).toBeNull();
  });

  it('starts one call for the same view changed to twice in a row, and a new one for each other view', () => {
    const { early, sent, wait } = calls();
    early.start({ keyword: 'boot' });
    early.start({ keyword: 'boot' });
    expect(sent).toHaveLength(1);
    early.start({ keyword: 'sneaker' });
    expect(sent).toHaveLength(2);
    wait(EARLY_CALL_TAKEN_WITHIN_MS);
    early.start({ keyword: 'sneaker' });
    expect(sent).toHaveLength(3);
  });

  it('hands its failure to the load that takes it, and one never taken goes unnoticed', async () => {
    const { early } = calls();
    early.start({ keyword: 'broken' });
    await expect(early.take({ keyword: 'broken' })).rejects.toThrow('Failed to fetch');
    early.start({ keyword: 'broken' });
    early.start({ keyword: 'other' });
    // An unhandled rejection would fail this file (Vitest reports it).
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
