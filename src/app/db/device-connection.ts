/**
 * The device database opened as it is, without Dexie (docs/offline.md "Cold start on /products",
 * "Fifth pass"): on an offline start of /products the boot module opens it while the scripts load,
 * and the early rows read on that connection (early-page-read.ts). Tiny: the boot module carries it.
 */

/** The app's IndexedDB database (database.ts DATABASE_NAME; not imported, that module brings Dexie). */
export const DEVICE_DATABASE_NAME = 'backoffice';

/** Keeps the connection open at most this long (Dexie has its own by then). */
const KEEP_OPEN_MS = 10_000;

/** The open of each factory on this page load (one, the page's own, outside tests). */
const opens = new WeakMap<IDBFactory, Promise<IDBDatabase | null>>();

/**
 * Opens the device database at whatever version it has; null when there is none (it is never
 * created: an upgrade request is aborted) or it cannot be opened. The connection gives way to an
 * upgrade (a new app version) or a deletion, and closes after `keepOpenMs`.
 */
function openAsItIs(factory: IDBFactory, keepOpenMs: number, onOpen?: () => void): Promise<IDBDatabase | null> {
  return new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = factory.open(DEVICE_DATABASE_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = (event) => {
        event.preventDefault();
        resolve(null);
      };
      request.onsuccess = () => {
        onOpen?.();
        const connection = request.result;
        connection.onversionchange = () => connection.close();
        setTimeout(() => connection.close(), keepOpenMs);
        resolve(connection);
      };
    } catch {
      // Only a head start.
      resolve(null);
    }
  });
}

/** The device database as it is, opened once per page load (openAsItIs); closed after KEEP_OPEN_MS. */
export function openDeviceDatabaseAsItIs(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IDBDatabase | null> {
  if (!factory) return Promise.resolve(null);
  const known = opens.get(factory);
  if (known) return known;
  const open = openAsItIs(factory, KEEP_OPEN_MS, () => performance.mark('boot:database-open'));
  opens.set(factory, open);
  return open;
}

/** How long the service worker's warming connection stays open: past the page's own open. */
export const WARM_OPEN_MS = 5_000;

/**
 * The service worker, answering a navigation with the app's page, opens the device database
 * while the page loads (docs/offline.md "Cold start on /products"): the browser reads the
 * database's files from disk once, for the first connection, and the page's own open, ~250 ms
 * later, finds them read. The connection does nothing and closes after WARM_OPEN_MS (or at once
 * for an upgrade or a deletion); a device without the database gets none.
 */
export function warmDeviceDatabase(factory: IDBFactory | undefined = globalThis.indexedDB, keepOpenMs = WARM_OPEN_MS): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return openAsItIs(factory, keepOpenMs).then((connection) => connection !== null);
}
