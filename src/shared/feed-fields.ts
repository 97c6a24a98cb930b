/**
 * The product fields a supplier feed writes, and which of them a supplier's feed always wins
 * (docs/feeds.md, "Upsert key and what a re-import changes"). A feed is a writer with a base: per field it keeps
 * the value it last wrote; a field a person changed since keeps the person's value and the feed's
 * new one is held back, unless the supplier lets its feed always win that field. Pure.
 */
import { z } from 'zod';
import { compileMapping, type FeedField as MappingField, type FeedMapping } from './feed-mapping';
import { productFieldLabel } from './product-fields';

/** The fields a feed maps, as product field names ('images': the feed's image list). */
export const FEED_FIELDS = [
  'sku',
  'priceSupplier',
  'stock',
  'title',
  'description',
  'brand',
  'categoryId',
  'weight',
  'width',
  'length',
  'height',
  'productSize',
  'color',
  'material',
  'familyKey',
  'images',
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** Fields a new supplier's feed always wins: supplier data, not content. */
export const DEFAULT_ALWAYS_WINS: readonly FeedField[] = ['priceSupplier', 'stock'];

export function isFeedField(value: string): value is FeedField {
  return (FEED_FIELDS as readonly string[]).includes(value);
}

export function feedFieldLabel(field: FeedField): string {
  return field === 'images' ? 'Images' : productFieldLabel(field);
}

/** The supplier setting as sent and stored: each field once, in the table's order. */
export const alwaysWinsSchema = z
  .array(z.string().max(40))
  .max(FEED_FIELDS.length * 2)
  .superRefine((fields, context) => {
    const unknown = fields.find((field) => !isFeedField(field));
    if (unknown !== undefined) context.addIssue({ code: 'custom', message: `'${unknown}' is not a field a feed writes` });
  })
  .transform((fields) => FEED_FIELDS.filter((field) => fields.includes(field)));

/** The stored setting read back: unknown names (from an older version) are left out. */
export function alwaysWinsOf(stored: unknown): FeedField[] {
  return Array.isArray(stored) ? FEED_FIELDS.filter((field) => stored.includes(field)) : [...DEFAULT_ALWAYS_WINS];
}

/** A feed value held back on a product (GET /api/v1/product/{id}, `heldBack`). */
export const heldSupplierValueSchema = z.object({
  field: z.enum(FEED_FIELDS),
  /** The supplier's value, as the product field holds it (brand: the name; images: their URLs). */
  value: z.unknown(),
  /** The category's name (its value is the id). */
  shown: z.string().max(500).nullable().optional(),
  /** When the import held it back (server time, ISO). */
  at: z.string().max(40),
});
export type HeldSupplierValue = z.infer<typeof heldSupplierValueSchema>;

/** The held values of products.feed_held as the read model shows them: open ones (not dismissed), in field order. */
export function heldValuesOf(stored: unknown): HeldSupplierValue[] {
  if (!stored || typeof stored !== 'object') return [];
  const entries = stored as Record<string, { value?: unknown; shown?: string | null; at?: string; dismissed?: boolean } | undefined>;
  return FEED_FIELDS.flatMap((field) => {
    const entry = entries[field];
    if (!entry || entry.dismissed) return [];
    const value = field === 'brand' ? (entry.shown ?? null) : (entry.value ?? null);
    return [{ field, value, ...(field === 'categoryId' ? { shown: entry.shown ?? null } : {}), at: entry.at ?? '' }];
  });
}

/** The product feed field each column-mapping field fills (the mapping's own names, src/shared/feed-mapping.ts). */
const FIELD_OF_MAPPING: Partial<Record<MappingField, FeedField>> = {
  sku: 'sku',
  price: 'priceSupplier',
  stock: 'stock',
  title: 'title',
  description: 'description',
  brand: 'brand',
  category: 'categoryId',
  weight: 'weight',
  width: 'width',
  length: 'length',
  height: 'height',
  size: 'productSize',
  color: 'color',
  material: 'material',
  familyKey: 'familyKey',
  images: 'images',
};

/**
 * The feed fields a supplier's mapping maps: a column or a fixed value for it (no mapping: every
 * field, read by its own name). A field it does not map is neither written on an existing product,
 * nor held back, nor is its base changed (docs/feeds.md, "Upsert key and what a re-import changes").
 */
export function mappedFeedFields(mapping: FeedMapping | null): FeedField[] {
  const compiled = compileMapping(mapping);
  const fields = new Set<FeedField>();
  for (const [field] of [...compiled.sources, ...compiled.fixed]) {
    const feedField = FIELD_OF_MAPPING[field];
    if (feedField) fields.add(feedField);
  }
  return FEED_FIELDS.filter((field) => fields.has(field));
}
