/**
 * Writes one batch of parsed feed rows in one transaction (all or nothing) and counts what
 * happened to each row. The feed is a writer with a base (docs/feeds.md, "Upsert key and what a re-import
 * changes"): per field it maps (sku, priceSupplier, stock, title, description, brand, category,
 * weight, width, length, height, productSize, color, material, familyKey, its images) a field
 * still holding the value the feed last wrote takes the new one; a field a person changed since
 * keeps the person's value and the feed's is held back, unless the supplier lets its feed always
 * win that field (feed-fields-sql.ts, decided inside the upsert). Never after creation: ean,
 * supplierEan, isChangeEan, sellingPrice, deliveryCode, mainProduct, passedModeration, buyBlock,
 * isExportOnBol. A row with nothing to change is left alone: no new version, no new date_update.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { orderedUuid } from '../db/ordered-uuid';
import { DEFAULT_ALWAYS_WINS, FEED_FIELDS, type FeedField } from '../../shared/feed-fields';
import { currentValueOf, FEED_BASE_IMAGES, feedUpdateSet, imagesMd5, needsFieldRule, newProductBase, plainUpdateSet, type FeedHeldEntry } from './feed-fields-sql';
import type { NameIds } from './name-ids';
import type { FeedProductRow } from './parse-feed-row';
import { jsonValue, queryRows, type Queryable } from '../db/query-rows';
import { sqlStateOf } from '../lib/caught-errors';
import { importSkipsReferenceChecks, skipReferenceChecksInTransaction } from './import-reference-checks';

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Feed values newly held back in this batch (a person changed the field since the feed wrote it). */
  heldBack: HeldBackField[];
}

/** One feed value held back: the product, the field, the person's value and the supplier's. */
export interface HeldBackField {
  productId: number;
  field: FeedField;
  mine: unknown;
  theirs: unknown;
}

/** How the feed writes: which fields it always wins, which it maps at all, and the run that holds values back. */
export interface FeedWriteRules {
  alwaysWins: ReadonlySet<FeedField>;
  /** The fields the supplier's mapping maps; the others are neither written, nor held back, nor is their base changed. */
  mapped: ReadonlySet<FeedField>;
  /** The parsing history id of the run, kept with a held-back value. */
  runId: number | null;
}

export const DEFAULT_WRITE_RULES: FeedWriteRules = { alwaysWins: new Set(DEFAULT_ALWAYS_WINS), mapped: new Set(FEED_FIELDS), runId: null };

interface ExistingProduct {
  product_id: number;
  source_key: string;
  urls: unknown;
  image_base: unknown;
  image_held: unknown;
}

interface ImageInsert {
  /** Time-ordered (db/ordered-uuid.ts): appended at the end of the primary key, not on a random page. */
  id: string;
  product_id: number;
  url: string;
  name: string;
  ord: number;
  main: boolean;
  /** The product existed before this batch, so its images go after the ones it has. */
  existing: boolean;
}

/** The last path segment of an image URL, as the image's name. */
export function imageName(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last).slice(0, 200);
  } catch {
    return last.slice(0, 200);
  }
}

/**
 * A row of the plain statement's answer: one per product of the batch that existed before it or
 * that it wrote (plainBatchStatement).
 */
interface PlainRow {
  product_id: number;
  source_key: string;
  /** The statement wrote the product (inserted it, or updated it by the plain path). */
  written: boolean;
  inserted: boolean | null;
  /** Written: an owned field changed (not only the base). */
  changed: boolean | null;
  /** The product existed before the statement; then urls, image_base, image_held and rule are its. */
  existed: boolean;
  urls: unknown;
  image_base: unknown;
  image_held: unknown;
  /** The product needs the per-field rule (a held value, or a field the feed may hold back differs). */
  rule: boolean | null;
  /** The image step has nothing to do for it (imagesLeftAloneByFeed); then urls were not read. */
  images_alone: boolean | null;
}

/** A row of the per-field rule's statement (ruledBatchStatement): a product it wrote ('w'), or a value it held back ('h'). */
interface RuledRow {
  kind: 'w' | 'h';
  product_id: number;
  source_key: string | null;
  inserted: boolean | null;
  changed: boolean | null;
  field: string | null;
  mine: unknown;
  theirs: unknown;
}

/** The batch's JSON rows as json_to_recordset reads them (prepareFeedBatch builds them). */
function batchRows(payload: string): SQL {
  return sql`json_to_recordset(${payload}::json) as x(
                 k text, ean text, sku text, title text, description text, brand_id int, category_id int,
                 price_supplier numeric, selling_price numeric, delivery_code text, stock int, weight numeric,
                 width numeric, length numeric, height numeric, product_size text, color text, material text,
                 family_key text, n_images int, images_md5 text, main boolean)`;
}

/** The batch's JSON rows as a query: the source of the statements' rows `x` on the row-batch path. */
const jsonBatchRows = (payload: string): SQL => sql`select * from ${batchRows(payload)}`;

/** The product columns the history compares, read before the upsert (old) and after it (its RETURNING). */
const HISTORY_COLUMN_LIST =
  'p.product_id, p.source_key, p.sku, p.price_supplier, p.stock, p.title, p.description, p.brand_id, p.category_id, p.weight, p.width, p.length, p.height, p.product_size, p.color, p.material, p.family_key';
const HISTORY_COLUMNS = sql.raw(HISTORY_COLUMN_LIST);

/** The upsert's RETURNING: the history's new values, the version and whether it inserted. */
const RETURNING = sql.raw(`returning ${HISTORY_COLUMN_LIST}, (p.xmax = 0) as inserted, p.version`);

/**
 * The history items of the fields that differ between `old` (o) and the upsert's answer (up). Only
 * the fields that differ become JSON (brand names looked up only then): cheap per row.
 */
const FIELD_CHANGES = sql`array_remove(array[
               case when o.sku is distinct from up.sku then jsonb_build_object('field', 'sku', 'old', o.sku, 'new', up.sku) end,
               case when o.price_supplier is distinct from up.price_supplier then jsonb_build_object('field', 'priceSupplier', 'old', o.price_supplier, 'new', up.price_supplier) end,
               case when o.stock is distinct from up.stock then jsonb_build_object('field', 'stock', 'old', o.stock, 'new', up.stock) end,
               case when o.title is distinct from up.title then jsonb_build_object('field', 'title', 'old', o.title, 'new', up.title) end,
               case when o.description is distinct from up.description then jsonb_build_object('field', 'description', 'old', o.description, 'new', up.description) end,
               case when o.brand_id is distinct from up.brand_id then jsonb_build_object('field', 'brand', 'old', (select b.brand_name from brands b where b.brand_id = o.brand_id), 'new', (select b.brand_name from brands b where b.brand_id = up.brand_id)) end,
               case when o.category_id is distinct from up.category_id then jsonb_build_object('field', 'categoryId', 'old', o.category_id, 'new', up.category_id) end,
               case when o.weight is distinct from up.weight then jsonb_build_object('field', 'weight', 'old', o.weight, 'new', up.weight) end,
               case when o.width is distinct from up.width then jsonb_build_object('field', 'width', 'old', o.width, 'new', up.width) end,
               case when o.length is distinct from up.length then jsonb_build_object('field', 'length', 'old', o.length, 'new', up.length) end,
               case when o.height is distinct from up.height then jsonb_build_object('field', 'height', 'old', o.height, 'new', up.height) end,
               case when o.product_size is distinct from up.product_size then jsonb_build_object('field', 'productSize', 'old', o.product_size, 'new', up.product_size) end,
               case when o.color is distinct from up.color then jsonb_build_object('field', 'color', 'old', o.color, 'new', up.color) end,
               case when o.material is distinct from up.material then jsonb_build_object('field', 'material', 'old', o.material, 'new', up.material) end,
               case when o.family_key is distinct from up.family_key then jsonb_build_object('field', 'familyKey', 'old', o.family_key, 'new', up.family_key) end
             ], null)`;

/**
 * Whether the image step has nothing to do for the existing product p and the batch's row x, known
 * without reading its images: the feed's list is still the one it last wrote (its md5 is the base)
 * and no list of the feed is held back. imageVerdict then answers 'write' with the same list or
 * 'keep' with nothing held: no image, base or held value changes. Not when the feed always wins
 * images (it puts its list back over a person's) or does not map them (the step is skipped anyway).
 */
function imagesLeftAloneByFeed(rules: FeedWriteRules): SQL {
  if (!rules.mapped.has('images') || rules.alwaysWins.has('images')) return sql`false`;
  return sql`(p.feed_held->'images' is null and p.feed_base[${sql.raw(String(FEED_BASE_IMAGES))}] = x.images_md5)`;
}

/**
 * The plain statement of a batch: the upsert by the plain path (plainUpdateSet), plus one compact
 * history entry per product it changed (docs/products.md "History"): the old values read in the
 * same statement's snapshot, the new ones from its RETURNING, and only the fields that differ.
 * Products the run creates get none (they had no earlier value). The same read of the existing
 * products also answers what the image step needs (feed image URLs, their base and held list
 * before the batch) and which of them need the per-field rule (ruledBatchStatement), so the
 * batch reads them once. The batch's JSON is sent and parsed once (x), for that read and the
 * INSERT, and the answer is one row per product.
 */
function plainBatchStatement(supplierId: number, source: SQL, at: string, rules: FeedWriteRules): SQL {
  const imagesLeftAlone = imagesLeftAloneByFeed(rules);
  return sql`with x as materialized (${source}),
    old as (
      select ${HISTORY_COLUMNS}, p.feed_base[${sql.raw(String(FEED_BASE_IMAGES))}] as image_base, p.feed_held->'images' as image_held,
             ${needsFieldRule(rules)} as rule, ${imagesLeftAlone} as images_alone,
             case when ${imagesLeftAlone} then null else
               (select json_agg(i.source_url order by i.position, i.created_at) from product_images i
                 where i.product_id = p.product_id and i.source_url <> '') end as urls
        from products p join x on p.source_key = x.k
       where p.supplier_id = ${supplierId}),
    up as (${insertProducts(supplierId, sql`x`, at, rules.mapped)}
          on conflict (supplier_id, source_key) do update set
            ${plainUpdateSet(rules)}
      ${RETURNING}),
    changed as (
      select up.product_id, up.version, ${FIELD_CHANGES} as changes
        from up join old o on o.product_id = up.product_id
       where not up.inserted),
    history as (
      insert into product_history (product_id, author, how, device_at, server_at, version, changes)
      select product_id, ${FEED_IMPORT_AUTHOR}, 'feed-import', null, ${at}::timestamptz, version, to_jsonb(changes)
        from changed where cardinality(changes) > 0)
    select coalesce(o.product_id, up.product_id) as product_id, coalesce(o.source_key, up.source_key) as source_key,
           up.product_id is not null as written, up.inserted, cardinality(c.changes) > 0 as changed,
           o.product_id is not null as existed, o.urls, o.image_base, o.image_held, o.rule, o.images_alone
      from up full join old o on o.product_id = up.product_id
           left join changed c on c.product_id = up.product_id`;
}

/**
 * The statement of the products that need the per-field rule (feedUpdateSet): the upsert, its
 * history as in plainBatchStatement, and the values it held back, each also a history item
 * `{ field, held: true, old: the person's value, new: the supplier's }`. The image step's facts
 * came with the plain statement's answer, so this one does not read them.
 */
function ruledBatchStatement(supplierId: number, payload: string, at: string, rules: FeedWriteRules): SQL {
  return sql`with x as materialized (${jsonBatchRows(payload)}),
    old as (
      select ${HISTORY_COLUMNS}, p.feed_held
        from products p join x on p.source_key = x.k
       where p.supplier_id = ${supplierId}),
    up as (${insertProducts(supplierId, sql`x`, at, rules.mapped)}
          on conflict (supplier_id, source_key) do update set
            ${feedUpdateSet(rules, at, rules.runId)}
      ${RETURNING}, p.feed_held),
    held as (
      -- Values held back by this statement: new, or another value than the one held before.
      select up.product_id, e.key as field, ${currentValueOf('up', sql`e.key`)} as mine,
             coalesce(e.value->'shown', e.value->'value', 'null'::jsonb) as theirs
        from up join old o on o.product_id = up.product_id
             cross join lateral jsonb_each(up.feed_held) e
       where up.feed_held is not null and not up.inserted and e.value is distinct from o.feed_held->e.key),
    changed as (
      select up.product_id, up.version, ${FIELD_CHANGES} as changes,
             case when up.feed_held is null then '{}'::jsonb[] else array(
               select jsonb_build_object('field', h.field, 'held', true, 'old', h.mine, 'new', h.theirs)
                 from held h where h.product_id = up.product_id order by h.field) end as holds
        from up join old o on o.product_id = up.product_id
       where not up.inserted),
    history as (
      insert into product_history (product_id, author, how, device_at, server_at, version, changes)
      select product_id, ${FEED_IMPORT_AUTHOR}, 'feed-import', null, ${at}::timestamptz, version, to_jsonb(changes || holds)
        from changed where cardinality(changes) + cardinality(holds) > 0)
    select 'w' as kind, up.product_id, up.source_key, up.inserted, cardinality(c.changes) > 0 as changed,
           null::text as field, null::jsonb as mine, null::jsonb as theirs
      from up left join changed c on c.product_id = up.product_id
    union all
    select 'h', product_id, null, null, null, field, mine, theirs from held`;
}

/**
 * The feed's image list against the product's feed images now, by the fields' rule
 * (feed-fields-sql.ts): 'write' when the feed always wins images, when the product already shows
 * the feed's list, when its feed images are still the list the feed last wrote (base), or when
 * there is no base and it has no feed images; else a person changed them since: 'keep' when the
 * feed's list is still its base (the feed changed nothing, the person's images stay and nothing is
 * held), 'hold' when the feed offers a new list. The base is the list's md5 (imagesMd5).
 */
export function imageVerdict(before: readonly string[], after: readonly string[], base: string | null, alwaysWins: boolean, afterMd5 = imagesMd5(after)): 'write' | 'hold' | 'keep' {
  if (alwaysWins || sameList(before, after)) return 'write';
  if (base ? imagesMd5(before) === base : before.length === 0) return 'write';
  return base === afterMd5 ? 'keep' : 'hold';
}

/**
 * The image list's new base and held value on the products whose image step needs them, in one
 * statement; a newly held list raises the version and gets its history item.
 */
async function writeImageBookkeeping(
  tx: Queryable,
  rows: readonly { id: number; base: string | null; held: FeedHeldEntry | null; bump: boolean }[],
  heldBack: readonly HeldBackField[],
  at: string,
): Promise<void> {
  await tx.execute(
    sql`update products p
           set feed_base[${sql.raw(String(FEED_BASE_IMAGES))}] = x.base,
               feed_held = case when x.held is null then nullif(coalesce(p.feed_held, '{}'::jsonb) - 'images', '{}'::jsonb)
                                else coalesce(p.feed_held, '{}'::jsonb) || jsonb_build_object('images', x.held) end,
               version = p.version + case when x.bump then 1 else 0 end
          from json_to_recordset(${JSON.stringify(rows)}::json) as x(id int, base text, held jsonb, bump boolean)
         where p.product_id = x.id`,
  );
  const images = heldBack.filter((held) => held.field === 'images');
  if (images.length === 0) return;
  await tx.execute(
    sql`insert into product_history (product_id, author, how, device_at, server_at, version, changes)
        select x.id, ${FEED_IMPORT_AUTHOR}, 'feed-import', null, ${at}::timestamptz, p.version,
               jsonb_build_array(jsonb_build_object('field', 'productImages', 'held', true, 'old', x.mine, 'new', x.theirs))
          from json_to_recordset(${JSON.stringify(images.map((held) => ({ id: held.productId, mine: held.mine, theirs: held.theirs })))}::json)
               as x(id int, mine jsonb, theirs jsonb)
          join products p on p.product_id = x.id`,
  );
}

/** The history's author of a feed import's changes. */
export const FEED_IMPORT_AUTHOR = 'feed import';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The products of a batch as rows of one INSERT (without its ON CONFLICT), read from `rows` (batchRows, or a CTE `x` of them). */
function insertProducts(supplierId: number, rows: SQL, at: string, mapped: ReadonlySet<FeedField>): SQL {
  return sql`insert into products as p (
            supplier_id, source_key, ean, supplier_ean, sku, title, description, brand_id, category_id,
            price_supplier, selling_price, delivery_code, stock, weight, width, length, height,
            product_size, color, material, family_key, number_of_images, date_create, date_update, feed_base, main_product)
          select ${supplierId}, x.k, x.ean, x.ean, x.sku, x.title, x.description, x.brand_id, x.category_id,
                 x.price_supplier, x.selling_price, x.delivery_code, x.stock, x.weight, x.width, x.length, x.height,
                 x.product_size, x.color, x.material, x.family_key, x.n_images, ${at}::timestamptz, ${at}::timestamptz,
                 ${newProductBase(mapped)}, coalesce(x.main, false)
            from ${rows}`;
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * A batch of products none of which can exist yet (the supplier had no products when its import
 * started, and keys are unique within a feed): a plain INSERT of the products and, in the same
 * statement, of their images. One statement is written whole or not at all, with no ON CONFLICT
 * check per row and no second statement for the images. A unique violation (a product appeared
 * after all) fails the whole statement; the caller then writes the batch with the upsert. On the
 * embedded database the caller runs it in a transaction of its own without the foreign-key checks
 * (import-reference-checks.ts); the upsert keeps them: an update checks a reference only when it
 * changes it, and the setting makes PostgreSQL plan every statement again.
 */
async function writeNewProducts(db: Queryable, rows: readonly FeedProductRow[], insert: SQL, at: string): Promise<BatchCounts> {
  const images = JSON.stringify(
    rows.flatMap((row) => row.images.map((url, i) => ({ k: row.sourceKey, id: orderedUuid(), url, name: imageName(url), ord: i + 1 }))),
  );
  const written = await queryRows<{ n: number }>(
    db,
    sql`with up as (${insert} returning p.product_id, p.source_key),
        images as (
          insert into product_images (id, product_id, source_url, name, is_main_image, position, created_at)
          select i.id, up.product_id, i.url, i.name, i.ord = 1, i.ord, ${at}::timestamptz
            from json_to_recordset(${images}::json) as i(k text, id text, url text, name text, ord int)
            join up on up.source_key = i.k)
        select count(*)::int as n from up`,
  );
  // A plain INSERT writes every row or fails: the count is the batch's size, read from the database.
  const created = written[0]?.n ?? 0;
  return { created, updated: 0, unchanged: rows.length - created, heldBack: [] };
}

/** A batch's row as the statements read it (`x`): the JSON payload's object, or the COPY staging table's row. */
export interface BatchRow {
  k: string;
  ean: string;
  sku: string;
  title: string;
  description: string;
  brand_id: number | null;
  category_id: number | null;
  price_supplier: number;
  selling_price: number;
  delivery_code: string;
  stock: number;
  weight: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
  product_size: string;
  color: string;
  material: string;
  family_key: string | null;
  n_images: number;
  images_md5: string;
  /** Created as the family's main product (docs/feeds.md, "The main product of a family"); absent: false. */
  main?: boolean;
}

/** A batch ready to write: the parsed rows, their statement rows, each image list's md5 by key, the time of the write. */
export interface PreparedFeedBatch {
  rows: readonly FeedProductRow[];
  batchRows: BatchRow[];
  md5s: Map<string, string>;
  at: string;
}

/** The batch's brands and categories given ids (committed on their own, name-ids.ts), and its rows as the statements read them. */
export async function prepareFeedBatch(db: Database, rows: readonly FeedProductRow[], names: { brands: NameIds; categories: NameIds }, now: Date): Promise<PreparedFeedBatch> {
  await names.brands.resolve(db, rows.map((row) => row.brand));
  await names.categories.resolve(db, rows.map((row) => row.category));
  const md5s = new Map<string, string>();
  const prepared = rows.map((row): BatchRow => {
    const md5 = imagesMd5(row.images);
    md5s.set(row.sourceKey, md5);
    return {
      k: row.sourceKey,
      ean: row.ean,
      sku: row.sku,
      title: row.title,
      description: row.description,
      brand_id: names.brands.idOf(row.brand),
      category_id: names.categories.idOf(row.category),
      price_supplier: row.priceSupplier,
      selling_price: row.sellingPrice,
      delivery_code: row.deliveryCode,
      stock: row.stock,
      weight: row.weight,
      width: row.width,
      length: row.length,
      height: row.height,
      product_size: row.productSize,
      color: row.color,
      material: row.material,
      family_key: row.familyKey,
      n_images: row.images.length,
      images_md5: md5,
      // A new product created as its family's main (feed-family-mains.ts); the update never changes it.
      ...(row.mainProduct ? { main: true } : {}),
    };
  });
  return { rows, batchRows: prepared, md5s, at: now.toISOString() };
}

/** The INSERT of a batch's products, read from the rows `x` of `source` (the JSON payload or the COPY staging table). */
export function insertBatchProducts(supplierId: number, source: SQL, at: string, mapped: ReadonlySet<FeedField>): SQL {
  return insertProducts(supplierId, sql`(${source}) as x`, at, mapped);
}

export async function writeFeedBatch(
  db: Database,
  supplierId: number,
  rows: readonly FeedProductRow[],
  names: { brands: NameIds; categories: NameIds },
  now: Date,
  /**
   * False when the supplier had no products when the import started: keys are unique within an
   * import, so no row of this batch can exist yet, and the batch is one plain INSERT statement
   * (writeNewProducts) instead of the upsert with its lookup of existing products.
   */
  mayExist = true,
  rules: FeedWriteRules = DEFAULT_WRITE_RULES,
): Promise<BatchCounts> {
  if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0, heldBack: [] };
  const batch = await prepareFeedBatch(db, rows, names, now);
  const payload = JSON.stringify(batch.batchRows);

  if (!mayExist) {
    const insert = insertProducts(supplierId, batchRows(payload), batch.at, rules.mapped);
    try {
      // On the embedded database in a transaction that skips the foreign-key checks (import-reference-checks.ts).
      return importSkipsReferenceChecks(db)
        ? await db.transaction(async (tx) => {
            await skipReferenceChecksInTransaction(tx);
            return writeNewProducts(tx, rows, insert, batch.at);
          })
        : await writeNewProducts(db, rows, insert, batch.at);
    } catch (error) {
      // Cannot happen while the supplier is claimed (only imports create products); should a product
      // have appeared anyway, nothing was written (one statement) and the upsert below handles it.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  return db.transaction((tx) => upsertFeedBatch(tx, supplierId, batch, jsonBatchRows(payload), rules));
}

/**
 * The upsert of a batch inside the caller's transaction, its rows `x` read from `source` (the JSON
 * payload on the row-batch path, the COPY staging table on PostgreSQL: feed-copy-writer.ts): the
 * plain statement, the per-field rule's statement for the rows that need it, the image step.
 */
export async function upsertFeedBatch(tx: Queryable, supplierId: number, batch: PreparedFeedBatch, source: SQL, rules: FeedWriteRules): Promise<BatchCounts> {
  const { rows, batchRows: payloadRows, md5s, at } = batch;

  // The plain upsert, its history and the existing products in one statement; the products that
  // need the per-field rule (feed-fields-sql.ts, needsFieldRule) are left to a second statement,
  // run only when there are any, so the large statement is not planned for every batch.
  const answer = await queryRows<PlainRow>(tx, plainBatchStatement(supplierId, source, at, rules));
  const ruled = new Set(answer.filter((row) => row.existed && row.rule && !row.written).map((row) => row.source_key));
  const ruledAnswer =
    ruled.size === 0
      ? []
      : await queryRows<RuledRow>(tx, ruledBatchStatement(supplierId, JSON.stringify(payloadRows.filter((row) => ruled.has(row.k))), at, rules));
  const existing: ExistingProduct[] = answer.filter((row) => row.existed && !row.images_alone);
  const heldBack: HeldBackField[] = ruledAnswer
    .filter((row) => row.kind === 'h')
    .map((row) => ({ productId: row.product_id, field: (row.field ?? 'sku') as FeedField, mine: row.mine, theirs: row.theirs }));
  // (jsonb arrives parsed from both drivers: a JSON string value is the value itself.)

  const rowByKey = new Map(rows.map((row) => [row.sourceKey, row]));
  const inserts: ImageInsert[] = [];
  const addImages = (productId: number, urls: readonly string[], isNew: boolean) =>
    urls.forEach((url, i) =>
      inserts.push({ id: orderedUuid(), product_id: productId, url, name: imageName(url), ord: i + 1, main: isNew && i === 0, existing: !isNew }),
    );

  let created = 0;
  const updatedIds = new Set<number>();
  const countWritten = (row: { product_id: number; source_key: string | null; inserted: boolean | null; changed: boolean | null }) => {
    if (row.inserted) {
      created += 1;
      addImages(row.product_id, rowByKey.get(row.source_key ?? '')?.images ?? [], true);
    } else if (row.changed) {
      updatedIds.add(row.product_id);
    }
  };
  for (const row of answer) if (row.written) countWritten(row);
  for (const row of ruledAnswer) if (row.kind === 'w') countWritten(row);

  // Feed images of existing products follow the feed by the same rule as the fields
  // (imageVerdict): written while the product's feed images are the list the feed last wrote,
  // else held back. Images people uploaded (no source URL) are never touched; re-exported ones
  // keep their file.
  const removals: { product_id: number; url: string }[] = [];
  const imageChanged: number[] = [];
  const imageBookkeeping: { id: number; base: string | null; held: FeedHeldEntry | null; bump: boolean }[] = [];
  // A mapping without images leaves the feed images, their base and held list alone.
  for (const product of rules.mapped.has('images') ? existing : []) {
    const before = jsonValue<string[] | null>(product.urls) ?? [];
    const after = rowByKey.get(product.source_key)?.images ?? [];
    const base = typeof product.image_base === 'string' ? product.image_base : null;
    const held = jsonValue<FeedHeldEntry | null>(product.image_held) ?? null;
    const afterMd5 = md5s.get(product.source_key) ?? imagesMd5(after);
    const verdict = imageVerdict(before, after, base, rules.alwaysWins.has('images'), afterMd5);
    if (verdict === 'keep') {
      if (held) imageBookkeeping.push({ id: product.product_id, base, held: null, bump: true });
      continue;
    }
    if (verdict === 'hold') {
      if (held && Array.isArray(held.value) && sameList(held.value as string[], after)) continue;
      imageBookkeeping.push({ id: product.product_id, base, held: { value: after, at, run: rules.runId }, bump: true });
      heldBack.push({ productId: product.product_id, field: 'images', mine: before, theirs: after });
      continue;
    }
    if (base !== afterMd5 || held) imageBookkeeping.push({ id: product.product_id, base: afterMd5, held: null, bump: held !== null && sameList(before, after) });
    if (sameList(before, after)) continue;
    imageChanged.push(product.product_id);
    for (const url of before) if (!after.includes(url)) removals.push({ product_id: product.product_id, url });
    addImages(product.product_id, after.filter((url) => !before.includes(url)), false);
  }

  if (removals.length > 0) {
    await tx.execute(
      sql`delete from product_images i using json_to_recordset(${JSON.stringify(removals)}::json) as x(product_id int, url text)
           where i.product_id = x.product_id and i.source_url = x.url`,
    );
  }
  if (inserts.length > 0) {
    await tx.execute(
      sql`insert into product_images (id, product_id, source_url, name, is_main_image, position, created_at)
          select x.id, x.product_id, x.url, x.name, x.main,
                 x.ord + case when x.existing
                              then coalesce((select max(i.position) from product_images i where i.product_id = x.product_id), 0)
                              else 0 end,
                 ${at}::timestamptz
            from json_to_recordset(${JSON.stringify(inserts)}::json)
                 as x(id text, product_id int, url text, name text, ord int, main boolean, existing boolean)`,
    );
  }
  if (imageChanged.length > 0) {
    // Every product with images keeps exactly one main image: the first by position unless one is set.
    await tx.execute(
      sql`update product_images set is_main_image = true
           where id in (select distinct on (i.product_id) i.id from product_images i
                         where i.product_id in (select value::int from json_array_elements_text(${JSON.stringify(imageChanged)}::json))
                           and not exists (select 1 from product_images m where m.product_id = i.product_id and m.is_main_image)
                         order by i.product_id, i.position)`,
    );
  }
  if (imageChanged.length > 0) {
    const changes = JSON.stringify(imageChanged.map((id) => ({ id, bump: !updatedIds.has(id) })));
    await tx.execute(
      sql`update products p
             set number_of_images = (select count(*) from product_images i where i.product_id = p.product_id),
                 version = p.version + case when x.bump then 1 else 0 end,
                 date_update = case when x.bump then ${at}::timestamptz else p.date_update end
            from json_to_recordset(${changes}::json) as x(id int, bump boolean)
           where p.product_id = x.id`,
    );
    for (const id of imageChanged) updatedIds.add(id);
  }
  if (imageBookkeeping.length > 0) await writeImageBookkeeping(tx, imageBookkeeping, heldBack, at);

  return { created, updated: updatedIds.size, unchanged: rows.length - created - updatedIds.size, heldBack };
}
