/** The editor's reads wired to the app: the product call and the device's copy in Dexie. */
import { getProduct } from '../../api/products';
import { fromCachedProduct, getAppDatabase, toCachedProduct } from '../../db/database';
import { hasWaitingChange, keepUnlessWaiting, readFetchedAt } from '../../db/device-first';
import { productEntityKey } from '../../db/outbox-entry';
import type { ProductLoadDeps } from './load-product';
import { isOnline } from '../../lib/online';

const fetchedKey = (productId: number) => `product-fetched:${productId}`;

export const appProductLoadDeps: ProductLoadDeps = {
  online: isOnline,
  fetchProduct: (productId) => getProduct(productId),
  async readDeviceCopy(productId) {
    const db = getAppDatabase();
    const cached = await db.products.get(productId);
    return cached ? { product: fromCachedProduct(cached), fetchedAt: await readFetchedAt(db, fetchedKey(productId)) } : null;
  },
  keepDeviceCopy(product) {
    const db = getAppDatabase();
    const place = { table: db.products, entityKey: productEntityKey(product.productId), fetchedKey: fetchedKey(product.productId) };
    return keepUnlessWaiting(db, place, () => db.products.put(toCachedProduct(product)));
  },
  hasWaitingChange: (productId) => hasWaitingChange(getAppDatabase(), productEntityKey(productId)),
};
