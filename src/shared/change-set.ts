/**
 * Change sets (docs/offline.md "Change sets"): a save that carries only what the person changed,
 * each field with the value it had when they started (base) and the new value, so the server can
 * merge it three ways with whatever others saved meanwhile (PATCH /api/v1/product/{id}). Images
 * travel the same way: added, deleted, alt text and name edits, their order and the main image.
 *
 * Here: the shape and its schema, building a set from two versions of a product, composing two
 * consecutive sets of one person into one, applying a set to a product (the device's copy) and
 * settling a conflict field by field. Pure: no DOM, no Node.
 */
import { z } from 'zod';
import { productImageSchema, type Product, type ProductImage } from './contract';
import { text } from './safe-values';
import {
  isProductFieldName,
  PRODUCT_FIELD_NAMES,
  productFieldsShape,
  sameFieldValue,
  SAVED_PRODUCT_FIELDS,
  type ProductFieldName,
  type ProductFieldValues,
} from './product-fields';

/** One changed value: what it was when the person started, what they made it. */
export interface FieldChange<T = unknown> {
  base: T;
  value: T;
  /**
   * Values this person's own earlier edits of the field may already have written (an earlier
   * attempt of the same change whose answer was lost): the server treats them like the base.
   */
  via?: T[];
}

export type ImageTextField = 'altImage' | 'name';

export interface ImageEdit {
  id: string;
  altImage?: FieldChange<string>;
  name?: FieldChange<string>;
}

export interface ImageChanges {
  /** New images, appended after the existing ones (their files uploaded first). */
  added: ProductImage[];
  deleted: string[];
  edited: ImageEdit[];
  /** The image ids in order, before and after (new images included after). */
  order?: FieldChange<string[]>;
  /** The id of the main image, before and after. */
  main?: FieldChange<string | null>;
  /**
   * Ids of added images an earlier attempt of this person's set may already have created on the
   * server (its answer was lost; the `via` of an added image): a later delete of one stays in the
   * set, and a later alt text or name edit goes into `edited` too, for the server's copy.
   */
  mayExist?: string[];
}

export interface ProductChangeSet {
  fields: Partial<{ [K in ProductFieldName]: FieldChange<ProductFieldValues[K]> }>;
  images: ImageChanges;
  /** When the person made the change, on their device (ms since the epoch). */
  madeAt: number;
  /** Made while the device was offline (the history says 'offline sync'). */
  offline: boolean;
}

// ---- schema (the PATCH body) ----

const fieldChangeOf = <S extends z.ZodType>(schema: S) =>
  z.object({ base: schema, value: schema, via: z.array(schema).max(20).optional() }).strict();

const fieldsSchema = z
  .object(
    Object.fromEntries(PRODUCT_FIELD_NAMES.filter((name) => SAVED_PRODUCT_FIELDS.includes(name)).map((name) => [name, fieldChangeOf(productFieldsShape[name]).optional()])),
  )
  .strict();

const textChange = fieldChangeOf(text().max(500));
const idList = z.array(text().min(1).max(100)).max(100);

export const productChangeSetSchema = z
  .object({
    fields: fieldsSchema,
    images: z
      .object({
        added: z.array(productImageSchema).max(50),
        deleted: idList,
        edited: z.array(z.object({ id: text().min(1).max(100), altImage: textChange.optional(), name: textChange.optional() }).strict()).max(50),
        order: fieldChangeOf(idList).optional(),
        main: fieldChangeOf(text().max(100).nullable()).optional(),
        mayExist: idList.optional(),
      })
      .strict(),
    madeAt: z.number().int().nonnegative(),
    offline: z.boolean(),
  })
  .strict();

// ---- the conflict answer (409) ----

/** One field that someone else changed to another value. `field` is a product field or an image key. */
export interface FieldConflict {
  field: string;
  label: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Who wrote their value and when (server time, ISO), from the product history; null when not known. */
  changedBy: string | null;
  changedAt: string | null;
}

/** The 409 answer of PATCH /api/v1/product/{id}: nothing was written. */
export interface ChangeSetConflict {
  message: string;
  conflicts: FieldConflict[];
  /** The product as it is now. */
  product: Product;
}

export function isChangeSetConflict(value: unknown): value is ChangeSetConflict {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ChangeSetConflict).conflicts) &&
    typeof (value as ChangeSetConflict).product === 'object'
  );
}

/** Conflict keys of images (the fields are named by their field name). */
export const IMAGE_ORDER_KEY = 'images.order';
export const IMAGE_MAIN_KEY = 'images.main';
export function imageEditKey(id: string, field: ImageTextField): string {
  return `image:${id}:${field}`;
}
export function parseImageEditKey(key: string): { id: string; field: ImageTextField } | null {
  const match = /^image:(.+):(altImage|name)$/.exec(key);
  return match?.[1] && match[2] ? { id: match[1], field: match[2] as ImageTextField } : null;
}

// ---- building and composing ----

export function emptyImageChanges(): ImageChanges {
  return { added: [], deleted: [], edited: [] };
}

export function isEmptyChangeSet(set: Pick<ProductChangeSet, 'fields' | 'images'>): boolean {
  const images = set.images;
  return (
    Object.keys(set.fields).length === 0 &&
    images.added.length === 0 &&
    images.deleted.length === 0 &&
    images.edited.length === 0 &&
    images.order === undefined &&
    images.main === undefined
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

function mainImageId(images: readonly ProductImage[]): string | null {
  return images.find((image) => image.isMainImage)?.id ?? null;
}

/** What changed from `before` to `after` (two versions of one product on this device). */
export function buildChangeSet(before: Product, after: Product, madeAt: number, offline: boolean): ProductChangeSet {
  const fields: Record<string, FieldChange> = {};
  for (const name of SAVED_PRODUCT_FIELDS) {
    if (!sameFieldValue(name, before[name], after[name])) fields[name] = { base: before[name], value: after[name] };
  }
  const beforeIds = before.productImages.map((image) => image.id);
  const afterIds = after.productImages.map((image) => image.id);
  const beforeById = new Map(before.productImages.map((image) => [image.id, image]));
  const images = emptyImageChanges();
  images.added = after.productImages.filter((image) => !beforeById.has(image.id)).map((image) => ({ ...image, isMainImage: false }));
  images.deleted = beforeIds.filter((id) => !afterIds.includes(id));
  for (const image of after.productImages) {
    const old = beforeById.get(image.id);
    if (!old) continue;
    const edit: ImageEdit = { id: image.id };
    if (old.altImage !== image.altImage) edit.altImage = { base: old.altImage, value: image.altImage };
    if (old.name !== image.name) edit.name = { base: old.name, value: image.name };
    if (edit.altImage || edit.name) images.edited.push(edit);
  }
  const keptBefore = beforeIds.filter((id) => afterIds.includes(id));
  const keptAfter = afterIds.filter((id) => beforeIds.includes(id));
  if (!sameList(keptBefore, keptAfter)) images.order = { base: keptBefore, value: afterIds };
  const [mainBefore, mainAfter] = [mainImageId(before.productImages), mainImageId(after.productImages)];
  if (mainBefore !== mainAfter) images.main = { base: mainBefore, value: mainAfter };
  return { fields: fields as ProductChangeSet['fields'], images, madeAt, offline };
}

/** The values of a `via`, each once, without the base (the server takes the base anyway). */
function distinctVia<T>(values: T[], base: T, same: (a: T, b: T) => boolean): T[] {
  return values.filter((value, index, all) => !same(value, base) && all.findIndex((other) => same(other, value)) === index);
}

/**
 * One field changed twice by the same person: the first base stays, the second value wins. Back
 * at the base the field drops out, unless the first change may already be on the server
 * (`firstMayBeApplied`): then it stays, to write the base back over it.
 */
export function composeChange<T>(first: FieldChange<T>, second: FieldChange<T>, same: (a: T, b: T) => boolean, firstMayBeApplied: boolean): FieldChange<T> | null {
  const via = distinctVia([...(first.via ?? []), ...(firstMayBeApplied ? [first.value] : []), ...(second.via ?? [])], first.base, same);
  if (same(second.value, first.base) && via.length === 0) return null;
  return via.length > 0 ? { base: first.base, value: second.value, via } : { base: first.base, value: second.value };
}

/**
 * A change of a set that may already be on the server, kept in a merged set: its value joins
 * `via`. Needed also when the next edit leaves the field alone: the merged set goes under a new
 * key and is never tried, so a later edit merged into it would otherwise lose the value and meet
 * my own earlier write as someone else's (docs/offline.md "Change sets").
 */
export function mayBeApplied<T>(change: FieldChange<T>, same: (a: T, b: T) => boolean): FieldChange<T> {
  const via = distinctVia([...(change.via ?? []), change.value], change.base, same);
  return via.length > 0 ? { ...change, via } : change;
}

/** Two consecutive change sets of one person on one product as one (docs/offline.md). */
export function composeChangeSets(first: ProductChangeSet, second: ProductChangeSet, firstMayBeApplied = false): ProductChangeSet {
  const fields: Record<string, FieldChange> = { ...first.fields };
  if (firstMayBeApplied) {
    for (const [name, change] of Object.entries(first.fields) as [ProductFieldName, FieldChange][]) {
      fields[name] = mayBeApplied(change, (a, b) => sameFieldValue(name, a, b));
    }
  }
  for (const [name, change] of Object.entries(second.fields) as [ProductFieldName, FieldChange][]) {
    const earlier = fields[name];
    if (!earlier) {
      fields[name] = change;
      continue;
    }
    const composed = composeChange(earlier, change, (a, b) => sameFieldValue(name, a, b), firstMayBeApplied);
    if (composed) fields[name] = composed;
    else delete fields[name];
  }

  const [a, b] = [first.images, second.images];
  const deletedNow = new Set(b.deleted);
  const addedBefore = new Set(a.added.map((image) => image.id));
  // Added images an attempt may already have created: known from the first set, or it was tried now.
  const mayExist = new Set([...(a.mayExist ?? []), ...(firstMayBeApplied ? addedBefore : []), ...(b.mayExist ?? [])]);
  // An image added and then deleted is not added. The delete goes only when the add may be on the
  // server (for the server, deleting an image it does not have is nothing); otherwise the image
  // never existed for the server.
  let added = [...a.added, ...b.added].filter((image) => !deletedNow.has(image.id));
  const deleted = [...new Set([...a.deleted, ...b.deleted])].filter((id) => !addedBefore.has(id) || mayExist.has(id));
  const edited = new Map<string, ImageEdit>(
    a.edited.map((edit): [string, ImageEdit] => {
      if (!firstMayBeApplied) return [edit.id, edit];
      const kept: ImageEdit = { id: edit.id };
      for (const field of ['altImage', 'name'] as const) {
        const change = edit[field];
        if (change) kept[field] = mayBeApplied(change, (x, y) => x === y);
      }
      return [edit.id, kept];
    }),
  );
  for (const edit of b.edited) {
    const addedImage = added.find((image) => image.id === edit.id);
    if (addedImage) {
      // Edits of an image this set adds go into the added image itself; when the image may already
      // be on the server, also into `edited`, for that copy (the server skips it if it has none).
      added = added.map((image) =>
        image.id === edit.id ? { ...image, ...(edit.altImage ? { altImage: edit.altImage.value } : {}), ...(edit.name ? { name: edit.name.value } : {}) } : image,
      );
      if (!mayExist.has(edit.id)) continue;
    }
    const earlier = edited.get(edit.id) ?? { id: edit.id };
    const next: ImageEdit = { id: edit.id };
    for (const field of ['altImage', 'name'] as const) {
      const [one, two] = [earlier[field], edit[field]];
      const composed = one && two ? composeChange(one, two, (x, y) => x === y, firstMayBeApplied) : (one ?? two ?? null);
      if (composed) next[field] = composed;
    }
    if (next.altImage || next.name) edited.set(edit.id, next);
    else edited.delete(edit.id);
  }
  for (const id of deletedNow) edited.delete(id);
  const images: ImageChanges = { added, deleted, edited: [...edited.values()] };
  const stillAdded = [...mayExist].filter((id) => added.some((image) => image.id === id));
  if (stillAdded.length > 0) images.mayExist = stillAdded;
  const firstOrder = a.order && firstMayBeApplied ? mayBeApplied(a.order, sameList) : a.order;
  const order = firstOrder && b.order ? composeChange(firstOrder, b.order, sameList, firstMayBeApplied) : (firstOrder ?? b.order ?? null);
  if (order) images.order = order;
  const firstMain = a.main && firstMayBeApplied ? mayBeApplied(a.main, (x, y) => x === y) : a.main;
  const main = firstMain && b.main ? composeChange(firstMain, b.main, (x, y) => x === y, firstMayBeApplied) : (firstMain ?? b.main ?? null);
  if (main) images.main = main;
  return { fields: fields as ProductChangeSet['fields'], images, madeAt: second.madeAt, offline: first.offline || second.offline };
}

// ---- applying (the device's copy) ----

/** The image order a set asks for, over the images there are now: mine first, then any others in their order. */
export function orderedImages(images: readonly ProductImage[], order: readonly string[]): ProductImage[] {
  const byId = new Map(images.map((image) => [image.id, image]));
  const first = order.flatMap((id) => {
    const image = byId.get(id);
    return image ? [image] : [];
  });
  return [...first, ...images.filter((image) => !order.includes(image.id))];
}

/** The product with the set's new values applied (how this device shows a waiting change). */
export function applyChangeSet(product: Product, set: Pick<ProductChangeSet, 'fields' | 'images'>): Product {
  const next: Record<string, unknown> = { ...product };
  for (const [name, change] of Object.entries(set.fields)) if (isProductFieldName(name) && change) next[name] = change.value;
  const deleted = new Set(set.images.deleted);
  let images = product.productImages.filter((image) => !deleted.has(image.id));
  const present = new Set(images.map((image) => image.id));
  images = [...images, ...set.images.added.filter((image) => !present.has(image.id) && !deleted.has(image.id))];
  images = images.map((image) => {
    const edit = set.images.edited.find((candidate) => candidate.id === image.id);
    return edit ? { ...image, ...(edit.altImage ? { altImage: edit.altImage.value } : {}), ...(edit.name ? { name: edit.name.value } : {}) } : image;
  });
  if (set.images.order) images = orderedImages(images, set.images.order.value);
  if (set.images.main) {
    const main = set.images.main.value;
    images = images.map((image) => ({ ...image, isMainImage: image.id === main }));
  }
  return { ...(next as Product), productImages: images, numberOfImages: images.length };
}

// ---- settling a conflict ----

export type ConflictChoice = 'mine' | 'theirs';

/**
 * The set after the person chose per conflicting field: 'mine' keeps my value with their value as
 * the new base (so it is written over theirs, and only that field); 'theirs' drops my change of
 * that field. Fields without a conflict stay as they were.
 */
export function settleConflicts(set: ProductChangeSet, conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>): ProductChangeSet {
  const fields: Record<string, FieldChange> = { ...set.fields };
  const images: ImageChanges = { ...set.images, edited: set.images.edited.map((edit) => ({ ...edit })) };
  for (const conflict of conflicts) {
    const choice = choices[conflict.field] ?? 'mine';
    const key = conflict.field;
    if (isProductFieldName(key)) {
      const change = fields[key];
      if (!change) continue;
      if (choice === 'theirs') delete fields[key];
      else fields[key] = { base: conflict.theirs, value: change.value };
    } else if (key === IMAGE_ORDER_KEY && images.order) {
      if (choice === 'theirs') delete images.order;
      else images.order = { base: conflict.theirs as string[], value: images.order.value };
    } else if (key === IMAGE_MAIN_KEY && images.main) {
      if (choice === 'theirs') delete images.main;
      else images.main = { base: conflict.theirs as string | null, value: images.main.value };
    } else {
      const target = parseImageEditKey(key);
      const edit = target && images.edited.find((candidate) => candidate.id === target.id);
      const change = target && edit?.[target.field];
      if (!target || !edit || !change) continue;
      if (choice === 'theirs') delete edit[target.field];
      else edit[target.field] = { base: String(conflict.theirs ?? ''), value: change.value };
    }
  }
  images.edited = images.edited.filter((edit) => edit.altImage || edit.name);
  return { ...set, fields: fields as ProductChangeSet['fields'], images };
}
