/**
 * What "Inherit Product" copies from a family's main product to the other members. Variants of
 * one family differ in size, colour, EAN, stock and price, but share the curated texts and the
 * classification; so only these fields travel. Never copied: EAN, supplier EAN, SKU, title,
 * prices, stock, colour, size, measures, images, family key, the main flag, moderation and the
 * bol flags.
 */
import { messages } from '../../shared/messages';
import { INHERITED_PRODUCT_FIELDS } from '../../shared/product-fields';
import type { ProductRow } from './product-read-model';

/** The product table's columns of the fields the field table marks as inherited (src/shared/product-fields.ts). */
export type InheritedField = 'description' | 'brandId' | 'categoryId' | 'deliveryCode' | 'material';
export const INHERITED_FIELDS: readonly InheritedField[] = INHERITED_PRODUCT_FIELDS.map((name) => {
  const column = name === 'brand' ? 'brandId' : name;
  if (!['description', 'brandId', 'categoryId', 'deliveryCode', 'material'].includes(column)) {
    throw new Error(`The field table marks '${name}' as inherited; add its column to InheritedField`);
  }
  return column as InheritedField;
});
export type InheritedValues = Pick<ProductRow, InheritedField>;

export const FAMILY_KEY_MISSING = messages.family.familyKeyMissing;

export function inheritedValues(main: InheritedValues): InheritedValues {
  // Built from the list, so the list stays the one place that says what is inherited.
  return Object.fromEntries(INHERITED_FIELDS.map((field) => [field, main[field]])) as InheritedValues;
}

/** True when inheriting would change this member; members already equal are left alone. */
export function memberDiffers(member: InheritedValues, values: InheritedValues): boolean {
  return INHERITED_FIELDS.some((field) => member[field] !== values[field]);
}

/**
 * Why this product cannot pass its data to the family, or null when it can. Checked after the
 * family key is known to be present.
 */
export function inheritRefusal(main: Pick<ProductRow, 'productId' | 'mainProduct' | 'familyKey'>, familyKey: string): string | null {
  if (!main.mainProduct) return `Product ${main.productId} is not the main product of its family; save it as main first`;
  if (main.familyKey !== familyKey) {
    const own = main.familyKey === null ? 'no family' : `family '${main.familyKey}'`;
    return `Product ${main.productId} belongs to ${own}, not to family '${familyKey}'`;
  }
  return null;
}
