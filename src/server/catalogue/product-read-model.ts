/**
 * Products as the API shows them (the Product DTO of src/shared/contract.ts): the product row with
 * its supplier, brand name, category and images. Any number of products costs one query.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Product, ProductImage } from '../../shared/contract';
import { toProductImage } from './image-rows';
import type { Database } from '../db/connection';
import { brands, categories, productImages, products, suppliers } from '../db/schema';

/** The database or a transaction: both run queries the same way. */
export type Queryable = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ProductRow = typeof products.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;

export interface ProductRowWithNames {
  product: ProductRow;
  supplierName: string;
  brandName: string | null;
  categoryName: string | null;
}

export function productDto(row: ProductRowWithNames, images: ProductImage[]): Product {
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
  };
}

/** Images of these products, grouped by product, each list in position order. One query. */
export async function loadImages(db: Queryable, productIds: number[]): Promise<Map<number, ProductImage[]>> {
  const byProduct = new Map<number, ProductImage[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
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

/** These products as DTOs, in the order of the ids given; ids that do not exist are left out. One query. */
export async function loadProducts(db: Queryable, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      product: products,
      supplierName: suppliers.supplierName,
      brandName: brands.brandName,
      categoryName: categories.categoryName,
      images: imagesOfRow,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(inArray(products.productId, productIds));
  const byId = new Map(rows.map((row) => [row.product.productId, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [productDto(row, row.images)] : [];
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
 * runs until this transaction ends) in the same query that reads it, and its image rows. Two
 * queries; null when it does not exist.
 */
export async function loadProductForSave(tx: Queryable, productId: number): Promise<ProductForSave | null> {
  return (await loadProductsForSave(tx, [productId])).get(productId) ?? null;
}

/**
 * loadProductForSave for several products at once (POST /product/batch): their rows locked FOR
 * UPDATE in product-id order (so two batches lock in the same order), then read with their names,
 * and their image rows, in three queries. Ids that do not exist are missing from the map.
 *
 * The lock comes first, in a query of its own. A save that waited for another save of the same
 * product gets the row that save committed; had the names been read in the locking query, the
 * join would still use the snapshot from before the wait, so a brand that save created would read
 * as no brand, and this save's history would record a brand change it did not make (PostgreSQL,
 * READ COMMITTED; docs/products.md, "`GET /product/{id}/history`"). The read after the lock takes a new snapshot.
 */
export async function loadProductsForSave(tx: Queryable, productIds: readonly number[]): Promise<Map<number, ProductForSave>> {
  const found = new Map<number, ProductForSave>();
  if (productIds.length === 0) return found;
  const locked = await tx
    .select({ productId: products.productId })
    .from(products)
    .where(inArray(products.productId, [...productIds]))
    .orderBy(asc(products.productId))
    .for('update');
  if (locked.length === 0) return found;
  const rows = await tx
    .select({
      product: products,
      supplierName: suppliers.supplierName,
      brandName: brands.brandName,
      categoryName: categories.categoryName,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(inArray(products.productId, locked.map((row) => row.productId)))
    .orderBy(asc(products.productId));
  const images = await tx
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, rows.map((row) => row.product.productId)))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
  const imagesOf = new Map<number, ImageRow[]>();
  for (const image of images) {
    const own = imagesOf.get(image.productId);
    if (own) own.push(image);
    else imagesOf.set(image.productId, [image]);
  }
  for (const row of rows) {
    const own = imagesOf.get(row.product.productId) ?? [];
    found.set(row.product.productId, { row, images: own, product: productDto(row, own.map(toProductImage)) });
  }
  return found;
}

export async function loadProduct(db: Queryable, productId: number): Promise<Product | null> {
  const [product] = await loadProducts(db, [productId]);
  return product ?? null;
}
