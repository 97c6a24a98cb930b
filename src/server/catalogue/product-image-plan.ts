/**
 * What saving a product does to its images: the list sent replaces the product's list. Pure, so
 * the rules are tested without a database.
 * - an id the product already has: name, alt text, main flag and position are updated; its file
 *   stays (to change a file, delete the image and add a new one);
 * - an id it does not have: a new image. A UUID sent by the client is kept, so a retried save
 *   does not add the image twice; any other id (e.g. a short random one) is replaced by a new UUID;
 * - an image of the product missing from the list: deleted;
 * - position = place in the list, from 1.
 */
import type { ProductImage } from '../../shared/contract';

export interface ImageUpdate {
  id: string;
  name: string;
  altImage: string;
  isMainImage: boolean;
  position: number;
}

export interface ImageInsert extends ImageUpdate {
  filePath: string;
}

export interface ImagePlan {
  updates: ImageUpdate[];
  inserts: ImageInsert[];
  deletes: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function planImages(existingIds: readonly string[], incoming: readonly ProductImage[], newId: () => string): ImagePlan {
  const existing = new Set(existingIds);
  const kept = new Set<string>();
  const plan: ImagePlan = { updates: [], inserts: [], deletes: [] };
  incoming.forEach((image, index) => {
    const fields = { name: image.name, altImage: image.altImage, isMainImage: image.isMainImage, position: index + 1 };
    if (existing.has(image.id)) {
      kept.add(image.id);
      plan.updates.push({ id: image.id, ...fields });
    } else {
      plan.inserts.push({ id: UUID.test(image.id) ? image.id.toLowerCase() : newId(), filePath: image.filePath.trim(), ...fields });
    }
  });
  plan.deletes = existingIds.filter((id) => !kept.has(id));
  return plan;
}

/** A new image must point at a file uploaded to this server (POST /api/v1/media/save/image). */
export function isMediaPath(filePath: string): boolean {
  return /^\/media\/[^?#\s]+$/.test(filePath) && !filePath.includes('..');
}
