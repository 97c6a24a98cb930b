/**
 * A supplier's column mapping (docs/feeds.md, "Column mapping"): which feed column (a CSV header
 * or an XML element path such as `images/image`) fills which of our feed fields, fixed values for
 * every row, and value transforms. Pure: the server's import, the Test feed preview and the Parser
 * screen use the same rules.
 *
 * A supplier without a mapping (null) reads the feed as before mappings existed: every column named
 * like one of our fields (any case) fills that field (defaultMapping()).
 */
import { z } from 'zod';
import { platformColumnName, recognisePlatform, YES_NO_COLUMNS, type FeedPlatform, type PlatformRows } from './feed-platforms';
import {
  decideDecimalMark,
  decimalMarkEvidence,
  DIMENSION_UNITS,
  readAmount,
  readMeasure,
  readNumber,
  SELLER_CURRENCY,
  splitCurrency,
  unitInColumnName,
  WEIGHT_UNITS,
  type DecimalMark,
} from './feed-values';
import { SKIP_WHEN } from './feed-row-filter';
import { CATEGORY_PATH_RULES, categoryPaths, oneCategoryPath } from './feed-category-paths';
import { detectImageSeparator, IMAGE_SEPARATORS, isHttpAddress, splitImageValue, type ImageSeparator } from './feed-image-addresses';
import { text } from './safe-values';
import { serverSentence, type ServerSentence } from './server-messages';

/** Our feed fields, in the order the Parser screen shows them. */
export const FEED_FIELDS = [
  'ean', 'sku', 'title', 'description', 'brand', 'category', 'price', 'retailPrice', 'deliveryCode', 'stock',
  'weight', 'width', 'length', 'height', 'size', 'color', 'material', 'familyKey', 'images',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** How the Parser screen names each field. */
export const FEED_FIELD_LABELS: Record<FeedField, string> = {
  ean: 'EAN',
  sku: 'SKU',
  title: 'Title',
  description: 'Description',
  brand: 'Brand',
  category: 'Category',
  price: 'Supplier price',
  retailPrice: 'Selling price',
  deliveryCode: 'Delivery code',
  stock: 'Stock',
  weight: 'Weight',
  width: 'Width',
  length: 'Length',
  height: 'Height',
  size: 'Size',
  color: 'Colour',
  material: 'Material',
  familyKey: 'Family key',
  images: 'Images',
};

/** Fields read as numbers, which the number-format transform applies to. */
export const NUMBER_FIELDS: readonly FeedField[] = ['price', 'retailPrice', 'stock', 'weight', 'width', 'length', 'height'];

export const MAX_MAPPED_COLUMNS = 20;
/** At most this many fill-down columns, and row filter rules. */
export const MAX_ROW_RULE_COLUMNS = 60;
export const MAX_SKIP_RULES = 5;
const columnName = () => text().trim().min(1).max(300);

export const feedMappingSchema = z
  .object({
    /** Feed columns per field; several only for images (joined in the order given), otherwise the first non-empty one. */
    columns: z.partialRecord(z.enum(FEED_FIELDS), z.array(columnName()).max(MAX_MAPPED_COLUMNS)).default({}),
    /** A value for every row; it wins over the column. */
    fixed: z.partialRecord(z.enum(FEED_FIELDS), text().max(2_000)).default({}),
    /** `auto`: decided by the feed's values (docs/feeds.md, "Prices"); `comma`: `1.234` is 1234; `point`: `1,234` is 1234. */
    decimalSeparator: z.enum(['auto', 'comma', 'point']).default('auto'),
    /** A price written in another currency than the seller's (EUR): `refuse` the row, or `keep` the number as it is. */
    foreignCurrency: z.enum(['refuse', 'keep']).default('refuse'),
    /** The unit of weights written without one (stored in kg). */
    weightUnit: z.enum(WEIGHT_UNITS).default('kg'),
    /** The unit of widths, lengths and heights written without one (stored in cm). */
    dimensionUnit: z.enum(DIMENSION_UNITS).default('cm'),
    /** A product created without a selling price in the feed gets supplier price × multiplier + add. */
    sellingPrice: z
      .object({ multiplier: z.number().min(0).max(1_000), add: z.number().min(0).max(1_000_000) })
      .nullable()
      .default(null),
    /** Separator of several image addresses inside one column. */
    imageSeparator: z.enum(IMAGE_SEPARATORS).default('|'),
    /** Relative image addresses (`/m/b/mb01.jpg`) are appended to this http(s) address; blank: resolved against the feed's own address (docs/feeds.md, "Images"). */
    imageBaseUrl: text()
      .trim()
      .max(2_000)
      .refine((value) => value === '' || isHttpAddress(value), 'The base URL for images must be an http or https address, e.g. https://shop.example/media/')
      .default(''),
    /** A category value naming several paths (`Clothing > Tshirts, Clothing`): the row takes the deepest or the first (docs/feeds.md, "Categories"). */
    categoryPaths: z.enum(CATEGORY_PATH_RULES).default('deepest'),
    /**
     * XML feeds: the element that holds one product, a name (`product`, `item`) or a path from the
     * root (`rss/channel/item`); blank: found in the feed (docs/feeds.md, "The record element").
     */
    recordElement: text()
      .trim()
      .max(300)
      .regex(/^(?:[A-Za-z_][\w.:-]*(?:\/[A-Za-z_][\w.:-]*)*)?$/, 'An element name has letters, digits, _ - . and : only; a path separates names with /')
      .default(''),
    /** Rows of one product and its variants: fill-down and gathered values by group (docs/feeds.md, "Variants and parent rows"); null: none. */
    rowGroups: z
      .object({
        groupColumn: columnName(),
        keyColumns: z.array(columnName()).max(5).default([]),
        fillDown: z.array(columnName()).max(MAX_ROW_RULE_COLUMNS).default([]),
        gather: z.array(columnName()).max(MAX_MAPPED_COLUMNS).default([]),
      })
      .strict()
      .nullable()
      .default(null),
    /** Rows skipped before the mapping reads them, e.g. WooCommerce's variable parents (docs/feeds.md, "Variants and parent rows"). */
    skipRows: z
      .array(
        z
          .object({
            column: columnName(),
            when: z.enum(SKIP_WHEN),
            values: z.array(text().trim().min(1).max(200)).max(20).default([]),
          })
          .strict()
          .refine((rule) => rule.when !== 'oneOf' || rule.values.length > 0, 'Name at least one value the column is compared with'),
      )
      .max(MAX_SKIP_RULES)
      .default([]),
  })
  .strict();

export type FeedMapping = z.infer<typeof feedMappingSchema>;

/** The mapping that reads a feed as before mappings existed: every column named as a field (any case). */
export function defaultMapping(): FeedMapping {
  const columns: FeedMapping['columns'] = {};
  for (const field of FEED_FIELDS) columns[field] = [field];
  columns.images = ['images', 'images/image', 'image'];
  return { ...DEFAULT_TRANSFORMS, columns, fixed: {} };
}

/** The transforms of a mapping nobody changed. */
export const DEFAULT_TRANSFORMS = {
  decimalSeparator: 'auto',
  foreignCurrency: 'refuse',
  weightUnit: 'kg',
  dimensionUnit: 'cm',
  sellingPrice: null,
  imageSeparator: '|',
  imageBaseUrl: '',
  categoryPaths: 'deepest',
  recordElement: '',
  rowGroups: null,
  skipRows: [],
} as const satisfies Omit<FeedMapping, 'columns' | 'fixed'>;

/** A column name as compared when guessing: lower case, accents and everything but letters and digits removed. */
export function normaliseColumnName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Names suppliers use for each field (normalised; a trailing number is ignored, so `afbeelding_3`
 * and `EAN13` match `afbeelding` and `ean`). English and Dutch, as the feeds of Dutch suppliers come.
 */
const SYNONYMS: Record<FeedField, readonly string[]> = {
  ean: ['ean', 'gtin', 'barcode', 'eancode', 'upc', 'streepjescode', 'eannummer', 'variantbarcode'],
  sku: ['sku', 'artikelnummer', 'artikelnr', 'artnr', 'articlenumber', 'itemnumber', 'productcode', 'productnumber', 'supplier_sku', 'referentie', 'itemid', 'variantsku', 'reference', 'id'],
  title: ['title', 'titel', 'name', 'naam', 'productnaam', 'productname', 'producttitle', 'producttitel', 'korteomschrijving'],
  description: ['description', 'beschrijving', 'omschrijving', 'productomschrijving', 'langeomschrijving', 'longdescription', 'productdescription', 'bodyhtml', 'body'],
  brand: ['brand', 'merk', 'manufacturer', 'fabrikant', 'merknaam', 'brandname', 'vendor'],
  category: ['category', 'categorie', 'productgroep', 'productgroup', 'categorypath', 'hoofdcategorie', 'categoryname', 'categories', 'categorieen', 'producttype'],
  price: ['price', 'prijs', 'prijsexclbtw', 'prijsexbtw', 'inkoopprijs', 'inkoopprijsexclbtw', 'nettoprijs', 'purchaseprice', 'costprice', 'priceexclvat', 'priceexvat', 'netprice', 'costperitem', 'cost', 'regularprice', 'variantprice', 'wholesaleprice', 'pricetaxexcluded'],
  retailPrice: ['retailprice', 'adviesprijs', 'consumentenprijs', 'verkoopprijs', 'rrp', 'msrp', 'prijsinclbtw', 'adviesverkoopprijs', 'priceinclvat', 'sellingprice', 'pricetaxincluded'],
  deliveryCode: ['deliverycode', 'levercode', 'bollevertijd', 'deliverytime'],
  stock: ['stock', 'voorraad', 'stockquantity', 'quantity', 'qty', 'aantal', 'inventory', 'variantinventoryqty', 'inventoryquantity', 'stockamount'],
  weight: ['weight', 'gewicht', 'weightkg', 'gewichtkg', 'gewichtgram', 'weightg', 'weightgram', 'weightgrams', 'gewichtgr', 'shippingweight', 'variantgrams', 'grams', 'gewichtingram', 'weightinkg', 'weightingrams'],
  width: ['width', 'breedte', 'widthcm', 'breedtecm', 'widthmm', 'breedtemm'],
  length: ['length', 'lengte', 'lengthcm', 'lengtecm', 'diepte', 'depth', 'lengthmm', 'lengtemm'],
  height: ['height', 'hoogte', 'heightcm', 'hoogtecm', 'heightmm', 'hoogtemm'],
  size: ['size', 'maat', 'maten', 'schoenmaat', 'shoesize'],
  color: ['color', 'colour', 'kleur'],
  material: ['material', 'materiaal'],
  familyKey: ['familykey', 'family', 'familie', 'parentsku', 'parent', 'modelcode', 'modelnummer', 'variantgroep', 'groupid', 'itemgroupid'],
  images: ['images', 'image', 'imagesimage', 'afbeelding', 'afbeeldingen', 'foto', 'fotos', 'photo', 'picture', 'imageurl', 'imagelink', 'afbeeldingurl', 'imageurls', 'additionalimagelink', 'imagesrc', 'baseimage', 'additionalimages', 'imageurlsxyz', 'variantimage'],
};

const FIELD_BY_NAME = new Map<string, FeedField>();
for (const field of FEED_FIELDS) for (const name of SYNONYMS[field]) FIELD_BY_NAME.set(name.replace(/_/g, ''), field);

/** The field a column name suggests, or null (a Google `g:` prefix is dropped; yes/no columns suggest nothing). */
export function guessFieldOf(columnName: string): FeedField | null {
  const attribute = /^additional_attributes\/(.+)$/i.exec(columnName.trim());
  const normalised = platformColumnName(attribute?.[1] ?? columnName, normaliseColumnName);
  if (normalised === '' || YES_NO_COLUMNS.includes(normalised)) return null;
  return FIELD_BY_NAME.get(normalised) ?? FIELD_BY_NAME.get(normalised.replace(/\d+$/, '')) ?? null;
}

/** The platform a feed's column names say it comes from (docs/feeds.md, "The guess and its platforms"), or null. */
export function recognisedPlatform(columnNames: readonly string[]): FeedPlatform | null {
  return recognisePlatform(columnNames.map((name) => platformColumnName(name, normaliseColumnName)))?.platform ?? null;
}

/** The first rows' values by the feed's column names (any case), which the guess reads units and the decimal mark from. */
export type SampleRecords = readonly RawFeedRecord[];

/**
 * A mapping guessed from the feed's column names and its first rows (docs/feeds.md, "The guess and
 * its platforms"). A recognised platform's own columns come first (several become a field's
 * columns in the platform's order of preference, the first non-empty one wins); every other field
 * takes the first column named like it (images every such column, in feed order). Yes/no columns
 * (`In stock?`, `availability`) are never a stock count. From the rows: the decimal mark, the
 * weight and dimension units (from the column names), the image separator.
 */
export function guessMapping(columnNames: readonly string[], samples: SampleRecords = []): FeedMapping {
  const mapping = defaultMapping();
  mapping.columns = {};
  const keyed = columnNames.map((name) => ({ name, key: platformColumnName(name, normaliseColumnName) }));
  const platform = recognisePlatform(keyed.map((column) => column.key));
  const used = new Set<string>();
  if (platform) {
    for (const [field, names] of Object.entries(platform.fields) as [FeedField, readonly string[]][]) {
      const found = names.flatMap((wanted) => keyed.filter((column) => column.key === wanted || column.key.replace(/\d+$/, '') === wanted).map((column) => column.name));
      if (found.length === 0) continue;
      mapping.columns[field] = [...new Set(found)].slice(0, MAX_MAPPED_COLUMNS);
      found.forEach((name) => used.add(name));
    }
    if (platform.imageSeparator) mapping.imageSeparator = platform.imageSeparator;
  }
  for (const { name, key } of keyed) {
    if (used.has(name) || platform?.never.includes(key)) continue;
    const field = guessFieldOf(name);
    if (!field) continue;
    const taken = mapping.columns[field];
    if (!taken) mapping.columns[field] = [name];
    else if (field === 'images' && !platform?.fields.images && taken.length < MAX_MAPPED_COLUMNS) taken.push(name);
  }
  if (platform?.rows) Object.assign(mapping, guessedRowRules(platform.rows, keyed));
  const weightColumn = mapping.columns.weight?.[0];
  const weightUnit = weightColumn ? unitInColumnName(weightColumn, 'weight') : null;
  if (weightUnit === 'g' || weightUnit === 'kg') mapping.weightUnit = weightUnit;
  const dimensionUnit = (['length', 'width', 'height'] as const)
    .map((field) => mapping.columns[field]?.[0])
    .map((column) => (column ? unitInColumnName(column, 'dimension') : null))
    .find((unit) => unit !== null);
  if (dimensionUnit === 'mm' || dimensionUnit === 'cm' || dimensionUnit === 'm') mapping.dimensionUnit = dimensionUnit;
  const mark = decideDecimalMark(numberTexts(samples, mapping));
  if (mark) mapping.decimalSeparator = mark;
  if (!platform?.imageSeparator) mapping.imageSeparator = imageSeparatorOf(samples, mapping.columns.images ?? []);
  return mapping;
}

/** A platform's row groups and row filter with the feed's own column names; a group without its group column, and rules on missing columns, are left out. */
function guessedRowRules(rows: PlatformRows, keyed: readonly { name: string; key: string }[]): Pick<FeedMapping, 'rowGroups' | 'skipRows'> {
  const nameOf = (key: string) => keyed.find((column) => column.key === key)?.name;
  const present = (keys: readonly string[]) => keys.flatMap((key) => nameOf(key) ?? []);
  const groupColumn = rows.groups ? nameOf(rows.groups.groupColumn) : undefined;
  const rowGroups =
    rows.groups && groupColumn
      ? { groupColumn, keyColumns: present(rows.groups.keyColumns), fillDown: present(rows.groups.fillDown), gather: present(rows.groups.gather) }
      : null;
  const skipRows = rows.skip.flatMap((rule) => {
    const column = nameOf(rule.column);
    return column ? [{ column, when: rule.when, values: [...rule.values] }] : [];
  });
  return { rowGroups, skipRows };
}

/** Looks a column up in a record by any case (readers hand records over with lower-case keys). */
function sampleValue(record: RawFeedRecord, column: string): string {
  const value = record[column.toLowerCase()] ?? record[column];
  return value === undefined ? '' : typeof value === 'string' ? value : value.join(' ');
}

/** The number texts of the mapped number columns in the first rows (currency removed). */
function numberTexts(samples: SampleRecords, mapping: FeedMapping): string[] {
  const texts: string[] = [];
  for (const field of NUMBER_FIELDS) {
    for (const column of mapping.columns[field] ?? []) {
      for (const record of samples) {
        const value = sampleValue(record, column).trim();
        if (value === '') continue;
        const number = field === 'price' || field === 'retailPrice' ? splitCurrency(value)?.number : /^[\d.,'\s]+/.exec(value)?.[0];
        if (number) texts.push(number.trim());
      }
    }
  }
  return texts;
}

/** The values of the first rows in these columns; a repeated XML element gives each of its entries (a list is never split by a separator). */
function imageTexts(samples: SampleRecords, columns: readonly string[]): string[] {
  return samples.flatMap((record) =>
    columns.flatMap((column) => {
      const value = record[column.toLowerCase()] ?? record[column];
      return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
    }),
  );
}

/** The separator several image addresses in one column of the first rows are written with (docs/feeds.md, "Images"). */
function imageSeparatorOf(samples: SampleRecords, columns: readonly string[]): FeedMapping['imageSeparator'] {
  return detectImageSeparator(imageTexts(samples, columns)) ?? '|';
}

/** The decimal mark, price currencies and platform the first rows of a feed show: what the Test feed preview says about its values. */
export interface FeedValueFormat {
  platform: FeedPlatform | null;
  /** null: no value shows it (only whole numbers, or `1.234`-like ones). */
  decimalMark: DecimalMark | null;
  /** Currencies written with the prices, e.g. ['USD']; empty when none is written. */
  currencies: string[];
  /** The separator the image values of the rows read use between several addresses; null when none holds several. */
  imageSeparator: ImageSeparator | null;
  /** A category value of the rows read that names several paths (`Clothing > Tshirts, Clothing`), or null. */
  categoryList: string | null;
}

export function feedValueFormat(columnNames: readonly string[], samples: SampleRecords, mapping: FeedMapping | null): FeedValueFormat {
  const used = mapping ?? defaultMapping();
  const currencies = new Set<string>();
  for (const field of ['price', 'retailPrice'] as const) {
    for (const column of used.columns[field] ?? []) {
      for (const record of samples) {
        const currency = splitCurrency(sampleValue(record, column))?.currency;
        if (currency) currencies.add(currency);
      }
    }
  }
  const fixedMark = used.decimalSeparator === 'auto' ? null : used.decimalSeparator;
  const categoryList = imageTexts(samples, used.columns.category ?? []).find((value) => categoryPaths(value) !== null) ?? null;
  return {
    platform: recognisedPlatform(columnNames),
    decimalMark: fixedMark ?? decideDecimalMark(numberTexts(samples, used)),
    currencies: [...currencies].sort(),
    imageSeparator: detectImageSeparator(imageTexts(samples, used.columns.images ?? [])),
    categoryList,
  };
}

/** A raw record as a reader hands it over: values by the feed's own column names; a list for repeated XML elements. */
export type RawFeedRecord = Readonly<Record<string, string | readonly string[] | undefined>>;
/** A record with our field names, as parseFeedRow reads it. */
export type MappedFeedRecord = Partial<Record<FeedField, string | readonly string[]>>;

/** A mapping prepared for many records: column names looked up case-insensitively. */
export interface CompiledMapping {
  mapping: FeedMapping;
  /** Field → lower-case source column names. */
  sources: [FeedField, string[]][];
  fixed: [FeedField, string][];
  /** The feed's decimal mark: the mapping's, or (auto) the one the first values that show it use; learnt while records are mapped. */
  decimal: { mark: DecimalMark | null; learns: boolean };
}

export function compileMapping(mapping: FeedMapping | null): CompiledMapping {
  const used = mapping ?? defaultMapping();
  const sources: [FeedField, string[]][] = [];
  const fixed: [FeedField, string][] = [];
  for (const field of FEED_FIELDS) {
    const value = used.fixed[field];
    if (value !== undefined && value.trim() !== '') {
      fixed.push([field, value.trim()]);
      continue;
    }
    const columns = used.columns[field];
    if (columns && columns.length > 0) sources.push([field, columns.map((c) => c.trim().toLowerCase())]);
  }
  const separator = used.decimalSeparator;
  return { mapping: used, sources, fixed, decimal: { mark: separator === 'auto' ? null : separator, learns: separator === 'auto' } };
}

/**
 * Lets the feed's first records decide its decimal mark before any is mapped (the Test feed
 * preview reads its rows whole first; an import learns while it reads).
 */
export function learnDecimalMark(compiled: CompiledMapping, samples: SampleRecords): void {
  if (!compiled.decimal.learns || compiled.decimal.mark !== null) return;
  compiled.decimal.mark = decideDecimalMark(numberTexts(samples, compiled.mapping));
}

/** Looks a column up by lower-case name in a record whose keys are lower case (readers lower-case them). */
function valueOf(record: RawFeedRecord, column: string): string | readonly string[] | undefined {
  return record[column];
}

function joinImages(values: (string | readonly string[])[], separator: ImageSeparator): string[] {
  const urls: string[] = [];
  for (const value of values) {
    const parts = typeof value === 'string' ? splitImageValue(value, separator) : value;
    for (const part of parts) {
      const url = part.trim();
      if (url !== '') urls.push(url);
    }
  }
  return urls;
}

/** The mark this value is read with; an auto mapping takes the first mark a value shows as the feed's. */
function markFor(number: string, compiled: CompiledMapping): DecimalMark | null {
  const { decimal } = compiled;
  if (decimal.learns && decimal.mark === null) decimal.mark = decimalMarkEvidence(number);
  return decimal.mark;
}

/**
 * A number field's value in one plain form parseFeedRow reads: prices `1234.5` (with ` USD` when
 * a currency is written), stock a whole number, weight in kg, dimensions in cm. A value that cannot
 * be read, and a price in another currency the supplier refuses, stay as written, so the row's
 * refusal quotes them.
 */
export function plainNumber(field: FeedField, raw: string, compiled: CompiledMapping): string {
  const value = raw.trim();
  const { mapping } = compiled;
  if (field === 'price' || field === 'retailPrice') {
    const split = splitCurrency(value);
    if (!split) return value;
    const amount = readAmount(value, markFor(split.number, compiled));
    if (!amount) return value;
    if (amount.currency === null) return String(amount.value);
    if (amount.currency !== SELLER_CURRENCY && mapping.foreignCurrency === 'refuse') return value;
    return `${amount.value} ${amount.currency}`;
  }
  const number = /^[\d.,'\s\u00a0]*\d[\d.,]*/.exec(value)?.[0]?.trim() ?? '';
  const mark = number === '' ? compiled.decimal.mark : markFor(number, compiled);
  if (field === 'stock') {
    // `1.000` while the feed's mark is unknown: no guess at a count; the row says what it could not read.
    if (mark === null && /[.,]/.test(value)) return value;
    const count = readNumber(value, mark);
    return count !== null && Number.isInteger(count) ? String(count) : value;
  }
  const measured = field === 'weight' ? readMeasure(value, 'weight', mapping.weightUnit, mark) : readMeasure(value, 'dimension', mapping.dimensionUnit, mark);
  return measured === null ? value : String(measured);
}

/** One raw record (keys lower case) → our fields, by the mapping. */
export function applyMapping(record: RawFeedRecord, compiled: CompiledMapping): MappedFeedRecord {
  const out: Record<string, string | readonly string[]> = {};
  const { imageSeparator } = compiled.mapping;
  for (const [field, columns] of compiled.sources) {
    if (field === 'images') {
      const found: (string | readonly string[])[] = [];
      for (const column of columns) {
        const value = valueOf(record, column);
        if (value !== undefined) found.push(value);
      }
      if (found.length > 0) out.images = joinImages(found, imageSeparator);
      continue;
    }
    for (const column of columns) {
      const value = valueOf(record, column);
      const single = value === undefined ? '' : typeof value === 'string' ? value : value.join(' ');
      if (single.trim() !== '') {
        out[field] = NUMBER_FIELDS.includes(field) ? plainNumber(field, single, compiled) : field === 'category' ? oneCategoryPath(single, compiled.mapping.categoryPaths) : single;
        break;
      }
    }
  }
  for (const [field, value] of compiled.fixed) {
    out[field] = field === 'images' ? joinImages([value], imageSeparator) : NUMBER_FIELDS.includes(field) ? plainNumber(field, value, compiled) : value;
  }
  return out;
}

/** The selling price given to a product created without one in the feed, or null when the mapping sets none. */
export function derivedSellingPrice(supplierPrice: number, mapping: FeedMapping): number | null {
  if (!mapping.sellingPrice) return null;
  const value = supplierPrice * mapping.sellingPrice.multiplier + mapping.sellingPrice.add;
  return Math.round(value * 100) / 100;
}

/**
 * Why a feed with these columns cannot be read with this mapping (no title, or neither EAN nor
 * SKU, or no supplier price, among its columns or fixed values), or null. Column names compare case-insensitively.
 */
export function mappingProblem(columnNames: readonly string[], compiled: CompiledMapping): ServerSentence | null {
  const present = new Set(columnNames.map((name) => name.trim().toLowerCase()));
  const has = (field: FeedField) =>
    compiled.fixed.some(([f]) => f === field) || compiled.sources.some(([f, columns]) => f === field && columns.some((c) => present.has(c)));
  if (!has('title')) {
    const wanted = compiled.sources.find(([f]) => f === 'title')?.[1] ?? [];
    return wanted.length === 0 ? serverSentence('feedNoTitleMapped') : serverSentence('feedNoTitleColumn', wanted.join("' or '"));
  }
  if (!has('ean') && !has('sku')) return serverSentence('feedNoEanOrSkuMapped');
  if (!has('price')) return serverSentence('feedNoPriceMapped');
  return null;
}
