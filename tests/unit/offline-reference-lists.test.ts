/**
 * The lists the product list's filters choose from, kept on the device (fake IndexedDB): kept when
 * read online and by "Make available offline", read back after the database is opened again, and
 * used when the server gives no list (docs/offline.md "Reference lists").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fromCachedProduct, toCachedProduct, type BackofficeDatabase } from '../../src/app/db/database';
import { keepReferenceLists, readKeptReferenceLists, readKeptReferenceListsWithTags, type ReferenceLists } from '../../src/app/db/kept-reference-lists';
import { filterProductsLocally } from '../../src/app/db/local-filter';
import { runOfflineDownload } from '../../src/app/sync/offline-download';
import { chooseReferenceLists } from '../../src/app/state/reference-lists';
import { makeProduct, openTestDatabase, testDatabaseName } from './support/offline-fakes';

const LISTS: ReferenceLists = {
  suppliers: [
    { supplierId: 1, supplierName: 'Stride Shoes', supplierUrlFeed: '', inProgress: false },
    { supplierId: 2, supplierName: 'Terra Bags', supplierUrlFeed: '', inProgress: false },
  ],
  categories: [{ categoryId: 3, categoryName: 'Shoes' }],
  brands: [{ brandId: 4, brandName: 'Stride' }],
  familyKeys: ['COURT', 'TOTE'],
};

const noConnection = new Error('No connection to the server');
const offline = { status: 'rejected', reason: noConnection } as const;
const answered = <T>(items: T[]) => ({ status: 'fulfilled', value: { kind: 'new', items, tag: null } }) as const;

let db: BackofficeDatabase;
afterEach(async () => {
  await db.delete();
});

describe('kept reference lists', () => {
  it('are read back from the device after it is opened again, in the server’s order', async () => {
    const name = testDatabaseName();
    db = openTestDatabase(name);
    expect(await readKeptReferenceLists(db)).toEqual({});
    await keepReferenceLists(db, LISTS);
    db.close();
    db = openTestDatabase(name);
    expect(await readKeptReferenceLists(db)).toEqual(LISTS);
  });

  it('replace only the lists given', async () => {
    db = openTestDatabase();
    await keepReferenceLists(db, LISTS);
    await keepReferenceLists(db, { brands: [{ brandId: 5, brandName: 'Terra' }] });
    expect(await readKeptReferenceLists(db)).toEqual({ ...LISTS, brands: [{ brandId: 5, brandName: 'Terra' }] });
  });

  it('are shown when the server gives none, and the device’s products filter by them', async () => {
    db = openTestDatabase();
    await keepReferenceLists(db, LISTS);
    const { shown, keep } = chooseReferenceLists({ suppliers: offline, categories: offline, brands: offline, familyKeys: offline }, await readKeptReferenceLists(db));
    expect(shown).toEqual(LISTS);
    expect(keep).toEqual({});
    // The supplier chosen from the kept list narrows the kept products to that supplier's.
    await db.products.bulkPut(
      [1, 2, 3].map((productId) => toCachedProduct(makeProduct({ productId, supplier: LISTS.suppliers[productId === 2 ? 1 : 0]! }))),
    );
    const chosen = shown.suppliers?.[1]?.supplierName ?? '';
    const page = filterProductsLocally((await db.products.toArray()).map(fromCachedProduct), { supplierName: chosen, page: '0', size: '20' });
    expect(page.content.map((product) => product.productId)).toEqual([2]);
  });

  it('take the server’s answer over the kept copy, per list, and keep what it answered', () => {
    const fresh = [{ categoryId: 8, categoryName: 'Boots' }];
    const { shown, keep } = chooseReferenceLists({ suppliers: offline, categories: answered(fresh), brands: offline, familyKeys: answered([]) }, { suppliers: LISTS.suppliers });
    expect(shown).toEqual({ suppliers: LISTS.suppliers, categories: fresh, familyKeys: [] });
    expect(keep).toEqual({ categories: fresh, familyKeys: [] });
  });

  it('are kept by "Make available offline" once its download reaches the end', async () => {
    db = openTestDatabase();
    const transport = {
      changes: async () => ({ products: [makeProduct({ productId: 1 })], cursor: 'c1', hasMore: false }),
      referenceLists: async () => ({ lists: LISTS, tags: { familyKeys: 'W/"keys-1"' } }),
    };
    await runOfflineDownload({ db, transport }, 'All');
    expect(await readKeptReferenceLists(db)).toEqual(LISTS);
    // With the tags they were answered with: the next start asks whether they changed.
    expect((await readKeptReferenceListsWithTags(db)).tags).toEqual({ familyKeys: 'W/"keys-1"' });
  });
});
