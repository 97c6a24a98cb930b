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
import { text } from './safe-values';

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
const columnName = () => text().trim().min(1).max(300);

export const feedMappingSchema = z
  .object({
    /** Feed columns per field; several only for images (joined in the order given), otherwise the first non-empty one. */
    columns: z.partialRecord(z.enum(FEED_FIELDS), z.array(columnName()).max(MAX_MAPPED_COLUMNS)).default({}),
    /** A value for every row; it wins over the column. */
    fixed: z.partialRecord(z.enum(FEED_FIELDS), text().max(2_000)).default({}),
    /** `auto`: `12,50`, `12.50`, `1.234,56` and `1,234.56` all read as expected; `comma`: `1.234` is 1234; `point`: `1,234` is 1234. */
    decimalSeparator: z.enum(['auto', 'comma', 'point']).default('auto'),
    /** A product created without a selling price in the feed gets supplier price × multiplier + add. */
    sellingPrice: z
      .object({ multiplier: z.number().min(0).max(1_000), add: z.number().min(0).max(1_000_000) })
      .nullable()
      .default(null),
    /** Separator of several image addresses inside one column. */
    imageSeparator: z.enum(['|', ',', ';', ' ']).default('|'),
    /**
     * XML feeds: the element that holds one product, a name (`product`, `item`) or a path from the
     * root (`rss/channel/item`); blank: found in the feed (docs/feeds.md, "The record element").
     */
    recordElement: text()
      .trim()
      .max(300)
      .regex(/^(?:[A-Za-z_][\w.:-]*(?:\/[A-Za-z_][\w.:-]*)*)?$/, 'An element name has letters, digits, _ - . and : only; a path separates names with /')
      .default(''),
  })
  .strict();

export type FeedMapping = z.infer<typeof feedMappingSchema>;

/** The mapping that reads a feed as before mappings existed: every column named as a field (any case). */
export function defaultMapping(): FeedMapping {
  const columns: FeedMapping['columns'] = {};
  for (const field of FEED_FIELDS) columns[field] = [field];
  columns.images = ['images', 'images/image', 'image'];
  return { columns, fixed: {}, decimalSeparator: 'auto', sellingPrice: null, imageSeparator: '|', recordElement: '' };
}

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
  ean: ['ean', 'gtin', 'barcode', 'eancode', 'upc', 'streepjescode', 'eannummer'],
  sku: ['sku', 'artikelnummer', 'artikelnr', 'artnr', 'articlenumber', 'itemnumber', 'productcode', 'productnumber', 'supplier_sku', 'referentie', 'itemid'],
  title: ['title', 'titel', 'name', 'naam', 'productnaam', 'productname', 'producttitle', 'producttitel', 'korteomschrijving'],
  description: ['description', 'beschrijving', 'omschrijving', 'productomschrijving', 'langeomschrijving', 'longdescription', 'productdescription'],
  brand: ['brand', 'merk', 'manufacturer', 'fabrikant', 'merknaam', 'brandname'],
  category: ['category', 'categorie', 'productgroep', 'productgroup', 'categorypath', 'hoofdcategorie', 'categoryname'],
  price: ['price', 'prijs', 'prijsexclbtw', 'prijsexbtw', 'inkoopprijs', 'inkoopprijsexclbtw', 'nettoprijs', 'purchaseprice', 'costprice', 'priceexclvat', 'priceexvat', 'netprice'],
  retailPrice: ['retailprice', 'adviesprijs', 'consumentenprijs', 'verkoopprijs', 'rrp', 'msrp', 'prijsinclbtw', 'adviesverkoopprijs', 'priceinclvat', 'sellingprice'],
  deliveryCode: ['deliverycode', 'levercode', 'bollevertijd', 'deliverytime'],
  stock: ['stock', 'voorraad', 'stockquantity', 'quantity', 'qty', 'aantal', 'inventory', 'instock', 'beschikbaar'],
  weight: ['weight', 'gewicht', 'weightkg', 'gewichtkg', 'gewichtgram', 'weightg'],
  width: ['width', 'breedte', 'widthcm', 'breedtecm'],
  length: ['length', 'lengte', 'lengthcm', 'lengtecm', 'diepte', 'depth'],
  height: ['height', 'hoogte', 'heightcm', 'hoogtecm'],
  size: ['size', 'maat', 'maten', 'schoenmaat', 'shoesize'],
  color: ['color', 'colour', 'kleur'],
  material: ['material', 'materiaal'],
  familyKey: ['familykey', 'family', 'familie', 'parentsku', 'parent', 'modelcode', 'modelnummer', 'variantgroep', 'groupid', 'itemgroupid'],
  images: ['images', 'image', 'imagesimage', 'afbeelding', 'afbeeldingen', 'foto', 'fotos', 'photo', 'picture', 'imageurl', 'imagelink', 'afbeeldingurl', 'imageurls', 'additionalimagelink'],
};

const FIELD_BY_NAME = new Map<string, FeedField>();
for (const field of FEED_FIELDS) for (const name of SYNONYMS[field]) FIELD_BY_NAME.set(name.replace(/_/g, ''), field);

/** The field a column name suggests, or null. */
export function guessFieldOf(columnName: string): FeedField | null {
  const normalised = normaliseColumnName(columnName);
  if (normalised === '') return null;
  return FIELD_BY_NAME.get(normalised) ?? FIELD_BY_NAME.get(normalised.replace(/\d+$/, '')) ?? null;
}

/**
 * A mapping guessed from the feed's column names: each field takes the first column named like it
 * (images take every such column, in feed order). A name with a decimal comma in it is no hint.
 */
export function guessMapping(columnNames: readonly string[]): FeedMapping {
  const mapping = defaultMapping();
  mapping.columns = {};
  for (const name of columnNames) {
    const field = guessFieldOf(name);
    if (!field) continue;
    const taken = mapping.columns[field];
    if (!taken) mapping.columns[field] = [name];
    else if (field === 'images' && taken.length < MAX_MAPPED_COLUMNS) taken.push(name);
  }
  return mapping;
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
  return { mapping: used, sources, fixed };
}

/** Looks a column up by lower-case name in a record whose keys are lower case (readers lower-case them). */
function valueOf(record: RawFeedRecord, column: string): string | readonly string[] | undefined {
  return record[column];
}

function joinImages(values: (string | readonly string[])[], separator: string): string[] {
  const urls: string[] = [];
  for (const value of values) {
    const parts = typeof value === 'string' ? value.split(separator === ' ' ? /\s+/ : separator) : value;
    for (const part of parts) {
      const url = part.trim();
      if (url !== '') urls.push(url);
    }
  }
  return urls;
}

/** `1.234,56` / `1,234.56` as the mapping's decimal separator says, for parsePrice. */
export function normaliseNumber(value: string, separator: FeedMapping['decimalSeparator']): string {
  const trimmed = value.trim();
  if (separator === 'comma') return trimmed.replace(/\./g, '').replace(',', '.');
  if (separator === 'point') return trimmed.replace(/,/g, '');
  return trimmed;
}

/** One raw record (keys lower case) → our fields, by the mapping. */
export function applyMapping(record: RawFeedRecord, compiled: CompiledMapping): MappedFeedRecord {
  const out: Record<string, string | readonly string[]> = {};
  const { decimalSeparator, imageSeparator } = compiled.mapping;
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
        out[field] = NUMBER_FIELDS.includes(field) ? normaliseNumber(single, decimalSeparator) : single;
        break;
      }
    }
  }
  for (const [field, value] of compiled.fixed) {
    out[field] = field === 'images' ? joinImages([value], imageSeparator) : NUMBER_FIELDS.includes(field) ? normaliseNumber(value, decimalSeparator) : value;
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
 * SKU, among its columns or fixed values), or null. Column names compare case-insensitively.
 */
export function mappingProblem(columnNames: readonly string[], compiled: CompiledMapping): string | null {
  const present = new Set(columnNames.map((name) => name.trim().toLowerCase()));
  const has = (field: FeedField) =>
    compiled.fixed.some(([f]) => f === field) || compiled.sources.some(([f, columns]) => f === field && columns.some((c) => present.has(c)));
  if (!has('title')) {
    const wanted = compiled.sources.find(([f]) => f === 'title')?.[1] ?? [];
    return wanted.length === 0 ? 'No column is mapped to the title' : `The feed has no column '${wanted.join("' or '")}' for the title`;
  }
  if (!has('ean') && !has('sku')) return 'No column of the feed is mapped to the EAN or the SKU';
  return null;
}
