/**
 * The three-way merge of a change set with the record as it is now: the one home of the merge, for
 * products (PATCH /api/v1/product/{id}, docs/products.md) and Bol models (PATCH
 * /api/v1/bol/model/{productId}, docs/bol.md). The server runs it in its save; it is pure and in
 * src/shared, so the device can run the same merge.
 *
 * Per field (field-diff.ts, mergeFields): now equal to the base (or to a value this person's own
 * earlier attempt wrote) -> my value is written; now equal to my value -> nothing to do; anything
 * else -> a conflict. Fields not in the set are never touched. A product's images the same way: an
 * image added is added (unless it is there already: a repeat, or the set also deletes it: the
 * delete wins), a deleted one deleted (gone already, or never there, is fine), alt text and name
 * merged like fields (an image someone else deleted takes no edits: the delete wins), the order and
 * the main image merged as one value each. A Bol model's image slots are one value; an attribute
 * the model does not have is left to the caller to refuse.
 */
import { BOL_ATTRIBUTES, BOL_MODEL_COMPARED, type BolModelChangeSet } from './bol-change-set';
import type { BolMedia, BolModel } from './bol-contract';
import { IMAGE_MAIN_KEY, IMAGE_ORDER_KEY, imageEditDiff, imageTextFields, SAVED_FIELDS, sameList, type ProductChangeSet } from './change-set';
import type { Product, ProductImage } from './contract';
import { mergeFields, mergeVerdict, type MergeConflict } from './field-diff';
import { imageDeleteKey, seenSide, sideOf, unchangedSinceBase, type ImageSide } from './image-delete-base';
import { imageLabelOf } from './image-history';
import type { ProductFieldValues } from './product-fields';
import { carriesImageBases, WRITE_PROTOCOL_VERSION } from './write-protocol';

export type { MergeConflict } from './field-diff';

// ---- products ----

export interface ImageMerge {
  deletes: string[];
  inserts: ProductImage[];
  edits: { id: string; altImage?: string; name?: string }[];
  /** The new order of the images (ids), or null to keep it. */
  order: string[] | null;
  /** The new main image id (null: none), or undefined to keep it. */
  main?: string | null;
}

export interface MergeResult {
  writes: Partial<ProductFieldValues>;
  images: ImageMerge;
  conflicts: MergeConflict[];
}

/**
 * `protocol`: the write protocol version of the set (src/shared/write-protocol.ts). Sets of versions
 * before image bases (an older app's) merge their images as they did: an edit of an image someone
 * else deleted is dropped, since that app could not settle the conflict it would get.
 */
export function mergeChangeSet(current: Product, set: Pick<ProductChangeSet, 'fields' | 'images'>, protocol: unknown = WRITE_PROTOCOL_VERSION): MergeResult {
  const fields = mergeFields(SAVED_FIELDS, current, set.fields);
  const conflicts: MergeConflict[] = [...fields.conflicts];

  const images: ImageMerge = { deletes: [], inserts: [], edits: [], order: null };
  const byId = new Map(current.productImages.map((image) => [image.id, image]));
  const position = (id: string) => current.productImages.findIndex((image) => image.id === id) + 1;
  // A delete with a base deletes the image only if nobody changed it since (image-delete-base.ts).
  const deleteBases = new Map((set.images.deletedBase ?? []).map((base) => [base.id, base]));
  for (const id of set.images.deleted) {
    const image = byId.get(id);
    if (!image) continue;
    const base = deleteBases.get(id);
    if (!base || unchangedSinceBase(base, current.productImages)) images.deletes.push(id);
    else conflicts.push({ field: imageDeleteKey(id), label: imageLabelOf(sideOf(image, position(id))), base: seenSide(base), mine: null, theirs: sideOf(image, position(id)) });
  }
  const deleting = new Set(images.deletes);
  // An image the set both adds and deletes ends deleted: it is not inserted.
  images.inserts = set.images.added.filter((image) => !byId.has(image.id) && !set.images.deleted.includes(image.id));
  const gone = goneImages(current, set);
  for (const edit of set.images.edited) {
    const image = byId.get(edit.id);
    if (!image || set.images.deleted.includes(edit.id)) continue;
    const merged = mergeFields(imageTextFields(edit.id, position(edit.id)), image, imageEditDiff(edit));
    conflicts.push(...merged.conflicts);
    const { altImage, name } = merged.writes;
    if (typeof altImage === 'string' || typeof name === 'string') {
      images.edits.push({ id: edit.id, ...(typeof altImage === 'string' ? { altImage } : {}), ...(typeof name === 'string' ? { name } : {}) });
    }
  }

  const order = set.images.order;
  if (order) {
    const remaining = current.productImages.map((image) => image.id).filter((id) => !deleting.has(id));
    const common = remaining.filter((id) => order.base.includes(id) && order.value.includes(id));
    const relative = (list: readonly string[]) => list.filter((id) => common.includes(id));
    const outcome = mergeVerdict(relative(remaining), { base: relative(order.base), value: relative(order.value), via: (order.via ?? []).map(relative) }, sameList);
    // The same order over the images both know still places the images this set adds.
    const placesInserts = outcome === 'same' && images.inserts.some((image) => order.value.includes(image.id));
    if (outcome === 'write' || placesInserts) images.order = order.value;
    else if (outcome === 'conflict') conflicts.push({ field: IMAGE_ORDER_KEY, label: 'Image order', base: order.base, mine: order.value, theirs: remaining });
  }

  const main = set.images.main;
  if (main) {
    const now = current.productImages.find((image) => image.isMainImage)?.id ?? null;
    const target = main.value;
    const exists = target === null || (byId.has(target) && !deleting.has(target)) || images.inserts.some((image) => image.id === target);
    const outcome = exists ? mergeVerdict(now, main, (a, b) => a === b) : 'same';
    if (outcome === 'write') images.main = target;
    else if (outcome === 'conflict') conflicts.push({ field: IMAGE_MAIN_KEY, label: 'Main image', base: main.base, mine: main.value, theirs: now });
  }
  if (carriesImageBases(protocol)) conflicts.push(...gone);
  return { writes: fields.writes as Partial<ProductFieldValues>, images, conflicts };
}

/**
 * Images someone else deleted that this set still changes: an alt text or name edit, a move (its
 * place in my order differs from my base and, without it, my order changes nothing) or making it
 * the main image. One conflict per image; `mine` names what this set does to it. Images this set
 * adds itself or may have added on an earlier attempt (`mayExist`) are not someone else's delete.
 */
function goneImages(current: Product, set: Pick<ProductChangeSet, 'images'>): MergeConflict[] {
  const present = new Set(current.productImages.map((image) => image.id));
  const ours = new Set([...set.images.added.map((image) => image.id), ...set.images.deleted, ...(set.images.mayExist ?? [])]);
  const isGone = (id: string) => !present.has(id) && !ours.has(id);
  const sides = new Map<string, { base: ImageSide; mine: ImageSide }>();
  const sideFor = (id: string) => {
    const found = sides.get(id) ?? { base: { id }, mine: { id } };
    sides.set(id, found);
    return found;
  };
  for (const edit of set.images.edited) {
    if (!isGone(edit.id)) continue;
    const side = sideFor(edit.id);
    for (const key of ['altImage', 'name'] as const) {
      const change = edit[key];
      if (change) [side.base[key], side.mine[key]] = [change.base, change.value];
    }
  }
  const order = set.images.order;
  if (order) {
    const both = order.base.filter((id) => order.value.includes(id));
    const inValue = order.value.filter((id) => order.base.includes(id));
    const left = both.filter((id) => present.has(id));
    const changesTheRest = !sameList(left, inValue.filter((id) => present.has(id)));
    for (const id of both) {
      if (!isGone(id) || changesTheRest || both.indexOf(id) === inValue.indexOf(id)) continue;
      const side = sideFor(id);
      [side.base.position, side.mine.position] = [order.base.indexOf(id) + 1, order.value.indexOf(id) + 1];
    }
  }
  const main = set.images.main;
  if (main?.value && isGone(main.value)) {
    const side = sideFor(main.value);
    [side.base.isMainImage, side.mine.isMainImage] = [false, true];
  }
  return [...sides].map(([id, side]) => ({ field: imageDeleteKey(id), label: imageLabelOf({ ...side.mine, ...side.base }), base: side.base, mine: side.mine, theirs: null }));
}

export function mergeWritesNothing(result: MergeResult): boolean {
  const { images } = result;
  return (
    Object.keys(result.writes).length === 0 &&
    images.deletes.length === 0 &&
    images.inserts.length === 0 &&
    images.edits.length === 0 &&
    images.order === null &&
    images.main === undefined
  );
}

// ---- Bol models ----

export type BolMergeConflict = MergeConflict;

export interface BolMergeResult {
  /** New values by attribute id. */
  writes: Record<string, string>;
  /** The new image slots, or undefined to keep them. */
  media?: BolMedia[];
  conflicts: BolMergeConflict[];
}

export function mergeBolChangeSet(current: Pick<BolModel, 'attributeData' | 'mediaData'>, set: Pick<BolModelChangeSet, 'attributes' | 'media'>): BolMergeResult {
  const { media } = BOL_MODEL_COMPARED;
  const attributes = mergeFields(BOL_ATTRIBUTES, current, set.attributes);
  const result: BolMergeResult = { writes: attributes.writes as Record<string, string>, conflicts: attributes.conflicts };
  if (set.media) {
    const outcome = mergeVerdict<readonly BolMedia[]>(current.mediaData, set.media, media.same);
    if (outcome === 'write') result.media = set.media.value;
    else if (outcome === 'conflict') result.conflicts.push({ field: media.key, label: media.label, base: set.media.base, mine: set.media.value, theirs: current.mediaData });
  }
  return result;
}
