/**
 * A field's value as people read it, the same in the product history and the conflict tables
 * (docs/product-edit.md "History"): prices and measures as everywhere else in the app (format.ts),
 * yes/no in the words the list's filters use, the category by its name, bol's content status in
 * words, HTML as text, empty as a dash, long text shortened; a supplier feed's image list (URLs) as
 * its count and file names. The product page's held-back supplier values, the Logs screen and the
 * Bol tab's conflict rows use it too. Pure: no React, no I/O; the names of ids come in `names`.
 */
import { BOL_MODEL_COMPARED, BOL_UPDATE_FIELDS } from '../../shared/bol-change-set';
import { VALUE_WORDS } from '../../shared/messages';
import { contentStatusWords } from '../../shared/status-words';
import { isProductFieldName, productField } from '../../shared/product-fields';
import { countText, decimalInputText, priceText } from './format';

/** What the caller knows about ids in values (the category list it has, the product's own category). */
export interface ValueNames {
  categoryName?(categoryId: number): string | null | undefined;
}

export const VALUE_TEXT_MAX_LENGTH = 140;

function shortened(text: string, maxLength: number): string {
  if (text === '') return VALUE_WORDS.empty;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** HTML as its text: tags dropped, white space folded. */
function plainText(value: string): string {
  return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

function asNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

/** A value no rule below knows: as text, JSON for anything structured. */
function anyValueText(value: unknown, maxLength: number): string {
  if (typeof value === 'boolean') return value ? VALUE_WORDS.yes : VALUE_WORDS.no;
  if (typeof value === 'number') return String(value);
  return shortened(typeof value === 'string' ? plainText(value) : JSON.stringify(value), maxLength);
}

/** "price 22.5, stock 2, on hold" (how the server records bol's offer) with the price as the app writes it. */
function offerText(value: string): string {
  const match = /^price (\S+), stock (\S+)(, on hold)?$/.exec(value);
  const price = match ? asNumber(match[1]) : null;
  if (!match || price === null) return value;
  return VALUE_WORDS.offer(priceText(price), match[2] ?? '', match[3] !== undefined);
}

function bolValueText(field: string, value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  if (field === BOL_UPDATE_FIELDS.contentStatus.key) return contentStatusWords(value);
  if (field === BOL_UPDATE_FIELDS.published.key) return VALUE_WORDS.published[value] ?? value;
  if (field === BOL_UPDATE_FIELDS.offer.key) return shortened(offerText(value), maxLength);
  return null;
}

/** The file name at the end of an image's address or path ('https://x/a/red%20shoe.jpg?v=2' -> 'red shoe.jpg'). */
export function imageFileName(address: string): string {
  const path = address.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter((part) => part !== '').pop() ?? address;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A supplier feed's image list (URLs): "2 images: front.jpg, side.jpg", none as "No images". */
function imageListText(addresses: readonly unknown[], maxLength: number): string {
  if (addresses.length === 0) return VALUE_WORDS.noImages;
  const names = addresses.map((address) => (typeof address === 'string' ? imageFileName(address) : String(address)));
  return shortened(`${VALUE_WORDS.images(addresses.length)}: ${names.join(', ')}`, maxLength);
}

/**
 * `field` is a product field name, 'productImages', 'images' (a supplier feed's image list) or a bol
 * key (the history's, the conflicts' and the held-back values' names).
 */
export function fieldValueText(field: string, value: unknown, names: ValueNames = {}, maxLength = VALUE_TEXT_MAX_LENGTH): string {
  if ((field === 'productImages' || field === BOL_MODEL_COMPARED.media.key) && Array.isArray(value)) return VALUE_WORDS.images(value.length);
  if (field === 'images' && Array.isArray(value)) return imageListText(value, maxLength);
  if (value === null || value === undefined || value === '') return VALUE_WORDS.empty;
  if (!isProductFieldName(field)) return bolValueText(field, value, maxLength) ?? anyValueText(value, maxLength);
  const number = asNumber(value);
  switch (productField(field).kind) {
    case 'price':
      return number === null ? anyValueText(value, maxLength) : priceText(number);
    case 'measure':
      return number === null ? anyValueText(value, maxLength) : decimalInputText(number);
    case 'count':
      return number === null ? anyValueText(value, maxLength) : countText(number);
    case 'flag': {
      if (typeof value !== 'boolean') return anyValueText(value, maxLength);
      const words = VALUE_WORDS.flags[field] ?? { yes: VALUE_WORDS.yes, no: VALUE_WORDS.no };
      return value ? words.yes : words.no;
    }
    case 'ref':
      return number === null ? anyValueText(value, maxLength) : shortened(names.categoryName?.(number) ?? VALUE_WORDS.unknownCategory(number), maxLength);
    case 'html':
    case 'text':
    case 'code':
    case 'name':
      return anyValueText(value, maxLength);
  }
}

/** Names from a list of categories (and any one more pair known, e.g. the product's own category). */
export function categoryNames(list: readonly { categoryId: number; categoryName: string }[], ...known: readonly { categoryId: number | null; categoryName: string | null }[]): ValueNames {
  const byId = new Map<number, string>(list.map((category) => [category.categoryId, category.categoryName]));
  for (const pair of known) if (pair.categoryId !== null && pair.categoryName) byId.set(pair.categoryId, pair.categoryName);
  return { categoryName: (id) => byId.get(id) };
}
