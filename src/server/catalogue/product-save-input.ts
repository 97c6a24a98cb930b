/**
 * The body of PUT /api/v1/product, checked before anything is written: the spec's required
 * fields first (so the answer names them all), then the shape (productSchema), the delivery
 * term, the EAN's GS1 check digit and the main-product rule. Pure: no database.
 */
import { messages } from '../../shared/messages';
import { productSchema, type Product, type ProductImage } from '../../shared/contract';
import { DELIVERY_CODES } from '../../shared/constants';
import { eanProblem } from '../../shared/rules/ean';
import { parsePrice } from '../../shared/rules/price';
import { isDeliveryCode, missingRequiredFields, type ProductRequiredValues } from '../../shared/rules/product-validation';
import { problemSentence } from '../http/problem-sentence';

export const MAIN_NEEDS_FAMILY_KEY = messages.family.mainNeedsFamilyKey;

export interface ProductSaveInput {
  product: Product;
  /** Trimmed; null when empty. */
  familyKey: string | null;
  /** Trimmed; null when empty. */
  brand: string | null;
  /** In the order given (position = index + 1); only the first image flagged main stays main. */
  images: ProductImage[];
}

export type ProductSaveInputResult = { ok: true; input: ProductSaveInput } | { ok: false; message: string };

const PRICE_FIELDS = ['sellingPrice', 'priceSupplier', 'deliveryPrice'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Prices may arrive as text typed by a person ("12,50"); an empty supplier or delivery price is 0
 * (docs/requirements.md §5). An empty selling price stays empty: it is a required field.
 */
function withNumericPrices(body: Record<string, unknown>): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  const copy = { ...body };
  for (const field of PRICE_FIELDS) {
    const value = copy[field];
    if (typeof value === 'number') continue;
    if (field === 'sellingPrice' && (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))) continue;
    if (value !== null && value !== undefined && typeof value !== 'string') {
      return { ok: false, message: `${field} must be a price such as 12.50 or 12,50` };
    }
    const parsed = parsePrice(value);
    if (parsed === null) return { ok: false, message: `${field} must be a price such as 12.50 or 12,50, got '${String(value)}'` };
    copy[field] = parsed;
  }
  return { ok: true, body: copy };
}

function trimmedOrNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Only the first image flagged main keeps the flag: a product has one main image. */
export function oneMainImage(images: ProductImage[]): ProductImage[] {
  let seen = false;
  return images.map((image) => {
    if (!image.isMainImage) return image;
    if (seen) return { ...image, isMainImage: false };
    seen = true;
    return image;
  });
}

export function checkProductSaveInput(body: unknown): ProductSaveInputResult {
  if (!isRecord(body)) return { ok: false, message: 'The request body must be a product (a JSON object)' };

  const missing = missingRequiredFields(body as unknown as ProductRequiredValues);
  if (missing.length > 0) return { ok: false, message: `Please fill all required fields: ${missing.join(', ')}.` };

  const prices = withNumericPrices(body);
  if (!prices.ok) return prices;

  const parsed = productSchema.safeParse(prices.body);
  if (!parsed.success) return { ok: false, message: problemSentence(parsed.error.issues, { what: 'The product', whole: 'product' }) };
  const product = parsed.data;

  if (!isDeliveryCode(product.deliveryCode)) {
    return { ok: false, message: `deliveryCode '${product.deliveryCode}' is not a delivery term; use one of ${DELIVERY_CODES.join(', ')}` };
  }
  const eanError = eanProblem(product.ean.trim());
  if (eanError) return { ok: false, message: eanError };

  const familyKey = trimmedOrNull(product.familyKey);
  if (product.mainProduct && familyKey === null) return { ok: false, message: MAIN_NEEDS_FAMILY_KEY };

  const ids = new Set<string>();
  for (const image of product.productImages) {
    if (ids.has(image.id)) return { ok: false, message: `Image id '${image.id}' appears twice in productImages` };
    ids.add(image.id);
  }

  return {
    ok: true,
    input: {
      product: { ...product, ean: product.ean.trim(), title: product.title.trim() },
      familyKey,
      brand: trimmedOrNull(product.brand),
      images: oneMainImage(product.productImages),
    },
  };
}
