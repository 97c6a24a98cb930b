/** The product list's loader wired to the app: the filter call and the device's product cache. */
import { filterProducts } from '../../api/products';
import { keepProductPage, readKeptProductPage, readProductPageOffline } from '../../db/device-copies';
import { isOnline } from '../../lib/online';
import type { ProductListDeps } from './load-product-list';

export const appProductListDeps: ProductListDeps = {
  online: isOnline,
  fetchPage: (query) => filterProducts(query),
  readCachedPage: readKeptProductPage,
  readOffline: readProductPageOffline,
  keepPage: keepProductPage,
  now: () => Date.now(),
};
