/**
 * Change sets of a product's Bol model (docs/offline.md "Change sets", docs/bol.md "Saving the Bol
 * model field by field"): only the attributes the person changed, each with its value when they
 * started (base) and the new value, plus the image slots as one value. The server merges a set
 * three ways with the model as it is now (PATCH /api/v1/bol/model/{productId}).
 *
 * One table (BOL_MODEL_COMPARED) says how the parts of a model are named, labelled and compared:
 * the change sets, the merge (change-set-merge.ts), the conflict views and the history all use it;
 * `BOL_ATTRIBUTES` gives the attributes to the field-diff algebra (field-diff.ts), which builds,
 * composes, applies and settles them as it does a product's fields. Pure: no DOM, no Node.
 */
import { z } from 'zod';
import { bolMediaSchema, BOL_MEDIA_SLOT_COUNT, type BolAttribute, type BolMedia, type BolModel } from './bol-contract';
import {
  applyFields,
  composeFields,
  composeOptionalChange,
  conflictingFields,
  diffConflictKeys,
  diffFields,
  isConflictAnswerWith,
  isEmptyDiff,
  settleChange,
  settleFields,
  type ConflictAnswer,
  type ConflictChoice,
  type FieldChange,
  type FieldConflict,
  type RecordFields,
} from './field-diff';
import { CHANGE_SET_ENVELOPE } from './change-set';
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
  // What the offer sync sent (docs/bol.md, "Offers follow the catalogue"): "Offer on bol: price € 19,95 → € 18,95".
  offerStatus: { key: 'bol:offer:status', label: 'Offer on bol' },
  offerPrice: { key: 'bol:offer:price', label: 'Offer on bol: price' },
  offerStock: { key: 'bol:offer:stock', label: 'Offer on bol: stock' },
  offerDetails: { key: 'bol:offer:details', label: 'Offer on bol: details' },
} as const;

type BolUpdateName = keyof typeof BOL_UPDATE_FIELDS;

/**
 * The History tab's names of bol's fields, English (the tab passes them in the language shown:
 * `productHistoryMessages.bolFields`). An attribute is named by its id, bol's own word.
 */
export type BolHistoryLabels = Record<'chunk' | 'media' | BolUpdateName, string> & { attribute: (attributeId: string) => string };

export const BOL_HISTORY_LABELS: BolHistoryLabels = {
  chunk: BOL_MODEL_COMPARED.chunk.label,
  media: BOL_MODEL_COMPARED.media.label,
  ...(Object.fromEntries(Object.entries(BOL_UPDATE_FIELDS).map(([name, entry]) => [name, entry.label])) as Record<BolUpdateName, string>),
  attribute: (attributeId) => `Bol: ${attributeId}`,
};

/** The history's label of a `bol:` field in `words`: the category, the image slots, what bol changed, or 'Bol: <attribute>'. */
export function bolHistoryLabel(field: string, words: BolHistoryLabels = BOL_HISTORY_LABELS): string | null {
  if (field === BOL_MODEL_COMPARED.chunk.key) return words.chunk;
  if (field === BOL_MODEL_COMPARED.media.key) return words.media;
  const update = (Object.keys(BOL_UPDATE_FIELDS) as BolUpdateName[]).find((name) => BOL_UPDATE_FIELDS[name].key === field);
  if (update) return words[update];
  return field.startsWith('bol:') ? words.attribute(field.slice(4)) : null;
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

/** The body of PATCH /api/v1/bol/model/{productId}; its `protocol` (src/shared/write-protocol.ts) is checked before it. */
export const bolModelChangeSetSchema = z
  .object({
    attributes: z.record(text().min(1).max(100), attributeChange).refine((value) => Object.keys(value).length <= 500, 'at most 500 attributes'),
    media: z.object({ base: mediaList, value: mediaList, via: z.array(mediaList).max(20).optional() }).strict().optional(),
    ...CHANGE_SET_ENVELOPE,
  })
  .strict();

/** The 409 answer of PATCH /api/v1/bol/model/{productId}, with the model as it is now (after the rest of the set was written); `written` by `bolChangeSetKeys`. */
export interface BolModelChangeConflict extends ConflictAnswer {
  model: BolModel;
}

export function isBolModelChangeConflict(value: unknown): value is BolModelChangeConflict {
  return isConflictAnswerWith(value, 'model');
}

export function isEmptyBolChangeSet(set: Pick<BolModelChangeSet, 'attributes' | 'media'>): boolean {
  return isEmptyDiff(set.attributes) && set.media === undefined;
}

/** What the algebra reads of a model: its attributes' ids, names and values (a 412 body's model too). */
export interface BolAttributeValues {
  attributeData: readonly { attributeId: string; attributeName?: string; value: string | null }[];
}

const attributeOf = (model: BolAttributeValues, attributeId: string) => model.attributeData.find((attribute) => attribute.attributeId === attributeId);

/** A model's attributes as the field-diff algebra sees them: keyed by attribute id, compared and named by BOL_MODEL_COMPARED. */
export const BOL_ATTRIBUTES: RecordFields<BolAttributeValues, string> = {
  keys: (_before, after) => after.attributeData.map((attribute) => attribute.attributeId),
  has: (model, attributeId) => attributeOf(model, attributeId) !== undefined,
  read: (model, attributeId) => attributeOf(model, attributeId)?.value ?? '',
  write: (model, values) => ({
    ...model,
    attributeData: model.attributeData.map((attribute) => {
      const value = values[attribute.attributeId];
      return typeof value === 'string' ? { ...attribute, value } : attribute;
    }),
  }),
  same: (_attributeId, a, b) => BOL_MODEL_COMPARED.attribute.same(a as string | null, b as string | null),
  conflictKey: (attributeId) => BOL_MODEL_COMPARED.attribute.key(attributeId),
  keyOfConflict: attributeIdOfKey,
  label: (model, attributeId) => {
    const attribute = attributeOf(model, attributeId);
    return BOL_MODEL_COMPARED.attribute.label({ attributeId, attributeName: attribute?.attributeName ?? '' });
  },
  asBase: (_attributeId, theirs) => (typeof theirs === 'string' ? theirs : ''),
};

type Attributes = BolModelChangeSet['attributes'];

/** What changed from `before` to `after` (two versions of one product's Bol model on this device). */
export function buildBolChangeSet(before: BolModel, after: BolModel, madeAt: number, offline: boolean): BolModelChangeSet {
  const set: BolModelChangeSet = { attributes: diffFields(BOL_ATTRIBUTES, before, after) as Attributes, madeAt, offline };
  if (!BOL_MODEL_COMPARED.media.same(before.mediaData, after.mediaData)) set.media = { base: before.mediaData, value: after.mediaData };
  return set;
}

/** Two consecutive change sets of one person on one Bol model as one. */
export function composeBolChangeSets(first: BolModelChangeSet, second: BolModelChangeSet, firstMayBeApplied = false): BolModelChangeSet {
  const attributes = composeFields(BOL_ATTRIBUTES, first.attributes, second.attributes, firstMayBeApplied) as Attributes;
  const set: BolModelChangeSet = { attributes, madeAt: second.madeAt, offline: first.offline || second.offline };
  const mediaChange = composeOptionalChange(first.media, second.media, BOL_MODEL_COMPARED.media.same, firstMayBeApplied);
  if (mediaChange) set.media = mediaChange;
  return set;
}

/** The model with the set's new values applied (how this device shows a waiting change). */
export function applyBolChangeSet(model: BolModel, set: Pick<BolModelChangeSet, 'attributes' | 'media'>): BolModel {
  return {
    ...model,
    // Each attribute is the model's own, with its value replaced where the set changes it.
    attributeData: applyFields(BOL_ATTRIBUTES, model, set.attributes).attributeData as BolAttribute[],
    mediaData: set.media ? set.media.value : model.mediaData,
  };
}

/**
 * The set after the person chose per conflicting part: 'mine' keeps my value with theirs as the new
 * base (written over theirs, and only that part); 'theirs' drops my change of it.
 */
export function settleBolConflicts(set: BolModelChangeSet, conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>): BolModelChangeSet {
  const attributes = settleFields(BOL_ATTRIBUTES, set.attributes, conflicts, choices) as Attributes;
  const mediaConflict = conflicts.find((conflict) => conflict.field === BOL_MODEL_COMPARED.media.key);
  const mediaChange =
    mediaConflict && set.media ? settleChange(set.media, choices[mediaConflict.field] ?? 'mine', (mediaConflict.theirs as BolMedia[] | null) ?? []) : set.media;
  const settled: BolModelChangeSet = { attributes, madeAt: set.madeAt, offline: set.offline };
  if (mediaChange) settled.media = mediaChange;
  return settled;
}

/** Every part of a set by key: its attributes (`bol:<id>`) and the image slots. */
export function bolChangeSetKeys(set: Pick<BolModelChangeSet, 'attributes' | 'media'>): string[] {
  return [...diffConflictKeys(BOL_ATTRIBUTES, set.attributes), ...(set.media ? [BOL_MODEL_COMPARED.media.key] : [])];
}

/** The keys of a set the server has now when `conflicts` wait: everything but the conflicts. */
export function bolWrittenKeys(set: Pick<BolModelChangeSet, 'attributes' | 'media'>, conflicts: readonly Pick<FieldConflict, 'field'>[]): string[] {
  const waiting = new Set(conflicts.map((conflict) => conflict.field));
  return bolChangeSetKeys(set).filter((key) => !waiting.has(key));
}

/** The part of a set that still waits once the server wrote the rest: the conflicting attributes and image slots. */
export function conflictingBolPart(set: BolModelChangeSet, conflicts: readonly Pick<FieldConflict, 'field'>[]): BolModelChangeSet {
  const part: BolModelChangeSet = { attributes: conflictingFields(BOL_ATTRIBUTES, set.attributes, conflicts) as Attributes, madeAt: set.madeAt, offline: set.offline };
  if (set.media && conflicts.some((conflict) => conflict.field === BOL_MODEL_COMPARED.media.key)) part.media = set.media;
  return part;
}
