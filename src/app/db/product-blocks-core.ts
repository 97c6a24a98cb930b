/**
 * Reads of `products` that also find the products kept in blocks (database version 6,
 * product-blocks.ts), as a Dexie DBCore middleware: `db.products.get` and `bulkGet`, in every
 * module, answer a product kept in a block when it has no record of its own, so no reader of a
 * product by id has to know where it is kept. Every transaction over `products` also covers the
 * two block stores (IndexedDB needs them in its scope). Queries over `products` (an index, every
 * record) see the records only; the list's columns read the blocks themselves
 * (kept-columns-store.ts).
 */
import type { DBCore, DBCoreKeyRange, DBCoreTable, DBCoreTransaction } from 'dexie';
import { PRODUCT_BLOCK_INDEX_STORE, PRODUCT_BLOCKS_STORE, readFromBlocks, stampOfBlockKey, type ReadMany } from './product-blocks';

/** Every key of a store (Dexie's DBCore range "any"). */
const WHOLE_RANGE = { type: 3 } as DBCoreKeyRange;

/** The highest write stamp of the blocks (0: none), from the last block's key. */
export async function highestBlockStamp(down: DBCore, trans: DBCoreTransaction): Promise<number> {
  if (!hasBlocks(down)) return 0;
  const blocks = down.table(PRODUCT_BLOCKS_STORE);
  const { result } = await blocks.query({ trans, values: false, limit: 1, direction: 'prev', query: { index: blocks.schema.primaryKey, range: WHOLE_RANGE } });
  const last: unknown = result[0];
  return typeof last === 'number' ? stampOfBlockKey(last) : 0;
}

/** True when the schema Dexie runs on has the block stores (not while an older version is upgraded). */
function hasBlocks(down: DBCore): boolean {
  const names = down.schema.tables.map((table) => table.name);
  return names.includes(PRODUCT_BLOCKS_STORE) && names.includes(PRODUCT_BLOCK_INDEX_STORE);
}

export function withProductBlocks(down: DBCore): DBCore {
  if (!hasBlocks(down)) return down;
  return {
    ...down,
    transaction(stores, mode, options) {
      const scope = stores.includes('products') ? [...new Set([...stores, PRODUCT_BLOCKS_STORE, PRODUCT_BLOCK_INDEX_STORE])] : stores;
      return down.transaction(scope, mode, options);
    },
    table(name) {
      const table = down.table(name);
      if (name !== 'products') return table;
      const blocks = down.table(PRODUCT_BLOCKS_STORE);
      const index = down.table(PRODUCT_BLOCK_INDEX_STORE);
      const readMany =
        <T>(store: DBCoreTable, trans: DBCoreTransaction): ReadMany<T> =>
        (keys) =>
          store.getMany({ trans, keys });
      const fromBlocks = (trans: DBCoreTransaction, ids: number[]) => readFromBlocks(ids, readMany(index, trans), readMany(blocks, trans));
      return {
        ...table,
        async get(request) {
          const record: unknown = await table.get(request);
          if (record !== undefined || typeof request.key !== 'number') return record;
          return (await fromBlocks(request.trans, [request.key])).get(request.key);
        },
        async getMany(request) {
          const records: unknown[] = await table.getMany(request);
          const missing = request.keys.filter((key, at): key is number => records[at] === undefined && typeof key === 'number');
          if (missing.length === 0) return records;
          const found = await fromBlocks(request.trans, missing);
          return records.map((record, at) => record ?? found.get(request.keys[at] as number));
        },
      };
    },
  };
}
