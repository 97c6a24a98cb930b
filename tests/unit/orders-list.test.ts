import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { BolJobReport, BolOrder, BolOrderPage } from '../../src/shared/bol-contract';
import { ApiFailure } from '../../src/app/api/client';
import { loadNextOrders, resetOrderList, type OrdersDeps } from '../../src/app/features/orders/load-orders';
import {
  appendPage,
  EMPTY_ORDER_LIST,
  importProgressText,
  importResult,
  isLastPage,
  listCountText,
  ORDER_PAGE_SIZE,
  shipmentLines,
  shouldLoadNext,
} from '../../src/app/features/orders/orders-rules';
import { orderListAtom } from '../../src/app/features/orders/orders-state';

/** Order n is placed n minutes before noon: a higher n is older. */
function order(n: number): BolOrder {
  return {
    orderId: `A${String(n).padStart(4, '0')}`,
    orderPlacedDateTime: new Date(Date.UTC(2025, 5, 1, 12, 0) - n * 60_000).toISOString(),
    shipmentDetails: { firstName: 'Emma', surname: `Jansen ${n}`, email: `e${n}@example.nl`, city: 'Utrecht', streetName: 'Biltstraat', zipCode: '3572AB', houseNumber: '12' },
    orderItems: [],
  };
}

/** The server's newest-first list of `total` orders, paged. */
function serverPages(total: number): (page: number, size: number) => Promise<BolOrderPage> {
  const all = Array.from({ length: total }, (_, n) => order(n));
  return async (page, size) => ({
    content: all.slice(page * size, page * size + size),
    totalPages: Math.ceil(total / size),
    totalElements: total,
    number: page,
    size,
  });
}

describe('order paging rules', () => {
  it('uses a fixed page size the server accepts (not the spec client size-equals-page counter)', () => {
    expect(ORDER_PAGE_SIZE).toBe(20);
  });

  it('knows the last page by a short page or by the total', () => {
    expect(isLastPage(0, 20, 7)).toBe(false);
    expect(isLastPage(6, 10, 7)).toBe(true);
    expect(isLastPage(1, 20, 2)).toBe(true);
    expect(isLastPage(3, 0, null)).toBe(true);
    expect(isLastPage(3, 20, null)).toBe(false);
  });

  it('loads the next page only when the last item is visible, nothing loads and the end is not reached', () => {
    const idle = { loading: false, complete: false, error: null };
    expect(shouldLoadNext(idle, true)).toBe(true);
    expect(shouldLoadNext(idle, false)).toBe(false);
    expect(shouldLoadNext({ ...idle, loading: true }, true)).toBe(false);
    expect(shouldLoadNext({ ...idle, complete: true }, true)).toBe(false);
    expect(shouldLoadNext({ ...idle, error: 'boom' }, true)).toBe(false);
  });

  it('appends pages newest first without showing an order twice', () => {
    const first = appendPage(EMPTY_ORDER_LIST, 0, { content: [order(0), order(1)], totalPages: 2, totalElements: 3, source: { kind: 'network' } }, 2);
    // An import meanwhile shifted the list: order 1 comes again on page 1.
    const second = appendPage(first, 1, { content: [order(1), order(2)], totalPages: 2, totalElements: 3, source: { kind: 'network' } }, 2);
    expect(second.orders.map((o) => o.orderId)).toEqual(['A0000', 'A0001', 'A0002']);
    expect(second.nextPage).toBe(2);
    expect(second.complete).toBe(true);
  });

  it('marks the whole list as offline data once a page came from the device', () => {
    const first = appendPage(EMPTY_ORDER_LIST, 0, { content: [order(0)], totalPages: 2, totalElements: 2, source: { kind: 'device', fetchedAt: 5 } }, 1);
    const second = appendPage(first, 1, { content: [order(1)], totalPages: 2, totalElements: 2, source: { kind: 'network' } }, 1);
    expect(second.source).toEqual({ kind: 'device', fetchedAt: 5 });
  });
});

describe('what an order shows', () => {
  it('lists the shipment details under the spec labels, house number with its extension', () => {
    const shown = { ...order(3), shipmentDetails: { ...order(3).shipmentDetails, houseNumberExtension: 'B' } };
    expect(shipmentLines(shown)).toEqual([
      { label: 'First Name', value: 'Emma' },
      { label: 'Surname', value: 'Jansen 3' },
      { label: 'Email', value: 'e3@example.nl' },
      { label: 'City', value: 'Utrecht' },
      { label: 'Street', value: 'Biltstraat' },
      { label: 'Zip Code', value: '3572AB' },
      { label: 'House', value: '12 B' },
    ]);
  });

  it('counts what is shown', () => {
    expect(listCountText({ orders: [order(0), order(1)], totalElements: 130, complete: false })).toBe('Showing 2 of 130 orders');
    expect(listCountText({ orders: [order(0), order(1)], totalElements: 2, complete: true })).toBe('All 2 orders shown');
    expect(listCountText({ orders: [], totalElements: 0, complete: true })).toBe('');
  });

  it('reads the import progress and result', () => {
    expect(importProgressText(null)).toBe('Importing orders from bol...');
    expect(importProgressText({ done: 40, total: 100, counts: { pages: 2 } })).toBe('Importing orders from bol... 40 of 100 orders read (2 pages)');
    const report = { status: 'partial', message: '130 order(s) on 3 page(s): 129 new, 0 updated, 0 unchanged', items: [{ orderId: 'X', status: 'failed', message: 'gone' }] } as BolJobReport;
    expect(importResult(report)).toEqual({ ok: false, text: '130 order(s) on 3 page(s): 129 new, 0 updated, 0 unchanged (1 could not be read)' });
  });
});

function fakeDeps(overrides: Partial<OrdersDeps> = {}): OrdersDeps & { kept: BolOrder[]; fetched: number[] } {
  const kept: BolOrder[] = [];
  const fetched: number[] = [];
  const pages = serverPages(45);
  return {
    kept,
    fetched,
    online: () => true,
    fetchPage: async (page, size) => {
      fetched.push(page);
      return pages(page, size);
    },
    keepOrders: async (orders) => void kept.push(...orders),
    readKeptPage: async (page, size) => {
      const sorted = [...kept].sort((a, b) => b.orderPlacedDateTime.localeCompare(a.orderPlacedDateTime));
      return { orders: sorted.slice(page * size, page * size + size), total: kept.length, fetchedAt: 123 };
    },
    ...overrides,
  };
}

describe('loading orders', () => {
  it('pages through the server list and stops at the last page, keeping every order on the device', async () => {
    const store = createStore();
    const deps = fakeDeps();
    resetOrderList(store);
    for (let n = 0; n < 5; n += 1) await loadNextOrders(store, deps);
    const list = store.get(orderListAtom);
    expect(deps.fetched).toEqual([0, 1, 2]);
    expect(list.orders).toHaveLength(45);
    expect(list.complete).toBe(true);
    expect(list.source).toEqual({ kind: 'network' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(deps.kept).toHaveLength(45);
  });

  it('reads the kept orders offline, page by page, marked with when they were fetched', async () => {
    const store = createStore();
    const deps = fakeDeps();
    resetOrderList(store);
    await loadNextOrders(store, deps);
    await loadNextOrders(store, deps);
    await new Promise((resolve) => setTimeout(resolve, 0));

    const offline = { ...deps, online: () => false, fetchPage: async () => Promise.reject(new Error('must not be called')) };
    resetOrderList(store);
    await loadNextOrders(store, offline);
    expect(store.get(orderListAtom).orders.map((o) => o.orderId)).toEqual(Array.from({ length: 20 }, (_, n) => order(n).orderId));
    expect(store.get(orderListAtom).source).toEqual({ kind: 'device', fetchedAt: 123 });
    await loadNextOrders(store, offline);
    await loadNextOrders(store, offline);
    expect(store.get(orderListAtom).orders).toHaveLength(40);
    expect(store.get(orderListAtom).complete).toBe(true);
  });

  it('falls back to the device when the server does not answer, and shows a real refusal', async () => {
    const store = createStore();
    const kept = [order(0), order(1)];
    const noAnswer = fakeDeps({
      fetchPage: async () => Promise.reject(new ApiFailure('No connection to the server', 0, null)),
      readKeptPage: async () => ({ orders: kept, total: 2, fetchedAt: 9 }),
    });
    resetOrderList(store);
    await loadNextOrders(store, noAnswer);
    expect(store.get(orderListAtom)).toMatchObject({ complete: true, error: null, source: { kind: 'device', fetchedAt: 9 } });

    const refused = fakeDeps({ fetchPage: async () => Promise.reject(new ApiFailure('size must be 1..100', 400, null)) });
    resetOrderList(store);
    await loadNextOrders(store, refused);
    expect(store.get(orderListAtom)).toMatchObject({ orders: [], error: 'size must be 1..100', loading: false });
  });

  it('drops the answer of a load overtaken by a reset', async () => {
    const store = createStore();
    let release: () => void = () => undefined;
    const slow = fakeDeps({
      fetchPage: (page, size) =>
        new Promise((resolve) => {
          release = () => void serverPages(45)(page, size).then(resolve);
        }),
    });
    resetOrderList(store);
    const pending = loadNextOrders(store, slow);
    resetOrderList(store);
    release();
    await pending;
    expect(store.get(orderListAtom)).toEqual(EMPTY_ORDER_LIST);
  });
});
