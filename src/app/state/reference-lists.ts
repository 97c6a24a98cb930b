/**
 * Suppliers, categories, brands and family keys: loaded right after sign-in (spec, Login and
 * Initial load), kept on the device when read, and taken from the device when the server gives no
 * list (offline) or says that the kept copy is still the list (its tag; docs/offline.md
 * "Reference lists").
 */
import { atom } from 'jotai';
import type { Brand, Category, FamilyKey, KeptReferenceLists, ReferenceListName, ReferenceListTags, ReferenceLists, Supplier } from '../../shared/contract';
import { withAllSuppliers } from '../../shared/rules/suppliers';
import { getBrands, getCategories, getFamilyKeys, getSuppliers, type ListAnswer } from '../api/reference-lists';
import { appStore } from './store';

/** Where the lists are kept on the device: given by the app's root (main.tsx), which may load Dexie. */
export interface KeptListsPlace {
  read(): Promise<KeptReferenceLists>;
  keep(lists: Partial<ReferenceLists>, tags: ReferenceListTags): Promise<void>;
}

const NOTHING_KEPT: KeptReferenceLists = { lists: {}, tags: {} };
const NOWHERE: KeptListsPlace = { read: async () => NOTHING_KEPT, keep: async () => undefined };
let keptListsPlace: KeptListsPlace = NOWHERE;

/** Sets where loadReferenceLists keeps and finds the lists (once, at the start). */
export function keepReferenceListsIn(place: KeptListsPlace): void {
  keptListsPlace = place;
}

export const suppliersAtom = atom<Supplier[]>(withAllSuppliers([]));
export const categoriesAtom = atom<Category[]>([]);
export const brandsAtom = atom<Brand[]>([]);
export const familyKeysAtom = atom<FamilyKey[]>([]);

type Fetched = { [K in ReferenceListName]: PromiseSettledResult<ListAnswer<ReferenceLists[K][number]>> };

/**
 * The four lists from the server, each answered or failed on its own. A list with a kept tag is
 * asked for only if it changed since that copy.
 */
export async function fetchReferenceLists(keptTags: ReferenceListTags = {}): Promise<Fetched> {
  const [suppliers, categories, brands, familyKeys] = await Promise.allSettled([
    getSuppliers(keptTags.suppliers),
    getCategories(keptTags.categories),
    getBrands(keptTags.brands),
    getFamilyKeys(keptTags.familyKeys),
  ]);
  return { suppliers, categories, brands, familyKeys };
}

/**
 * Per list, what to show and what to keep on the device (with its tag): the server's new answer
 * (kept); the kept copy when the server says it is unchanged, or when the server gave no answer;
 * nothing for that list when none is kept. Pure.
 */
export function chooseReferenceLists(
  fetched: Fetched,
  kept: Partial<ReferenceLists>,
): { shown: Partial<ReferenceLists>; keep: Partial<ReferenceLists>; tags: ReferenceListTags } {
  const shown: Partial<Record<ReferenceListName, unknown[]>> = {};
  const keep: Partial<Record<ReferenceListName, unknown[]>> = {};
  const tags: ReferenceListTags = {};
  for (const name of Object.keys(fetched) as ReferenceListName[]) {
    const answer = fetched[name];
    if (answer.status === 'fulfilled' && answer.value.kind === 'new') {
      shown[name] = answer.value.items;
      keep[name] = answer.value.items;
      if (answer.value.tag !== null) tags[name] = answer.value.tag;
    } else if (kept[name] !== undefined) {
      shown[name] = kept[name];
    }
  }
  return { shown: shown as Partial<ReferenceLists>, keep: keep as Partial<ReferenceLists>, tags };
}

function show(store: typeof appStore, lists: Partial<ReferenceLists>): void {
  if (lists.suppliers) store.set(suppliersAtom, withAllSuppliers(lists.suppliers));
  if (lists.categories) store.set(categoriesAtom, lists.categories);
  if (lists.brands) store.set(brandsAtom, lists.brands);
  if (lists.familyKeys) store.set(familyKeysAtom, lists.familyKeys);
}

/**
 * Loads the four lists; a failure of one does not stop the others and is only logged
 * (docs/requirements.md §8): that list comes from the device when one is kept. A kept list is
 * asked for with its tag, and shown from the device when the server answers that it is unchanged.
 */
export async function loadReferenceLists(store = appStore, place: KeptListsPlace = keptListsPlace): Promise<void> {
  const kept = await place.read().catch(() => NOTHING_KEPT);
  const fetched = await fetchReferenceLists(kept.tags);
  const failed = (Object.keys(fetched) as ReferenceListName[]).filter((name) => fetched[name].status === 'rejected');
  for (const name of failed) console.error(`Loading ${name} failed`, (fetched[name] as PromiseRejectedResult).reason);
  const chosen = chooseReferenceLists(fetched, kept.lists);
  show(store, chosen.shown);
  if (Object.keys(chosen.keep).length > 0) {
    await place.keep(chosen.keep, chosen.tags).catch((error: unknown) => console.error('Keeping the lists on the device failed', error));
  }
}
