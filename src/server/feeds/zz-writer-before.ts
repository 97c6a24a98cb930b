/**
 * Writes one batch of parsed feed rows in one transaction (all or nothing) and counts what
 * happened to each row. Which fields a re-import may change is decided here, in the upsert's
 * SET list (docs/feeds.md, "What a re-import changes"):
 * - always (supplier data): sku, priceSupplier, stock;
 * - while the product has not passed moderation (content): title, description, brand, category,
 *   weight, width, length, height, productSize, color, material, familyKey and the feed's images;
 * - never after creation: ean, supplierEan, isChangeEan, sellingPrice, deliveryCode, mainProduct,
 *   passedModeration, buyBlock, isExportOnBol.
 * A row whose owned fields are all equal is left alone: no new version, no new date_update.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { orderedUuid } from '../db/ordered-uuid';
import type { NameIds } from './name-ids';
import type { FeedProductRow } from './parse-feed-row';
import { jsonValue, queryRows } from '../db/query-rows';

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
}

interface ExistingProduct {
  product_id: number;
  source_key: string;
  passed_moderation: boolean;
  urls: unknown;
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

/** A row of the statement below: a product it wrote ('w') or one that existed before it ('e'). */
interface BatchRow {
  kind: 'w' | 'e';
  product_id: number;
  source_key: string;
  inserted: boolean | null;
  passed_moderation: boolean | null;
  urls: unknown;
}

/**
 * The upsert, plus one compact history entry per product it changed (docs/products.md "History"):
 * the old values read in the same statement's snapshot, the new ones from its RETURNING, and only
 * the fields that differ. Products the run creates get none (they had no earlier value).
 * The same read of the existing products also answers what the image step needs (moderation and
 * feed image URLs before the batch), so the batch reads them once, in one statement: reading them
 * twice (a query before the upsert and again for the history) made a re-import a good deal slower.
 */
function withFeedHistory(upsert: SQL, supplierId: number, keys: string, at: string): SQL {
  return sql`with old as (
      select p.product_id, p.source_key, p.passed_moderation, p.sku, p.price_supplier, p.stock, p.title, p.description, p.brand_id, p.category_id,
             p.weight, p.width, p.length, p.height, p.product_size, p.color, p.material, p.family_key,
             (select json_agg(i.source_url order by i.position, i.created_at) from product_images i
               where i.product_id = p.product_id and i.source_url <> '') as urls
        from products p
       where p.supplier_id = ${supplierId}
         and p.source_key in (select value from json_array_elements_text(${keys}::json))),
    up as (${upsert}
      returning p.product_id, p.source_key, (p.xmax = 0) as inserted, p.version, p.sku, p.price_supplier, p.stock, p.title,
                p.description, p.brand_id, p.category_id, p.weight, p.width, p.length, p.height, p.product_size,
                p.color, p.material, p.family_key),
    changed as (
      -- Only the fields that differ become JSON (brand names looked up only then): cheap per row.
      select up.product_id, up.version,
             array_remove(array[
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
             ], null) as changes
        from up join old o on o.product_id = up.product_id
       where not up.inserted),
    history as (
      insert into product_history (product_id, author, how, device_at, server_at, version, changes)
      select product_id, ${FEED_IMPORT_AUTHOR}, 'feed-import', null, ${at}::timestamptz, version, to_jsonb(changes)
        from changed where cardinality(changes) > 0)
    select 'w' as kind, product_id, source_key, inserted, null::boolean as passed_moderation, null::json as urls from up
    union all
    select 'e', product_id, source_key, null, passed_moderation, urls from old`;
}

/** The history's author of a feed import's changes. */
export const FEED_IMPORT_AUTHOR = 'feed import';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The products of a batch as rows of one INSERT (without its ON CONFLICT). */
function insertProducts(supplierId: number, payload: string, at: string): SQL {
  return sql`insert into products as p (
            supplier_id, source_key, ean, supplier_ean, sku, title, description, brand_id, category_id,
            price_supplier, selling_price, delivery_code, stock, weight, width, length, height,
            product_size, color, material, family_key, number_of_images, date_create, date_update)
          select ${supplierId}, x.k, x.ean, x.ean, x.sku, x.title, x.description, x.brand_id, x.category_id,
                 x.price_supplier, x.selling_price, x.delivery_code, x.stock, x.weight, x.width, x.length, x.height,
                 x.product_size, x.color, x.material, x.family_key, x.n_images, ${at}::timestamptz, ${at}::timestamptz
            from json_to_recordset(${payload}::json) as x(
                 k text, ean text, sku text, title text, description text, brand_id int, category_id int,
                 price_supplier numeric, selling_price numeric, delivery_code text, stock int, weight numeric,
                 width numeric, length numeric, height numeric, product_size text, color text, material text,
                 family_key text, n_images int)`;
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A batch of products none of which can exist yet (the supplier had no products when its import
 * started, and keys are unique within a feed): a plain INSERT of the products and, in the same
 * statement, of their images. One statement is one transaction by itself, so the batch is still
 * written whole or not at all, with no BEGIN/COMMIT round trips, no ON CONFLICT check per row and no
 * second statement for the images. A unique violation (a product appeared after all) fails the whole
 * statement; the caller then writes the batch with the upsert.
 */
async function writeNewProducts(db: Database, rows: readonly FeedProductRow[], insert: SQL, at: string): Promise<BatchCounts> {
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
  return { created, updated: 0, unchanged: rows.length - created };
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
): Promise<BatchCounts> {
  if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  await names.brands.resolve(db, rows.map((row) => row.brand));
  await names.categories.resolve(db, rows.map((row) => row.category));

  const payload = JSON.stringify(
    rows.map((row) => ({
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
    })),
  );
  const keys = JSON.stringify(rows.map((row) => row.sourceKey));
  const at = now.toISOString();
  const insert = insertProducts(supplierId, payload, at);

  if (!mayExist) {
    try {
      return await writeNewProducts(db, rows, insert, at);
    } catch (error) {
      // Cannot happen while the supplier is claimed (only imports create products); should a product
      // have appeared anyway, nothing was written (one statement) and the upsert below handles it.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  return db.transaction(async (tx) => {

    const upsert = sql`${insert}
          on conflict (supplier_id, source_key) do update set
            sku = excluded.sku,
            price_supplier = excluded.price_supplier,
            stock = excluded.stock,
            title = case when p.passed_moderation then p.title else excluded.title end,
            description = case when p.passed_moderation then p.description else excluded.description end,
            brand_id = case when p.passed_moderation then p.brand_id else excluded.brand_id end,
            category_id = case when p.passed_moderation then p.category_id else excluded.category_id end,
            weight = case when p.passed_moderation then p.weight else excluded.weight end,
            width = case when p.passed_moderation then p.width else excluded.width end,
            length = case when p.passed_moderation then p.length else excluded.length end,
            height = case when p.passed_moderation then p.height else excluded.height end,
            product_size = case when p.passed_moderation then p.product_size else excluded.product_size end,
            color = case when p.passed_moderation then p.color else excluded.color end,
            material = case when p.passed_moderation then p.material else excluded.material end,
            family_key = case when p.passed_moderation then p.family_key else excluded.family_key end,
            version = p.version + 1,
            date_update = excluded.date_update
          where (p.sku, p.price_supplier, p.stock) is distinct from (excluded.sku, excluded.price_supplier, excluded.stock)
             or (not p.passed_moderation
                 and (p.title, p.description, p.brand_id, p.category_id, p.weight, p.width, p.length, p.height,
                      p.product_size, p.color, p.material, p.family_key)
                     is distinct from
                     (excluded.title, excluded.description, excluded.brand_id, excluded.category_id, excluded.weight,
                      excluded.width, excluded.length, excluded.height, excluded.product_size, excluded.color,
                      excluded.material, excluded.family_key))
`;
    // The upsert, its history and the existing products in one statement.
    const answer = await queryRows<BatchRow>(tx, withFeedHistory(upsert, supplierId, keys, at));
    const written = answer.filter((row) => row.kind === 'w');
    const existing: ExistingProduct[] = answer
      .filter((row) => row.kind === 'e')
      .map((row) => ({ product_id: row.product_id, source_key: row.source_key, passed_moderation: row.passed_moderation === true, urls: row.urls }));

    const rowByKey = new Map(rows.map((row) => [row.sourceKey, row]));
    const inserts: ImageInsert[] = [];
    const addImages = (productId: number, urls: readonly string[], isNew: boolean) =>
      urls.forEach((url, i) =>
        inserts.push({ id: orderedUuid(), product_id: productId, url, name: imageName(url), ord: i + 1, main: isNew && i === 0, existing: !isNew }),
      );

    let created = 0;
    const updatedIds = new Set<number>();
    for (const result of written) {
      if (result.inserted) {
        created += 1;
        addImages(result.product_id, rowByKey.get(result.source_key)?.images ?? [], true);
      } else {
        updatedIds.add(result.product_id);
      }
    }

    // Feed images of existing products follow the feed while the product is not moderated.
    // Images people uploaded (no source URL) are never touched; re-exported ones keep their file.
    const removals: { product_id: number; url: string }[] = [];
    const imageChanged: number[] = [];
    for (const product of existing) {
      if (product.passed_moderation) continue;
      const before = jsonValue<string[] | null>(product.urls) ?? [];
      const after = rowByKey.get(product.source_key)?.images ?? [];
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

    return { created, updated: updatedIds.size, unchanged: rows.length - created - updatedIds.size };
  });
}
