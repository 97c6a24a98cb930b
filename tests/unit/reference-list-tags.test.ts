// @vitest-environment jsdom
/**
 * The reference lists are asked for with the tag of the copy kept on the device, and shown from the
 * device when the server answers that the copy is still the list (304), so a tablet does not
 * download a catalogue's tens of thousands of family keys at every start (docs/offline.md
 * "Reference lists"). The server is a stubbed fetch; the device is Dexie on fake IndexedDB.
 */
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { keepReferenceLists, readKeptReferenceListsWithTags, type ReferenceLists } from '../../src/app/db/kept-reference-lists';
import { brandsAtom, categoriesAtom, chooseReferenceLists, familyKeysAtom, loadReferenceLists, suppliersAtom, type KeptListsPlace } from '../../src/app/state/reference-lists';
import { openTestDatabase } from './support/offline-fakes';

const LISTS: ReferenceLists = {
  suppliers: [{ supplierId: 1, supplierName: 'Stride Shoes', supplierUrlFeed: '', inProgress: false }],
  categories: [{ categoryId: 3, categoryName: 'Shoes' }],
  brands: [{ brandId: 4, brandName: 'Stride' }],
  familyKeys: ['COURT', 'TOTE'],
};
const PATHS: Record<keyof ReferenceLists, string> = {
  suppliers: '/api/v1/supplier',
  categories: '/api/v1/categories',
  brands: '/api/v1/brands',
  familyKeys: '/api/v1/family',
};

/** A server holding `lists`, each tagged `W/"<name>-<version>"`; it records the If-None-Match of each call. */
function stubServer(lists: ReferenceLists, versions: Partial<Record<keyof ReferenceLists, number>> = {}) {
  const asked: { path: string; ifNoneMatch: string | null }[] = [];
  const tagOf = (name: keyof ReferenceLists) => `W/"${name}-${versions[name] ?? 1}"`;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const ifNoneMatch = new Headers(init?.headers).get('If-None-Match');
    asked.push({ path, ifNoneMatch });
    const name = (Object.keys(PATHS) as (keyof ReferenceLists)[]).find((key) => PATHS[key] === path);
    if (!name) return Promise.resolve(new Response('{"message":"Not found"}', { status: 404, headers: { 'Content-Type': 'application/json' } }));
    const tag = tagOf(name);
    if (ifNoneMatch === tag) return Promise.resolve(new Response(null, { status: 304, headers: { ETag: tag } }));
    return Promise.resolve(new Response(JSON.stringify(lists[name]), { status: 200, headers: { 'Content-Type': 'application/json', ETag: tag } }));
  });
  return asked;
}

function placeOn(db: BackofficeDatabase): KeptListsPlace {
  return { read: () => readKeptReferenceListsWithTags(db), keep: (lists, tags) => keepReferenceLists(db, lists, tags) };
}

function shownIn(store: ReturnType<typeof createStore>) {
  return { suppliers: store.get(suppliersAtom), categories: store.get(categoriesAtom), brands: store.get(brandsAtom), familyKeys: store.get(familyKeysAtom) };
}

let db: BackofficeDatabase;
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

describe('reference lists asked for with the kept copy’s tag', () => {
  it('keeps each list with its tag, then asks with that tag and shows the kept copy on 304', async () => {
    db = openTestDatabase();
    const first = stubServer(LISTS);
    const store = createStore();
    await loadReferenceLists(store, placeOn(db));
    expect(first.every((call) => call.ifNoneMatch === null)).toBe(true);
    expect((await readKeptReferenceListsWithTags(db)).tags).toEqual({ suppliers: 'W/"suppliers-1"', categories: 'W/"categories-1"', brands: 'W/"brands-1"', familyKeys: 'W/"familyKeys-1"' });
    const keptAt = (await db.meta.get('referenceList:familyKeys'))?.value as { fetchedAt: number };

    // The next start: the family keys are unchanged, the brands changed on the server.
    const brandsNow = [{ brandId: 4, brandName: 'Stride' }, { brandId: 5, brandName: 'Terra' }];
    const second = stubServer({ ...LISTS, brands: brandsNow, familyKeys: ['NOT', 'SENT'] }, { brands: 2 });
    const later = createStore();
    await loadReferenceLists(later, placeOn(db));
    expect(second.find((call) => call.path === PATHS.familyKeys)?.ifNoneMatch).toBe('W/"familyKeys-1"');
    expect(second.find((call) => call.path === PATHS.brands)?.ifNoneMatch).toBe('W/"brands-1"');
    expect(shownIn(later).familyKeys).toEqual(LISTS.familyKeys);
    expect(shownIn(later).brands).toEqual(brandsNow);
    expect(shownIn(later).categories).toEqual(LISTS.categories);
    const kept = await readKeptReferenceListsWithTags(db);
    expect(kept.lists.brands).toEqual(brandsNow);
    expect(kept.tags.brands).toBe('W/"brands-2"');
    // An unchanged list is not written again.
    expect(((await db.meta.get('referenceList:familyKeys'))?.value as { fetchedAt: number }).fetchedAt).toBe(keptAt.fetchedAt);
  });

  it('asks without a tag for a list kept without one (kept before lists had tags), and keeps the answer’s tag', async () => {
    db = openTestDatabase();
    await keepReferenceLists(db, LISTS);
    const asked = stubServer(LISTS);
    await loadReferenceLists(createStore(), placeOn(db));
    expect(asked.map((call) => call.ifNoneMatch)).toEqual([null, null, null, null]);
    expect((await readKeptReferenceListsWithTags(db)).tags.familyKeys).toBe('W/"familyKeys-1"');
  });

  it('a list kept again without a tag loses the old one, so a tag never names other items', async () => {
    db = openTestDatabase();
    await keepReferenceLists(db, LISTS, { familyKeys: 'W/"familyKeys-1"' });
    await keepReferenceLists(db, { familyKeys: ['OTHER'] });
    const kept = await readKeptReferenceListsWithTags(db);
    expect(kept.lists.familyKeys).toEqual(['OTHER']);
    expect(kept.tags.familyKeys).toBeUndefined();
  });

  it('shows the kept copy for an unchanged list and keeps only new answers, with their tags', () => {
    const unchanged = { status: 'fulfilled', value: { kind: 'unchanged' } } as const;
    const { shown, keep, tags } = chooseReferenceLists(
      { suppliers: unchanged, categories: { status: 'fulfilled', value: { kind: 'new', items: [], tag: 'W/"c"' } }, brands: { status: 'rejected', reason: new Error('offline') }, familyKeys: unchanged },
      { suppliers: LISTS.suppliers, brands: LISTS.brands },
    );
    expect(shown).toEqual({ suppliers: LISTS.suppliers, categories: [], brands: LISTS.brands });
    expect(keep).toEqual({ categories: [] });
    expect(tags).toEqual({ categories: 'W/"c"' });
  });
});
