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
import type { ProductFieldValues } from './product-fields';

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

export function mergeChangeSet(current: Product, set: Pick<ProductChangeSet, 'fields' | 'images'>): MergeResult {
  const fields = mergeFields(SAVED_FIELDS, current, set.fields);
  const conflicts: MergeConflict[] = [...fields.conflicts];

  const images: ImageMerge = { deletes: [], inserts: [], edits: [], order: null };
  const byId = new Map(current.productImages.map((image) => [image.id, image]));
  const position = (id: string) => current.productImages.findIndex((image) => image.id === id) + 1;
  images.deletes = set.images.deleted.filter((id) => byId.has(id));
  const deleting = new Set(images.deletes);
  // An image the set both adds and deletes ends deleted: it is not inserted.
  images.inserts = set.images.added.filter((image) => !byId.has(image.id) && !set.images.deleted.includes(image.id));
  for (const edit of set.images.edited) {
    const image = byId.get(edit.id);
    if (!image || deleting.has(edit.id)) continue;
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
    if (outcome === 'write') images.order = order.value;
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
  return { writes: fields.writes as Partial<ProductFieldValues>, images, conflicts };
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
