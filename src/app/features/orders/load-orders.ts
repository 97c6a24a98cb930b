/**
 * Loading one page of orders into the list (docs/offline.md "Reads"): from the server, kept in
 * Dexie as it arrives; offline or without an answer, the same page of the orders kept on the
 * device (newest first), marked as offline data. A load overtaken by a reset changes nothing.
 */
import type { createStore } from 'jotai';
import type { BolOrder, BolOrderPage } from '../../../shared/bol-contract';
import { orderListAtom } from './orders-state';
import { appendPage, EMPTY_ORDER_LIST, ORDER_PAGE_SIZE, type OrderPageRead } from './orders-rules';
import { isNoAnswer } from '../../lib/no-answer';

type Store = ReturnType<typeof createStore>;

export interface OrdersDeps {
  online(): boolean;
  fetchPage(page: number, size: number): Promise<BolOrderPage>;
  keepOrders(orders: BolOrder[]): Promise<void>;
  /** Page `page` of the orders kept on the device, newest first, and how many are kept. */
  readKeptPage(page: number, size: number): Promise<{ orders: BolOrder[]; total: number; fetchedAt: number | null }>;
}

async function readFromDevice(deps: OrdersDeps, page: number, size: number): Promise<OrderPageRead> {
  const kept = await deps.readKeptPage(page, size);
  return {
    content: kept.orders,
    totalPages: Math.ceil(kept.total / size),
    totalElements: kept.total,
    source: { kind: 'device', fetchedAt: kept.fetchedAt },
  };
}

let generation = 0;

/** Starts the list afresh (after an import, or on opening the screen). */
export function resetOrderList(store: Store): void {
  generation += 1;
  store.set(orderListAtom, EMPTY_ORDER_LIST);
}

/** Loads the list's next page, unless one is loading or the last page was reached. */
export async function loadNextOrders(store: Store, deps: OrdersDeps, size: number = ORDER_PAGE_SIZE): Promise<void> {
  const state = store.get(orderListAtom);
  if (state.loading || state.complete) return;
  const mine = generation;
  const page = state.nextPage;
  store.set(orderListAtom, { ...state, loading: true, error: null });
  let read: OrderPageRead | null = null;
  let failure: string | null = null;
  try {
    if (!deps.online()) {
      read = await readFromDevice(deps, page, size);
    } else {
      try {
        const answer = await deps.fetchPage(page, size);
        read = { content: answer.content, totalPages: answer.totalPages, totalElements: answer.totalElements, source: { kind: 'network' } };
        void deps.keepOrders(answer.content).catch((error: unknown) => console.error('Keeping the orders failed', error));
      } catch (error) {
        // docs/requirements.md §8: order loading failures are logged; without an answer the device's copy stands in.
        console.error('Loading orders failed', error);
        if (isNoAnswer(error)) read = await readFromDevice(deps, page, size);
        else failure = error instanceof Error ? error.message : String(error);
      }
    }
  } catch (error) {
    console.error('Reading the orders kept on this device failed', error);
    failure = error instanceof Error ? error.message : String(error);
  }
  if (mine !== generation) return;
  const current = store.get(orderListAtom);
  if (read) store.set(orderListAtom, { ...appendPage(current, page, read, size), loading: false });
  else store.set(orderListAtom, { ...current, loading: false, error: failure ?? 'The orders could not be loaded.' });
}
