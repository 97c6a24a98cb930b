/**
 * Writing and reading the products kept in blocks (database version 6, product-blocks.ts holds the
 * rules). Reads of one product by id go through `db.products` (product-blocks-core.ts); what reads
 * every kept product, or every one written since a stamp, comes here.
 */
import type { Table } from 'dexie';
import { nextWriteStamp, type CachedProduct } from './cached-product';
import type { BackofficeDatabase } from './database';
import {
  blockKeyOf,
  firstBlockKeyAbove,
  indexKeysOf,
  indexRecordsAfter,
  packBlocks,
  productsOfBlock,
  productsOfIndexedBlocks,
  stampOfBlockKey,
  type StoredProductBlock,
} from './product-blocks';

/** The tables a Dexie transaction that reads the blocks itself must name. */
export function keptProductTables(db: BackofficeDatabase): Table[] {
  return [db.products, db.productBlocks, db.productBlockIndex];
}

/** The next write stamp, above every stamp kept (records' and blocks'; nextWriteStamp). */
async function nextStamp(db: BackofficeDatabase): Promise<number> {
  const [lastRecord, lastBlock] = await Promise.all([db.products.orderBy('keptAt').last(), db.productBlocks.toCollection().lastKey()]);
  return nextWriteStamp(lastRecord?.keptAt ?? 0, typeof lastBlock === 'number' ? stampOfBlockKey(lastBlock) : 0);
}

/**
 * Keeps `products` (one page of a download) as blocks with one new stamp, points the index at
 * them, and deletes the records they replace. Run inside a transaction over keptProductTables.
 * Answers the stamp (undefined when there was nothing to keep, as for a page of records).
 */
export async function keepProductsAsBlocks(db: BackofficeDatabase, products: readonly CachedProduct[]): Promise<number | undefined> {
  if (products.length === 0) return undefined;
  const stamp = await nextStamp(db);
  const packed = packBlocks(products, stamp);
  const ids = products.map((product) => product.productId);
  const indexKeys = indexKeysOf(ids);
  const low = Math.min(...ids);
  const high = Math.max(...ids);
  const [kept, recordIds] = await Promise.all([
    db.productBlockIndex.bulkGet(indexKeys),
    // Keys only, one range: a first download finds few records to replace.
    db.products.where(':id').between(low, high, true, true).primaryKeys(),
  ]);
  const records = indexRecordsAfter(new Map(indexKeys.map((key, at) => [key, kept[at]])), packed);
  const page = new Set(ids);
  const replaced = recordIds.filter((id) => page.has(id));
  await Promise.all([
    db.productBlocks.bulkPut(
      packed.map(({ block }) => block),
      packed.map(({ key }) => key),
    ),
    db.productBlockIndex.bulkPut([...records.values()], [...records.keys()]),
    replaced.length > 0 ? db.products.bulkDelete(replaced) : undefined,
  ]);
  return stamp;
}

/** The newest copy of each product (highest stamp), in stamp order. */
function newestOfEach(products: readonly CachedProduct[]): CachedProduct[] {
  const byId = new Map<number, CachedProduct>();
  for (const product of products) {
    const known = byId.get(product.productId);
    if (!known || (product.keptAt ?? 0) >= (known.keptAt ?? 0)) byId.set(product.productId, product);
  }
  return [...byId.values()].sort((a, b) => (a.keptAt ?? 0) - (b.keptAt ?? 0));
}

async function wholeIndex(db: BackofficeDatabase): Promise<Map<number, Float64Array>> {
  const [keys, records] = await Promise.all([db.productBlockIndex.toCollection().primaryKeys(), db.productBlockIndex.toArray()]);
  return new Map(keys.map((key, at) => [key, records[at] as Float64Array]));
}

async function blocksByKey(collection: { primaryKeys(): Promise<number[]>; toArray(): Promise<StoredProductBlock[]> }): Promise<Map<number, StoredProductBlock>> {
  const [keys, blocks] = await Promise.all([collection.primaryKeys(), collection.toArray()]);
  return new Map(keys.map((key, at) => [key, blocks[at] as StoredProductBlock]));
}

/** Every kept product, records and blocks (a record wins), in stamp order. Inside a transaction over keptProductTables. */
export async function everyKeptProduct(db: BackofficeDatabase): Promise<CachedProduct[]> {
  const [records, index, blocks] = await Promise.all([db.products.toArray(), wholeIndex(db), blocksByKey(db.productBlocks.toCollection())]);
  const asRecords = new Set(records.map((product) => product.productId));
  return newestOfEach([...records, ...productsOfIndexedBlocks(index, blocks, asRecords)]);
}

/** How many products are kept, records and blocks. */
export async function keptProductCount(db: BackofficeDatabase): Promise<number> {
  return db.transaction('r', keptProductTables(db), async () => (await everyKeptProduct(db)).length);
}

/**
 * The products written after `stamp`, records and blocks, the newest copy of each, in stamp order.
 * Inside a transaction over keptProductTables.
 */
export async function keptProductsWrittenAbove(db: BackofficeDatabase, stamp: number): Promise<CachedProduct[]> {
  const [records, blocks] = await Promise.all([
    db.products.where('keptAt').above(stamp).toArray(),
    blocksByKey(db.productBlocks.where(':id').aboveOrEqual(firstBlockKeyAbove(stamp))),
  ]);
  if (blocks.size === 0) return records;
  const index = new Map<number, Float64Array>();
  const ids = [...blocks.values()].flatMap((block) => block.ids);
  const indexKeys = indexKeysOf(ids);
  const kept = await db.productBlockIndex.bulkGet(indexKeys);
  indexKeys.forEach((key, at) => {
    const record = kept[at];
    if (record) index.set(key, record);
  });
  return newestOfEach([...records, ...productsOfIndexedBlocks(index, blocks, new Set())]);
}

/**
 * The products written with a stamp strictly inside one of `gaps`, records and blocks (another
 * tab's writes between a download's pages). Inside a transaction over keptProductTables.
 */
export async function keptProductsWrittenIn(db: BackofficeDatabase, gaps: readonly [number, number][]): Promise<CachedProduct[]> {
  const blockRanges = gaps
    .map(([low, high]): [number, number] => [firstBlockKeyAbove(low), high === Infinity ? Infinity : blockKeyOf(high, 0)])
    .filter(([low, high]) => low < high);
  const [records, blocks] = await Promise.all([
    db.products.where('keptAt').inAnyRange(gaps, { includeLowers: false, includeUppers: false }).toArray(),
    blockRanges.length === 0 ? new Map<number, StoredProductBlock>() : blocksByKey(db.productBlocks.where(':id').inAnyRange(blockRanges, { includeLowers: true, includeUppers: false })),
  ]);
  return [...records, ...[...blocks].flatMap(([key, block]) => productsOfBlock(key, block))];
}
