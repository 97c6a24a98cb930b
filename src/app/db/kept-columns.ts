/**
 * The list's columns of every kept product (docs/offline.md "Reads"): the values the product list
 * filters and sorts by, one array per field, kept as one record instead of one IndexedDB index per
 * field. Writing a product costs IndexedDB a record plus an entry per index, and at 100,000
 * products the indexes cost four times the records (docs/benchmarks.md "Make available offline:
 * where the time goes"); a scan of these arrays answers any filter of the list in milliseconds.
 *
 * The columns are a picture taken at `builtAt`: a product written since (its write stamp `keptAt`
 * is above it) is left out of every answer here and checked on its record by the caller, which
 * hands those records in (`written`), so an answer is always the one filterProductsLocally gives
 * over every kept product. Pure: no Dexie, no IndexedDB (the early rows read it without Dexie).
 */
import type { Product } from '../../shared/contract';
import type { ProductSortKey } from '../../shared/constants';
import type { ProductFilter } from '../../shared/product-filter';
import { markContaining, markEqual, packTexts, textAt, unpackTexts, type KeptTexts } from './kept-texts';
import { productMatcher, sortValue, type SortValue } from './local-filter';
import type { ProductQuery } from './query-key';

/** The key of the columns' record in `keptColumns` (kept-columns-store.ts). */
export const COLUMNS_KEY = 'list';
/** The meta key holding the write stamp of the kept columns. */
export const COLUMNS_META_KEY = 'keptColumnsBuiltAt';
/** More products than this written since the columns were built: merged in before answering. */
export const MERGE_WRITTEN_OVER = 500;
/** The shape of the kept record; a record of another shape is built again (kept-columns-store.ts). */
export const COLUMNS_FORMAT = 2;

/** Yes/no fields of a product, one bit each in `flags`. */
const FLAG_BITS = {
  passedModeration: 1,
  buyBlock: 2,
  mainProduct: 4,
  isExportOnBol: 8,
  isChangeEan: 16,
  hasDescription: 32,
  inStock: 64,
} as const;

/** Sort keys kept as numbers (dates as ms since the epoch; NaN where a product has none). */
const NUMBER_KEYS = ['productId', 'sellingPrice', 'priceSupplier', 'deliveryPrice', 'stock', 'numberOfImages', 'dateUpdate', 'dateCreate'] as const;
/** Sort keys kept as texts (null where a product has none); the keyword reads title and the three codes. */
const TEXT_KEYS = ['title', 'ean', 'supplierEan', 'sku'] as const;
type NumberKey = (typeof NUMBER_KEYS)[number];
type TextKey = (typeof TEXT_KEYS)[number];
const NAMED = ['supplier', 'brand', 'familyKey'] as const;
type Named = (typeof NAMED)[number];

export interface KeptColumns {
  format: typeof COLUMNS_FORMAT;
  /** The highest write stamp the columns hold: products stamped above it are not in them. */
  builtAt: number;
  /** Row → index into `names[…]`, -1 for none. */
  codes: Record<Named, Int32Array>;
  names: Record<Named, string[]>;
  /** NaN where a product has no category. */
  categoryId: Float64Array;
  flags: Uint8Array;
  /** The number of images the product holds (the filter's "Number of images"). */
  images: Uint16Array;
  /** Rows are in ascending productId (`numbers.productId`). */
  numbers: Record<NumberKey, Float64Array>;
  /** Each text column as one string (kept-texts.ts). */
  texts: Record<TextKey, KeptTexts>;
}

/** Whether a kept record holds columns of the shape this code reads (an older one is built again). */
export function isCurrentColumns(value: unknown): value is KeptColumns {
  return typeof value === 'object' && value !== null && (value as Partial<KeptColumns>).format === COLUMNS_FORMAT;
}

/** Columns being filled row by row: the texts are packed once every row is in (`finish`). */
type ColumnsDraft = Omit<KeptColumns, 'texts'> & { texts: Record<TextKey, (string | null)[]> };

/** The number of products the columns hold. */
export function columnRows(columns: KeptColumns): number {
  return columns.numbers.productId.length;
}

function numberOf(value: SortValue): number {
  return typeof value === 'number' ? value : Number.NaN;
}

function emptyColumns(rows: number, builtAt: number, names: Record<Named, string[]>): ColumnsDraft {
  return {
    format: COLUMNS_FORMAT,
    builtAt,
    codes: { supplier: new Int32Array(rows), brand: new Int32Array(rows), familyKey: new Int32Array(rows) },
    names,
    categoryId: new Float64Array(rows),
    flags: new Uint8Array(rows),
    images: new Uint16Array(rows),
    numbers: Object.fromEntries(NUMBER_KEYS.map((key) => [key, new Float64Array(rows)])) as KeptColumns['numbers'],
    texts: Object.fromEntries(TEXT_KEYS.map((key) => [key, new Array<string | null>(rows).fill(null)])) as ColumnsDraft['texts'],
  };
}

function finish(draft: ColumnsDraft): KeptColumns {
  return { ...draft, texts: Object.fromEntries(TEXT_KEYS.map((key) => [key, packTexts(draft.texts[key])])) as KeptColumns['texts'] };
}

/** The columns of `products` (any order; one each), holding every write stamped up to `builtAt`. */
export function buildKeptColumns(products: readonly Product[], builtAt: number): KeptColumns {
  const sorted = [...products].sort((a, b) => a.productId - b.productId);
  const dictionaries = Object.fromEntries(NAMED.map((name) => [name, new Map<string, number>()])) as Record<Named, Map<string, number>>;
  const columns = emptyColumns(sorted.length, builtAt, { supplier: [], brand: [], familyKey: [] });
  const code = (name: Named, value: string | null | undefined) => {
    if (value === null || value === undefined) return -1;
    const dictionary = dictionaries[name];
    let at = dictionary.get(value);
    if (at === undefined) {
      at = dictionary.size;
      dictionary.set(value, at);
      columns.names[name].push(value);
    }
    return at;
  };
  sorted.forEach((p, row) => {
    columns.codes.supplier[row] = code('supplier', p.supplier?.supplierName);
    columns.codes.brand[row] = code('brand', p.brand);
    columns.codes.familyKey[row] = code('familyKey', p.familyKey);
    columns.categoryId[row] = typeof p.categoryId === 'number' ? p.categoryId : Number.NaN;
    columns.flags[row] =
      (p.passedModeration ? FLAG_BITS.passedModeration : 0) |
      (p.buyBlock ? FLAG_BITS.buyBlock : 0) |
      (p.mainProduct ? FLAG_BITS.mainProduct : 0) |
      (p.isExportOnBol ? FLAG_BITS.isExportOnBol : 0) |
      (p.isChangeEan ? FLAG_BITS.isChangeEan : 0) |
      (p.description.trim() !== '' ? FLAG_BITS.hasDescription : 0) |
      (p.stock > 0 ? FLAG_BITS.inStock : 0);
    columns.images[row] = Math.min(p.productImages.length, 0xffff);
    for (const key of NUMBER_KEYS) columns.numbers[key][row] = numberOf(sortValue(p, key));
    for (const key of TEXT_KEYS) {
      const value = sortValue(p, key);
      columns.texts[key][row] = typeof value === 'string' ? value : null;
    }
  });
  return finish(columns);
}

/** Copies row `from` of `source` (its texts unpacked: `sourceTexts`) to row `to` of `target`, mapping the name codes by `recode`. */
function copyRow(
  source: KeptColumns,
  sourceTexts: Record<TextKey, readonly (string | null)[]>,
  from: number,
  target: ColumnsDraft,
  to: number,
  recode: Record<Named, Int32Array>,
): void {
  for (const name of NAMED) {
    const at = source.codes[name][from] as number;
    target.codes[name][to] = at < 0 ? at : (recode[name][at] as number);
  }
  target.categoryId[to] = source.categoryId[from] as number;
  target.flags[to] = source.flags[from] as number;
  target.images[to] = source.images[from] as number;
  for (const key of NUMBER_KEYS) target.numbers[key][to] = source.numbers[key][from] as number;
  for (const key of TEXT_KEYS) target.texts[key][to] = sourceTexts[key][from] ?? null;
}

/**
 * The columns with `written` (products written since `columns.builtAt`, their records as kept)
 * taking their rows' places or added, now holding every write stamped up to `builtAt`.
 */
export function mergeIntoColumns(columns: KeptColumns, written: readonly Product[], builtAt: number): KeptColumns {
  const stamp = Math.max(columns.builtAt, builtAt);
  if (written.length === 0) return { ...columns, builtAt: stamp };
  return combineColumns([columns, buildKeptColumns(written, stamp)], stamp);
}

/**
 * One columns of several, in the order they were written: a product in more than one takes its
 * row from the last. The names of the first keep their codes (later names are added after them).
 */
export function combineColumns(parts: readonly KeptColumns[], builtAt: number): KeptColumns {
  const names = { supplier: [], brand: [], familyKey: [] } as Record<Named, string[]>;
  const recodes = parts.map(() => ({}) as Record<Named, Int32Array>);
  for (const name of NAMED) {
    const known = new Map<string, number>();
    parts.forEach((part, index) => {
      (recodes[index] as Record<Named, Int32Array>)[name] = Int32Array.from(part.names[name], (value) => {
        let at = known.get(value);
        if (at === undefined) {
          at = names[name].length;
          known.set(value, at);
          names[name].push(value);
        }
        return at;
      });
    });
  }
  // Every (part, row) as one number ordered by productId and then the last part first (parts hold
  // their rows in ascending productId, so each part's rows come in order); the first of each id is taken.
  let all = 0;
  for (const part of parts) all += columnRows(part);
  let slots = 1;
  while (slots < parts.length) slots *= 2;
  const keys = new Float64Array(all);
  let at = 0;
  parts.forEach((part, index) => {
    for (const id of part.numbers.productId) keys[at++] = id * slots + (slots - 1 - index);
  });
  keys.sort();
  let rows = 0;
  for (let step = 0; step < all; step += 1) if (step === 0 || Math.floor((keys[step] as number) / slots) !== Math.floor((keys[step - 1] as number) / slots)) rows += 1;
  const combined = emptyColumns(rows, builtAt, names);
  const partTexts = parts.map((part) => Object.fromEntries(TEXT_KEYS.map((key) => [key, unpackTexts(part.texts[key])])) as Record<TextKey, readonly (string | null)[]>);
  const nextRow = new Int32Array(parts.length);
  let row = 0;
  let lastId = Number.NaN;
  for (let step = 0; step < all; step += 1) {
    const key = keys[step] as number;
    const id = Math.floor(key / slots);
    const index = slots - 1 - (key - id * slots);
    const from = nextRow[index] as number;
    nextRow[index] = from + 1;
    if (id === lastId) continue;
    lastId = id;
    copyRow(parts[index] as KeptColumns, partTexts[index] as Record<TextKey, readonly (string | null)[]>, from, combined, row, recodes[index] as Record<Named, Int32Array>);
    row += 1;
  }
  return finish(combined);
}

/** The rows of the columns that match `f`'s filters, leaving out the products in `skip`. */
export function matchingRows(columns: KeptColumns, f: ProductFilter, skip: ReadonlySet<number>): Int32Array {
  const n = columnRows(columns);
  const codeOf = (name: Named, value: string | null) => (value === null ? null : columns.names[name].indexOf(value));
  const supplier = codeOf('supplier', f.supplierName);
  const brand = codeOf('brand', f.brand);
  const familyKey = codeOf('familyKey', f.familyKey);
  // A name no kept product has matches nothing.
  if (supplier === -1 || brand === -1 || familyKey === -1) return new Int32Array(0);
  let mask = 0;
  let wanted = 0;
  const flag = (value: boolean | null, bit: number) => {
    if (value === null) return;
    mask |= bit;
    if (value) wanted |= bit;
  };
  flag(f.passedModeration, FLAG_BITS.passedModeration);
  flag(f.buyBlock, FLAG_BITS.buyBlock);
  flag(f.isMainProduct, FLAG_BITS.mainProduct);
  flag(f.isExportOnBol, FLAG_BITS.isExportOnBol);
  flag(f.isChangeEan, FLAG_BITS.isChangeEan);
  flag(f.hasDescription, FLAG_BITS.hasDescription);
  flag(f.inStock, FLAG_BITS.inStock);
  // The keyword: in the title (any case), or exactly one of the three codes; marked up front, over the long strings.
  let keywordRows: Uint8Array | null = null;
  if (f.keyword !== null) {
    keywordRows = new Uint8Array(n);
    markContaining(columns.texts.title, f.keyword.toLowerCase(), keywordRows);
    for (const code of [columns.texts.ean, columns.texts.sku, columns.texts.supplierEan]) markEqual(code, f.keyword, keywordRows);
  }
  const dayStart = (day: string | null) => (day === null ? null : Date.parse(`${day}T00:00:00Z`));
  const from = dayStart(f.dateFrom);
  const toStart = dayStart(f.dateTo);
  const to = toStart === null ? null : toStart + 24 * 60 * 60 * 1000;
  const { sellingPrice: price, dateUpdate: updated, productId: ids } = columns.numbers;

  const rows = new Int32Array(n);
  let found = 0;
  for (let row = 0; row < n; row += 1) {
    if (mask !== 0 && ((columns.flags[row] as number) & mask) !== wanted) continue;
    if (supplier !== null && columns.codes.supplier[row] !== supplier) continue;
    if (brand !== null && columns.codes.brand[row] !== brand) continue;
    if (familyKey !== null && columns.codes.familyKey[row] !== familyKey) continue;
    if (f.categoryId !== null && columns.categoryId[row] !== f.categoryId) continue;
    if (f.numberOfImages !== null && columns.images[row] !== f.numberOfImages) continue;
    if (f.priceFrom !== null && !((price[row] as number) >= f.priceFrom)) continue;
    if (f.priceTo !== null && !((price[row] as number) <= f.priceTo)) continue;
    if (from !== null && !((updated[row] as number) >= from)) continue;
    if (to !== null && !((updated[row] as number) < to)) continue;
    if (keywordRows !== null && keywordRows[row] === 0) continue;
    if (skip.size > 0 && skip.has(ids[row] as number)) continue;
    rows[found++] = row;
  }
  return rows.subarray(0, found);
}

/** The list's comparison (local-filter.ts): equal, none first, then `<`. */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function valueAt(columns: KeptColumns, key: ProductSortKey, row: number): SortValue {
  if ((TEXT_KEYS as readonly string[]).includes(key)) return textAt(columns.texts[key as TextKey], row);
  const number = columns.numbers[key as NumberKey][row] as number;
  return Number.isNaN(number) ? null : number;
}

/**
 * The page of `query` over the columns and the products written since they were built
 * (`written`, their records): the ids of the page in the list's order and the number of matches,
 * the answer filterProductsLocally gives over every kept product. Only the first page × size +
 * size matches are ever sorted.
 */
export function pageFromColumns(
  columns: KeptColumns,
  f: ProductFilter,
  query: ProductQuery,
  written: readonly Product[],
): { ids: number[]; total: number } {
  const writtenIds = new Set(written.map((product) => product.productId));
  const rows = matchingRows(columns, f, writtenIds);
  const writtenMatching = written.filter(productMatcher(query));
  const total = rows.length + writtenMatching.length;
  const wanted = Math.min(total, f.page * f.size + f.size);
  const key = f.sort.key;
  const direction = f.sort.direction === 'desc' ? -1 : 1;
  const ids = columns.numbers.productId;

  // Rows first, compared by the key's column; the written products are then merged in.
  const texts = (TEXT_KEYS as readonly string[]).includes(key) ? unpackTexts(columns.texts[key as TextKey]) : null;
  const numbers = texts === null ? columns.numbers[key as NumberKey] : null;
  const compareRows =
    numbers !== null
      ? (a: number, b: number) => {
          const x = numbers[a] as number;
          const y = numbers[b] as number;
          if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) {
            if (Number.isNaN(x)) return -direction;
            if (Number.isNaN(y)) return direction;
            return x < y ? -direction : direction;
          }
          return direction * ((ids[a] as number) - (ids[b] as number));
        }
      : (a: number, b: number) => direction * (compareValues(texts?.[a] ?? null, texts?.[b] ?? null) || (ids[a] as number) - (ids[b] as number));
  const firstRows = firstOf(rows, compareRows, wanted);

  let page: number[];
  if (writtenMatching.length === 0) {
    page = Array.from(firstRows, (row) => ids[row] as number);
  } else {
    const entries = [
      ...Array.from(firstRows, (row) => ({ id: ids[row] as number, value: valueAt(columns, key, row) })),
      ...writtenMatching.map((product) => ({ id: product.productId, value: sortValue(product, key) })),
    ];
    entries.sort((a, b) => direction * (compareValues(a.value, b.value) || a.id - b.id));
    page = entries.slice(0, wanted).map((entry) => entry.id);
  }
  return { ids: page.slice(f.page * f.size), total };
}

/** The first `wanted` of `rows` by `compare`, in order; all of them sorted when many are wanted. */
function firstOf(rows: Int32Array, compare: (a: number, b: number) => number, wanted: number): Int32Array {
  if (wanted <= 0) return new Int32Array(0);
  if (wanted * 16 >= rows.length) return Int32Array.from(rows).sort(compare).subarray(0, wanted);
  // Few wanted out of many: keep the best `wanted` seen so far, in order.
  const best = new Int32Array(wanted);
  let size = 0;
  for (const row of rows) {
    if (size === wanted && compare(row, best[wanted - 1] as number) >= 0) continue;
    let low = 0;
    let high = size;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(best[middle] as number, row) <= 0) low = middle + 1;
      else high = middle;
    }
    best.copyWithin(low + 1, low, size === wanted ? wanted - 1 : size);
    best[low] = row;
    if (size < wanted) size += 1;
  }
  return best.subarray(0, size);
}
