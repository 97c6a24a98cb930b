/**
 * The Bol model a product starts with: the chunk's attributes, each with its saved value or, when
 * never saved, a value taken from the product; and the product's images as absolute URLs.
 */
import { BOL_MEDIA_SLOT_COUNT, type BolAttribute, type BolMedia } from '../../../shared/bol-contract';
import type { Product, ProductImage } from '../../../shared/contract';
import { matchShoeSizeValue, schoenmaatFor, usToEuShoeSize } from '../../../shared/rules/shoe-size';
import { prefillFieldOf } from './model-file';
import type { ChunkAttributeRow } from './model-store';

const measure = (value: number | null) => (value === null ? '' : String(value));

/** The product's text for an attribute, before it is fitted to a value list. */
function productValue(attribute: ChunkAttributeRow, product: Product, sizesAreUs: boolean): string {
  switch (prefillFieldOf(attribute.attributeId, attribute.prefill)) {
    case 'ean':
      return product.ean;
    case 'title':
      return product.title;
    case 'description':
      return product.description;
    case 'brand':
      return product.brand ?? '';
    case 'color':
      return product.color;
    case 'material':
      return product.material;
    case 'shoeSize':
      if (attribute.valueList) return schoenmaatFor(product.productSize, attribute.valueList, sizesAreUs) ?? '';
      return sizesAreUs ? (usToEuShoeSize(product.productSize) ?? '') : product.productSize;
    case 'size':
      return product.productSize;
    case 'sku':
      return product.sku;
    case 'weight':
      return measure(product.weight);
    case 'width':
      return measure(product.width);
    case 'length':
      return measure(product.length);
    case 'height':
      return measure(product.height);
    case 'none':
      return '';
  }
}

/** A prefilled value of a value-list attribute must be one of the list's values (same text, spaces and case ignored), else empty. */
function fitToList(value: string, valueList: readonly string[] | null): string {
  if (!valueList || value === '') return value;
  if (valueList.includes(value)) return value;
  const exact = matchShoeSizeValue(value, valueList);
  if (exact) return exact;
  const lower = value.replace(/\s+/g, '').toLowerCase();
  return valueList.find((entry) => entry.replace(/\s+/g, '').toLowerCase() === lower) ?? '';
}

export function buildAttributeData(
  definitions: readonly ChunkAttributeRow[],
  product: Product,
  savedValues: Readonly<Record<string, string>>,
  sizesAreUs: boolean,
): BolAttribute[] {
  return definitions.map((definition) => {
    const saved = Object.hasOwn(savedValues, definition.attributeId) ? savedValues[definition.attributeId] : undefined;
    return {
      attributeId: definition.attributeId,
      attributeName: definition.attributeName,
      required: definition.required,
      value: saved ?? fitToList(productValue(definition, product, sizesAreUs), definition.valueList),
      valueList: definition.valueList ?? null,
      description: definition.description,
      unit: definition.unit,
    };
  });
}

/** An image address as an absolute URL: our stored paths on our own origin, external URLs as they are. */
export function absoluteImageUrl(filePath: string, selfOrigin: string): string | null {
  if (filePath.startsWith('/') && !filePath.startsWith('//')) return new URL(filePath, selfOrigin).href;
  return /^https?:\/\//i.test(filePath) ? filePath : null;
}

/** The product's images in their order, one per slot (slot 1 = the first image). */
export function buildMediaData(images: readonly ProductImage[], selfOrigin: string): BolMedia[] {
  const media: BolMedia[] = [];
  for (const image of images) {
    if (media.length >= BOL_MEDIA_SLOT_COUNT) break;
    const url = absoluteImageUrl(image.filePath, selfOrigin);
    if (url) media.push({ mediaId: media.length + 1, value: url });
  }
  return media;
}
