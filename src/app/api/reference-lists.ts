/**
 * The four lists the screens choose from. Each answer carries the server's tag of its content; a
 * read that names the tag of the copy kept on the device gets `unchanged` (304, no body) while the
 * list is still that copy (docs/offline.md "Reference lists").
 */
import type { Brand, Category, FamilyKey, Supplier } from '../../shared/contract';
import { apiFetchIfChanged, apiFetchWithHeaders } from './client';

/** A list read: its items and tag, or `unchanged` when it is still the copy whose tag was sent. */
export type ListAnswer<T> = { kind: 'new'; items: T[]; tag: string | null } | { kind: 'unchanged' };

async function readList<T>(path: string, keptTag: string | undefined): Promise<ListAnswer<T>> {
  if (keptTag !== undefined) {
    const changed = await apiFetchIfChanged<T[]>(path, keptTag);
    return changed === null ? { kind: 'unchanged' } : { kind: 'new', items: changed.data, tag: changed.etag };
  }
  const { data, headers } = await apiFetchWithHeaders<T[]>(path);
  return { kind: 'new', items: data, tag: headers.get('ETag') };
}

export const getSuppliers = (keptTag?: string) => readList<Supplier>('/api/v1/supplier', keptTag);
export const getCategories = (keptTag?: string) => readList<Category>('/api/v1/categories', keptTag);
export const getBrands = (keptTag?: string) => readList<Brand>('/api/v1/brands', keptTag);
export const getFamilyKeys = (keptTag?: string) => readList<FamilyKey>('/api/v1/family', keptTag);
