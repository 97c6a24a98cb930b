/**
 * Which fields of two versions of a record differ, as the conflict views show them: my version
 * (what a waiting change carries) beside the server's. The differences come from the field-diff
 * algebra (src/shared/field-diff.ts) and the record types' fields (src/shared/change-set.ts,
 * src/shared/bol-change-set.ts); here they become rows with readable values. The write kinds
 * (sync/kinds/) use it as their "diff"; docs/offline.md describes the conflict view.
 */
import { BOL_ATTRIBUTES, BOL_MODEL_COMPARED, type BolAttributeValues } from '../../shared/bol-change-set';
import type { BolMedia } from '../../shared/bol-contract';
import { productFields } from '../../shared/change-set';
import type { Product } from '../../shared/contract';
import { diffFields, type FieldConflict, type FieldDiff, type RecordFields } from '../../shared/field-diff';
import { isImageSide, parseImageDeleteKey } from '../../shared/image-delete-base';
import { imageSideText, type ImageChangeWords } from '../../shared/image-history';
import { messages } from '../../shared/messages';
import { TRACKED_PRODUCT_FIELDS } from '../../shared/product-fields';
import { categoryNames, ENGLISH_VALUE_WORDS, fieldValueText, type FieldValueWords, type ValueNames } from '../lib/field-value-text';

export interface FieldDifference {
  field: string;
  label: string;
  mine: string;
  theirs: string;
  /** Who wrote theirs and when (ISO), when the server said so. */
  changedBy?: string;
  changedAt?: string;
  /** Theirs is an image the other person deleted: who and when read "Deleted by …". */
  theirsDeleted?: boolean;
}

/** Values in the conflict views are shortened a little more than in the history. */
const PANEL_MAX_LENGTH = 120;

/** A value of no known field as the panel shows it: empty as '—', yes/no for flags, HTML stripped and shortened. */
export function displayValue(value: unknown, maxLength = PANEL_MAX_LENGTH): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  const text =
    typeof value === 'string'
      ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
      : JSON.stringify(value);
  if (text === '') return '—';
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** The words of a conflict's values (the language shown; docs/languages.md). */
export interface ConflictWords {
  values: FieldValueWords;
  images: ImageChangeWords;
}
const ENGLISH_CONFLICT_WORDS: ConflictWords = { values: ENGLISH_VALUE_WORDS, images: messages.imageChanges };

/** Conflicts of a change-set answer (product or Bol model) as the conflict views list them (values as the history writes them). */
export function conflictDifferences(conflicts: readonly FieldConflict[], names: ValueNames = {}, words: ConflictWords = ENGLISH_CONFLICT_WORDS): FieldDifference[] {
  // An image one side deleted: each side as what it has, or "Deleted" (src/shared/image-history.ts).
  const shown = (conflict: FieldConflict, value: unknown) =>
    parseImageDeleteKey(conflict.field) !== null ? imageSideText(value, conflict.base, words.images) : fieldValueText(conflict.field, value, names, PANEL_MAX_LENGTH, words.values);
  return conflicts.map((conflict) => ({
    field: conflict.field,
    label: conflict.label,
    mine: shown(conflict, conflict.mine),
    theirs: shown(conflict, conflict.theirs),
    ...(conflict.changedBy ? { changedBy: conflict.changedBy } : {}),
    ...(conflict.changedAt ? { changedAt: conflict.changedAt } : {}),
    ...(parseImageDeleteKey(conflict.field) !== null && !isImageSide(conflict.theirs) ? { theirsDeleted: true } : {}),
  }));
}

/** The rows of a diff from the server's record (base) to mine (value), labelled on mine, values as the history writes them. */
function rowsOf<R, K extends string>(fields: RecordFields<R, K>, mine: R, diff: FieldDiff<K>, fieldName: (key: K) => string = (key) => key, names: ValueNames = {}): FieldDifference[] {
  return (Object.entries(diff) as [K, NonNullable<FieldDiff<K>[K]>][]).map(([key, change]) => ({
    field: fieldName(key),
    label: fields.label(mine, key),
    mine: fieldValueText(fieldName(key), change.value, names, PANEL_MAX_LENGTH),
    theirs: fieldValueText(fieldName(key), change.base, names, PANEL_MAX_LENGTH),
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Number(a ?? NaN) === Number(b ?? NaN) || (a == null && b == null);
  const norm = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : JSON.stringify(value));
  return norm(a) === norm(b);
}

function imagesText(product: Product): string {
  const count = product.productImages.length;
  return count === 1 ? '1 image' : `${count} images`;
}

function sameImages(a: Product, b: Product): boolean {
  return (
    a.productImages.length === b.productImages.length &&
    a.productImages.every((image, index) => image.filePath === b.productImages[index]?.filePath && image.altImage === b.productImages[index]?.altImage)
  );
}

/** The fields the conflict view compares: those listed in conflicts and the history (src/shared/product-fields.ts). */
const TRACKED_FIELDS = productFields(TRACKED_PRODUCT_FIELDS);

/** The fields where my product and the server's differ, mine beside theirs (images as one line). */
export function productDifferences(mine: Product, theirs: Product): FieldDifference[] {
  const differences = rowsOf(TRACKED_FIELDS, mine, diffFields(TRACKED_FIELDS, theirs, mine), undefined, categoryNames([], mine, theirs));
  if (!sameImages(mine, theirs)) {
    const [mineText, theirsText] = [imagesText(mine), imagesText(theirs)];
    differences.push({
      field: 'productImages',
      label: 'Images',
      mine: mineText === theirsText ? `${mineText} (changed)` : mineText,
      theirs: theirsText,
    });
  }
  return differences;
}

function attributesOf(record: Record<string, unknown>): BolAttributeValues | null {
  const data = record.attributeData;
  if (!Array.isArray(data)) return null;
  return { attributeData: data.filter((item): item is BolAttributeValues['attributeData'][number] => isRecord(item) && typeof item.attributeId === 'string') };
}

/**
 * The Bol model's attributes that differ, one line each, named as the form names them (the
 * attribute's name), plus the category and the image slots; compared as the change sets compare
 * them (BOL_MODEL_COMPARED).
 */
export function bolModelDifferences(mine: Record<string, unknown>, theirs: Record<string, unknown>): FieldDifference[] {
  const { chunk, media } = BOL_MODEL_COMPARED;
  const differences: FieldDifference[] = [];
  if (!chunk.same(mine.chunkId as string | null, theirs.chunkId as string | null)) {
    differences.push({ field: 'chunkId', label: 'Bol category', mine: displayValue(mine.chunkName ?? mine.chunkId), theirs: displayValue(theirs.chunkName ?? theirs.chunkId) });
  }
  const [mineAttributes, theirAttributes] = [attributesOf(mine) ?? { attributeData: [] }, attributesOf(theirs) ?? { attributeData: [] }];
  differences.push(...rowsOf(BOL_ATTRIBUTES, mineAttributes, diffFields(BOL_ATTRIBUTES, theirAttributes, mineAttributes), (id) => `attribute:${id}`));
  const mediaOf = (record: Record<string, unknown>): BolMedia[] | null => (Array.isArray(record.mediaData) ? (record.mediaData as BolMedia[]) : null);
  if (!media.same(mediaOf(mine), mediaOf(theirs))) {
    differences.push({ field: 'mediaData', label: 'Images', mine: displayValue(mine.mediaData), theirs: displayValue(theirs.mediaData) });
  }
  return differences;
}

/** Every top-level field but the bookkeeping ones that differs (any other record). */
export function recordDifferences(mine: Record<string, unknown>, theirs: Record<string, unknown>): FieldDifference[] {
  const skip = new Set(['version', 'dateUpdate', 'dateCreate']);
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((field) => !skip.has(field));
  return fields
    .filter((field) => !sameValue(mine[field], theirs[field]))
    .map((field) => ({ field, label: field, mine: displayValue(mine[field]), theirs: displayValue(theirs[field]) }));
}

function isProductLike(value: Record<string, unknown>): value is Record<string, unknown> & Product {
  return typeof value.productId === 'number' && Array.isArray(value.productImages) && 'sellingPrice' in value;
}

/** The fields where my version and the server's differ, mine beside theirs. */
export function conflictFields(mine: unknown, theirs: unknown): FieldDifference[] {
  if (!isRecord(mine) || !isRecord(theirs)) return [];
  if (isProductLike(mine) && isProductLike(theirs)) return productDifferences(mine, theirs);
  if (attributesOf(mine) && attributesOf(theirs)) return bolModelDifferences(mine, theirs);
  return recordDifferences(mine, theirs);
}
