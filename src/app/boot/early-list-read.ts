/**
 * An offline cold start of /products with no snapshot to paint (a view never opened on this
 * device, docs/offline.md "Cold start on /products"): the device database is opened, and the
 * list page's read and the chunks it renders with are started from here, while main.tsx's
 * modules are still being evaluated and React has not started. Imported by the boot module, so it
 * stays tiny: the read itself is in the lazily loaded list-head-start chunk.
 */

/** The app's IndexedDB database (db/database.ts DATABASE_NAME; not imported, that module brings Dexie). */
export const DEVICE_DATABASE_NAME = 'backoffice';

/** Keeps the warming connection open at most this long (Dexie has its own by then). */
const WARM_CONNECTION_MS = 10_000;

/**
 * Opens the device database at whatever version it has, so the browser opens its store while the
 * scripts load; never creates it (an upgrade request is aborted) and gives way to an upgrade.
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

/** On an offline start of /products: warm the database and start the list's read and chunk. */
export function startListReadEarly(doc: Document = document): void {
  if (navigator.onLine || doc.location.pathname !== '/products') return;
  performance.mark('boot:early-read');
  warmDeviceDatabase();
  void import('../features/products/list-head-start').then(({ startListHeadStart }) => startListHeadStart()).catch(() => undefined);
  void import('../features/products/ProductListPage').catch(() => undefined);
  // The router and layout (main.tsx's loadApp), which the list renders in.
  void import('../App').catch(() => undefined);
}
