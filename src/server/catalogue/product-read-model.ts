/**
 * Products as the API shows them (the Product DTO of src/shared/contract.ts): the product row with
 * its supplier, brand name, category and images. Any number of products costs three queries.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Product, ProductImage } from '../../shared/contract';
import { toProductImage } from './image-rows';
import type { Database } from '../db/connection';
import { brands, categories, productImages, products, suppliers } from '../db/schema';

/** The database or a transaction: both run queries the same way. */
export type Queryable = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ProductRow = typeof products.$inferSelect;

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

/** These products as DTOs, in the order of the ids given; ids that do not exist are left out. */
export async function loadProducts(db: Queryable, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const rows = await db
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
    .where(inArray(products.productId, productIds));
  const images = await loadImages(db, productIds);
  const byId = new Map(rows.map((row) => [row.product.productId, row]));
  return productIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [productDto(row, images.get(id) ?? [])] : [];
  });
}

export async function loadProduct(db: Queryable, productId: number): Promise<Product | null> {
  const [product] = await loadProducts(db, [productId]);
  return product ?? null;
}
