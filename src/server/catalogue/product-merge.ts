/**
 * The three-way merge of a change set with the product as it is now (docs/products.md
 * "PATCH /product/{id}"). Per field: now equal to the base (or to a value this person's own
 * earlier attempt wrote) -> my value is written; now equal to my value -> nothing to do; anything
 * else -> a conflict. Fields not in the set are never touched. Images the same way: an image added
 * is added (unless it is there already: a repeat, or the set also deletes it: the delete wins), a
 * deleted one deleted (gone already, or never there, is fine), alt text and name merged like
 * fields (an image someone else deleted takes no edits: the delete wins), the order and the main
 * image merged as one value each. Pure: no database.
 */
import {
  IMAGE_MAIN_KEY,
  IMAGE_ORDER_KEY,
  imageEditKey,
  type FieldChange,
  type FieldConflict,
  type ProductChangeSet,
} from '../../shared/change-set';
import type { Product, ProductImage } from '../../shared/contract';
import { productField, sameFieldValue, type ProductFieldName, type ProductFieldValues } from '../../shared/product-fields';

export type MergeConflict = Omit<FieldConflict, 'changedBy' | 'changedAt'>;

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

type Verdict = 'write' | 'same' | 'conflict';

function verdict<T>(current: T, change: FieldChange<T>, same: (a: T, b: T) => boolean): Verdict {
  if (same(current, change.value)) return 'same';
  if (same(current, change.base) || (change.via ?? []).some((value) => same(current, value))) return 'write';
  return 'conflict';
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

export function mergeChangeSet(current: Product, set: Pick<ProductChangeSet, 'fields' | 'images'>): MergeResult {
  const writes: Record<string, unknown> = {};
  const conflicts: MergeConflict[] = [];
  for (const [name, change] of Object.entries(set.fields) as [ProductFieldName, FieldChange][]) {
    const now = current[name];
    const outcome = verdict(now, change, (a, b) => sameFieldValue(name, a, b));
    if (outcome === 'write') writes[name] = change.value;
    else if (outcome === 'conflict') conflicts.push({ field: name, label: productField(name).label, base: change.base, mine: change.value, theirs: now });
  }

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
    const merged: ImageMerge['edits'][number] = { id: edit.id };
    for (const field of ['altImage', 'name'] as const) {
      const change = edit[field];
      if (!change) continue;
      const outcome = verdict(image[field], change, (a, b) => a === b);
      if (outcome === 'write') merged[field] = change.value;
      else if (outcome === 'conflict') {
        conflicts.push({
          field: imageEditKey(edit.id, field),
          label: `${field === 'altImage' ? 'Alt Image' : 'Name'} (image ${position(edit.id)})`,
          base: change.base,
          mine: change.value,
          theirs: image[field],
        });
      }
    }
    if (merged.altImage !== undefined || merged.name !== undefined) images.edits.push(merged);
  }

  const order = set.images.order;
  if (order) {
    const remaining = current.productImages.map((image) => image.id).filter((id) => !deleting.has(id));
    const common = remaining.filter((id) => order.base.includes(id) && order.value.includes(id));
    const relative = (list: readonly string[]) => list.filter((id) => common.includes(id));
    const outcome = verdict(relative(remaining), { base: relative(order.base), value: relative(order.value), via: (order.via ?? []).map(relative) }, sameList);
    if (outcome === 'write') images.order = order.value;
    else if (outcome === 'conflict') conflicts.push({ field: IMAGE_ORDER_KEY, label: 'Image order', base: order.base, mine: order.value, theirs: remaining });
  }

  const main = set.images.main;
  if (main) {
    const now = current.productImages.find((image) => image.isMainImage)?.id ?? null;
    const target = main.value;
    const exists = target === null || (byId.has(target) && !deleting.has(target)) || images.inserts.some((image) => image.id === target);
    const outcome = exists ? verdict(now, main, (a, b) => a === b) : 'same';
    if (outcome === 'write') images.main = target;
    else if (outcome === 'conflict') conflicts.push({ field: IMAGE_MAIN_KEY, label: 'Main image', base: main.base, mine: main.value, theirs: now });
  }
  return { writes: writes as Partial<ProductFieldValues>, images, conflicts };
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
