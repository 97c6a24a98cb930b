/**
 * The lists the screens choose from (suppliers, categories, brands, family keys), kept on the
 * device whenever they are read online, so an offline start can still filter the product list by
 * them (docs/offline.md "Reference lists"). Each list is one record in `meta`, replaced whole: one
 * read gives a list in the server's order, and no schema version is needed. A list kept from an
 * answer with a tag (ETag) keeps the tag in the same record, so the next read can ask the server
 * whether the list is still that copy, and the tag never names other items than the ones kept.
 */
import type { KeptReferenceLists, ReferenceListName, ReferenceListTags, ReferenceLists } from '../../shared/contract';
import type { BackofficeDatabase } from './database';

export type { KeptReferenceLists, ReferenceListName, ReferenceListTags, ReferenceLists };
export const REFERENCE_LIST_NAMES: readonly ReferenceListName[] = ['suppliers', 'categories', 'brands', 'familyKeys'];

export const REFERENCE_LIST_META_PREFIX = 'referenceList:';

interface KeptList {
  items: unknown[];
  fetchedAt: number;
  tag?: string;
}

function isKeptList(value: unknown): value is KeptList {
  return typeof value === 'object' && value !== null && Array.isArray((value as KeptList).items) && typeof (value as KeptList).fetchedAt === 'number';
}

/** Keeps the lists given, each with its tag when it has one (a list left out stays as kept). */
export async function keepReferenceLists(db: BackofficeDatabase, lists: Partial<ReferenceLists>, tags: ReferenceListTags = {}, now = Date.now()): Promise<void> {
  const rows = REFERENCE_LIST_NAMES.filter((name) => lists[name] !== undefined).map((name) => {
    const tag = tags[name];
    const value: KeptList = tag === undefined ? { items: lists[name] ?? [], fetchedAt: now } : { items: lists[name] ?? [], fetchedAt: now, tag };
    return { key: `${REFERENCE_LIST_META_PREFIX}${name}`, value };
  });
  if (rows.length > 0) await db.meta.bulkPut(rows);
}

/** The lists kept on this device with their tags; a list never kept is absent. */
export async function readKeptReferenceListsWithTags(db: BackofficeDatabase): Promise<KeptReferenceLists> {
  const rows = await db.meta.bulkGet(REFERENCE_LIST_NAMES.map((name) => `${REFERENCE_LIST_META_PREFIX}${name}`));
  const lists: Partial<Record<ReferenceListName, unknown[]>> = {};
  const tags: ReferenceListTags = {};
  REFERENCE_LIST_NAMES.forEach((name, index) => {
    const value = rows[index]?.value;
    if (!isKeptList(value)) return;
    lists[name] = value.items;
    if (typeof value.tag === 'string') tags[name] = value.tag;
  });
  return { lists: lists as Partial<ReferenceLists>, tags };
}

/** The lists kept on this device; a list never kept is absent. */
export async function readKeptReferenceLists(db: BackofficeDatabase): Promise<Partial<ReferenceLists>> {
  return (await readKeptReferenceListsWithTags(db)).lists;
}
