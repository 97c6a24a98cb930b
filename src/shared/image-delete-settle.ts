/**
 * Settling the conflicts of images one side deleted and the other changed (docs/product-edit.md
 * "Conflicts"), per image:
 * - I deleted it, someone else changed it since: "Keep mine" deletes it anyway (its base becomes
 *   the image as it is now, so a change made after this choice is a conflict again); "Take
 *   theirs" keeps the image with their changes (my delete leaves the set).
 * - I changed it (alt text, name, place, main image), someone else deleted it: "Keep mine" brings
 *   it back with my changes, at my place, when its file is still stored (`restorable`: the media
 *   store never removes a file, docs/media-store.md, but an image still at the supplier's address
 *   cannot be added again); "Take theirs", or a file that is gone, leaves it deleted and my changes
 *   of it leave the set.
 * Pure: no DOM, no Node.
 */
import type { ImageChanges } from './change-set';
import type { Product } from './contract';
import type { ConflictChoice, FieldConflict } from './field-diff';
import { deleteBaseOf, isImageSide, parseImageDeleteKey, type ImageSide } from './image-delete-base';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** Whether an order change does anything once image `id` is left out. */
function orderWithout(order: NonNullable<ImageChanges['order']>, id: string): boolean {
  const base = order.base.filter((candidate) => candidate !== id);
  const value = order.value.filter((candidate) => candidate !== id && base.includes(candidate));
  return !sameList(base, value);
}

function dropped(images: ImageChanges, id: string): ImageChanges {
  const next: ImageChanges = { ...images, edited: images.edited.filter((edit) => edit.id !== id) };
  if (next.order && !orderWithout(next.order, id)) delete next.order;
  if (next.main?.value === id) delete next.main;
  return next;
}

function restored(images: ImageChanges, mine: ImageSide & { filePath: string }, current: Product | undefined): ImageChanges {
  const { id } = mine;
  const next: ImageChanges = {
    ...images,
    edited: images.edited.filter((edit) => edit.id !== id),
    added: [...images.added.filter((image) => image.id !== id), { id, filePath: mine.filePath, name: mine.name ?? '', altImage: mine.altImage ?? '', isMainImage: false }],
  };
  const ids = current?.productImages.map((image) => image.id) ?? null;
  if (!next.order && ids && mine.position) {
    const value = [...ids];
    value.splice(Math.min(mine.position - 1, value.length), 0, id);
    next.order = { base: ids, value };
  }
  if (!next.main && mine.isMainImage) next.main = { base: current?.productImages.find((image) => image.isMainImage)?.id ?? null, value: id };
  return next;
}

/** The image changes after the person chose per image conflict; other conflicts are left to the caller. */
export function settleImageDeletes(images: ImageChanges, conflicts: readonly FieldConflict[], choices: Readonly<Record<string, ConflictChoice>>, current?: Product): ImageChanges {
  let next: ImageChanges = { ...images };
  for (const conflict of conflicts) {
    const id = parseImageDeleteKey(conflict.field);
    if (id === null) continue;
    const choice = choices[conflict.field] ?? 'mine';
    if (next.deleted.includes(id)) {
      const others = (next.deletedBase ?? []).filter((base) => base.id !== id);
      const now = choice === 'mine' && current ? deleteBaseOf(current.productImages, id) : null;
      next = { ...next, deleted: choice === 'mine' ? next.deleted : next.deleted.filter((candidate) => candidate !== id), deletedBase: now ? [...others, now] : others };
      if (next.deletedBase?.length === 0) delete next.deletedBase;
      continue;
    }
    const mine = conflict.mine;
    const back = choice === 'mine' && isImageSide(mine) && mine.restorable === true && typeof mine.filePath === 'string' && mine.filePath !== '';
    next = back ? restored(next, mine as ImageSide & { filePath: string }, current) : dropped(next, id);
  }
  return next;
}

/**
 * The part of a set that waits with its image conflicts when the server wrote the rest (docs/offline.md
 * "Conflicts"): my delete (with its base) of an image someone else changed; my edits of an image
 * someone else deleted, my order when it was only about that image, and my choice of it as the main
 * image.
 */
export function imageConflictPart(images: ImageChanges, conflicts: readonly Pick<FieldConflict, 'field'>[]): ImageChanges {
  const part: ImageChanges = { added: [], deleted: [], edited: [] };
  for (const conflict of conflicts) {
    const id = parseImageDeleteKey(conflict.field);
    if (id === null) continue;
    if (images.deleted.includes(id)) {
      part.deleted.push(id);
      const base = images.deletedBase?.find((candidate) => candidate.id === id);
      if (base) part.deletedBase = [...(part.deletedBase ?? []), base];
      continue;
    }
    part.edited.push(...images.edited.filter((edit) => edit.id === id));
    if (images.order && !orderWithout(images.order, id)) part.order = images.order;
    if (images.main?.value === id) part.main = images.main;
  }
  return part;
}
