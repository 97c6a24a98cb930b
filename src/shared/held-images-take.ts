/**
 * "Take the supplier's" on a held-back image list (docs/feeds.md, "Held-back values";
 * docs/product-edit.md, "The supplier now says"): what the app sends (the supplier's list as the
 * note showed it, and the product's images as the device showed them: the change's base), whether
 * the server takes it (written only over the list the device showed, its base), and the
 * image list it writes. The server writes that list; the device shows it at once. Pure: no DOM, no
 * Node.
 */
import { z } from 'zod';
import { text } from './safe-values';

/** At most this many images on either side of a take (a feed's list is far shorter). */
export const MAX_TAKEN_IMAGES = 500;

/** An image's id as the API shows it (a UUID, or an id a device gave a new image). */
const imageId = text()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'is not an image id (letters, digits, ".", "_", ":" and "-")');

/** The body of POST /api/v1/product/{id}/held-back/images/take. */
export const takeHeldImagesSchema = z
  .object({
    /** The supplier's image addresses, as the note showed them (the held list). */
    images: z.array(text().min(1).max(2_000)).max(MAX_TAKEN_IMAGES),
    /** The ids of the product's images as the device showed them, in their order: the take's base. */
    base: z.array(imageId).max(MAX_TAKEN_IMAGES),
    /** Taken while the device was offline (the history says 'offline sync'). */
    offline: z.boolean().optional(),
  })
  .strict();
export type TakeHeldImages = z.infer<typeof takeHeldImagesSchema>;

/**
 * What a take does: 'ended' = no list is held any more (taken already, or the feed wrote or ended
 * it): success, nothing written, so a send repeated after a lost answer is harmless; 'take' = write
 * the supplier's list; 'supplier-changed' = the feed has held another list since the note was
 * shown; 'images-changed' = the product's images changed since the device showed them.
 */
export type TakeVerdict = 'ended' | 'take' | 'supplier-changed' | 'images-changed';

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((value, i) => value === b[i]);

export function takeVerdict(held: readonly string[] | null, currentIds: readonly string[], take: TakeHeldImages): TakeVerdict {
  if (held === null) return 'ended';
  if (!sameList(held, take.images)) return 'supplier-changed';
  // Written only over the list the device showed: the base of a change (src/shared/field-diff.ts).
  return sameList(currentIds, take.base) ? 'take' : 'images-changed';
}

/** One image of a product as a take reads it: a feed image has the address it came from. */
export interface TakeImageRow {
  id: string;
  /** The feed address it was written from; '' for an image a person uploaded. */
  sourceUrl: string;
  isMainImage: boolean;
}

/** One image of the list a take writes, in order (position = index + 1). */
export interface TakenImage {
  id: string;
  /** The supplier's address of a feed image; '' for a person's upload. */
  sourceUrl: string;
  /** Not on the product yet: a row to insert. */
  added: boolean;
  isMainImage: boolean;
}

export interface TakenList {
  images: TakenImage[];
  /** The ids of the feed images that leave (their address is not in the supplier's list). */
  removed: string[];
}

/**
 * The product's images after taking the supplier's list: the supplier's images in its order (a feed
 * image already there stays, with its stored file; a new address is added under `newId()`), then
 * the images people uploaded, in their order; feed images whose address left the list go. The main
 * image stays where it is still there, else the first image is main (one main image, as an import
 * keeps it).
 */
export function imagesAfterTake(current: readonly TakeImageRow[], supplier: readonly string[], newId: () => string): TakenList {
  const feedRows = current.filter((row) => row.sourceUrl !== '');
  const used = new Set<string>();
  const fromSupplier = supplier.map((url): TakenImage => {
    const row = feedRows.find((candidate) => candidate.sourceUrl === url && !used.has(candidate.id));
    if (!row) return { id: newId(), sourceUrl: url, added: true, isMainImage: false };
    used.add(row.id);
    return { id: row.id, sourceUrl: url, added: false, isMainImage: row.isMainImage };
  });
  const uploads = current.filter((row) => row.sourceUrl === '').map((row): TakenImage => ({ id: row.id, sourceUrl: '', added: false, isMainImage: row.isMainImage }));
  const images = [...fromSupplier, ...uploads];
  const mainAt = Math.max(0, images.findIndex((image) => image.isMainImage));
  return {
    images: images.map((image, index) => ({ ...image, isMainImage: index === mainAt })),
    removed: feedRows.filter((row) => !used.has(row.id)).map((row) => row.id),
  };
}
