/** The save rule: ean, sellingPrice, title and deliveryCode must be present (docs/requirements.md §5). */
import { DELIVERY_CODES } from '../constants';

export const REQUIRED_PRODUCT_FIELDS = ['ean', 'sellingPrice', 'title', 'deliveryCode'] as const;
export type RequiredProductField = (typeof REQUIRED_PRODUCT_FIELDS)[number];

export interface ProductRequiredValues {
  ean: string | null | undefined;
  sellingPrice: string | number | null | undefined;
  title: string | null | undefined;
  deliveryCode: string | null | undefined;
}

export function missingRequiredFields(product: ProductRequiredValues): RequiredProductField[] {
  return REQUIRED_PRODUCT_FIELDS.filter((field) => {
    const value = product[field];
    if (value === null || value === undefined) return true;
    if (typeof value === 'number') return !Number.isFinite(value);
    // Another type is present, and refused by the product's schema with its own reason.
    return typeof value === 'string' && value.trim() === '';
  });
}

export function isDeliveryCode(value: string): boolean {
  return (DELIVERY_CODES as readonly string[]).includes(value);
}
