/**
 * The list's filter call, started the moment the view changes instead of after the page has
 * rendered the change (docs/product-list.md "Speed"). A filter, sort or page change sets the
 * view's atom in the tap's own event; React then renders the page (10–60 ms on the bench's
 * tablet-sized machine) and only its effect starts the load. Started from the atom's change, the
 * call is on its way while React renders, and the load takes that call instead of making its own.
 */
import type { ProductPage } from '../../../shared/contract';
import { productQueryKey, type ProductQuery } from '../../db/query-key';

/** An early call not taken by a load within this time is not used (its answer may be old). */
export const EARLY_CALL_TAKEN_WITHIN_MS = 2_000;

export interface EarlyFilterCalls {
  /** Starts the call for this query (once: the same query again while its call waits starts nothing). */
  start(query: ProductQuery): void;
  /** The waiting early call of exactly this query, once; null when there is none. */
  take(query: ProductQuery): Promise<ProductPage> | null;
}

export function earlyFilterCalls(fetchPage: (query: ProductQuery) => Promise<ProductPage>, now: () => number): EarlyFilterCalls {
  let waiting: { key: string; startedAt: number; answer: Promise<ProductPage> } | null = null;
  const fresh = (call: { startedAt: number }) => now() - call.startedAt < EARLY_CALL_TAKEN_WITHIN_MS;
  return {
    start(query) {
      const key = productQueryKey(query);
      if (waiting && waiting.key === key && fresh(waiting)) return;
      const answer = fetchPage(query);
      // The load that takes it reads its failure; one never taken must not be an unhandled rejection.
      answer.catch(() => undefined);
      waiting = { key, startedAt: now(), answer };
    },
    take(query) {
      const call = waiting;
      waiting = null;
      return call && call.key === productQueryKey(query) && fresh(call) ? call.answer : null;
    },
  };
}
