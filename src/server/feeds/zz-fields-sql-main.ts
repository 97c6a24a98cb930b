/**
 * The feed as a writer with a base, in SQL (docs/feeds.md, "Upsert key and what a re-import changes"): per product
 * field the feed maps, `products.feed_base` keeps the value the feed last wrote, and the batch's
 * upsert decides per field, inside its one statement, whether the feed's new value is written or
 * held back (`products.feed_held`). The rule is mergeVerdict's (src/shared/field-diff.ts) with the
 * feed's base as the base: now equal to the feed's value -> same; now equal to the base -> write;
 * else a person changed it since -> held back. A field without a base (never written by this
 * feed, or last written by a person before bases were kept) is written only while it is empty.
 * Fields the supplier lets its feed always win are written whatever the base.
 *
 * The base is a text array, one element per field in FEED_COLUMNS' order and the image list's last
 * (FEED_BASE_IMAGES): each value as the column's text (numbers with the column's scale), the
 * description and the image list as their md5; null = no base. Small and positional, so a re-import
 * compares and rewrites it cheaply. Images are decided in feed-batch-writer.ts (their step is there).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FeedField } from '../../shared/feed-fields';

type ColumnKind = 'text' | 'number' | 'nullable' | 'description';

interface FeedColumn {
  field: Exclude<FeedField, 'images'>;
  column: string;
  kind: ColumnKind;
  /** The column's type, for values read from the batch's JSON. */
  type: string;
}

/** The scalar fields a feed writes, with their columns (products in src/server/db/schema.ts). */
export const FEED_COLUMNS: readonly FeedColumn[] = Object.freeze([
  { field: 'sku', column: 'sku', kind: 'text', type: 'text' },
  { field: 'priceSupplier', column: 'price_supplier', kind: 'number', type: 'numeric(12,2)' },
  { field: 'stock', column: 'stock', kind: 'number', type: 'integer' },
  { field: 'title', column: 'title', kind: 'text', type: 'text' },
  { field: 'brand', column: 'brand_id', kind: 'nullable', type: 'integer' },
  { field: 'categoryId', column: 'category_id', kind: 'nullable', type: 'integer' },
  { field: 'weight', column: 'weight', kind: 'nullable', type: 'numeric(12,3)' },
  { field: 'width', column: 'width', kind: 'nullable', type: 'numeric(12,2)' },
  { field: 'length', column: 'length', kind: 'nullable', type: 'numeric(12,2)' },
  { field: 'height', column: 'height', kind: 'nullable', type: 'numeric(12,2)' },
  { field: 'productSize', column: 'product_size', kind: 'text', type: 'text' },
  { field: 'color', column: 'color', kind: 'text', type: 'text' },
  { field: 'material', column: 'material', kind: 'text', type: 'text' },
  { field: 'familyKey', column: 'family_key', kind: 'nullable', type: 'text' },
  // Last: its md5 is the dearest comparison, and OR stops at the first true part.
  { field: 'description', column: 'description', kind: 'description', type: 'text' },
]);

/** The position of the image list's md5 in products.feed_base, after the fields. */
export const FEED_BASE_IMAGES = 16;

/** The 1-based position of a field's base in products.feed_base. */
export const basePosition = (field: FeedField): number => (field === 'images' ? FEED_BASE_IMAGES : FEED_COLUMNS.findIndex((c) => c.field === field) + 1);

/** A held-back feed value as stored in products.feed_held, per field. */
export interface FeedHeldEntry {
  /** The feed's value as the column holds it (brand and category: the id; images: the URL list); absent = null. */
  value?: unknown;
  /** Brand and category: the name the feed gave. */
  shown?: string | null;
  /** When it was held back (ISO) and by which run (parsing history id). */
  at: string;
  run: number | null;
  /** A person chose to keep their value ("Keep mine"); the same feed value is not shown again. */
  dismissed?: boolean;
}

const raw = (text: string) => sql.raw(text);
const lit = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** The base representation (as text) of a value of the column, as `feed_base->>key` reads. */
function baseText(c: FeedColumn, value: SQL): SQL {
  return c.kind === 'description' ? sql`md5(${value})` : sql`${value}::text`;
}

/** The feed's base of a field (null: no base). */
const baseOf = (c: FeedColumn) => raw(`p.feed_base[${basePosition(c.field)}]`);

/**
 * Whether the feed writes this field of the existing row p with excluded's value: it always wins,
 * or the row already has that value, or the row still has the feed's base, or there is no base
 * and the field is empty. Never null.
 */
export function writesField(c: FeedColumn, alwaysWins: ReadonlySet<FeedField>): SQL {
  // A literal of our own code (true/false), not input: lets the database fold the rule away.
  if (alwaysWins.has(c.field)) return raw('true');
  const current = raw(`p.${c.column}`);
  const incoming = raw(`excluded.${c.column}`);
  const empty = c.kind === 'text' || c.kind === 'description' ? sql` or (${baseOf(c)} is null and ${current} = '')` : c.kind === 'number' ? sql` or (${baseOf(c)} is null and ${current} = 0)` : sql``;
  return sql`(${current} is not distinct from ${incoming} or ${baseText(c, current)} is not distinct from ${baseOf(c)}${empty})`;
}

/** The feed's value as a held entry stores it. */
function heldValue(c: FeedColumn): SQL {
  return sql`to_jsonb(${raw(`excluded.${c.column}`)})`;
}

/** The name shown for a held brand or category (its id is the value). */
function heldShown(c: FeedColumn): SQL | null {
  if (c.field === 'brand') return sql`(select b.brand_name from brands b where b.brand_id = excluded.brand_id)`;
  if (c.field === 'categoryId') return sql`(select g.category_name from categories g where g.category_id = excluded.category_id)`;
  return null;
}

const joined = (parts: SQL[], separator: string) => sql.join(parts, raw(separator));

/**
 * The upsert's DO UPDATE part: per field the CASE over the stored base, the new base, the held
 * values, the version (raised when a field or a held value changed) and date_update (when a field
 * changed), and the WHERE that leaves a row alone when nothing of it would change.
 */
export function feedUpdateSet(alwaysWins: ReadonlySet<FeedField>, at: string, run: number | null): SQL {
  const writes = new Map(FEED_COLUMNS.map((c) => [c.field, writesField(c, alwaysWins)]));
  const w = (c: FeedColumn) => writes.get(c.field) ?? raw('true');
  const allWrite = joined(FEED_COLUMNS.map(w), ' and ');
  const tuple = (prefix: string) => raw(`(${FEED_COLUMNS.map((c) => `${prefix}.${c.column}`).join(', ')})`);
  const fieldSets = FEED_COLUMNS.map((c) => sql`${raw(c.column)} = case when ${w(c)} then ${raw(`excluded.${c.column}`)} else ${raw(`p.${c.column}`)} end`);
  const newBase = sql`array[${joined(
    FEED_COLUMNS.map((c) => sql`case when ${w(c)} then ${baseText(c, raw(`excluded.${c.column}`))} else ${baseOf(c)} end`),
    ', ',
  )}, p.feed_base[${raw(String(FEED_BASE_IMAGES))}]]`;
  const heldEntry = (c: FeedColumn) => {
    const shown = heldShown(c);
    return sql`jsonb_build_object('value', ${heldValue(c)}, 'at', ${at}::text, 'run', ${run}::int${shown ? sql`, 'shown', ${shown}` : sql``})`;
  };
  const newHeld = sql`nullif(jsonb_strip_nulls(jsonb_build_object(${joined(
    FEED_COLUMNS.map(
      (c) =>
        sql`${lit(c.field)}, case when ${w(c)} then null when (p.feed_held->${lit(c.field)}->'value') is not distinct from ${heldValue(c)} then p.feed_held->${lit(c.field)} else ${heldEntry(c)} end`,
    ),
    ', ',
  )}, 'images', p.feed_held->'images')), '{}'::jsonb)`;
  const fieldChanged = joined(
    FEED_COLUMNS.map((c) => sql`(${w(c)} and ${raw(`p.${c.column}`)} is distinct from ${raw(`excluded.${c.column}`)})`),
    ' or ',
  );
  const heldChanged = joined(
    FEED_COLUMNS.map(
      (c) =>
        sql`(case when ${w(c)} then (p.feed_held->${lit(c.field)}) is not null else (p.feed_held->${lit(c.field)}->'value') is distinct from ${heldValue(c)} end)`,
    ),
    ' or ',
  );
  const baseDiffers = joined(
    FEED_COLUMNS.map((c) => sql`${baseOf(c)} is distinct from ${baseText(c, raw(`excluded.${c.column}`))}`),
    ' or ',
  );
  // Most rows hold nothing back and have no held value: then every field is written, so a field
  // changed exactly where the row differs from the feed's, and the dearer per-field forms are skipped.
  const plain = sql`(p.feed_held is null and ${allWrite})`;
  const rowDiffers = sql`${tuple('p')} is distinct from ${tuple('excluded')}`;
  return sql`${joined(fieldSets, ',\n            ')},
            feed_base = ${newBase},
            feed_held = case when ${plain} then null else ${newHeld} end,
            version = p.version + case when ${plain} then (case when ${rowDiffers} then 1 else 0 end)
                                       when (${fieldChanged}) or (${heldChanged}) then 1 else 0 end,
            date_update = case when (case when ${plain} then ${rowDiffers} else ${fieldChanged} end) then excluded.date_update else p.date_update end
          where ${rowDiffers}
             or p.feed_held is not null
             or p.feed_base is null
             or ${baseDiffers}`;
}

/** The feed's base of a new product, from the batch's JSON row x (x.images_md5: its image list's md5, imagesMd5). */
export function newProductBase(): SQL {
  return sql`array[${joined(
    FEED_COLUMNS.map((c) => baseText(c, raw(`x.${c.column}::${c.type}`))),
    ', ',
  )}, x.images_md5]`;
}

/** The md5 of an image list as the base keeps it (the same as migration 0016 computes). */
export function imagesMd5(urls: readonly string[]): string {
  return createHash('md5').update(urls.join('\n')).digest('hex');
}

/**
 * Per held field of a product just written (`up`, the upsert's RETURNING), the person's value as
 * the history and the run's report show it (brand and category by name).
 */
export function currentValueOf(row: string, field: SQL): SQL {
  const cases = FEED_COLUMNS.map((c) => {
    if (c.field === 'brand') return sql`when 'brand' then to_jsonb((select b.brand_name from brands b where b.brand_id = ${raw(row)}.brand_id))`;
    if (c.field === 'categoryId') return sql`when 'categoryId' then to_jsonb((select g.category_name from categories g where g.category_id = ${raw(row)}.category_id))`;
    return sql`when ${lit(c.field)} then to_jsonb(${raw(`${row}.${c.column}`)})`;
  });
  return sql`(case ${field} ${joined(cases, ' ')} end)`;
}
