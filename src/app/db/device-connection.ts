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
 * Opens the device database at whatever version it has, once per page load; null when there is
 * none (it is never created: an upgrade request is aborted) or it cannot be opened. The
 * connection gives way to an upgrade (a new app version) and closes after KEEP_OPEN_MS.
 */
export function openDeviceDatabaseAsItIs(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IDBDatabase | null> {
  if (!factory) return Promise.resolve(null);
  const known = opens.get(factory);
  if (known) return known;
  const open = new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = factory.open(DEVICE_DATABASE_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = (event) => {
        event.preventDefault();
        resolve(null);
      };
      request.onsuccess = () => {
        performance.mark('boot:database-open');
        const connection = request.result;
        connection.onversionchange = () => connection.close();
        setTimeout(() => connection.close(), KEEP_OPEN_MS);
        resolve(connection);
      };
    } catch {
      // Only a head start.
      resolve(null);
    }
  });
  opens.set(factory, open);
  return open;
}
