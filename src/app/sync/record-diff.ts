/**
 * Which fields of two versions of a record differ, as the conflict views show them: my version
 * (what a waiting change carries) beside the server's. The outbox kinds (sync/outbox-kinds.ts) use
 * it as their "diff"; docs/offline.md describes the conflict view.
 */
import type { Product } from '../../shared/contract';
import { productField, sameFieldValue, TRACKED_PRODUCT_FIELDS, type ProductFieldName } from '../../shared/product-fields';

/** The product fields the conflict view compares, with their labels (src/shared/product-fields.ts). */
export const PRODUCT_FIELDS: ReadonlyArray<[ProductFieldName, string]> = TRACKED_PRODUCT_FIELDS.map((name) => [name, productField(name).label]);

export interface FieldDifference {
  field: string;
  label: string;
  mine: string;
  theirs: string;
  /** Who wrote theirs and when (ISO), when the server said so. */
  changedBy?: string;
  changedAt?: string;
}

/** A value as the panel shows it: empty as '—', yes/no for flags, HTML stripped and shortened. */
export function displayValue(value: unknown, maxLength = 120): string {
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

/** The fields where my product and the server's differ, mine beside theirs (images as one line). */
export function productDifferences(mine: Product, theirs: Product): FieldDifference[] {
  const differences: FieldDifference[] = PRODUCT_FIELDS.filter(([field]) => !sameFieldValue(field, mine[field], theirs[field])).map(([field, label]) => ({
    field,
    label,
    mine: displayValue(mine[field]),
    theirs: displayValue(theirs[field]),
  }));
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

interface AttributeLike {
  attributeId: string;
  attributeName?: string;
  value: string | null;
}

function attributesOf(record: Record<string, unknown>): AttributeLike[] | null {
  const data = record.attributeData;
  if (!Array.isArray(data)) return null;
  return data.filter((item): item is AttributeLike => isRecord(item) && typeof item.attributeId === 'string');
}

/**
 * The Bol model's attributes that differ, one line each, named as the form names them (the
 * attribute's name), plus the category and the image slots.
 */
export function bolModelDifferences(mine: Record<string, unknown>, theirs: Record<string, unknown>): FieldDifference[] {
  const mineAttributes = attributesOf(mine) ?? [];
  const theirAttributes = new Map((attributesOf(theirs) ?? []).map((attribute) => [attribute.attributeId, attribute]));
  const differences: FieldDifference[] = [];
  if (!sameValue(mine.chunkId, theirs.chunkId)) {
    differences.push({ field: 'chunkId', label: 'Bol category', mine: displayValue(mine.chunkName ?? mine.chunkId), theirs: displayValue(theirs.chunkName ?? theirs.chunkId) });
  }
  for (const attribute of mineAttributes) {
    const other = theirAttributes.get(attribute.attributeId);
    if (sameValue(attribute.value, other?.value)) continue;
    differences.push({
      field: `attribute:${attribute.attributeId}`,
      label: attribute.attributeName || attribute.attributeId,
      mine: displayValue(attribute.value),
      theirs: displayValue(other?.value),
    });
  }
  if (!sameValue(mine.mediaData, theirs.mediaData)) {
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
