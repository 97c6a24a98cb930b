/** Catalogue rows for the product tests, inserted straight into the database (no feed import). */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';
import { brands, categories, mediaFiles, productImages, products, suppliers } from '../../../src/server/db/schema';

type ProductInsert = typeof products.$inferInsert;

export interface CatalogueFixture {
  supplierIds: { shoes: number; bags: number };
  brandIds: { nimbus: number; terra: number; unused: number };
  categoryIds: { shoes: number; bags: number };
}

export async function insertCatalogueBasics(db: Database): Promise<CatalogueFixture> {
  const [shoes, bags] = await db
    .insert(suppliers)
    .values([{ supplierName: 'Shoe World' }, { supplierName: 'Bag Depot' }])
    .returning({ id: suppliers.supplierId });
  const [nimbus, terra, unused] = await db
    .insert(brands)
    .values([{ brandName: 'Nimbus' }, { brandName: 'Terra' }, { brandName: 'Unused Brand' }])
    .returning({ id: brands.brandId });
  const [shoeCategory, bagCategory] = await db
    .insert(categories)
    .values([{ categoryName: 'Shoes' }, { categoryName: 'Bags' }])
    .returning({ id: categories.categoryId });
  if (!shoes || !bags || !nimbus || !terra || !unused || !shoeCategory || !bagCategory) throw new Error('fixture insert failed');
  return {
    supplierIds: { shoes: shoes.id, bags: bags.id },
    brandIds: { nimbus: nimbus.id, terra: terra.id, unused: unused.id },
    categoryIds: { shoes: shoeCategory.id, bags: bagCategory.id },
  };
}

let sequence = 0;

/** A product with sensible defaults; returns its id. */
export async function insertProduct(db: Database, values: Partial<ProductInsert> & Pick<ProductInsert, 'supplierId'>): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(products)
    .values({
      sourceKey: `key-${sequence}-${Math.random()}`,
      ean: '8710103974307',
      title: `Product ${sequence}`,
      deliveryCode: '1-2d',
      sellingPrice: 10,
      dateCreate: new Date('2025-01-01T10:00:00Z'),
      dateUpdate: new Date('2025-01-01T10:00:00Z'),
      ...values,
    })
    .returning({ id: products.productId });
  if (!row) throw new Error('product insert failed');
  return row.id;
}

/** A row in media_files, as if the file had been uploaded; returns its /media path. */
export async function insertMediaFile(db: Database, seed: string): Promise<string> {
  const sha256 = createHash('sha256').update(seed).digest('hex');
  const filePath = `/media/${sha256.slice(0, 2)}/${sha256}.png`;
  await db.insert(mediaFiles).values({ filePath, sha256, contentType: 'image/png', bytes: 68 });
  return filePath;
}

export async function insertImages(
  db: Database,
  productId: number,
  images: { id: string; filePath?: string; sourceUrl?: string; name?: string; position: number; isMainImage?: boolean }[],
): Promise<void> {
  await db.insert(productImages).values(images.map((image) => ({ productId, ...image })));
  await db.update(products).set({ numberOfImages: images.length }).where(eq(products.productId, productId));
}
