import type { ProductImage } from '../contract';

/** A newly added image: the given id, empty name and alt text, not the main image (docs/requirements.md §3). */
export function newImage(id: string, filePath: string): ProductImage {
  return { id, filePath, name: '', altImage: '', isMainImage: false };
}
