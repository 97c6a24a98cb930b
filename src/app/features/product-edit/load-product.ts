/**
 * Reading one product for the editor, stale-while-revalidate: the copy on this device at once,
 * then the server's. Decisions only; the effects are passed in (deps) so they can be tested.
 */
import type { Product } from '../../../shared/contract';
import { offlineDataNote } from '../../ui/date-time-text';

export type ProductSource =
  /** The server's answer, just now. */
  | { kind: 'network' }
  /** The copy kept on this device; fetchedAt is null when it came with a list page of unknown age. */
  | { kind: 'device'; fetchedAt: number | null; reason: 'offline' | 'unreachable' | 'waiting-change' | 'loading' };

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

function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isNoAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 0;
}

/**
 * Calls `show` with the device copy first (when there is one), then with the server's answer.
 * A product with a waiting change keeps showing the device copy: the server's is older.
 */
export async function loadProductForEdit(productId: number, deps: ProductLoadDeps, show: (state: ProductLoadState) => void): Promise<void> {
  const device = await deps.readDeviceCopy(productId).catch(() => null);
  const waiting = await deps.hasWaitingChange(productId).catch(() => false);
  if (device) show({ status: 'ready', product: device.product, source: { kind: 'device', fetchedAt: device.fetchedAt, reason: 'loading' } });

  if (!deps.online()) {
    if (device) show({ status: 'ready', product: device.product, source: { kind: 'device', fetchedAt: device.fetchedAt, reason: 'offline' } });
    else show({ status: 'error', message: 'You are offline and this product is not kept on this device.' });
    return;
  }
  try {
    const product = await deps.fetchProduct(productId);
    if (waiting && device) {
      show({ status: 'ready', product: device.product, source: { kind: 'device', fetchedAt: device.fetchedAt, reason: 'waiting-change' } });
      return;
    }
    await deps.keepDeviceCopy(product).catch(() => undefined);
    show({ status: 'ready', product, source: { kind: 'network' } });
  } catch (error) {
    // No answer at all (Wi-Fi gone, server down): the device copy stands. A real answer
    // (404, 400) is the truth even when a copy exists.
    if (device && isNoAnswer(error)) {
      show({ status: 'ready', product: device.product, source: { kind: 'device', fetchedAt: device.fetchedAt, reason: 'unreachable' } });
      return;
    }
    show({ status: 'error', message: failureMessage(error) });
  }
}

/** A product id from the route, or null when it is missing or not a positive whole number. */
export function productIdFromRoute(param: string | undefined): number | null | 'missing' {
  if (param === undefined || param.trim() === '' || param === 'undefined') return 'missing';
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/** The marking of a device copy, or null when the product is the server's fresh answer. */
export function deviceCopyNote(source: ProductSource, timeText: (ms: number) => string): string | null {
  if (source.kind === 'network' || source.reason === 'loading') return null;
  if (source.reason === 'waiting-change') return 'Your saved changes are waiting to be sent; shown as saved on this device.';
  return offlineDataNote(source.fetchedAt, 'kept on this device', timeText);
}
