/**
 * The search index of the products kept on the device (docs/offline.md "Reads"): fields derived
 * from each cached product and indexed in Dexie, so a list view never opened is answered offline
 * from indexes instead of reading every kept product. Pure; `database.ts` writes them on every
 * put of a product (a DBCore middleware) and the v3 upgrade fills them in for products kept before.
 *
 * - `searchWords`: every suffix of at least MIN_TOKEN letters of every title word, lower case. A
 *   keyword word is contained in the title exactly when some indexed suffix starts with it, so the
 *   index answers "title contains" (the filter's meaning, docs/products.md) and not only prefixes.
 * - `searchCodes`: EAN, SKU and supplier EAN as written (the keyword equals one of them).
 * - `filterKeys`: one key per yes/no filter and the number of images, e.g. `buyBlock:1`, `images:3`.
 */
import type { Product } from '../../shared/contract';

/** Keyword words shorter than this are not in the index (the device filters those by reading). */
export const MIN_TOKEN = 3;

export interface ProductSearchFields {
  /** 1 when passedModeration, else 0 (IndexedDB cannot index booleans). */
  moderationKey: 0 | 1;
  searchWords: string[];
  searchCodes: string[];
  filterKeys: string[];
}

export const SEARCH_FIELD_NAMES = ['moderationKey', 'searchWords', 'searchCodes', 'filterKeys'] as const;

/** The words of a text as the index splits them: runs of letters and digits, lower case. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every suffix of at least MIN_TOKEN characters of every word, each once. */
export function indexedSuffixes(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const word of words) {
    for (let start = 0; word.length - start >= MIN_TOKEN; start += 1) out.add(word.slice(start));
  }
  return [...out];
}

const bit = (value: boolean) => (value ? 1 : 0);

/** The key of one yes/no filter value in `filterKeys`. */
export function filterKey(name: FilterKeyName, value: boolean | number): string {
  return `${name}:${typeof value === 'boolean' ? bit(value) : value}`;
}
export type FilterKeyName = 'buyBlock' | 'main' | 'export' | 'changeEan' | 'description' | 'inStock' | 'images';

export function searchFieldsOf(product: Product): ProductSearchFields {
  return {
    moderationKey: product.passedModeration ? 1 : 0,
    searchWords: indexedSuffixes(wordsOf(product.title)),
    searchCodes: [...new Set([product.ean, product.sku, product.supplierEan].filter((code) => code !== ''))],
    filterKeys: [
      filterKey('buyBlock', product.buyBlock),
      filterKey('main', product.mainProduct),
      filterKey('export', product.isExportOnBol),
      filterKey('changeEan', product.isChangeEan),
      filterKey('description', product.description.trim() !== ''),
      filterKey('inStock', product.stock > 0),
      filterKey('images', product.productImages.length),
    ],
  };
}
