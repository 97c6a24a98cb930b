/**
 * The list's columns of the kept products (src/app/db/kept-columns.ts) answer every list query as
 * filtering every kept product does (filterProductsLocally): built from the catalogue, with products
 * written since they were built handed in as records, and after those writes are merged in.
 */
import { describe, expect, it } from 'vitest';
import { buildKeptColumns, combineColumns, mergeIntoColumns, pageFromColumns, type KeptColumns } from '../../src/app/db/kept-columns';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { normalizeProductQuery, type ProductQuery } from '../../src/app/db/query-key';
import type { Product } from '../../src/shared/contract';
import { readProductFilterLeniently } from '../../src/shared/product-filter';
import { seededRandom } from '../server/support/chaos-transport';
import { keptCatalogue, KEPT_QUERIES } from './support/kept-catalogue';

const PRODUCTS = keptCatalogue(400);

function answer(columns: KeptColumns, query: ProductQuery, written: readonly Product[] = []) {
  const f = readProductFilterLeniently(new URLSearchParams(normalizeProductQuery(query)));
  return pageFromColumns(columns, f, query, written);
}

function expectSame(columns: KeptColumns, catalogue: readonly Product[], query: ProductQuery, written: readonly Product[] = []) {
  const expected = filterProductsLocally(catalogue, query);
  const got = answer(columns, query, written);
  expect({ query, total: got.total, ids: got.ids }).toEqual({ query, total: expected.totalElements, ids: expected.content.map((p) => p.productId) });
}

/** `count` products of the catalogue changed in ways that move them between filters and sort places, and `added` new ones. */
function writesSince(seed: number, count: number, added: number): Product[] {
  const random = seededRandom(seed);
  const changed = Array.from({ length: count }, () => {
    const base = PRODUCTS[Math.floor(random() * PRODUCTS.length)] as Product;
    return {
      ...base,
      title: random() < 0.5 ? `Aaa boot ${base.title}` : 'zzz sock',
      sellingPrice: Math.round(random() * 10_000) / 100,
      stock: random() < 0.5 ? 0 : 7,
      brand: random() < 0.5 ? null : 'Puma',
      passedModeration: !base.passedModeration,
      description: random() < 0.5 ? '  ' : '<p>new</p>',
      supplier: { supplierId: 9, supplierName: random() < 0.5 ? 'Acme' : 'Newcomer' },
      dateUpdate: `2024-03-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}T10:00:00.000Z`,
      productImages: [],
    };
  });
  const fresh = Array.from({ length: added }, (_, n) => ({ ...(PRODUCTS[n] as Product), productId: 50_000 + n, ean: `99${n}`, sku: `NEW-${n}`, supplierEan: '', title: `Boot added ${n}` }));
  // One product written twice counts once: the last write.
  const byId = new Map<number, Product>();
  for (const product of [...changed, ...fresh]) byId.set(product.productId, product);
  return [...byId.values()];
}

function applied(catalogue: readonly Product[], written: readonly Product[]): Product[] {
  const byId = new Map(catalogue.map((product) => [product.productId, product]));
  for (const product of written) byId.set(product.productId, product);
  return [...byId.values()];
}

const QUERIES: ProductQuery[] = [
  ...KEPT_QUERIES,
  { supplierName: 'Newcomer' },
  { supplierName: 'Nobody' },
  { brand: 'Puma', stock: 'false', sort: 'title,desc' },
  { hasDescription: 'false', sort: 'dateUpdate,desc', size: '7', page: '3' },
  { keyword: 'aaa boot', sort: 'title,asc' },
  { keyword: 'NEW-3' },
  { sort: 'deliveryPrice,asc', page: '4', size: '9' },
  { sort: 'supplierEan,desc', size: '200' },
  { sort: 'dateUpdate,desc', page: '100' },
];

describe('the kept columns', () => {
  it.each(QUERIES.map((query) => [new URLSearchParams(query as Record<string, string>).toString() || '(no filter)', query] as const))(
    'answer %s as filtering every kept product does',
    (_name, query) => {
      expectSame(buildKeptColumns(PRODUCTS, 1), PRODUCTS, query);
    },
  );

  it('answer with products written since they were built, handed in as records, as filtering the catalogue as it is now does', () => {
    const columns = buildKeptColumns(PRODUCTS, 1);
    for (const seed of [1, 2, 3]) {
      const written = writesSince(seed, 60, 5);
      const now = applied(PRODUCTS, written);
      for (const query of QUERIES) expectSame(columns, now, query, written);
    }
  });

  it('give the same answers after the writes are merged in as columns built afresh', () => {
    const written = writesSince(4, 80, 10);
    const now = applied(PRODUCTS, written);
    const merged = mergeIntoColumns(buildKeptColumns(PRODUCTS, 1), written, 2);
    expect(merged.builtAt).toBe(2);
    const fresh = buildKeptColumns(now, 2);
    // The same rows (a merge keeps the names it knew in their places, so their codes may differ).
    expect(merged.numbers).toEqual(fresh.numbers);
    expect(merged.texts).toEqual(fresh.texts);
    expect(merged.flags).toEqual(fresh.flags);
    for (const name of ['supplier', 'brand', 'familyKey'] as const) {
      const named = (columns: typeof merged) => Array.from(columns.codes[name], (at) => (at < 0 ? null : columns.names[name][at]));
      expect(named(merged)).toEqual(named(fresh));
    }
    for (const query of QUERIES) expectSame(merged, now, query);
  });

  it('combine parts written one after the other: a product in several takes its row from the last', () => {
    const writes = [writesSince(5, 50, 3), writesSince(6, 50, 6), writesSince(7, 50, 0)];
    const now = writes.reduce((catalogue, written) => applied(catalogue, written), PRODUCTS);
    const combined = combineColumns([buildKeptColumns(PRODUCTS, 1), ...writes.map((written) => buildKeptColumns(written, 2))], 3);
    expect(combined.builtAt).toBe(3);
    expect(combined.numbers).toEqual(buildKeptColumns(now, 3).numbers);
    for (const query of QUERIES) expectSame(combined, now, query);
  });

  it('hold products without a value for a sort key, sorted first as the list sorts them', () => {
    const noStock = { ...(PRODUCTS[7] as Product), productId: 20_000 } as Product;
    delete (noStock as Partial<Product>).stock;
    const catalogue = [...PRODUCTS, noStock];
    const columns = buildKeptColumns(catalogue, 1);
    expectSame(columns, catalogue, { sort: 'stock,asc', size: '3' });
    expectSame(columns, catalogue, { sort: 'stock,desc', page: String(Math.ceil(catalogue.length / 3) - 1), size: '3' });
  });

  it('pick a first page out of many without sorting them all, and deep pages too', () => {
    const many = keptCatalogue(5_000);
    const columns = buildKeptColumns(many, 1);
    for (const query of [{ sort: 'title,asc', size: '50' }, { sort: 'sellingPrice,desc', page: '60', size: '50' }, { keyword: 'boot', sort: 'dateUpdate,desc' }]) {
      expectSame(columns, many, query);
    }
  });
});
