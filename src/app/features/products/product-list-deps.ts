/** The product list's loader wired to the app: the filter call and the device's product cache. */
import { filterProducts } from '../../api/products';
import { keepProductPage, readKeptProductPage, readProductPageOffline } from '../../db/device-copies';
import { afterNextPaint } from '../../lib/after-paint';
import { isOnline } from '../../lib/online';
import { takeHeadStart } from './list-head-start';
import type { ProductListDeps } from './load-product-list';

export const appProductListDeps: ProductListDeps = {
  online: isOnline,
  fetchPage: (query) => filterProducts(query),
  readCachedPage: readKeptProductPage,
  readOffline: (query) => takeHeadStart(query)?.then((answer) => answer ?? readProductPageOffline(query)) ?? readProductPageOffline(query),
  // The copy on the device changes nothing on the screen: it is written once the rows have painted.
  // It is asked for as the answer is set, before React has rendered it: the frame after next.
  keepPage: (query, page) => afterNextPaint(250, 2).then(() => keepProductPage(query, page)),
  now: () => Date.now(),
};
