/**
 * The images section's list rules (docs/requirements.md §2, §3, §4): the picker's label, positions 1..n
 * that move an image, new images, removal by id. Pure.
 */
import type { ProductImage } from '../../../shared/contract';
import { messages } from '../../../shared/messages';

/** Types the picker offers and the server stores (checked again by content on the server). */
export const PICKABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The server's limit per file (media store): 10 MB. */
export const MAX_PICKED_IMAGE_BYTES = 10 * 1024 * 1024;

export function addImageLabel(pickedCount: number, words: Pick<typeof messages, 'images'> = messages): string {
  return pickedCount === 0 ? words.images.addImage : words.images.imagesAdded(pickedCount);
}

/** Why a picked file cannot be added, or null. */
export function pickedFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(PICKABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a PNG, JPEG, GIF or WebP image.`;
  }
  if (file.size > MAX_PICKED_IMAGE_BYTES) return `${file.name} is larger than 10 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export { newImage } from '../../../shared/rules/new-image';

export function removeImage(images: readonly ProductImage[], id: string): ProductImage[] {
  return images.filter((image) => image.id !== id);
}

/** Positions offered for each image: 1..n. */
export function positionOptions(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

/** Moves the image with `id` to `position` (1-based); the others keep their order. */
export function moveImage(images: readonly ProductImage[], id: string, position: number): ProductImage[] {
  const from = images.findIndex((image) => image.id === id);
  if (from < 0) return [...images];
  const to = Math.min(Math.max(Math.trunc(position), 1), images.length) - 1;
  if (to === from) return [...images];
  const rest = images.filter((image) => image.id !== id);
  rest.splice(to, 0, images[from]!);
  return rest;
}

export function updateImage(images: readonly ProductImage[], id: string, change: Partial<Pick<ProductImage, 'name' | 'altImage'>>): ProductImage[] {
  return images.map((image) => (image.id === id ? { ...image, ...change } : image));
}

/** The first image's path, or null: then 'Image not available' is shown. */
export function firstImagePath(images: readonly ProductImage[]): string | null {
  const path = images[0]?.filePath ?? '';
  return path === '' ? null : path;
}

/** Whether two image lists differ in anything a save would send. */
export function imagesChanged(a: readonly ProductImage[], b: readonly ProductImage[]): boolean {
  if (a.length !== b.length) return true;
  return a.some((image, index) => {
    const other = b[index]!;
    return image.id !== other.id || image.name !== other.name || image.altImage !== other.altImage || image.filePath !== other.filePath;
  });
}
