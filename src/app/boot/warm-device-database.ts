/**
 * Opening the device database ahead of the app (docs/offline.md "Cold start on /products"). The
 * browser's first open of a database after it started reads the database's recent writes back
 * from its log before it answers (LevelDB in Chromium: ~50-130 ms for a device holding 20,000
 * products, measured), and the app's first read waits for that. The service worker starts it
 * when a page is asked for (sw.ts), before the page's HTML has arrived; the boot module again on
 * an offline start of /products (early-list-read.ts), for a page the service worker does not
 * control. Both open whatever version exists, never create the database, and give way to an
 * upgrade. No imports: the service worker and the boot module both carry it.
 */

/** The app's IndexedDB database (db/database.ts DATABASE_NAME; not imported, that module brings Dexie). */
export const DEVICE_DATABASE_NAME = 'backoffice';

/** Keeps the warming connection open at most this long (the app has its own by then). */
const WARM_CONNECTION_MS = 10_000;

/**
 * Opens the device database at whatever version it has, so the browser reads it in while the page
 * loads; never creates it (an upgrade request is aborted) and gives way to an upgrade.
 */
export function warmDeviceDatabase(factory: IDBFactory | undefined = globalThis.indexedDB): void {
  if (!factory) return;
  try {
    const request = factory.open(DEVICE_DATABASE_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => event.preventDefault();
    request.onsuccess = () => {
      const connection = request.result;
      connection.onversionchange = () => connection.close();
      setTimeout(() => connection.close(), WARM_CONNECTION_MS);
    };
  } catch {
    // Only a head start.
  }
}
