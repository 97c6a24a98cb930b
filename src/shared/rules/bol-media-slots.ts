/** Image positions of the Bol form (docs/requirements.md §5): an image may take its own slot or any slot no other image uses. */
import { BOL_MEDIA_SLOT_COUNT, type BolMedia } from '../bol-contract';

/**
 * The slots (1-based, ascending) the image in slot `ownSlot` can be moved to; with `ownSlot` null
 * (a new image) the slots nobody uses.
 */
export function freeMediaSlots(
  mediaData: readonly Pick<BolMedia, 'mediaId'>[],
  ownSlot: number | null,
  slotCount: number = BOL_MEDIA_SLOT_COUNT,
): number[] {
  const taken = new Set(mediaData.map((media) => media.mediaId).filter((slot) => slot !== ownSlot));
  const free: number[] = [];
  for (let slot = 1; slot <= slotCount; slot += 1) if (!taken.has(slot)) free.push(slot);
  return free;
}

/** Moves the image in slot `from` to the free slot `to`; other images keep their slots. */
export function moveMediaToSlot<T extends BolMedia>(mediaData: readonly T[], from: number, to: number): T[] {
  if (!freeMediaSlots(mediaData, from).includes(to)) throw new Error(`Slot ${to} is taken by another image`);
  return mediaData.map((media) => (media.mediaId === from ? { ...media, mediaId: to } : media));
}
