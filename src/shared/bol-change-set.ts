/**
 * Change sets of a product's Bol model (docs/offline.md "Change sets", docs/bol.md "Saving the Bol
 * model field by field"): only the attributes the person changed, each with its value when they
 * started (base) and the new value, plus the image slots as one value. The server merges a set
 * three ways with the model as it is now (PATCH /api/v1/bol/model/{productId}).
 *
 * One table (BOL_MODEL_COMPARED) says how the parts of a model are named, labelled and compared:
 * the change sets, the server's merge, the conflict views and the history all use it. Pure: no DOM,
 * no Node.
 */
import { z } from 'zod';
import { bolMediaSchema, BOL_MEDIA_SLOT_COUNT, type BolAttribute, type BolMedia, type BolModel } from './bol-contract';
import { composeChange, mayBeApplied, type FieldChange, type FieldConflict, type ConflictChoice } from './change-set';
import { text } from './safe-values';

// ---- the one table of compared parts ----

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));
const mediaKey = (media: readonly BolMedia[] | null | undefined) =>
  JSON.stringify([...(media ?? [])].sort((a, b) => a.mediaId - b.mediaId).map((slot) => [slot.mediaId, slot.value]));

/**
 * The compared parts of a Bol model. Keys are also the product history's field names
 * (`bol:<attribute id>`, `bol:media`, `bol:chunk`), so "who changed it last" reads straight from there.
 */
export const BOL_MODEL_COMPARED = {
  /** One attribute's value: text, compared trimmed ('' and null are the same). */
  attribute: {
    key: (attributeId: string) => `bol:${attributeId}`,
    label: (attribute: Pick<BolAttribute, 'attributeId' | 'attributeName'>) => attribute.attributeName || attribute.attributeId,
    same: (a: string | null | undefined, b: string | null | undefined) => trimmed(a) === trimmed(b),
  },
  /** The image slots, as one value (slot order does not matter). */
  media: {
    key: 'bol:media',
    label: 'Bol images',
    same: (a: readonly BolMedia[] | null | undefined, b: readonly BolMedia[] | null | undefined) => mediaKey(a) === mediaKey(b),
  },
  /** The Bol category (assigned online only, never part of a change set). */
  chunk: {
    key: 'bol:chunk',
    label: 'Bol category',
    same: (a: string | null | undefined, b: string | null | undefined) => trimmed(a) === trimmed(b),
  },
} as const;

/** What bol itself changes about a product (history how 'bol-update'), by history field name. */
export const BOL_UPDATE_FIELDS = {
  contentStatus: { key: 'bol:contentStatus', label: 'Content on bol' },
  offer: { key: 'bol:offer', label: 'Offer on bol' },
  published: { key: 'bol:published', label: 'Published on bol' },
} as const;

/** The history's label of a `bol:` field: the category, the image slots, what bol changed, or 'Bol: <attribute>'. */
export function bolHistoryLabel(field: string): string | null {
  if (field === BOL_MODEL_COMPARED.chunk.key) return BOL_MODEL_COMPARED.chunk.label;
  if (field === BOL_MODEL_COMPARED.media.key) return BOL_MODEL_COMPARED.media.label;
  const update = Object.values(BOL_UPDATE_FIELDS).find((entry) => entry.key === field);
  if (update) return update.label;
  return field.startsWith('bol:') ? `Bol: ${field.slice(4)}` : null;
}

/** The attribute id of a compared key (`bol:Colour` -> 'Colour'), or null for media, chunk and other keys. */
export function attributeIdOfKey(key: string): string | null {
  if (!key.startsWith('bol:') || key === BOL_MODEL_COMPARED.media.key || key === BOL_MODEL_COMPARED.chunk.key) return null;
  if (Object.values(BOL_UPDATE_FIELDS).some((entry) => entry.key === key)) return null;
  return key.slice(4);
}

// ---- the change set ----

export interface BolModelChangeSet {
  /** Changed attributes by attribute id. */
  attributes: Record<string, FieldChange<string>>;
  media?: FieldChange<BolMedia[]>;
  /** When the person made the change, on their device (ms since the epoch). */
  madeAt: number;
  /** Made while the device was offline (the history says 'offline sync'). */
  offline: boolean;
}

const attributeChange = z.object({ base: text().max(10_000), value: text().max(10_000), via: z.array(text().max(10_000)).max(20).optional() }).strict();
const mediaList = z.array(bolMediaSchema).max(BOL_MEDIA_SLOT_COUNT);

/** The body of PATCH /api/v1/bol/model/{productId}. */
export const bolModelChangeSetSchema = z
  .object({
    attributes: z.record(text().min(1).max(100), attributeChange).refine((value) => Object.keys(value).length <= 500, 'at most 500 attributes'),
    media: z.object({ base: mediaList, value: mediaList, via: z.array(mediaList).max(20).optional() }).strict().optional(),
    madeAt: z.number().int().nonnegative(),
    offline: z.boolean(),
  })
  .strict();

/** The 409 answer of PATCH /api/v1/bol/model/{productId}: nothing was written. */
export interface BolModelChangeConflict {
  message: string;
  conflicts: FieldConflict[];
  /** The model as it is now. */
  model: BolModel;
}

export function isBolModelChangeConflict(value: unknown): value is BolModelChangeConflict {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as BolModelChangeConflict).conflicts) &&
    typeof (value as BolModelChangeConflict).model === 'object' &&
    (value as BolModelChangeConflict).model !== null
  );
}

export function isEmptyBolChangeSet(set: Pick<BolModelChangeSet, 'attributes' | 'media'>): boolean {
  return Object.keys(set.attributes).length === 0 && set.media === undefined;
}

const valueOf = (model: BolModel, attributeId: string) => model.attributeData.find((attribute) => attribute.attributeId === attributeId)?.value ?? '';

/** What changed from `before` to `after` (two versions of one product's Bol model on this device). */
export function buildBolChangeSet(before: BolModel, after: BolModel, madeAt: number, offline: boolean): BolModelChangeSet {
  const { attribute, media } = BOL_MODEL_COMPARED;
  const attributes: Record<string, FieldChange<string>> = {};
  for (const changed of after.attributeData) {
    const base = valueOf(before, changed.attributeId);
    if (!attribute.same(base, changed.value)) attributes[changed.attributeId] = { base, value: changed.value ?? '' };
  }
  const set: BolModelChangeSet = { attributes, madeAt, offline };
  if (!media.same(before.mediaData, after.mediaData)) set.media = { base: before.mediaData, value: after.mediaData };
  return set;
}

/** Two consecutive change sets of one person on one Bol model as one. */
export function composeBolChangeSets(first: BolModelChangeSet, second: BolModelChangeSet, firstMayBeApplied = false): BolModelChangeSet {
  const { attribute, media } = BOL_MODEL_COMPARED;
  const attributes: Record<string, FieldChange<string>> = firstMayBeApplied
    ? Object.fromEntries(Object.entries(first.attributes).map(([id, change]) => [id, mayBeApplied(change, attribute.same)]))
    : { ...first.attributes };
  for (const [id, change] of Object.entries(second.attributes)) {
    const earlier = attributes[id];
    const composed = earlier ? composeChange(earlier, change, attribute.same, firstMayBeApplied) : change;
    if (composed) attributes[id] = composed;
    else delete attributes[id];
  }
  const set: BolModelChangeSet = { attributes, madeAt: second.madeAt, offline: first.offline || second.offline };
  const firstMedia = first.media && firstMayBeApplied ? mayBeApplied(first.media, media.same) : first.media;
  const mediaChange = firstMedia && second.media ? composeChange(firstMedia, second.media, media.same, firstMayBeApplied) : (firstMedia ?? second.media ?? null);
  if (mediaChange) set.media = mediaChange;
  return set;
}

/** The model with the set's new values applied (how this device shows a waiting change). */
export function applyBolChangeSet(model: BolModel, set: Pick<BolModelChangeSet, 'attributes' | 'media'>): BolModel {
  return {
    ...model,
    attributeData: model.attributeData.map((attribute) => {
      const change = set.attributes[attribute.attributeId];
      return change ? { ...attribute, value: change.value } : attribute;
    }),
    mediaData: set.media ? set.media.value : model.mediaData,
  };
}

/**
 * The set after the person chose per conflicting part: 'mine' keeps my value with theirs as the new
 * base (written over theirs, and only that part); 'theirs' drops my change of it.
 */
export function settleBolConflicts(set: BolModelChangeSet, conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>): BolModelChangeSet {
  const attributes = { ...set.attributes };
  let mediaChange = set.media;
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? 'mine';
    if (conflict.field === BOL_MODEL_COMPARED.media.key) {
      if (!mediaChange) continue;
      mediaChange = choice === 'theirs' ? undefined : { base: (conflict.theirs as BolMedia[] | null) ?? [], value: mediaChange.value };
      continue;
    }
    const id = attributeIdOfKey(conflict.field);
    const change = id === null ? undefined : attributes[id];
    if (id === null || !change) continue;
    if (choice === 'theirs') delete attributes[id];
    else attributes[id] = { base: typeof conflict.theirs === 'string' ? conflict.theirs : '', value: change.value };
  }
  const settled: BolModelChangeSet = { attributes, madeAt: set.madeAt, offline: set.offline };
  if (mediaChange) settled.media = mediaChange;
  return settled;
}

// ---- the merge (the server's; pure) ----

export type BolMergeConflict = Omit<FieldConflict, 'changedBy' | 'changedAt'>;

export interface BolMergeResult {
  /** New values by attribute id. */
  writes: Record<string, string>;
  /** The new image slots, or undefined to keep them. */
  media?: BolMedia[];
  conflicts: BolMergeConflict[];
}

type Verdict = 'write' | 'same' | 'conflict';

function verdict<T>(current: T, change: FieldChange<T>, same: (a: T, b: T) => boolean): Verdict {
  if (same(current, change.value)) return 'same';
  if (same(current, change.base) || (change.via ?? []).some((value) => same(current, value))) return 'write';
  return 'conflict';
}

/**
 * Per attribute: now equal to the base (or to a value this person's own earlier attempt wrote) ->
 * my value is written; now equal to mine -> nothing to do; else a conflict. Attributes not in the
 * set are never touched. An attribute the model does not have is left to the caller to refuse.
 */
export function mergeBolChangeSet(current: Pick<BolModel, 'attributeData' | 'mediaData'>, set: Pick<BolModelChangeSet, 'attributes' | 'media'>): BolMergeResult {
  const { attribute, media } = BOL_MODEL_COMPARED;
  const result: BolMergeResult = { writes: {}, conflicts: [] };
  for (const [id, change] of Object.entries(set.attributes)) {
    const now = current.attributeData.find((candidate) => candidate.attributeId === id);
    if (!now) continue;
    const outcome = verdict(now.value ?? '', change, attribute.same);
    if (outcome === 'write') result.writes[id] = change.value;
    else if (outcome === 'conflict') result.conflicts.push({ field: attribute.key(id), label: attribute.label(now), base: change.base, mine: change.value, theirs: now.value ?? '' });
  }
  if (set.media) {
    const outcome = verdict<readonly BolMedia[]>(current.mediaData, set.media, media.same);
    if (outcome === 'write') result.media = set.media.value;
    else if (outcome === 'conflict') result.conflicts.push({ field: media.key, label: media.label, base: set.media.base, mine: set.media.value, theirs: current.mediaData });
  }
  return result;
}
