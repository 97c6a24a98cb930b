/** The Orders screen wired to the app: the order calls and the orders kept on the device. */
import { getCancellationReasons, getOrderPage } from '../../api/orders';
import { keepCancellationReasons, keepOrders, readKeptCancellationReasons, readKeptOrderPage } from '../../db/device-copies';
import { isOnline } from '../../lib/online';
import type { CancelReasonsDeps } from './cancel-reasons';
import type { OrdersDeps } from './load-orders';

export const appOrdersDeps: OrdersDeps = {
  online: isOnline,
  fetchPage: (page, size) => getOrderPage(page, size),
  keepOrders,
  readKeptPage: readKeptOrderPage,
};

export const appCancelReasonsDeps: CancelReasonsDeps = {
  online: isOnline,
  fetchReasons: getCancellationReasons,
  keepReasons: keepCancellationReasons,
  readKeptReasons: readKeptCancellationReasons,
};
