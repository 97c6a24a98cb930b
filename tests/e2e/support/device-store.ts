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
 * In the page: the ids of every product the device keeps (each product's record, else the block
 * the block index points at), and with `ids` the products of those ids as the app reads them
 * (src/app/db/product-blocks.ts); `ids` null: every kept product; `ids` empty: none, ids only.
 */
function readKeptProducts(page: Page, ids: readonly number[] | null): Promise<{ count: number; products: KeptProductOnDevice[] }> {
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
        const products = tx.objectStore('products');
        const recordIds = new Set((await idb.asked(products.getAllKeys())).map(Number));
        const blockOf = new Map<number, number>();
        if (withBlocks) {
          const index = tx.objectStore('productBlockIndex');
          const [keys, records] = await Promise.all([idb.asked(index.getAllKeys()), idb.asked(index.getAll() as IDBRequest<Float64Array[]>)]);
          keys.forEach((key, at) => records[at]?.forEach((block, slot) => block > 0 && blockOf.set(Number(key) * span + slot, block)));
        }
        const count = new Set([...recordIds, ...blockOf.keys()]).size;
        const byId = new Map<number, KeptProductOnDevice>();
        const wanted = ids ?? [...new Set([...recordIds, ...blockOf.keys()])];
        for (const id of wanted) {
          if (recordIds.has(id)) {
            const record = (await idb.asked(products.get(id))) as KeptProductOnDevice | undefined;
            if (record) byId.set(id, record);
            continue;
          }
          const block = blockOf.has(id) ? ((await idb.asked(tx.objectStore('productBlocks').get(blockOf.get(id) ?? 0))) as { ids: number[]; texts: string[] } | undefined) : undefined;
          const text = block?.texts[block.ids.indexOf(id)];
          if (text !== undefined) byId.set(id, JSON.parse(text) as KeptProductOnDevice);
        }
        return { count, products: wanted.flatMap((id) => byId.get(id) ?? []) };
      } finally {
        db.close();
      }
    },
    { ids: ids ? [...ids] : null, span: INDEX_SPAN },
  );
}

/** The products the device keeps (`ids`: only those, absent ones left out), as the app reads them. */
export async function keptProductsOnDevice(page: Page, ids?: readonly number[]): Promise<KeptProductOnDevice[]> {
  return (await readKeptProducts(page, ids ?? null)).products;
}

/** How many products the device keeps, records and blocks (each product once). */
export async function keptProductCount(page: Page): Promise<number> {
  return (await readKeptProducts(page, [])).count;
}
