/** The Orders screen wired to the app: the order calls and the orders kept on the device. */
import { getOrderPage } from '../../api/orders';
import { keepOrders, readKeptOrderPage } from '../../db/device-copies';
import { isOnline } from '../../lib/online';
import type { OrdersDeps } from './load-orders';

export const appOrdersDeps: OrdersDeps = {
  online: isOnline,
  fetchPage: (page, size) => getOrderPage(page, size),
  keepOrders,
  readKeptPage: readKeptOrderPage,
};
