/**
 * The open product form's poll wired to the app (docs/product-edit.md "Open forms stay fresh"): a
 * conditional GET of the product; a newer copy is kept on the device and its authors read from
 * the product's history.
 */
import type { Product } from '../../../shared/contract';
import { getProductHistory, getProductIfChanged } from '../../api/products';
import { keepProductCopy } from '../../db/device-copies';
import type { FreshCopy } from '../../edit/use-fresh-record';
import { authorsSince } from './fresh-product';

export async function pollFreshProduct(base: Product): Promise<FreshCopy<Product> | null> {
  const record = await getProductIfChanged(base.productId, base.version);
  if (!record || record.version <= base.version) return null;
  await keepProductCopy(record).catch(() => undefined);
  const history = await getProductHistory(base.productId, 0, 10).catch(() => null);
  return { record, by: history ? authorsSince(history.content, base.version) : [] };
}
