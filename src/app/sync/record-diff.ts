/**
 * Which fields of two versions of a record differ, as the conflict views show them: my version
 * (what a waiting change carries) beside the server's. The outbox kinds (sync/outbox-kinds.ts) use
 * it as their "diff"; docs/offline.md describes the conflict view.
 */
import type { Product } from '../../shared/contract';

/** The product fields a person edits, with their labels, in screen order. */
export const PRODUCT_FIELDS: ReadonlyArray<[keyof Product, string]> = [
  ['title', 'Title'],
  ['ean', 'EAN'],
  ['supplierEan', 'Supplier EAN'],
  ['sku', 'SKU'],
  ['sellingPrice', 'Selling price'],
  ['priceSupplier', 'Supplier price'],
  ['deliveryPrice', 'Delivery price'],
  ['deliveryCode', 'Delivery code'],
  ['stock', 'Stock'],
  ['brand', 'Brand'],
  ['categoryId', 'Category'],
  ['familyKey', 'Family key'],
  ['mainProduct', 'Main product'],
  ['passedModeration', 'Passed moderation'],
  ['buyBlock', 'Buy block'],
  ['isExportOnBol', 'Export to bol'],
  ['isChangeEan', 'EAN replaced'],
  ['weight', 'Weight'],
  ['width', 'Width'],
  ['length', 'Length'],
  ['height', 'Height'],
  ['productSize', 'Size'],
  ['color', 'Colour'],
  ['material', 'Material'],
  ['description', 'Description'],
];

export interface FieldDifference {
  field: string;
  label: string;
  mine: string;
  theirs: string;
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
  const differences: FieldDifference[] = PRODUCT_FIELDS.filter(([field]) => !sameValue(mine[field], theirs[field])).map(([field, label]) => ({
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

/** Every top-level field but the bookkeeping ones that differs (the Bol model). */
export function recordDifferences(mine: Record<string, unknown>, theirs: Record<string, unknown>): FieldDifference[] {
  const skip = new Set(['version', 'dateUpdate', 'dateCreate']);
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((field) => !skip.has(field));
  return fields
    .filter((field) => !sameValue(mine[field], theirs[field]))
    .map((field) => ({ field, label: field, mine: displayValue(mine[field]), theirs: displayValue(theirs[field]) }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isProductLike(value: Record<string, unknown>): value is Record<string, unknown> & Product {
  return typeof value.productId === 'number' && Array.isArray(value.productImages) && 'sellingPrice' in value;
}

/** The fields where my version and the server's differ, mine beside theirs. */
export function conflictFields(mine: unknown, theirs: unknown): FieldDifference[] {
  if (!isRecord(mine) || !isRecord(theirs)) return [];
  if (isProductLike(mine) && isProductLike(theirs)) return productDifferences(mine, theirs);
  return recordDifferences(mine, theirs);
}
