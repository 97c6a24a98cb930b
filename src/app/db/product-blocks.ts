/**
 * Products kept several to a record (database version 6, docs/offline.md "Products kept in
 * blocks"). "Make available offline" writes its first download as blocks: Chromium's cost of
 * keeping a product is mostly per record (and per index entry), so 100,000 products as one record
 * each took about as long as the whole 30 s target (docs/benchmarks.md). The pure rules live here,
 * without Dexie, so the early rows' read (early-page-read.ts) uses them too.
 *
 * - `productBlocks`: key = the block's key (below), value = StoredProductBlock: the products' ids
 *   and each product as JSON text. Text, because reading one product of a block then costs a copy
 *   of the block's strings and the parse of that one product, not the rebuilding of every object.
 *   A block is kept under ~60,000 characters: Chromium keeps larger values as files of their own.
 * - `productBlockIndex`: which block holds a product. Key = `Math.floor(id / INDEX_SPAN)`, value a
 *   Float64Array of INDEX_SPAN block keys (0: none), one slot per id of that range.
 * - A block's key is its write stamp × BLOCKS_PER_STAMP + its place in the page: the stamp (the
 *   same kind as a product record's `keptAt`, database.ts) is read back from the key, and the last
 *   key is the highest block stamp (exact in a double while stamps, milliseconds since 1970, stay
 *   below 9 × 10^12: until the year 2255).
 *
 * A product kept as a record in `products` wins over its block copy: the records are what every
 * later write (an edit, the outbox, a refresh, a page seen online) puts, and a download that writes
 * a block deletes the record it replaces. A block copy left behind by a later block (a second
 * download of another scope) is never read: the index points at the newer one.
 */
import type { CachedProduct } from './cached-product';

export const PRODUCT_BLOCKS_STORE = 'productBlocks';
export const PRODUCT_BLOCK_INDEX_STORE = 'productBlockIndex';

/** Ids per record of the block index. */
export const INDEX_SPAN = 1_024;
/** Block keys one stamp can give (a page of at most CHANGES_MAX_LIMIT products never needs more). */
export const BLOCKS_PER_STAMP = 1_000;
/** A block closes before its texts pass this many characters (Chromium's own-file limit is 64 KiB). */
export const BLOCK_TEXT_BUDGET = 60_000;
/** And at this many products. */
export const BLOCK_MAX_PRODUCTS = 64;

export interface StoredProductBlock {
  ids: number[];
  /** JSON of each product as kept (CachedProduct without `keptAt`: the block's stamp is it). */
  texts: string[];
}

export interface PackedBlock {
  key: number;
  block: StoredProductBlock;
}

export function blockKeyOf(stamp: number, place: number): number {
  return stamp * BLOCKS_PER_STAMP + place;
}

export function stampOfBlockKey(key: number): number {
  return Math.floor(key / BLOCKS_PER_STAMP);
}

/** The lowest block key a stamp above `stamp` can have: blocks written after that stamp have keys from here. */
export function firstBlockKeyAbove(stamp: number): number {
  return blockKeyOf(Math.floor(stamp) + 1, 0);
}

export function indexKeyOf(productId: number): number {
  return Math.floor(productId / INDEX_SPAN);
}

export function indexSlotOf(productId: number): number {
  return productId - indexKeyOf(productId) * INDEX_SPAN;
}

/**
 * One page's products as blocks, all written with `stamp`: in the page's order, a block closing
 * at BLOCK_MAX_PRODUCTS products or before its texts pass BLOCK_TEXT_BUDGET characters.
 */
export function packBlocks(products: readonly CachedProduct[], stamp: number): PackedBlock[] {
  const packed: PackedBlock[] = [];
  let current: StoredProductBlock = { ids: [], texts: [] };
  let size = 0;
  const close = () => {
    if (current.ids.length === 0) return;
    if (packed.length >= BLOCKS_PER_STAMP) throw new RangeError(`a page of ${products.length} products needs more than ${BLOCKS_PER_STAMP} blocks`);
    packed.push({ key: blockKeyOf(stamp, packed.length), block: current });
    current = { ids: [], texts: [] };
    size = 0;
  };
  for (const product of products) {
    const { keptAt: _stamp, ...kept } = product;
    const text = JSON.stringify(kept);
    if (current.ids.length >= BLOCK_MAX_PRODUCTS || (size > 0 && size + text.length > BLOCK_TEXT_BUDGET)) close();
    current.ids.push(product.productId);
    current.texts.push(text);
    size += text.length;
  }
  close();
  return packed;
}

/** A product's text of a block as kept: its write stamp is the block's. */
function keptFromText(text: string, keptAt: number): CachedProduct {
  return { ...(JSON.parse(text) as CachedProduct), keptAt };
}

/** The product `productId` of a block, as kept (its stamp from the block's key), or undefined. */
export function productInBlock(key: number, block: StoredProductBlock | undefined, productId: number): CachedProduct | undefined {
  if (!block) return undefined;
  const at = block.ids.indexOf(productId);
  const text = at < 0 ? undefined : block.texts[at];
  return text === undefined ? undefined : keptFromText(text, stampOfBlockKey(key));
}

/** Every product of a block, as kept. */
export function productsOfBlock(key: number, block: StoredProductBlock): CachedProduct[] {
  const keptAt = stampOfBlockKey(key);
  return block.texts.map((text) => keptFromText(text, keptAt));
}

/** The block key the index gives for `productId` (0: none), given the index records read. */
export function blockKeyFor(index: ReadonlyMap<number, Float64Array | undefined>, productId: number): number {
  return index.get(indexKeyOf(productId))?.[indexSlotOf(productId)] ?? 0;
}

/**
 * The index records after the blocks are written: `current` holds the records of every index key
 * the blocks' ids fall in (undefined where none is kept yet); answers the records to put.
 */
export function indexRecordsAfter(current: ReadonlyMap<number, Float64Array | undefined>, blocks: readonly PackedBlock[]): Map<number, Float64Array> {
  const records = new Map<number, Float64Array>();
  for (const { key, block } of blocks) {
    for (const id of block.ids) {
      const indexKey = indexKeyOf(id);
      let record = records.get(indexKey);
      if (!record) {
        record = new Float64Array(INDEX_SPAN);
        const kept = current.get(indexKey);
        if (kept) record.set(kept);
        records.set(indexKey, record);
      }
      record[indexSlotOf(id)] = key;
    }
  }
  return records;
}

/** The index keys the ids fall in, each once. */
export function indexKeysOf(ids: Iterable<number>): number[] {
  return [...new Set([...ids].map(indexKeyOf))];
}

/**
 * Every product the blocks keep, for the ids the index points at them (a copy a later block
 * replaced is left out), skipping the ids in `skip` (kept as records).
 */
export function productsOfIndexedBlocks(
  indexRecords: ReadonlyMap<number, Float64Array>,
  blocks: ReadonlyMap<number, StoredProductBlock>,
  skip: ReadonlySet<number>,
): CachedProduct[] {
  const products: CachedProduct[] = [];
  for (const [key, block] of blocks) {
    const keptAt = stampOfBlockKey(key);
    block.ids.forEach((id, at) => {
      if (skip.has(id) || blockKeyFor(indexRecords, id) !== key) return;
      const text = block.texts[at];
      if (text !== undefined) products.push(keptFromText(text, keptAt));
    });
  }
  return products;
}

/** Reads several records of a store by key, in the keys' order (undefined where none). */
export type ReadMany<T> = (keys: number[]) => Promise<(T | undefined)[]>;

/**
 * The products `ids` kept in blocks, by id (an id without a block is absent): the index records
 * they fall in, then their blocks, each read once. With Dexie's DBCore (product-blocks-core.ts) or
 * IndexedDB itself (early-page-read.ts).
 */
export async function readFromBlocks(ids: readonly number[], readIndex: ReadMany<Float64Array>, readBlocks: ReadMany<StoredProductBlock>): Promise<Map<number, CachedProduct>> {
  const indexKeys = indexKeysOf(ids);
  const records = await readIndex(indexKeys);
  const indexRecords = new Map(indexKeys.map((key, at) => [key, records[at]]));
  const blockKeys = [...new Set(ids.map((id) => blockKeyFor(indexRecords, id)).filter((key) => key > 0))];
  const found = new Map<number, CachedProduct>();
  if (blockKeys.length === 0) return found;
  const blocks = await readBlocks(blockKeys);
  const byKey = new Map(blockKeys.map((key, at) => [key, blocks[at]]));
  for (const id of ids) {
    const key = blockKeyFor(indexRecords, id);
    const product = key > 0 ? productInBlock(key, byKey.get(key), id) : undefined;
    if (product) found.set(id, product);
  }
  return found;
}
