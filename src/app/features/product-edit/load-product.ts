/**
 * Reading one product for the editor, device first (db/device-first.ts): the copy on this device
 * at once, then the server's. Decisions only; the effects are passed in (deps) so they can be tested.
 */
import type { Product } from '../../../shared/contract';
import { deviceCopyNote as noteOf, loadDeviceFirst, type DeviceCopySource } from '../../db/device-first';
import { noServerSays } from '../../lib/no-server-sentence';
import type { OfflineDataWords } from '../../../shared/offline-data-messages';

export type ProductSource = DeviceCopySource;

export type ProductLoadState =
  | { status: 'loading' }
  | { status: 'ready'; product: Product; source: ProductSource }
  | { status: 'error'; message: string };

export interface ProductLoadDeps {
  online(): boolean;
  fetchProduct(productId: number): Promise<Product>;
  readDeviceCopy(productId: number): Promise<{ product: Product; fetchedAt: number | null } | null>;
  keepDeviceCopy(product: Product): Promise<void>;
  /** Whether a change of this product waits in the outbox (then the device copy is the newest). */
  hasWaitingChange(productId: number): Promise<boolean>;
}

/**
 * Calls `show` with the device copy first (when there is one), then with the server's answer.
 * A product with a waiting change keeps showing the device copy: the server's is older.
 */
export function loadProductForEdit(productId: number, deps: ProductLoadDeps, show: (state: ProductLoadState) => void): Promise<void> {
  return loadDeviceFirst(
    {
      online: deps.online,
      fetch: () => deps.fetchProduct(productId),
      readDevice: async () => {
        const copy = await deps.readDeviceCopy(productId);
        return copy && { value: copy.product, fetchedAt: copy.fetchedAt };
      },
      keep: deps.keepDeviceCopy,
      hasWaitingChange: () => deps.hasWaitingChange(productId),
      offlineNotKept: noServerSays('productNotKept'),
    },
    (state) => show(state.status === 'ready' ? { status: 'ready', product: state.value, source: state.source } : state),
  );
}

/** A product id from the route, or null when it is missing or not a positive whole number. */
export function productIdFromRoute(param: string | undefined): number | null | 'missing' {
  if (param === undefined || param.trim() === '' || param === 'undefined') return 'missing';
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/** The marking of a device copy, or null when the product is the server's fresh answer. */
export function deviceCopyNote(source: ProductSource, timeText: (ms: number) => string, words?: OfflineDataWords): string | null {
  return noteOf(source, 'Your saved changes are waiting to be sent; shown as saved on this device.', timeText, words);
}
