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

/** The base of a field in `row`'s feed_base: p's is the stored one, excluded's the feed's new value as a base (null: no base). */
const baseIn = (row: 'p' | 'excluded', c: FeedColumn) => raw(`${row}.feed_base[${basePosition(c.field)}]`);

/** What the feed may write: the fields it always wins, and the fields the supplier's mapping maps at all. */
export interface FeedSqlRules {
  alwaysWins: ReadonlySet<FeedField>;
  /** A field the mapping does not map is neither written, nor held back, nor is its base changed. */
  mapped: ReadonlySet<FeedField>;
}

/**
 * Whether the feed writes this (not always-winning) field of the existing row p with excluded's
 * value: the row already has that value, or still has the feed's base, or there is no base and
 * the field is empty. Never null.
 */
export function writesField(c: FeedColumn): SQL {
  const current = raw(`p.${c.column}`);
  const incoming = raw(`excluded.${c.column}`);
  const empty = c.kind === 'text' || c.kind === 'description' ? sql` or (${baseIn('p', c)} is null and ${current} = '')` : c.kind === 'number' ? sql` or (${baseIn('p', c)} is null and ${current} = 0)` : sql``;
  return sql`(${current} is not distinct from ${incoming} or ${baseText(c, current)} is not distinct from ${baseIn('p', c)}${empty})`;
}

/**
 * Whether the feed offers a new value for the field: its value differs from its own base. A value
 * equal to the base is no change of the feed's (as in a person's change set, field-diff.ts), so a
 * field a person changed keeps their value and nothing is held back for it.
 */
const offersNew = (c: FeedColumn) => sql`${baseIn('excluded', c)} is distinct from ${baseIn('p', c)}`;

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
const tupleOf = (columns: readonly FeedColumn[], row: 'p' | 'excluded') => raw(`(${columns.map((c) => `${row}.${c.column}`).join(', ')})`);

/**
 * The upsert's DO UPDATE part and its WHERE (docs/feeds.md, "Upsert key and what a re-import
 * changes"). Fields the mapping does not map are left out entirely (value, base and held value stay).
 *
 * Most rows take the plain path: no held value and every field the feed may hold back already
 * equal to the feed's value (only always-winning fields such as stock and price differ, or
 * nothing). Then every mapped field is written and the new base is the feed's own, computed once
 * per row by the INSERT's SELECT (excluded.feed_base): one tuple comparison instead of the
 * per-field decision. The WHERE leaves a row alone, without evaluating any field's rule, when it
 * has no held value, its always-winning fields already hold the feed's values and the feed's
 * values equal their bases (the feed changed nothing since it last wrote).
 */
export function feedUpdateSet(rules: FeedSqlRules, at: string, run: number | null): SQL {
  const mapped = FEED_COLUMNS.filter((c) => rules.mapped.has(c.field));
  const winning = mapped.filter((c) => rules.alwaysWins.has(c.field));
  const guarded = mapped.filter((c) => !rules.alwaysWins.has(c.field));
  // Each field's rule is evaluated once per row, in the sub-select `d` below (OFFSET 0 keeps the
  // planner from copying it into every use): the statement stays small, so planning it for every
  // batch stays cheap, and the plain path costs one comparison per field.
  const w = (c: FeedColumn) => (rules.alwaysWins.has(c.field) ? raw('true') : raw(`d.w_${basePosition(c.field)}`));
  const holds = (c: FeedColumn) => sql`(not ${w(c)} and ${offersNew(c)})`;
  const heldOf = (c: FeedColumn) => raw(`p.feed_held->'${c.field}'`);

  const plain = guarded.length === 0 ? sql`(p.feed_held is null)` : sql`(p.feed_held is null and ${tupleOf(guarded, 'p')} is not distinct from ${tupleOf(guarded, 'excluded')})`;
  const winningDiffers = winning.length === 0 ? sql`false` : sql`${tupleOf(winning, 'p')} is distinct from ${tupleOf(winning, 'excluded')}`;
  const decisions = joined(
    [sql`${plain} as plain`, sql`${winningDiffers} as winning_differs`, ...guarded.map((c) => sql`${writesField(c)} as ${raw(`w_${basePosition(c.field)}`)}`)],
    ', ',
  );

  const fieldValues = mapped.map((c) =>
    rules.alwaysWins.has(c.field) ? raw(`excluded.${c.column}`) : sql`case when ${w(c)} then excluded.${raw(c.column)} else p.${raw(c.column)} end`,
  );
  const allMapped = mapped.length === FEED_COLUMNS.length;
  const images = raw(`p.feed_base[${FEED_BASE_IMAGES}]`);
  // The new base on the plain path: the feed's base of each mapped field, the stored one of the rest.
  const plainBase = allMapped
    ? sql`array_append(excluded.feed_base[1:${raw(String(FEED_COLUMNS.length))}], ${images})`
    : sql`array[${joined(
        FEED_COLUMNS.map((c) => (rules.mapped.has(c.field) ? baseIn('excluded', c) : baseIn('p', c))),
        ', ',
      )}, ${images}]`;
  const decidedBase = sql`array[${joined(
    FEED_COLUMNS.map((c) => (!rules.mapped.has(c.field) ? baseIn('p', c) : rules.alwaysWins.has(c.field) ? baseIn('excluded', c) : sql`case when ${w(c)} then ${baseIn('excluded', c)} else ${baseIn('p', c)} end`)),
    ', ',
  )}, ${images}]`;
  const heldEntry = (c: FeedColumn) => {
    const shown = heldShown(c);
    return sql`jsonb_build_object('value', ${heldValue(c)}, 'at', ${at}::text, 'run', ${run}::int${shown ? sql`, 'shown', ${shown}` : sql``})`;
  };
  const newHeld = sql`nullif(jsonb_strip_nulls(jsonb_build_object(${joined(
    [
      ...guarded.map(
        (c) =>
          sql`${lit(c.field)}, case when ${holds(c)} then (case when (${heldOf(c)}->'value') is not distinct from ${heldValue(c)} then ${heldOf(c)} else ${heldEntry(c)} end) end`,
      ),
      ...FEED_COLUMNS.filter((c) => !rules.mapped.has(c.field)).map((c) => sql`${lit(c.field)}, ${heldOf(c)}`),
      sql`'images', p.feed_held->'images'`,
    ],
    ', ',
  )})), '{}'::jsonb)`;
  const fieldChanged = joined(
    [sql`d.winning_differs`, ...guarded.map((c) => sql`(${w(c)} and p.${raw(c.column)} is distinct from excluded.${raw(c.column)})`)],
    ' or ',
  );
  const heldChanged = joined(
    [
      ...winning.map((c) => sql`${heldOf(c)} is not null`),
      ...guarded.map((c) => sql`(case when ${holds(c)} then (${heldOf(c)}->'value') is distinct from ${heldValue(c)} else ${heldOf(c)} is not null end)`),
      sql`false`,
    ],
    ' or ',
  );
  const mappedBase = (row: 'p' | 'excluded') =>
    allMapped ? raw(`${row}.feed_base[1:${FEED_COLUMNS.length}]`) : sql`array[${joined(mapped.map((c) => baseIn(row, c)), ', ')}]`;
  const values = [
    ...fieldValues,
    sql`case when d.plain then ${plainBase} else ${decidedBase} end`,
    sql`case when d.plain then null else ${newHeld} end`,
    sql`p.version + case when d.plain then (case when d.winning_differs then 1 else 0 end)
                         when (${fieldChanged}) or (${heldChanged}) then 1 else 0 end`,
    sql`case when (case when d.plain then d.winning_differs else ${fieldChanged} end) then excluded.date_update else p.date_update end`,
  ];
  const columns = [...mapped.map((c) => c.column), 'feed_base', 'feed_held', 'version', 'date_update'].join(', ');
  return sql`(${raw(columns)}) = (select ${joined(values, ',\n              ')}
              from (select ${decisions} offset 0) d)
          where not (p.feed_held is null
                     and not (${winningDiffers})
                     and ${mappedBase('p')} is not distinct from ${mappedBase('excluded')})`;
}

/**
 * Whether an existing product p needs the per-field rule for the batch's row x (the batch's
 * JSON rows, typed as feed-batch-writer.ts reads them): it has a held value, or a field the feed
 * may hold back differs from the feed's value. The others take the plain statement (plainUpdateSet). Comparing the payload's
 * values before the column's rounding can only flag more rows, never fewer.
 */
export function needsFieldRule(rules: FeedSqlRules, row = 'x'): SQL {
  const guarded = FEED_COLUMNS.filter((c) => rules.mapped.has(c.field) && !rules.alwaysWins.has(c.field));
  if (guarded.length === 0) return sql`p.feed_held is not null`;
  return sql`(p.feed_held is not null or ${tupleOf(guarded, 'p')} is distinct from ${raw(`(${guarded.map((c) => `${row}.${c.column}`).join(', ')})`)})`;
}

/**
 * Whether the feed leaves the existing product p alone for the row x (the batch's rows, typed as
 * feed-batch-writer.ts reads them): no held value, every always-winning field already holds the
 * feed's value, and the base of every mapped field and of the image list equals the feed's value
 * as a base. Then both upserts' WHERE (plainUpdateSet, feedUpdateSet) skip it and the image step
 * has nothing to do (imageVerdict: the feed's list is still its base, nothing is held), so it is
 * unchanged; the COPY writer takes such rows out of a commit before its merge (feed-copy-writer.ts).
 */
export function leftAloneByFeed(rules: FeedSqlRules, row = 'x'): SQL {
  const mapped = FEED_COLUMNS.filter((c) => rules.mapped.has(c.field));
  const value = (c: FeedColumn) => raw(`${row}.${c.column}::${c.type}`);
  return joined(
    [
      sql`p.feed_held is null`,
      ...mapped.filter((c) => rules.alwaysWins.has(c.field)).map((c) => sql`p.${raw(c.column)} is not distinct from ${value(c)}`),
      ...mapped.map((c) => sql`${baseIn('p', c)} is not distinct from ${baseText(c, value(c))}`),
      ...(rules.mapped.has('images') ? [sql`p.feed_base[${raw(String(FEED_BASE_IMAGES))}] is not distinct from ${raw(`${row}.images_md5`)}`] : []),
    ],
    ' and ',
  );
}

/**
 * The DO UPDATE part for products without a held value whose fields the feed may hold back
 * already equal the feed's values (the plain path, by far the most rows of a re-import): every
 * mapped field is written, the base is the feed's own (excluded.feed_base, computed by the
 * INSERT's SELECT), nothing is decided per field. Its WHERE takes only such rows, and only when
 * something changes; the others are left to feedUpdateSet's statement.
 */
export function plainUpdateSet(rules: FeedSqlRules): SQL {
  const mapped = FEED_COLUMNS.filter((c) => rules.mapped.has(c.field));
  const winning = mapped.filter((c) => rules.alwaysWins.has(c.field));
  const guarded = mapped.filter((c) => !rules.alwaysWins.has(c.field));
  const winningDiffers = winning.length === 0 ? sql`false` : sql`${tupleOf(winning, 'p')} is distinct from ${tupleOf(winning, 'excluded')}`;
  const allMapped = mapped.length === FEED_COLUMNS.length;
  const images = raw(`p.feed_base[${FEED_BASE_IMAGES}]`);
  // With every field mapped and the image list's base unchanged (the image step keeps it apart),
  // the new base is the feed's own as the INSERT computed it: no array is built per row.
  const newBase = allMapped
    ? sql`case when ${images} is not distinct from excluded.feed_base[${raw(String(FEED_BASE_IMAGES))}] then excluded.feed_base
               else array_append(excluded.feed_base[1:${raw(String(FEED_COLUMNS.length))}], ${images}) end`
    : sql`array[${joined(FEED_COLUMNS.map((c) => (rules.mapped.has(c.field) ? baseIn('excluded', c) : baseIn('p', c))), ', ')}, ${images}]`;
  const mappedBase = (row: 'p' | 'excluded') =>
    allMapped ? raw(`${row}.feed_base[1:${FEED_COLUMNS.length}]`) : sql`array[${joined(mapped.map((c) => baseIn(row, c)), ', ')}]`;
  const sets = [
    ...winning.map((c) => sql`${raw(c.column)} = excluded.${raw(c.column)}`),
    sql`feed_base = ${newBase}`,
    sql`version = p.version + case when ${winningDiffers} then 1 else 0 end`,
    sql`date_update = case when ${winningDiffers} then excluded.date_update else p.date_update end`,
  ];
  const guardedSame = guarded.length === 0 ? sql`true` : sql`${tupleOf(guarded, 'p')} is not distinct from ${tupleOf(guarded, 'excluded')}`;
  return sql`${joined(sets, ',\n            ')}
          where p.feed_held is null
            and ${guardedSame}
            and (${winningDiffers} or ${mappedBase('p')} is distinct from ${mappedBase('excluded')})`;
}

/**
 * The feed's base of a new product, from the batch's JSON row x (x.images_md5: its image list's
 * md5, imagesMd5); a field the mapping does not map gets none.
 */
export function newProductBase(mapped: ReadonlySet<FeedField>): SQL {
  return sql`array[${joined(
    FEED_COLUMNS.map((c) => (mapped.has(c.field) ? baseText(c, raw(`x.${c.column}::${c.type}`)) : sql`null::text`)),
    ', ',
  )}, ${mapped.has('images') ? sql`x.images_md5` : sql`null::text`}]`;
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
