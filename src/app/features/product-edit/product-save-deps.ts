/** The General tab's writes wired to the app: the outbox's entry point and the device's copy of the product. */
import { TOAST_DURATION_MS } from '../../../shared/constants';
import type { Product } from '../../../shared/contract';
import { productChangeWaits, readProductCopy } from '../../db/device-copies';
import { readKeptCopy, type KeptCopy } from '../../edit/kept-copy';
import { discardChange, followChange, submit } from '../../sync/app-sync';
import { notify } from '../../ui/notify';
import type { ProductSaveDeps } from './save-product';

const readKeptProduct = async (productId: number): Promise<Product | null> => (await readProductCopy(productId))?.product ?? null;

export const appProductSaveDeps: ProductSaveDeps = {
  submit,
  follow: (submitted) => followChange(submitted),
  discard: discardChange,
  readKeptProduct,
  uploadRefused: (message) => notify(message, TOAST_DURATION_MS.imageUploadError),
};

/** The product as this device keeps it, marked as waiting while a change of it waits. */
export function readKeptProductCopy(productId: number): Promise<KeptCopy<Product> | null> {
  return readKeptCopy(
    () => readKeptProduct(productId),
    () => productChangeWaits(productId),
  );
}
