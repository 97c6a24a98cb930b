/** Suppliers, categories and family keys: loaded right after sign-in (spec, Login and Initial load). */
import { atom } from 'jotai';
import type { Category, FamilyKey, Supplier } from '../../shared/contract';
import { withAllSuppliers } from '../../shared/rules/suppliers';
import { getCategories, getFamilyKeys, getSuppliers } from '../api/reference-lists';
import { appStore } from './store';

export const suppliersAtom = atom<Supplier[]>(withAllSuppliers([]));
export const categoriesAtom = atom<Category[]>([]);
export const familyKeysAtom = atom<FamilyKey[]>([]);

/** Loads the three lists; a failure of one does not stop the others and is only logged (docs/requirements.md §8). */
export async function loadReferenceLists(store = appStore): Promise<void> {
  const [suppliers, categories, familyKeys] = await Promise.allSettled([getSuppliers(), getCategories(), getFamilyKeys()]);
  if (suppliers.status === 'fulfilled') store.set(suppliersAtom, withAllSuppliers(suppliers.value));
  else console.error('Loading suppliers failed', suppliers.reason);
  if (categories.status === 'fulfilled') store.set(categoriesAtom, categories.value);
  else console.error('Loading categories failed', categories.reason);
  if (familyKeys.status === 'fulfilled') store.set(familyKeysAtom, familyKeys.value);
  else console.error('Loading family keys failed', familyKeys.reason);
}
