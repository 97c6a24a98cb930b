/**
 * Image changes as the history keeps and shows them (docs/products.md "History"): one change per
 * image that changed, `{field: 'image:<id>', old, new}` with the image's place, file, name, alt
 * text and main flag before and after (null: not there), and the sentences people read ("Image 2
 * 'x.png' deleted by Bram", "Image 2 'x.png': alt text 'a' → 'b'", "Image 2 'x.png' restored by
 * anna" for an add that brought a deleted image back). Entries written before this
 * rule hold the whole list under 'productImages'; they read the same way. Also how a side of an
 * image conflict reads. Pure: no DOM, no Node; the sentences take their words (`texts`, the
 * language shown; English by default: docs/languages.md).
 */
import type { ProductImage } from './contract';
import { isImageSide } from './image-delete-base';
import { messages } from './messages';

/** The words of the image sentences (messages.imageChanges in a language). */
export type ImageChangeWords = typeof messages.imageChanges;
const ENGLISH = messages.imageChanges;

/** An image as one history change keeps it. */
export interface ImageHistoryState {
  position: number;
  filePath: string;
  name: string;
  altImage: string;
  isMainImage: boolean;
}

export interface ImageHistoryChange {
  field: string;
  old: ImageHistoryState | null;
  new: ImageHistoryState | null;
  /** An add that brings back an image the history knew (the server marks it when it writes the entry). */
  restored?: boolean;
}

/** The history field of an image: `image:<id>`. */
export function imageHistoryField(id: string): string {
  return `image:${id}`;
}
/** The history's field of the whole image list in entries written before per-image changes. */
export const LEGACY_IMAGES_FIELD = 'productImages';

export function isImageHistoryField(field: string): boolean {
  return field === LEGACY_IMAGES_FIELD || /^image:[^:]+$/.test(field);
}

function stateOf(image: Pick<ProductImage, 'filePath' | 'name' | 'altImage' | 'isMainImage'>, position: number): ImageHistoryState {
  return { position, filePath: image.filePath, name: image.name, altImage: image.altImage, isMainImage: image.isMainImage };
}

/**
 * The changes of each image from `before` to `after`: added, deleted, alt text, name, file, main
 * flag, or moved among the images both lists hold (a place that only shifts because an image
 * before it was added or deleted is no move). Deleted images first, then the rest in their new order.
 */
export function imageHistoryChanges(before: readonly ProductImage[], after: readonly ProductImage[]): ImageHistoryChange[] {
  const afterIds = new Set(after.map((image) => image.id));
  const beforeIds = new Set(before.map((image) => image.id));
  const keptBefore = before.filter((image) => afterIds.has(image.id)).map((image) => image.id);
  const keptAfter = after.filter((image) => beforeIds.has(image.id)).map((image) => image.id);
  const changes: ImageHistoryChange[] = before.flatMap((image, index) => (afterIds.has(image.id) ? [] : [{ field: imageHistoryField(image.id), old: stateOf(image, index + 1), new: null }]));
  after.forEach((image, index) => {
    const oldIndex = before.findIndex((candidate) => candidate.id === image.id);
    const now = stateOf(image, index + 1);
    const old = before[oldIndex];
    if (!old) {
      changes.push({ field: imageHistoryField(image.id), old: null, new: now });
      return;
    }
    const moved = keptBefore.indexOf(image.id) !== keptAfter.indexOf(image.id);
    const changed = moved || old.altImage !== image.altImage || old.name !== image.name || old.filePath !== image.filePath || old.isMainImage !== image.isMainImage;
    if (changed) changes.push({ field: imageHistoryField(image.id), old: stateOf(old, oldIndex + 1), new: now });
  });
  return changes;
}

/** The name an image goes by: its Name, else its file's name. */
function shownName(state: { name?: string; filePath?: string }): string {
  return state.name || (state.filePath ?? '').split('/').pop() || '';
}

/** "Image 2 'x.png'". */
export function imageLabel(position: number, name: string, texts: ImageChangeWords = ENGLISH): string {
  return texts.image(position, name);
}

/** The label of an image as far as it is known: "Image 2 'x.png'", its Name or else its file's name. */
export function imageLabelOf(image: { position?: number; name?: string; filePath?: string }): string {
  return imageLabel(image.position ?? 0, shownName(image));
}

/** The sentences of one image change, as people write them. */
export function imageChangeLines(change: Pick<ImageHistoryChange, 'old' | 'new' | 'restored'>, author: string, texts: ImageChangeWords = ENGLISH): string[] {
  const { old, new: now } = change;
  if (!old && now) return [change.restored ? texts.restored(imageLabel(now.position, shownName(now), texts), author) : texts.added(imageLabel(now.position, shownName(now), texts))];
  if (old && !now) return [texts.deleted(imageLabel(old.position, shownName(old), texts), author)];
  if (!old || !now) return [];
  const image = imageLabel(now.position, shownName(old), texts);
  const lines: string[] = [];
  if (old.altImage !== now.altImage) lines.push(texts.altText(image, old.altImage, now.altImage));
  if (old.name !== now.name) lines.push(texts.name(image, old.name, now.name));
  if (old.position !== now.position) lines.push(texts.moved(image, old.position, now.position));
  if (!old.isMainImage && now.isMainImage) lines.push(texts.nowMain(image));
  if (old.isMainImage && !now.isMainImage) lines.push(texts.noLongerMain(image));
  return lines;
}

function isState(value: unknown): value is ImageHistoryState {
  return typeof value === 'object' && value !== null && typeof (value as ImageHistoryState).position === 'number';
}

/** An image list as entries before per-image changes kept it ({id, filePath, altImage, isMainImage}). */
function legacyList(value: unknown): ProductImage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const image = item as Partial<ProductImage>;
    if (typeof image.id !== 'string') return [];
    return [{ id: image.id, filePath: String(image.filePath ?? ''), name: String(image.name ?? ''), altImage: String(image.altImage ?? ''), isMainImage: image.isMainImage === true }];
  });
}

/** The sentences of a history change of images (per image, or a whole list of an older entry); `restored`: an add that brought an image back. */
export function imageHistoryLines(field: string, old: unknown, now: unknown, author: string, restored = false, texts: ImageChangeWords = ENGLISH): string[] {
  if (field === LEGACY_IMAGES_FIELD) return imageHistoryChanges(legacyList(old), legacyList(now)).flatMap((change) => imageChangeLines(change, author, texts));
  return imageChangeLines({ old: isState(old) ? old : null, new: isState(now) ? now : null, restored }, author, texts);
}

/**
 * A side of an image conflict as one line: "Deleted", or what that side has ("alt text 'x',
 * position 1, main image"); its name only when it differs from the base's (the label names it).
 */
export function imageSideText(side: unknown, base?: unknown, texts: ImageChangeWords = ENGLISH): string {
  if (!isImageSide(side)) return texts.deletedSide;
  const parts: string[] = [];
  if (side.altImage !== undefined) parts.push(texts.sideAltText(side.altImage));
  if (side.name !== undefined && !(isImageSide(base) && base.name === side.name)) parts.push(texts.sideName(side.name));
  if (side.position !== undefined && side.position > 0) parts.push(texts.sidePosition(side.position));
  if (side.isMainImage) parts.push(texts.sideMain);
  if (side.restorable === false) parts.push(texts.cannotComeBack);
  return texts.side(parts);
}
