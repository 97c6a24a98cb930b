/**
 * Change sets of a product (docs/offline.md "Change sets"): a save that carries only what the
 * person changed, each field with the value it had when they started (base) and the new value, so
 * the server can merge it three ways with whatever others saved meanwhile (PATCH
 * /api/v1/product/{id}, change-set-merge.ts). Images travel the same way: added, deleted, alt text
 * and name edits, their order and the main image.
 *
 * Here: the shape and its schema, and the product's side of the field-diff algebra (field-diff.ts):
 * how a product's fields and an image's texts are compared (`productFields`, `imageTextFields`),
 * building a set from two versions, composing two consecutive sets of one person into one,
 * applying a set to a product (the device's copy) and settling a conflict field by field. Pure: no
 * DOM, no Node.
 */
import { z } from 'zod';
import { productImageSchema, type Product, type ProductImage } from './contract';
import {
  applyFields,
  composeFields,
  composeOptionalChange,
  conflictingFields,
  diffConflictKeys,
  diffFields,
  isConflictAnswerWith,
  isEmptyDiff,
  revertFields,
  settleChange,
  settleFields,
  type ConflictAnswer,
  type ConflictChoice,
  type FieldChange,
  type FieldConflict,
  type FieldDiff,
  type RecordFields,
} from './field-diff';
import { deleteBaseAfter, deleteBaseOf, type ImageDeleteBase } from './image-delete-base';
import { imageConflictPart, settleImageDeletes } from './image-delete-settle';
import { text } from './safe-values';
import {
  isProductFieldName,
  PRODUCT_FIELD_NAMES,
  productField,
  productFieldsShape,
  sameFieldValue,
  SAVED_PRODUCT_FIELDS,
  type ProductFieldName,
  type ProductFieldValues,
} from './product-fields';

export type { ConflictChoice, FieldChange, FieldConflict } from './field-diff';

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
  /**
   * The base of each deleted image: the image as the person saw it (docs/products.md "PATCH
   * /product/{id}"). A delete without one (an older app's) deletes whatever the image is now.
   */
  deletedBase?: ImageDeleteBase[];
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
const seenImageShape = { filePath: text().max(2_000), name: text().max(500), altImage: text().max(500), isMainImage: z.boolean(), order: idList };
const deleteBaseSchema = z.object({ id: text().min(1).max(100), ...seenImageShape, via: z.array(z.object(seenImageShape).strict()).max(20).optional() }).strict();

/** What every change set's body carries besides its changes: when and how it was made, its protocol version. */
export const CHANGE_SET_ENVELOPE = {
  madeAt: z.number().int().nonnegative(),
  offline: z.boolean(),
  protocol: z.number().int().optional(),
};

/** The PATCH body; its `protocol` (src/shared/write-protocol.ts) is checked before it. */
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
        deletedBase: z.array(deleteBaseSchema).max(100).optional(),
      })
      .strict(),
    ...CHANGE_SET_ENVELOPE,
  })
  .strict();

// ---- the conflict answer (409) ----

/** The 409 answer of PATCH /api/v1/product/{id}, with the product as it is now (after the rest of the set was written); `written` by `changeSetKeys`. */
export interface ChangeSetConflict extends ConflictAnswer {
  product: Product;
}

export function isChangeSetConflict(value: unknown): value is ChangeSetConflict {
  return isConflictAnswerWith(value, 'product');
}

/** Conflict keys of images (the fields are named by their field name). */
export const IMAGE_ORDER_KEY = 'images.order';
export const IMAGE_MAIN_KEY = 'images.main';
/** Keys of the image parts that never conflict, as a conflict answer's `written` names them. */
export const IMAGES_ADDED_KEY = 'images.added';
export const IMAGES_DELETED_KEY = 'images.deleted';
export function imageEditKey(id: string, field: ImageTextField): string {
  return `image:${id}:${field}`;
}
export function parseImageEditKey(key: string): { id: string; field: ImageTextField } | null {
  const match = /^image:(.+):(altImage|name)$/.exec(key);
  return match?.[1] && match[2] ? { id: match[1], field: match[2] as ImageTextField } : null;
}

// ---- how a product's fields and an image's texts compare (the field-diff algebra) ----

/** The product fields `names` as the algebra sees them: compared as the server stores them, named by field name. */
export function productFields(names: readonly ProductFieldName[]): RecordFields<Product, ProductFieldName> {
  return {
    keys: () => names,
    has: () => true,
    read: (product, key) => product[key],
    write: (product, values) => ({ ...product, ...Object.fromEntries(Object.entries(values).filter(([key]) => isProductFieldName(key))) }),
    same: (key, a, b) => sameFieldValue(key, a, b),
    conflictKey: (key) => key,
    keyOfConflict: (key) => (isProductFieldName(key) ? key : null),
    label: (_product, key) => productField(key).label,
  };
}

/** Every field a product save writes (src/shared/product-fields.ts): what a change set carries. */
export const SAVED_FIELDS = productFields(SAVED_PRODUCT_FIELDS);

const IMAGE_TEXT_FIELDS: readonly ImageTextField[] = ['altImage', 'name'];

/**
 * The alt text and name of image `id` as the algebra sees them; `position` (1-based, as the
 * conflict names it) of the image on the product the merge runs against.
 */
export function imageTextFields(id: string, position = 0): RecordFields<ProductImage, ImageTextField> {
  return {
    keys: () => IMAGE_TEXT_FIELDS,
    has: () => true,
    read: (image, key) => image[key],
    write: (image, values) => ({ ...image, ...(typeof values.altImage === 'string' ? { altImage: values.altImage } : {}), ...(typeof values.name === 'string' ? { name: values.name } : {}) }),
    same: (_key, a, b) => a === b,
    conflictKey: (key) => imageEditKey(id, key),
    keyOfConflict: (key) => {
      const target = parseImageEditKey(key);
      return target?.id === id ? target.field : null;
    },
    label: (_image, key) => `${key === 'altImage' ? 'Alt Image' : 'Name'} (image ${position})`,
    asBase: (_key, theirs) => String(theirs ?? ''),
  };
}

/** An image edit as a diff of the image's texts, and back. */
export function imageEditDiff(edit: ImageEdit): FieldDiff<ImageTextField> {
  return { ...(edit.altImage ? { altImage: edit.altImage } : {}), ...(edit.name ? { name: edit.name } : {}) };
}
function imageEditOf(id: string, diff: FieldDiff<ImageTextField>): ImageEdit | null {
  const edit: ImageEdit = { id };
  if (diff.altImage) edit.altImage = diff.altImage as FieldChange<string>;
  if (diff.name) edit.name = diff.name as FieldChange<string>;
  return edit.altImage || edit.name ? edit : null;
}

// ---- building and composing ----

export function emptyImageChanges(): ImageChanges {
  return { added: [], deleted: [], edited: [] };
}

export function isEmptyChangeSet(set: Pick<ProductChangeSet, 'fields' | 'images'>): boolean {
  const images = set.images;
  return (
    isEmptyDiff(set.fields) &&
    images.added.length === 0 &&
    images.deleted.length === 0 &&
    images.edited.length === 0 &&
    images.order === undefined &&
    images.main === undefined
  );
}

export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sameId = (a: string | null, b: string | null) => a === b;

function mainImageId(images: readonly ProductImage[]): string | null {
  return images.find((image) => image.isMainImage)?.id ?? null;
}

/** What changed from `before` to `after` (two versions of one product on this device). */
export function buildChangeSet(before: Product, after: Product, madeAt: number, offline: boolean): ProductChangeSet {
  const fields = diffFields(SAVED_FIELDS, before, after) as ProductChangeSet['fields'];
  const beforeIds = before.productImages.map((image) => image.id);
  const afterIds = after.productImages.map((image) => image.id);
  const beforeById = new Map(before.productImages.map((image) => [image.id, image]));
  const images = emptyImageChanges();
  images.added = after.productImages.filter((image) => !beforeById.has(image.id)).map((image) => ({ ...image, isMainImage: false }));
  images.deleted = beforeIds.filter((id) => !afterIds.includes(id));
  if (images.deleted.length > 0) images.deletedBase = images.deleted.flatMap((id) => deleteBaseOf(before.productImages, id) ?? []);
  for (const image of after.productImages) {
    const old = beforeById.get(image.id);
    const edit = old ? imageEditOf(image.id, diffFields(imageTextFields(image.id), old, image)) : null;
    if (edit) images.edited.push(edit);
  }
  const keptBefore = beforeIds.filter((id) => afterIds.includes(id));
  const keptAfter = afterIds.filter((id) => beforeIds.includes(id));
  if (!sameList(keptBefore, keptAfter)) images.order = { base: keptBefore, value: afterIds };
  const [mainBefore, mainAfter] = [mainImageId(before.productImages), mainImageId(after.productImages)];
  // Deleting the main image leaves none: that is the delete, not a main-image change of its own.
  const mainDeleted = mainAfter === null && mainBefore !== null && images.deleted.includes(mainBefore);
  if (mainBefore !== mainAfter && !mainDeleted) images.main = { base: mainBefore, value: mainAfter };
  return { fields, images, madeAt, offline };
}

/** Two consecutive change sets of one person on one product as one (docs/offline.md). */
export function composeChangeSets(first: ProductChangeSet, second: ProductChangeSet, firstMayBeApplied = false): ProductChangeSet {
  const fields = composeFields(SAVED_FIELDS, first.fields, second.fields, firstMayBeApplied) as ProductChangeSet['fields'];

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
  const edited = new Map<string, FieldDiff<ImageTextField>>(
    a.edited.map((edit) => [edit.id, composeFields(imageTextFields(edit.id), imageEditDiff(edit), {}, firstMayBeApplied)]),
  );
  for (const edit of b.edited) {
    const addedImage = added.find((image) => image.id === edit.id);
    if (addedImage) {
      // Edits of an image this set adds go into the added image itself; when the image may already
      // be on the server, also into `edited`, for that copy (the server skips it if it has none).
      added = added.map((image) => (image.id === edit.id ? applyFields(imageTextFields(edit.id), image, imageEditDiff(edit)) : image));
      if (!mayExist.has(edit.id)) continue;
    }
    const next = composeFields(imageTextFields(edit.id), edited.get(edit.id) ?? {}, imageEditDiff(edit), firstMayBeApplied);
    if (isEmptyDiff(next)) edited.delete(edit.id);
    else edited.set(edit.id, next);
  }
  for (const id of deletedNow) edited.delete(id);
  const images: ImageChanges = { added, deleted, edited: [...edited].flatMap(([id, diff]) => imageEditOf(id, diff) ?? []) };
  const deletedBase = composedDeleteBases(a, b, deleted, firstMayBeApplied);
  if (deletedBase.length > 0) images.deletedBase = deletedBase;
  const stillAdded = [...mayExist].filter((id) => added.some((image) => image.id === id));
  if (stillAdded.length > 0) images.mayExist = stillAdded;
  const order = composeOptionalChange(a.order, b.order, sameList, firstMayBeApplied);
  if (order) images.order = order;
  const main = composeOptionalChange(a.main, b.main, sameId, firstMayBeApplied);
  if (main) images.main = main;
  return { fields, images, madeAt: second.madeAt, offline: first.offline || second.offline };
}

/**
 * The delete bases of two consecutive sets: the first set's stay; a delete in the second of an image
 * the first edited, moved or made main takes the base the server still has (the first set's).
 */
function composedDeleteBases(a: ImageChanges, b: ImageChanges, deleted: readonly string[], firstMayBeApplied: boolean): ImageDeleteBase[] {
  const bases = new Map((a.deletedBase ?? []).map((base) => [base.id, base]));
  for (const base of b.deletedBase ?? []) {
    if (bases.has(base.id)) continue;
    const edit = a.edited.find((candidate) => candidate.id === base.id);
    bases.set(base.id, deleteBaseAfter(base, { altImage: edit?.altImage, name: edit?.name, order: a.order, main: a.main }, firstMayBeApplied));
  }
  return [...bases.values()].filter((base) => deleted.includes(base.id));
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
  const next = applyFields(SAVED_FIELDS, product, set.fields);
  const deleted = new Set(set.images.deleted);
  let images = product.productImages.filter((image) => !deleted.has(image.id));
  const present = new Set(images.map((image) => image.id));
  images = [...images, ...set.images.added.filter((image) => !present.has(image.id) && !deleted.has(image.id))];
  images = images.map((image) => {
    const edit = set.images.edited.find((candidate) => candidate.id === image.id);
    return edit ? applyFields(imageTextFields(image.id), image, imageEditDiff(edit)) : image;
  });
  if (set.images.order) images = orderedImages(images, set.images.order.value);
  if (set.images.main) {
    const main = set.images.main.value;
    images = images.map((image) => ({ ...image, isMainImage: image.id === main }));
  }
  return { ...next, productImages: images, numberOfImages: images.length };
}

/** The product with `set` undone (discarding it on the device): every field back to its base, its added images gone. */
export function revertChangeSet(product: Product, set: Pick<ProductChangeSet, 'fields' | 'images'>): Product {
  const reverted = applyFields(SAVED_FIELDS, product, revertFields(set.fields));
  const added = new Set(set.images.added.map((image) => image.id));
  return { ...reverted, productImages: reverted.productImages.filter((image) => !added.has(image.id)) };
}

// ---- settling a conflict ----

/**
 * The set after the person chose per conflicting field: 'mine' keeps my value with their value as
 * the new base (so it is written over theirs, and only that field); 'theirs' drops my change of
 * that field. Fields without a conflict stay as they were.
 */
export function settleConflicts(
  set: ProductChangeSet,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
  current?: Product,
): ProductChangeSet {
  const fields = settleFields(SAVED_FIELDS, set.fields, conflicts, choices) as ProductChangeSet['fields'];
  // Images one side deleted and the other changed: settled first (image-delete-settle.ts).
  const images: ImageChanges = settleImageDeletes(set.images, conflicts, choices, current);
  const choiceOf = (key: string) => choices[key] ?? 'mine';
  const orderConflict = conflicts.find((conflict) => conflict.field === IMAGE_ORDER_KEY);
  if (orderConflict && images.order) {
    const order = settleChange(images.order, choiceOf(IMAGE_ORDER_KEY), orderConflict.theirs as string[]);
    if (order) images.order = order;
    else delete images.order;
  }
  const mainConflict = conflicts.find((conflict) => conflict.field === IMAGE_MAIN_KEY);
  if (mainConflict && images.main) {
    const main = settleChange(images.main, choiceOf(IMAGE_MAIN_KEY), mainConflict.theirs as string | null);
    if (main) images.main = main;
    else delete images.main;
  }
  images.edited = images.edited.flatMap((edit) => imageEditOf(edit.id, settleFields(imageTextFields(edit.id), imageEditDiff(edit), conflicts, choices)) ?? []);
  return { ...set, fields, images };
}

// ---- the rest of a set written at once ----

/** Every part of a set by key: its fields (by name), image adds and deletes, image text edits, order and main image. */
export function changeSetKeys(set: Pick<ProductChangeSet, 'fields' | 'images'>): string[] {
  const { images } = set;
  return [
    ...diffConflictKeys(SAVED_FIELDS, set.fields),
    ...(images.added.length > 0 ? [IMAGES_ADDED_KEY] : []),
    ...(images.deleted.length > 0 ? [IMAGES_DELETED_KEY] : []),
    ...images.edited.flatMap((edit) => diffConflictKeys(imageTextFields(edit.id), imageEditDiff(edit))),
    ...(images.order ? [IMAGE_ORDER_KEY] : []),
    ...(images.main ? [IMAGE_MAIN_KEY] : []),
  ];
}

/**
 * The keys of a set the server has now when `conflicts` wait: everything but the conflicts and what
 * waits with an image conflict (image-delete-settle.ts; `images.deleted` while any delete was written).
 */
export function writtenKeys(set: Pick<ProductChangeSet, 'fields' | 'images'>, conflicts: readonly Pick<FieldConflict, 'field'>[]): string[] {
  const withImages = imageConflictPart(set.images, conflicts);
  const someDeleteWritten = withImages.deleted.length < set.images.deleted.length;
  const waiting = new Set([
    ...conflicts.map((conflict) => conflict.field),
    ...changeSetKeys({ fields: {}, images: withImages }).filter((key) => key !== IMAGES_DELETED_KEY || !someDeleteWritten),
  ]);
  return changeSetKeys(set).filter((key) => !waiting.has(key));
}

/**
 * The part of a set that still waits once the server wrote the rest (an answer with `written`):
 * only the conflicting fields, image text edits, order and main image, and what waits with an image
 * one side deleted and the other changed (image-delete-settle.ts). Added images and the other
 * deletes never conflict, so they are written and leave the set.
 */
export function conflictingPart(set: ProductChangeSet, conflicts: readonly Pick<FieldConflict, 'field'>[]): ProductChangeSet {
  const named = new Set(conflicts.map((conflict) => conflict.field));
  const withImages = imageConflictPart(set.images, conflicts);
  const images: ImageChanges = {
    ...withImages,
    edited: [
      ...set.images.edited.flatMap((edit) => imageEditOf(edit.id, conflictingFields(imageTextFields(edit.id), imageEditDiff(edit), conflicts)) ?? []),
      ...withImages.edited,
    ],
  };
  if (set.images.order && named.has(IMAGE_ORDER_KEY)) images.order = set.images.order;
  if (set.images.main && named.has(IMAGE_MAIN_KEY)) images.main = set.images.main;
  return { ...set, fields: conflictingFields(SAVED_FIELDS, set.fields, conflicts) as ProductChangeSet['fields'], images };
}
