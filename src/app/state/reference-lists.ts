/**
 * Suppliers, categories, brands and family keys: loaded right after sign-in (spec, Login and
 * Initial load), kept on the device when read, and taken from the device when the server gives no
 * list (offline; docs/offline.md "Reference lists").
 */
import { atom } from 'jotai';
import type { Brand, Category, FamilyKey, ReferenceLists, Supplier } from '../../shared/contract';
import { withAllSuppliers } from '../../shared/rules/suppliers';
import { getBrands, getCategories, getFamilyKeys, getSuppliers } from '../api/reference-lists';
import { appStore } from './store';

type ReferenceListName = keyof ReferenceLists;

/** Where the lists are kept on the device: given by the app's root (main.tsx), which may load Dexie. */
export interface KeptListsPlace {
  read(): Promise<Partial<ReferenceLists>>;
  keep(lists: Partial<ReferenceLists>): Promise<void>;
}

const NOWHERE: KeptListsPlace = { read: async () => ({}), keep: async () => undefined };
let keptListsPlace: KeptListsPlace = NOWHERE;

/** Sets where loadReferenceLists keeps and finds the lists (once, at the start). */
export function keepReferenceListsIn(place: KeptListsPlace): void {
  keptListsPlace = place;
}

export const suppliersAtom = atom<Supplier[]>(withAllSuppliers([]));
export const categoriesAtom = atom<Category[]>([]);
export const brandsAtom = atom<Brand[]>([]);
export const familyKeysAtom = atom<FamilyKey[]>([]);

type Fetched = { [K in ReferenceListName]: PromiseSettledResult<ReferenceLists[K]> };

/** The four lists from the server, each answered or failed on its own. */
export async function fetchReferenceLists(): Promise<Fetched> {
  const [suppliers, categories, brands, familyKeys] = await Promise.allSettled([getSuppliers(), getCategories(), getBrands(), getFamilyKeys()]);
  return { suppliers, categories, brands, familyKeys };
}

/**
 * Per list, what to show and what to keep on the device: the server's answer (kept), or, when it
 * failed, the kept copy (or nothing when none is kept). Pure.
 */
export function chooseReferenceLists(fetched: Fetched, kept: Partial<ReferenceLists>): { shown: Partial<ReferenceLists>; keep: Partial<ReferenceLists> } {
  const shown: Partial<Record<ReferenceListName, unknown[]>> = {};
  const keep: Partial<Record<ReferenceListName, unknown[]>> = {};
  for (const name of Object.keys(fetched) as ReferenceListName[]) {
    const answer = fetched[name];
    if (answer.status === 'fulfilled') {
      shown[name] = answer.value;
      keep[name] = answer.value;
    } else if (kept[name] !== undefined) {
      shown[name] = kept[name];
    }
  }
  return { shown: shown as Partial<ReferenceLists>, keep: keep as Partial<ReferenceLists> };
}

function show(store: typeof appStore, lists: Partial<ReferenceLists>): void {
  if (lists.suppliers) store.set(suppliersAtom, withAllSuppliers(lists.suppliers));
  if (lists.categories) store.set(categoriesAtom, lists.categories);
  if (lists.brands) store.set(brandsAtom, lists.brands);
  if (lists.familyKeys) store.set(familyKeysAtom, lists.familyKeys);
}

/**
 * Loads the four lists; a failure of one does not stop the others and is only logged
 * (docs/requirements.md §8): that list comes from the device when one is kept.
 */
export async function loadReferenceLists(store = appStore, place: KeptListsPlace = keptListsPlace): Promise<void> {
  const fetched = await fetchReferenceLists();
  const failed = (Object.keys(fetched) as ReferenceListName[]).filter((name) => fetched[name].status === 'rejected');
  for (const name of failed) console.error(`Loading ${name} failed`, (fetched[name] as PromiseRejectedResult).reason);
  const kept = failed.length > 0 ? await place.read().catch(() => ({})) : {};
  const chosen = chooseReferenceLists(fetched, kept);
  show(store, chosen.shown);
  if (Object.keys(chosen.keep).length > 0) {
    await place.keep(chosen.keep).catch((error: unknown) => console.error('Keeping the lists on the device failed', error));
  }
}
