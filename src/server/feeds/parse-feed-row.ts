/**
 * One raw feed record (a CSV row or an XML <product>) -> a product row ready to upsert, or the
 * reason it is refused. Pure: the import job and the tests call it the same way.
 * The columns are documented in docs/feeds.md.
 */
import { readAmount, readMeasure, isExponentNumber, SELLER_CURRENCY } from '../../shared/feed-values';
import { feedValueMessages } from '../../shared/messages';
import { feedReadingMessages } from '../../shared/feed-reading-messages';
import { IMAGE_SEPARATOR_KEYS, IMAGE_SEPARATOR_NAMES, imageFileNames, resolveImageAddress, separatorInValue, type ImageBase, type ImageSeparator } from '../../shared/feed-image-addresses';
import { eanProblem, eanProblemOf } from '../../shared/rules/ean';
import type { TestFeedProduct } from '../../shared/suppliers';
import { isDeliveryCode } from '../../shared/rules/product-validation';
import { sanitizeDescription } from '../catalogue/sanitize-description';
import { sentenceOf, serverSentence, type ServerSentence } from '../../shared/server-messages';
import type { FeedField } from '../../shared/feed-mapping';

/** Field values as a reader hands them over: text, or a list for repeated XML elements (images). */
export type FeedRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A parsed row as the import writes it: what Test feed shows of it, and the rest of the product's feed fields. */
export interface FeedProductRow extends TestFeedProduct {
  /** The upsert key within the supplier: the EAN, or `sku:<SKU>` when the feed has no EAN. */
  sourceKey: string;
  description: string;
  weight: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
  color: string;
  material: string;
  /** Created as its family's main product (set by the import's family step, feed-family-mains.ts; never changes an existing product). */
  mainProduct?: boolean;
}

export interface FeedRowRefusal {
  line: number;
  reason: string;
  /** The reason's sentence, when it names one (docs/languages.md); kept with the job and the parsing history. */
  sentence?: ServerSentence;
}

/** `warnings`: what the row lost without being refused (an image address that cannot be fetched); absent when none. */
export type ParsedFeedRow = { ok: true; row: FeedProductRow; warnings?: string[] } | { ok: false; refusal: FeedRowRefusal };

/** Who the row belongs to; only the name is used, in messages. */
export interface FeedRowSupplier {
  supplierName: string;
  /** Where its relative image addresses point (feed-image-addresses.ts); default: paths on this server. */
  imageBase?: ImageBase;
}

/** How a supplier's values are read beyond their own text (the mapping's currency policy, docs/feeds.md "Prices"). */
export interface FeedRowRules {
  /** A price in another currency than the seller's: refuse the row (default), or keep the number. */
  foreignCurrency?: 'refuse' | 'keep';
  /** Where relative image addresses point (docs/feeds.md, "Images"); default: paths stay paths on this server, as the demo feeds have them. */
  imageBase?: ImageBase | undefined;
  /** The mapping's image separator, named when one image part holds several addresses. */
  imageSeparator?: ImageSeparator;
}

/** The feed's column names (case-insensitive in CSV headers; element names in XML). */
export const FEED_COLUMNS = [
  'ean', 'sku', 'title', 'description', 'brand', 'category', 'price', 'retailPrice', 'deliveryCode', 'stock',
  'weight', 'width', 'length', 'height', 'size', 'color', 'material', 'familyKey', 'images',
] as const;

/** Longest values the product contract allows (src/shared/contract.ts). */
const MAX_LENGTH = {
  ean: 20,
  sku: 100,
  title: 500,
  description: 200_000,
  brand: 200,
  category: 200,
  productSize: 50,
  color: 100,
  material: 100,
  familyKey: 200,
} as const;
const MAX_IMAGES = 50;
const MAX_IMAGE_URL_LENGTH = 2_000;
/** Fits the numeric(12, 2) columns with room to spare. */
const MAX_MEASURE = 1_000_000;
const MAX_STOCK = 2_147_483_647;

/** A refused row's reason: a sentence the app words (docs/languages.md), or a rule's own English. */
class RowRefused extends Error {
  readonly sentence: ServerSentence | null;
  constructor(said: string | ServerSentence) {
    super(typeof said === 'string' ? said : said.message);
    this.sentence = typeof said === 'string' ? null : said;
  }
}

/** A field's name in a reason, as the mapping names it (its Dutch in the catalog's feedField ids). */
function field(column: FeedField, label: string): ServerSentence {
  return sentenceOf(`feedField.${column}`, label);
}

/** A separator as the Parser screen names it (its Dutch in the catalog's `parser.imageSeparators`). */
function separatorSaid(separator: ImageSeparator): ServerSentence {
  return sentenceOf(`parser.imageSeparators.${IMAGE_SEPARATOR_KEYS[separator]}`, IMAGE_SEPARATOR_NAMES[separator]);
}

/** One image part holds several addresses: the feed's separator is not the mapping's (docs/feeds.md, "Images"). */
function severalImages(fileNames: readonly string[], found: ImageSeparator, chosen: ImageSeparator): ServerSentence {
  const english = feedReadingMessages.severalImages(fileNames, found, chosen);
  return sentenceOf('feedReading.severalImages', english, [fileNames.join(', '), separatorSaid(found), separatorSaid(chosen)]);
}

function text(record: FeedRecord, column: string): string {
  const value = record[column];
  if (value === undefined) return '';
  return (typeof value === 'string' ? value : value.join('|')).trim();
}

function bounded(value: string, label: ServerSentence, max: number): string {
  if (value.length > max) throw new RowRefused(serverSentence('feedValueTooLong', label, max));
  return value;
}

/** A weight (kg) or a measure (cm); the mapping has turned other units into these (feed-mapping.ts, plainNumber). */
function measure(record: FeedRecord, column: 'weight' | 'width' | 'length' | 'height', label: string): number | null {
  const named = field(column, label);
  const raw = text(record, column);
  if (raw === '') return null;
  const value = column === 'weight' ? readMeasure(raw, 'weight', 'kg', null) : readMeasure(raw, 'dimension', 'cm', null);
  if (value === null || value > MAX_MEASURE) throw new RowRefused(serverSentence('feedMeasureNotValid', named, raw, MAX_MEASURE));
  return value;
}

/** A price with its currency (docs/feeds.md, "Prices"); null when the row has none. */
function price(record: FeedRecord, column: 'price' | 'retailPrice', label: string, rules: FeedRowRules): number | null {
  const named = field(column, label);
  const raw = text(record, column);
  if (raw === '') return null;
  const amount = readAmount(raw, null);
  if (amount === null || amount.value > MAX_MEASURE) throw new RowRefused(sentenceOf('feedValue.notAPrice', feedValueMessages.notAPrice(label, raw), [named, raw]));
  if (amount.currency !== null && amount.currency !== SELLER_CURRENCY && (rules.foreignCurrency ?? 'refuse') === 'refuse') {
    throw new RowRefused(sentenceOf('feedValue.foreignCurrency', feedValueMessages.foreignCurrency(label, raw, amount.currency, SELLER_CURRENCY), [named, raw, amount.currency, SELLER_CURRENCY]));
  }
  return amount.value;
}

function stock(record: FeedRecord): number {
  const raw = text(record, 'stock');
  if (raw === '') return 0;
  const value = /^\d+$/.test(raw.replace(/[.,]0+$/, '')) ? Number(raw.replace(/[.,]0+$/, '')) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > MAX_STOCK) throw new RowRefused(serverSentence('feedStockNotValid', raw));
  return value;
}

const OWN_SERVER: ImageBase = { kind: 'own-server' };

/** A value quoted in a reason: whole up to 200 characters, so both addresses of a pair show. */
function shortened(value: string): string {
  return value.length > 200 ? `${value.slice(0, 199)}…` : value;
}

/**
 * The row's image addresses, resolved (docs/feeds.md, "Images"). A part that still holds several
 * addresses refuses the row (the mapping's separator is not the feed's); a relative address with
 * nothing to resolve it against is left out, with a warning, never stored as if it were absolute.
 */
function images(record: FeedRecord, rules: FeedRowRules, warnings: string[]): string[] {
  const value = record.images;
  const parts = value === undefined ? [] : typeof value === 'string' ? value.split('|') : value;
  const urls: string[] = [];
  let unusable: string[] | null = null;
  for (const part of parts) {
    const written = part.trim();
    if (written === '' || urls.includes(written)) continue;
    const several = separatorInValue(written);
    if (several) throw new RowRefused(severalImages(imageFileNames(written, several), several, rules.imageSeparator ?? '|'));
    const resolved = written.length > MAX_IMAGE_URL_LENGTH ? { invalid: true as const } : resolveImageAddress(written, rules.imageBase ?? OWN_SERVER);
    if ('invalid' in resolved) throw new RowRefused(serverSentence('feedImageNotAddress', written.slice(0, 100)));
    if ('unusable' in resolved) {
      unusable ??= [];
      if (!unusable.includes(written)) {
        unusable.push(written);
        warnings.push(feedReadingMessages.relativeImage(shortened(written)));
      }
      continue;
    }
    if (resolved.url.length > MAX_IMAGE_URL_LENGTH) throw new RowRefused(serverSentence('feedImageNotAddress', written.slice(0, 100)));
    if (!urls.includes(resolved.url)) urls.push(resolved.url);
  }
  if (urls.length > MAX_IMAGES) throw new RowRefused(serverSentence('feedTooManyImages', MAX_IMAGES));
  return urls;
}

function description(record: FeedRecord): string {
  const raw = bounded(text(record, 'description'), field('description', 'Description'), MAX_LENGTH.description);
  // Plain text without markup characters comes out of the sanitiser unchanged: skip the parser.
  return /[<>&"']/.test(raw) ? sanitizeDescription(raw) : raw;
}

export function parseFeedRow(record: FeedRecord, lineNumber: number, supplier: FeedRowSupplier, rules: FeedRowRules = {}): ParsedFeedRow {
  try {
    const ean = text(record, 'ean');
    if (ean !== '' && isExponentNumber(ean)) throw new RowRefused(sentenceOf('feedValue.eanRounded', feedValueMessages.eanRounded(ean), [ean]));
    if (ean !== '') {
      const problem = eanProblemOf(ean);
      if (problem) throw new RowRefused(sentenceOf(`ean.${problem.key}`, eanProblem(ean) ?? '', problem.args));
    }
    const sku = bounded(text(record, 'sku'), field('sku', 'SKU'), MAX_LENGTH.sku);
    if (ean === '' && sku === '') throw new RowRefused(serverSentence('feedNoEanNorSku', supplier.supplierName));
    const title = bounded(text(record, 'title'), field('title', 'Title'), MAX_LENGTH.title);
    if (title === '') throw new RowRefused(serverSentence('feedTitleMissing'));
    const deliveryCode = text(record, 'deliveryCode');
    if (deliveryCode !== '' && !isDeliveryCode(deliveryCode)) throw new RowRefused(serverSentence('feedDeliveryCodeUnknown', deliveryCode));
    const familyKey = bounded(text(record, 'familyKey'), field('familyKey', 'Family key'), MAX_LENGTH.familyKey);
    const priceSupplier = price(record, 'price', 'Price', rules);
    if (priceSupplier === null) throw new RowRefused(sentenceOf('feedValue.priceMissing', feedValueMessages.priceMissing));
    const warnings: string[] = [];
    const imageUrls = images(record, rules, warnings);

    return {
      ok: true,
      ...(warnings.length > 0 ? { warnings } : {}),
      row: {
        sourceKey: ean !== '' ? ean : `sku:${sku}`,
        ean,
        sku,
        title,
        description: description(record),
        brand: bounded(text(record, 'brand'), field('brand', 'Brand'), MAX_LENGTH.brand),
        category: bounded(text(record, 'category'), field('category', 'Category'), MAX_LENGTH.category),
        priceSupplier,
        sellingPrice: price(record, 'retailPrice', 'Retail price', rules) ?? 0,
        deliveryCode,
        stock: stock(record),
        weight: measure(record, 'weight', 'Weight'),
        width: measure(record, 'width', 'Width'),
        length: measure(record, 'length', 'Length'),
        height: measure(record, 'height', 'Height'),
        productSize: bounded(text(record, 'size'), field('size', 'Size'), MAX_LENGTH.productSize),
        color: bounded(text(record, 'color'), field('color', 'Colour'), MAX_LENGTH.color),
        material: bounded(text(record, 'material'), field('material', 'Material'), MAX_LENGTH.material),
        familyKey: familyKey === '' ? null : familyKey,
        images: imageUrls,
      },
    };
  } catch (error) {
    if (error instanceof RowRefused) return { ok: false, refusal: { line: lineNumber, reason: error.message, ...(error.sentence ? { sentence: error.sentence } : {}) } };
    throw error;
  }
}
