/**
 * An image deleted or changed while someone else changed or deleted it (docs/products.md "PATCH
 * /product/{id}", "Images"): a delete carries the base of the image it deletes (its alt text, name,
 * main flag and place as the person saw them), so the server deletes it only if nobody changed it
 * since; and an edit, move or main-image choice of an image someone else deleted is a conflict, not
 * dropped. Here: the base's shape, the check, how a conflict names both sides, and how the
 * person's choice changes their set. Pure: no DOM, no Node.
 */
import type { ProductImage } from './contract';
import type { FieldChange } from './field-diff';

/** What a person saw of an image when they deleted it. */
export interface SeenImage {
  filePath: string;
  name: string;
  altImage: string;
  isMainImage: boolean;
  /** The ids of the product's images in order, as seen (the image's place among them). */
  order: string[];
}

/** The base of one delete; `via`: other views this person's own earlier attempt may have left on the server. */
export interface ImageDeleteBase extends SeenImage {
  id: string;
  via?: SeenImage[];
}

/**
 * One side of an image conflict: the image as that side has it (position 1-based), or null when
 * that side deleted it. A side the merge knows only in part carries the values it knows; the server
 * fills in the rest from the history. `restorable`: its file is still stored, so "Keep mine" can
 * bring a deleted image back.
 */
export interface ImageSide {
  id: string;
  filePath?: string;
  name?: string;
  altImage?: string;
  isMainImage?: boolean;
  position?: number;
  restorable?: boolean;
}

/** The conflict key of an image one side deleted and the other changed. */
export function imageDeleteKey(id: string): string {
  return `image:${id}:deleted`;
}
export function parseImageDeleteKey(key: string): string | null {
  const match = /^image:(.+):deleted$/.exec(key);
  return match?.[1] ?? null;
}

/** The image's place among the images both lists hold (0-based), or -1. */
function placeAmong(order: readonly string[], others: readonly string[], id: string): number {
  const known = new Set(others);
  return order.filter((candidate) => known.has(candidate)).indexOf(id);
}

/** The base a delete of image `id` carries: the image as `images` (the product the person saw) have it. */
export function deleteBaseOf(images: readonly ProductImage[], id: string): ImageDeleteBase | null {
  const image = images.find((candidate) => candidate.id === id);
  if (!image) return null;
  return { id, filePath: image.filePath, name: image.name, altImage: image.altImage, isMainImage: image.isMainImage, order: images.map((candidate) => candidate.id) };
}

function sameAsSeen(seen: SeenImage, image: ProductImage, current: readonly ProductImage[]): boolean {
  const ids = current.map((candidate) => candidate.id);
  return (
    seen.altImage === image.altImage &&
    seen.name === image.name &&
    seen.isMainImage === image.isMainImage &&
    placeAmong(seen.order, ids, image.id) === placeAmong(ids, seen.order, image.id)
  );
}

/**
 * Whether nobody changed the image since the delete's base: the same alt text, name and main flag,
 * and the same place among the images both the base and now hold (an image others added or deleted
 * around it does not move it).
 */
export function unchangedSinceBase(base: ImageDeleteBase, current: readonly ProductImage[]): boolean {
  const image = current.find((candidate) => candidate.id === base.id);
  if (!image) return true;
  return [base, ...(base.via ?? [])].some((seen) => sameAsSeen(seen, image, current));
}

/** The image as a conflict side: its values and 1-based position in `images`. */
export function sideOf(image: Pick<ProductImage, 'id' | 'filePath' | 'name' | 'altImage' | 'isMainImage'>, position: number): ImageSide {
  return { id: image.id, filePath: image.filePath, name: image.name, altImage: image.altImage, isMainImage: image.isMainImage, position };
}

/** A delete base as the base side of a conflict. */
export function seenSide(base: ImageDeleteBase): ImageSide {
  return sideOf(base, base.order.indexOf(base.id) + 1);
}

export function isImageSide(value: unknown): value is ImageSide {
  return typeof value === 'object' && value !== null && typeof (value as ImageSide).id === 'string';
}

/**
 * Two consecutive sets of one person: a delete in the second of an image the first edited, moved
 * or made main. The server still has the image as the first set found it (the base of those
 * changes); when the first may already be on the server, as the second saw it too (`via`).
 */
export function deleteBaseAfter(
  second: ImageDeleteBase,
  first: { altImage?: FieldChange<string>; name?: FieldChange<string>; order?: FieldChange<string[]>; main?: FieldChange<string | null> },
  firstMayBeApplied: boolean,
): ImageDeleteBase {
  const { id, via: _via, ...seen } = second;
  const before: SeenImage = {
    ...seen,
    altImage: first.altImage?.base ?? seen.altImage,
    name: first.name?.base ?? seen.name,
    isMainImage: first.main ? first.main.base === id : seen.isMainImage,
    order: first.order ? first.order.base : seen.order,
  };
  const changed = before.altImage !== seen.altImage || before.name !== seen.name || before.isMainImage !== seen.isMainImage || before.order !== seen.order;
  const via = [...(second.via ?? []), ...(changed && firstMayBeApplied ? [seen] : [])];
  return via.length > 0 ? { id, ...before, via } : { id, ...before };
}
