/**
 * Who and when for the image conflicts of a change set, and both sides of an image someone else
 * deleted (docs/products.md "PATCH /product/{id}"): read from the product's history, where every
 * image change is recorded per image (`image:<id>`, src/shared/image-history.ts; entries written
 * before that hold the whole list under `productImages`). An image conflict names who last
 * changed that image (or, for the order and the main image, any image); a conflict with an image
 * someone else deleted gets the image as it was deleted (its file, name, alt text, place) under my
 * changes, and whether its file is still stored, so "Keep mine" can bring it back.
 */
import { inArray, sql } from 'drizzle-orm';
import { IMAGE_MAIN_KEY, IMAGE_ORDER_KEY, parseImageEditKey } from '../../shared/change-set';
import type { FieldConflict } from '../../shared/field-diff';
import { isImageSide, parseImageDeleteKey, type ImageSide } from '../../shared/image-delete-base';
import { imageHistoryField, imageLabelOf, LEGACY_IMAGES_FIELD } from '../../shared/image-history';
import { mediaFiles } from '../db/schema';
import { historyRowsChanging } from './product-history';
import type { Queryable } from '../db/query-rows';
import { isMediaPath } from './product-image-plan';

interface ImageHistoryRow {
  author: string;
  at: string;
  changes: { field: string; old: unknown; new: unknown }[];
}

async function imageHistoryRows(db: Queryable, productId: number): Promise<ImageHistoryRow[]> {
  const rows = await historyRowsChanging(db, productId, sql`(c->>'field' = ${LEGACY_IMAGES_FIELD} or c->>'field' like 'image:%')`);
  // By the name people see, as the history and the field conflicts name them.
  return rows.map((row) => ({ author: row.displayName || row.author, at: row.serverAt.toISOString(), changes: row.changes }));
}

const listHas = (value: unknown, id: string) => Array.isArray(value) && value.some((item: unknown) => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id);

/** Whether a history change is about image `id` (or, for null, about any image). */
function touches(change: ImageHistoryRow['changes'][number], id: string | null): boolean {
  if (id === null) return change.field === LEGACY_IMAGES_FIELD || change.field.startsWith('image:');
  if (change.field === imageHistoryField(id)) return true;
  return change.field === LEGACY_IMAGES_FIELD && (listHas(change.old, id) || listHas(change.new, id));
}

/** The image as its delete found it, from the newest history change that deleted it. */
function deletedImage(rows: readonly ImageHistoryRow[], id: string): ImageSide | null {
  for (const row of rows) {
    for (const change of row.changes) {
      if (change.field === imageHistoryField(id) && change.new === null && typeof change.old === 'object' && change.old !== null) return { id, ...(change.old as Omit<ImageSide, 'id'>) };
      if (change.field === LEGACY_IMAGES_FIELD && listHas(change.old, id) && !listHas(change.new, id) && Array.isArray(change.old)) {
        const index = change.old.findIndex((item: { id?: unknown }) => item.id === id);
        const item = change.old[index] as { filePath?: string; altImage?: string; isMainImage?: boolean };
        return { id, filePath: item.filePath ?? '', name: '', altImage: item.altImage ?? '', isMainImage: item.isMainImage === true, position: index + 1 };
      }
    }
  }
  return null;
}

function imageOfConflict(field: string): string | null {
  return parseImageDeleteKey(field) ?? parseImageEditKey(field)?.id ?? null;
}

async function storedFiles(db: Queryable, paths: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(paths.filter(isMediaPath))];
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ filePath: mediaFiles.filePath }).from(mediaFiles).where(inArray(mediaFiles.filePath, wanted));
  return new Set(rows.map((row) => row.filePath));
}

/** The conflicts with who changed each image conflict's image and when, and the deleted image's sides filled in. */
export async function withImageConflictDetails(db: Queryable, productId: number, conflicts: readonly FieldConflict[]): Promise<FieldConflict[]> {
  const images = conflicts.filter((conflict) => imageOfConflict(conflict.field) !== null || conflict.field === IMAGE_ORDER_KEY || conflict.field === IMAGE_MAIN_KEY);
  if (images.length === 0) return [...conflicts];
  const rows = await imageHistoryRows(db, productId);
  const deleted = new Map<string, ImageSide>();
  for (const conflict of images) {
    const id = parseImageDeleteKey(conflict.field);
    const found = id !== null && conflict.theirs === null ? deletedImage(rows, id) : null;
    if (id !== null && found) deleted.set(id, found);
  }
  const stored = await storedFiles(db, [...deleted.values()].map((image) => image.filePath ?? ''));
  return conflicts.map((conflict) => {
    if (!images.includes(conflict)) return conflict;
    const id = imageOfConflict(conflict.field);
    const last = rows.find((row) => row.changes.some((change) => touches(change, id)));
    const withWho = { ...conflict, changedBy: last?.author ?? conflict.changedBy, changedAt: last?.at ?? conflict.changedAt };
    if (!isImageSide(conflict.mine) || conflict.theirs !== null) return withWho;
    const gone = id !== null ? deleted.get(id) : undefined;
    // Not found in the history: nothing to bring it back from.
    if (!gone) return { ...withWho, mine: { ...conflict.mine, restorable: false } };
    return {
      ...withWho,
      label: imageLabelOf(gone),
      base: { ...gone, ...(isImageSide(conflict.base) ? conflict.base : {}) },
      mine: { ...gone, ...conflict.mine, restorable: stored.has(gone.filePath ?? '') },
    };
  });
}
