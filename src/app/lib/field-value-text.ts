/**
 * A field's value as people read it, the same in the product history and the conflict tables
 * (docs/product-edit.md "History"): prices and measures as everywhere else in the app (format.ts),
 * yes/no in the words the list's filters use, the category by its name, bol's content status in
 * words, HTML as text, empty as a dash, long text shortened; a supplier feed's image list (URLs) as
 * its count and file names. The product page's held-back supplier values, the Logs screen and the
 * Bol tab's conflict rows use it too. Pure: no React, no I/O; the names of ids come in `names`,
 * the words in `words` (the language shown: src/app/i18n/value-words.ts; docs/languages.md).
 */
import { BOL_MODEL_COMPARED, BOL_UPDATE_FIELDS } from '../../shared/bol-change-set';
import { VALUE_WORDS } from '../../shared/messages';
import { CONTENT_STATUS_WORDS, contentStatusWords } from '../../shared/status-words';
import { isProductFieldName, productField } from '../../shared/product-fields';
import { countText, decimalInputText, priceText } from './format';

/** What the caller knows about ids in values (the category list it has, the product's own category). */
export interface ValueNames {
  categoryName?(categoryId: number): string | null | undefined;
}

export const VALUE_TEXT_MAX_LENGTH = 140;

/** The words a value is written in: yes/no, counts, the flags' words and bol's content statuses. */
export interface FieldValueWords {
  value: typeof VALUE_WORDS;
  /** bol's content status codes in words. */
  content: Readonly<Record<string, string>>;
}

export const ENGLISH_VALUE_WORDS: FieldValueWords = { value: VALUE_WORDS, content: CONTENT_STATUS_WORDS };

/** A content status in words; a code the table lacks (an older row) as words from the code. */
function contentText(code: string, words: FieldValueWords): string {
  return words.content[code] ?? contentStatusWords(code);
}

function shortened(text: string, maxLength: number, words: FieldValueWords = ENGLISH_VALUE_WORDS): string {
  if (text === '') return words.value.empty;
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
function anyValueText(value: unknown, maxLength: number, words: FieldValueWords): string {
  if (typeof value === 'boolean') return value ? words.value.yes : words.value.no;
  if (typeof value === 'number') return String(value);
  return shortened(typeof value === 'string' ? plainText(value) : JSON.stringify(value), maxLength, words);
}

/** "price 22.5, stock 2, on hold" (how the server records bol's offer) with the price as the app writes it. */
function offerText(value: string, words: FieldValueWords): string {
  const match = /^price (\S+), stock (\S+)(, on hold)?$/.exec(value);
  const price = match ? asNumber(match[1]) : null;
  if (!match || price === null) return value;
  return words.value.offer(priceText(price), match[2] ?? '', match[3] !== undefined);
}

function bolValueText(field: string, value: unknown, maxLength: number, words: FieldValueWords): string | null {
  if (typeof value !== 'string') return null;
  if (field === BOL_UPDATE_FIELDS.contentStatus.key) return contentText(value, words);
  if (field === BOL_UPDATE_FIELDS.published.key) return words.value.published[value] ?? value;
  if (field === BOL_UPDATE_FIELDS.offer.key) return shortened(offerText(value, words), maxLength, words);
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
function imageListText(addresses: readonly unknown[], maxLength: number, words: FieldValueWords): string {
  if (addresses.length === 0) return words.value.noImages;
  const names = addresses.map((address) => (typeof address === 'string' ? imageFileName(address) : String(address)));
  return shortened(`${words.value.images(addresses.length)}: ${names.join(', ')}`, maxLength, words);
}

/**
 * `field` is a product field name, 'productImages', 'images' (a supplier feed's image list) or a bol
 * key (the history's, the conflicts' and the held-back values' names); `words` the language's.
 */
export function fieldValueText(field: string, value: unknown, names: ValueNames = {}, maxLength = VALUE_TEXT_MAX_LENGTH, words: FieldValueWords = ENGLISH_VALUE_WORDS): string {
  if ((field === 'productImages' || field === BOL_MODEL_COMPARED.media.key) && Array.isArray(value)) return words.value.images(value.length);
  if (field === 'images' && Array.isArray(value)) return imageListText(value, maxLength, words);
  if (value === null || value === undefined || value === '') return words.value.empty;
  if (!isProductFieldName(field)) return bolValueText(field, value, maxLength, words) ?? anyValueText(value, maxLength, words);
  const number = asNumber(value);
  switch (productField(field).kind) {
    case 'price':
      return number === null ? anyValueText(value, maxLength, words) : priceText(number);
    case 'measure':
      return number === null ? anyValueText(value, maxLength, words) : decimalInputText(number);
    case 'count':
      return number === null ? anyValueText(value, maxLength, words) : countText(number);
    case 'flag': {
      if (typeof value !== 'boolean') return anyValueText(value, maxLength, words);
      const flag = words.value.flags[field] ?? { yes: words.value.yes, no: words.value.no };
      return value ? flag.yes : flag.no;
    }
    case 'ref':
      return number === null ? anyValueText(value, maxLength, words) : shortened(names.categoryName?.(number) ?? words.value.unknownCategory(number), maxLength, words);
    case 'html':
    case 'text':
    case 'code':
    case 'name':
      return anyValueText(value, maxLength, words);
  }
}

/** Names from a list of categories (and any one more pair known, e.g. the product's own category). */
export function categoryNames(list: readonly { categoryId: number; categoryName: string }[], ...known: readonly { categoryId: number | null; categoryName: string | null }[]): ValueNames {
  const byId = new Map<number, string>(list.map((category) => [category.categoryId, category.categoryName]));
  for (const pair of known) if (pair.categoryId !== null && pair.categoryName) byId.set(pair.categoryId, pair.categoryName);
  return { categoryName: (id) => byId.get(id) };
}
