/** The Orders screen wired to the app: the order calls and the orders kept in Dexie. */
import type { BolOrder } from '../../../shared/bol-contract';
import { getOrderPage } from '../../api/orders';
import { getAppDatabase, type CachedOrder } from '../../db/database';
import type { OrdersDeps } from './load-orders';
import { isOnline } from '../../lib/online';

const ORDERS_FETCHED_KEY = 'orders-fetched';

export const appOrdersDeps: OrdersDeps = {
  online: isOnline,
  fetchPage: (page, size) => getOrderPage(page, size),
  async keepOrders(orders: BolOrder[]) {
    const db = getAppDatabase();
    await db.transaction('rw', [db.orders, db.meta], async () => {
      await db.orders.bulkPut(orders.map((order) => ({ ...order }) as unknown as CachedOrder));
      await db.meta.put({ key: ORDERS_FETCHED_KEY, value: Date.now() });
    });
  },
  async readKeptPage(page, size) {
    const db = getAppDatabase();
    // The server's times are ISO-8601 in UTC, so the index's text order is the time order.
    const [orders, total, fetched] = await Promise.all([
      db.orders.orderBy('orderPlacedDateTime').reverse().offset(page * size).limit(size).toArray(),
      db.orders.count(),
      db.meta.get(ORDERS_FETCHED_KEY),
    ]);
    return { orders: orders as unknown as BolOrder[], total, fetchedAt: typeof fetched?.value === 'number' ? fetched.value : null };
  },
};
