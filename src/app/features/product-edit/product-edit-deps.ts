/** The editor's reads wired to the app: the product call and the device's copy. */
import { getProduct } from '../../api/products';
import { keepProductCopy, productChangeWaits, readProductCopy } from '../../db/device-copies';
import { isOnline } from '../../lib/online';
import type { ProductLoadDeps } from './load-product';

export const appProductLoadDeps: ProductLoadDeps = {
  online: isOnline,
  fetchProduct: (productId) => getProduct(productId),
  readDeviceCopy: readProductCopy,
  keepDeviceCopy: keepProductCopy,
  hasWaitingChange: productChangeWaits,
};
