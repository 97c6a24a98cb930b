/** What the app keeps on the device: reads of its IndexedDB database `backoffice` from the page. */
import type { Page } from 'playwright-core';

/** How many records the app keeps in one table of its device database (e.g. `products`, `orders`). */
export function keptCount(page: Page, table: string): Promise<number> {
  return page.evaluate(async (table) => {
    const request = indexedDB.open('backoffice');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the device database did not open'));
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const count = db.transaction(table).objectStore(table).count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error ?? new Error(`counting the kept ${table} failed`));
      });
    } finally {
      db.close();
    }
  }, table);
}
