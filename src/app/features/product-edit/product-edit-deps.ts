/** The editor's reads wired to the app: the product call and the device's copy in Dexie. */
import type { Product } from '../../../shared/contract';
import { getProduct } from '../../api/products';
import { fromCachedProduct, getAppDatabase, toCachedProduct } from '../../db/database';
import { productEntityKey } from '../../sync/outbox-types';
import type { ProductLoadDeps } from './load-product';

const FETCHED_PREFIX = 'product-fetched:';

export const appProductLoadDeps: ProductLoadDeps = {
  online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  fetchProduct: (productId) => getProduct(productId),
  async readDeviceCopy(productId) {
    const db = getAppDatabase();
    const cached = await db.products.get(productId);
    if (!cached) return null;
    const fetched = (await db.meta.get(`${FETCHED_PREFIX}${productId}`))?.value;
    return { product: fromCachedProduct(cached), fetchedAt: typeof fetched === 'number' ? fetched : null };
  },
  async keepDeviceCopy(product: Product) {
    const db = getAppDatabase();
    await db.transaction('rw', [db.products, db.meta, db.outbox], async () => {
      // A change queued meanwhile (another tab) keeps its newer local copy.
      if ((await db.outbox.where('entityKey').equals(productEntityKey(product.productId)).count()) > 0) return;
      await db.products.put(toCachedProduct(product));
      await db.meta.put({ key: `${FETCHED_PREFIX}${product.productId}`, value: Date.now() });
    });
  },
  async hasWaitingChange(productId) {
    const entries = await getAppDatabase().outbox.where('entityKey').equals(productEntityKey(productId)).toArray();
    return entries.some((entry) => entry.status !== 'failed');
  },
};
