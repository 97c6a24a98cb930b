/** What the app keeps on the device: reads of its IndexedDB database `backoffice` from the page. */
import type { Page } from 'playwright-core';
import { INDEX_SPAN } from '../../../src/app/db/product-blocks';

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

/** A kept product as these reads give it: the fields the tests look at. */
export interface KeptProductOnDevice {
  productId: number;
  title: string;
  supplier: { supplierName: string };
}

/**
 * The products the device keeps, as the app reads them (src/app/db/product-blocks.ts): each
 * product's record, else its copy in the block the block index points at. `ids`: only those
 * (absent ones left out); without, every kept product.
 */
export function keptProductsOnDevice(page: Page, ids?: readonly number[]): Promise<KeptProductOnDevice[]> {
  return page.evaluate(
    async ({ ids, span }) => {
      const request = indexedDB.open('backoffice');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('the device database did not open'));
      });
      const withBlocks = db.objectStoreNames.contains('productBlocks');
      const tx = db.transaction(withBlocks ? ['products', 'productBlocks', 'productBlockIndex'] : ['products']);
      // A method, not a named arrow: tsx (bench/) would wrap the latter in a helper the page lacks.
      const idb = {
        asked<T>(read: IDBRequest<T>): Promise<T> {
          return new Promise<T>((resolve, reject) => {
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => reject(read.error ?? new Error('reading the device database failed'));
          });
        },
      };
      try {
        const records = (await idb.asked(tx.objectStore('products').getAll())) as KeptProductOnDevice[];
        const byId = new Map(records.map((product) => [product.productId, product]));
        if (withBlocks) {
          const index = tx.objectStore('productBlockIndex');
          const [indexKeys, indexRecords] = await Promise.all([idb.asked(index.getAllKeys()), idb.asked(index.getAll() as IDBRequest<Float64Array[]>)]);
          const blockOf = new Map<number, number>();
          indexKeys.forEach((key, at) => indexRecords[at]?.forEach((block, slot) => block > 0 && blockOf.set(Number(key) * span + slot, block)));
          const wanted = (ids ?? [...blockOf.keys()]).filter((id) => !byId.has(id) && blockOf.has(id));
          const blocks = tx.objectStore('productBlocks');
          for (const id of wanted) {
            const block = (await idb.asked(blocks.get(blockOf.get(id) ?? 0))) as { ids: number[]; texts: string[] } | undefined;
            const text = block?.texts[block.ids.indexOf(id)];
            if (text !== undefined) byId.set(id, JSON.parse(text) as KeptProductOnDevice);
          }
        }
        return ids ? ids.flatMap((id) => byId.get(id) ?? []) : [...byId.values()];
      } finally {
        db.close();
      }
    },
    { ids: ids ? [...ids] : undefined, span: INDEX_SPAN },
  );
}

/** How many products the device keeps, records and blocks (each product once). */
export function keptProductCount(page: Page): Promise<number> {
  return page.evaluate(async (span) => {
    const request = indexedDB.open('backoffice');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the device database did not open'));
    });
    const withBlocks = db.objectStoreNames.contains('productBlockIndex');
    const tx = db.transaction(withBlocks ? ['products', 'productBlockIndex'] : ['products']);
    // A method, not a named arrow: tsx (bench/) would wrap the latter in a helper the page lacks.
    const idb = {
      asked<T>(read: IDBRequest<T>): Promise<T> {
        return new Promise<T>((resolve, reject) => {
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error ?? new Error('reading the device database failed'));
        });
      },
    };
    try {
      const ids = new Set((await idb.asked(tx.objectStore('products').getAllKeys())).map(Number));
      if (withBlocks) {
        const index = tx.objectStore('productBlockIndex');
        const [keys, records] = await Promise.all([idb.asked(index.getAllKeys()), idb.asked(index.getAll() as IDBRequest<Float64Array[]>)]);
        keys.forEach((key, at) => records[at]?.forEach((block, slot) => block > 0 && ids.add(Number(key) * span + slot)));
      }
      return ids.size;
    } finally {
      db.close();
    }
  }, INDEX_SPAN);
}
