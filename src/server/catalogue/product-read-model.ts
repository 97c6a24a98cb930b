/**
 * Products as the API shows them (the Product DTO of src/shared/contract.ts): the product row with
 * its supplier, brand name, category and images. Any number of products costs one query.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Product, ProductImage } from '../../shared/contract';
import { heldValuesOf } from '../../shared/feed-fields';
import { toProductImage } from './image-rows';
import { idArrayParam, isOneOfIds, jsonValue, queryRows, type Queryable } from '../db/query-rows';
import { brands, categories, productImages, products, suppliers } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;

/** The columns of a product row the API shows (productDto). */
const DTO_FIELDS = [
  'productId', 'ean', 'supplierEan', 'isChangeEan', 'sku', 'title', 'description', 'sellingPrice', 'priceSupplier',
  'deliveryPrice', 'deliveryCode', 'weight', 'width', 'length', 'height', 'productSize', 'color', 'material',
  'supplierId', 'categoryId', 'stock', 'passedModeration', 'mainProduct', 'familyKey', 'buyBlock', 'isExportOnBol',
  'numberOfImages', 'version', 'dateCreate', 'dateUpdate', 'feedHeld',
] as const satisfies readonly (keyof ProductRow)[];
type DtoField = (typeof DTO_FIELDS)[number];
export type ProductDtoRow = Pick<ProductRow, DtoField>;

export interface NamesOfProduct {
  supplierName: string;
  brandName: string | null;
  categoryName: string | null;
}

export interface ProductRowWithNames extends NamesOfProduct {
  product: ProductRow;
}

export function productDto(row: NamesOfProduct & { product: ProductDtoRow }, images: ProductImage[]): Product {
  const p = row.product;
  return {
    productId: p.productId,
    ean: p.ean,
    supplierEan: p.supplierEan,
    isChangeEan: p.isChangeEan,
    sku: p.sku,
    title: p.title,
    description: p.description,
    sellingPrice: p.sellingPrice,
    priceSupplier: p.priceSupplier,
    deliveryPrice: p.deliveryPrice,
    deliveryCode: p.deliveryCode,
    weight: p.weight,
    width: p.width,
    length: p.length,
    height: p.height,
    productSize: p.productSize,
    color: p.color,
    material: p.material,
    supplier: { supplierId: p.supplierId, supplierName: row.supplierName },
    brand: row.brandName,
    categoryId: p.categoryId,
    categoryName: row.categoryName,
    stock: p.stock,
    passedModeration: p.passedModeration,
    mainProduct: p.mainProduct,
    familyKey: p.familyKey,
    buyBlock: p.buyBlock,
    isExportOnBol: p.isExportOnBol,
    numberOfImages: p.numberOfImages,
    version: p.version,
    dateCreate: p.dateCreate.toISOString(),
    dateUpdate: p.dateUpdate.toISOString(),
    productImages: images,
    ...heldOf(p.feedHeld),
  };
}

/** Held-back supplier values, only when there are any (docs/feeds.md, "Held-back values"). */
function heldOf(stored: unknown): Pick<Product, 'heldBack'> {
  const held = heldValuesOf(stored);
  return held.length > 0 ? { heldBack: held } : {};
}

/** Images of these products, grouped by product, each list in position order. One query. */
export async function loadImages(db: Queryable, productIds: number[]): Promise<Map<number, ProductImage[]>> {
  const byProduct = new Map<number, ProductImage[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(isOneOfIds(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
  for (const row of rows) byProduct.get(row.productId)?.push(toProductImage(row));
  return byProduct;
}

/**
 * A product's images as the API shows them (toProductImage), in their order, as one JSON value: a
 * subquery of the product's own row, so products and their images come in one query.
 */
const imagesOfRow = sql<ProductImage[]>`(select coalesce(json_agg(json_build_object(
    'id', i.id,
    'filePath', case when i.file_path <> '' then i.file_path else i.source_url end,
    'name', i.name,
    'altImage', i.alt_image,
    'isMainImage', i.is_main_image
  ) order by i.position, i.created_at, i.id), '[]'::json) from ${productImages} i where i.product_id = ${products.productId})`;

/**
 * What loadProducts reads of each product, in this order, as one JSON array per product: the
 * DTO's columns of the row (not the feed's bases, a text per field the feed maps, nor the source
 * key, the lower-case title or the writer's transaction, which a save and an import need and a
 * read does not: docs/products.md "`GET /product/changes`", "Make available offline" reads every
 * product), then the names and the images. One value per row instead of 35: on
 * the embedded database every value of a result is copied and decoded on its own, which was about
 * half of reading a page of products (docs/products.md, "Speed": 100 products 15.6 → 7.5 ms).
 */
const DTO_ROW_VALUES = sql.join([...DTO_FIELDS.map((field) => sql`${products[field]}`), sql`${suppliers.supplierName}`, sql`${brands.brandName}`, sql`${categories.categoryName}`, imagesOfRow], sql`, `);
const NAMES_AT = DTO_FIELDS.length;

/**
 * A product's DTO row from its JSON array (DTO_ROW_VALUES): JSON gives each column's value as the
 * row would (numbers for integer and numeric columns, booleans, strings, the held-back object) but
 * the two times as ISO strings, read back into dates as the row gives them.
 */
function dtoRowOfJson(values: readonly unknown[]): NamesOfProduct & { product: ProductDtoRow; images: ProductImage[] } {
  const product = Object.fromEntries(DTO_FIELDS.map((field, index) => [field, values[index]])) as Record<DtoField, unknown>;
  product.dateCreate = new Date(product.dateCreate as string);
  product.dateUpdate = new Date(product.dateUpdate as string);
  return {
    // The values are the columns' own, typed by the schema: only their encoding changed.
    product: product as ProductDtoRow,
    supplierName: values[NAMES_AT] as string,
    brandName: values[NAMES_AT + 1] as string | null,
    categoryName: values[NAMES_AT + 2] as string | null,
    images: values[NAMES_AT + 3] as ProductImage[],
  };
}

/** These products as DTOs, in the order of the ids given; ids that do not exist are left out. One query. */
export async function loadProducts(db: Queryable, productIds: readonly number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<{ product: unknown }>(
    db,
    sql`select json_build_array(${DTO_ROW_VALUES}) as product
      from unnest(${idArrayParam(productIds)}) with ordinality as wanted(id, position)
      join ${products} on ${products.productId} = wanted.id
      join ${suppliers} on ${suppliers.supplierId} = ${products.supplierId}
      left join ${brands} on ${brands.brandId} = ${products.brandId}
      left join ${categories} on ${categories.categoryId} = ${products.categoryId}
      order by wanted.position`,
  );
  return rows.map((row) => {
    const { images, ...dtoRow } = dtoRowOfJson(jsonValue<unknown[]>(row.product));
    return productDto(dtoRow, images);
  });
}

/** A product read for a save: its row, the names shown with it, and its image rows (with their positions). */
export interface ProductForSave {
  row: ProductRowWithNames;
  images: ImageRow[];
  product: Product;
}

/**
 * One product for a save inside a transaction: its row locked FOR UPDATE (so no other save of it
 * runs until this transaction ends), then the product with its names and image rows. Two queries;
 * null when it does not exist.
 */
export async function loadProductForSave(tx: Queryable, productId: number): Promise<ProductForSave | null> {
  return (await loadProductsForSave(tx, [productId])).get(productId) ?? null;
}

/** An image row as the save's read gives it, one JSON object per row (imageRowsOfRow). */
interface ImageRowJson extends Omit<ImageRow, 'createdAt'> {
  createdAt: string;
}

/** The product's image rows in their order, as one JSON value: a subquery of the product's own row. */
const imageRowsOfRow = sql<ImageRowJson[]>`(select coalesce(json_agg(json_build_object(
    'id', i.id,
    'productId', i.product_id,
    'filePath', i.file_path,
    'sourceUrl', i.source_url,
    'name', i.name,
    'altImage', i.alt_image,
    'isMainImage', i.is_main_image,
    'position', i.position,
    'createdAt', i.created_at
  ) order by i.position, i.created_at, i.id), '[]'::json) from ${productImages} i where i.product_id = ${products.productId})`;

/** The products of `productIds` (by id): the whole row, the supplier, brand and category names and the image rows (imageRowsOfRow). */
function productsWithNames(db: Queryable, productIds: readonly number[]) {
  return db
    .select({
      product: getTableColumns(products),
      supplierName: suppliers.supplierName,
      brandName: brands.brandName,
      categoryName: categories.categoryName,
      images: imageRowsOfRow,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(isOneOfIds(products.productId, productIds))
    .orderBy(asc(products.productId));
}

/**
 * loadProductForSave for several products at once (POST /product/batch): their rows locked FOR
 * UPDATE in product-id order (so two batches lock in the same order), then read with their names
 * and image rows. Two queries for any number of products. Ids that do not exist are missing from
 * the map.
 *
 * The lock comes first, in a query of its own. A save that waited for another save of the same
 * product gets the row that save committed; had the names been read in the locking query, the
 * join would still use the snapshot from before the wait, so a brand that save created would read
 * as no brand: the save would merge against a wrong brand (a lost update) and its history would
 * record a brand change it did not make (PostgreSQL, READ COMMITTED; docs/products.md,
 * "`GET /product/{id}/history`"). The read after the lock takes a new snapshot, and takes the image
 * rows with it, so a save still costs the two queries it did.
 */
export async function loadProductsForSave(tx: Queryable, productIds: readonly number[]): Promise<Map<number, ProductForSave>> {
  const found = new Map<number, ProductForSave>();
  if (productIds.length === 0) return found;
  const locked = await tx
    .select({ productId: products.productId })
    .from(products)
    .where(isOneOfIds(products.productId, productIds))
    .orderBy(asc(products.productId))
    .for('update');
  if (locked.length === 0) return found;
  const rows = await productsWithNames(tx, locked.map((row) => row.productId));
  for (const { images, ...row } of rows) {
    const own: ImageRow[] = images.map((image) => ({ ...image, createdAt: new Date(image.createdAt) }));
    found.set(row.product.productId, { row, images: own, product: productDto(row, own.map(toProductImage)) });
  }
  return found;
}

export async function loadProduct(db: Queryable, productId: number): Promise<Product | null> {
  const [product] = await loadProducts(db, [productId]);
  return product ?? null;
}
