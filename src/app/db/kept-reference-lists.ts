/**
 * The lists the screens choose from (suppliers, categories, brands, family keys), kept on the
 * device whenever they are read online, so an offline start can still filter the product list by
 * them (docs/offline.md "Reference lists"). Each list is one record in `meta`, replaced whole: one
 * read gives a list in the server's order, and no schema version is needed.
 */
import type { ReferenceLists } from '../../shared/contract';
import type { BackofficeDatabase } from './database';

export type { ReferenceLists };

export type ReferenceListName = keyof ReferenceLists;
export const REFERENCE_LIST_NAMES: readonly ReferenceListName[] = ['suppliers', 'categories', 'brands', 'familyKeys'];

export const REFERENCE_LIST_META_PREFIX = 'referenceList:';

interface KeptList {
  items: unknown[];
  fetchedAt: number;
}

function isKeptList(value: unknown): value is KeptList {
  return typeof value === 'object' && value !== null && Array.isArray((value as KeptList).items) && typeof (value as KeptList).fetchedAt === 'number';
}

/** Keeps the lists given (a list left out stays as kept). */
export async function keepReferenceLists(db: BackofficeDatabase, lists: Partial<ReferenceLists>, now = Date.now()): Promise<void> {
  const rows = REFERENCE_LIST_NAMES.filter((name) => lists[name] !== undefined).map((name) => ({ key: `${REFERENCE_LIST_META_PREFIX}${name}`, value: { items: lists[name], fetchedAt: now } }));
  if (rows.length > 0) await db.meta.bulkPut(rows);
}

/** The lists kept on this device; a list never kept is absent. */
export async function readKeptReferenceLists(db: BackofficeDatabase): Promise<Partial<ReferenceLists>> {
  const rows = await db.meta.bulkGet(REFERENCE_LIST_NAMES.map((name) => `${REFERENCE_LIST_META_PREFIX}${name}`));
  const kept: Partial<Record<ReferenceListName, unknown[]>> = {};
  REFERENCE_LIST_NAMES.forEach((name, index) => {
    const value = rows[index]?.value;
    if (isKeptList(value)) kept[name] = value.items;
  });
  return kept as Partial<ReferenceLists>;
}
