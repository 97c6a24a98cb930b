/**
 * The read model's products as the API shows them (docs/products.md, "Speed"): loadProducts reads
 * each product as one JSON array and decodes it, and must give exactly what the row gives through
 * the schema's own column mapping (numbers from numeric columns, nulls, dates, held-back values,
 * names and images), in the order of the ids asked for.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract';
import { loadImages, loadProducts, productDto } from '../../src/server/catalogue/product-read-model';
import { brands, categories, products, suppliers } from '../../src/server/db/schema';
import { catalogueApp } from './support/catalogue-app';
import { insertImages, insertMediaFile, insertProduct, type CatalogueFixture } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
let full: number;
let bare: number;

beforeAll(async () => {
  ({ t, f } = await catalogueApp());
  const db = t.database.db;
  full = await insertProduct(db, {
    supplierId: f.supplierIds.shoes,
    ean: '8712345678906',
    supplierEan: '8712345678913',
    isChangeEan: true,
    sku: 'SKU-Ü-1',
    title: 'Trail runner "Nimbus" – 42½',
    description: '<p>Light <strong>and</strong> waterproof.</p>',
    sellingPrice: 129.95,
    priceSupplier: 64.5,
    deliveryPrice: 4.95,
    weight: 0.875,
    width: 12.25,
    length: 31.5,
    height: 11,
    productSize: '42',
    color: 'Blue',
    material: 'Mesh',
    brandId: f.brandIds.nimbus,
    categoryId: f.categoryIds.shoes,
    stock: 17,
    passedModeration: true,
    mainProduct: true,
    familyKey: 'FAM-RUN',
    buyBlock: true,
    isExportOnBol: true,
    version: 7,
    feedHeld: {
      title: { value: 'Trail runner (supplier)', at: '2025-06-01T12:00:00.000Z', run: 3 },
      categoryId: { value: f.categoryIds.bags, shown: 'Bags', at: '2025-06-01T12:00:00.000Z', run: 3 },
      color: { value: 'Red', at: '2025-06-01T12:00:00.000Z', run: 3, dismissed: true },
    },
  });
  // Microseconds, which the API's dates (milliseconds) leave out.
  await db.execute(sql`update products set date_create = '2025-03-04 05:06:07.123456+00', date_update = '2025-06-01 12:00:00.999999+00' where product_id = ${full}`);
  await insertImages(db, full, [
    { id: 'img-b', filePath: await insertMediaFile(db, 'b'), name: 'side.png', position: 1 },
    { id: 'img-a', sourceUrl: 'https://cdn.example.com/front.jpg', name: 'front.jpg', position: 0, isMainImage: true },
  ]);
  bare = await insertProduct(db, { supplierId: f.supplierIds.bags, sellingPrice: 0, weight: null, familyKey: null });
});
afterAll(async () => {
  await t.close();
});

/** The same product read through the schema's column mapping, field by field (the reference). */
async function throughTheSchema(productId: number): Promise<Product> {
  const db = t.database.db;
  const [row] = await db
    .select({ product: products, supplierName: suppliers.supplierName, brandName: brands.brandName, categoryName: categories.categoryName })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.supplierId, products.supplierId))
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(eq(products.productId, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return productDto(row, (await loadImages(db, [productId])).get(productId) ?? []);
}

describe('loadProducts', () => {
  it('gives every field as the schema maps the row: numbers, nulls, dates, held-back values, names and images', async () => {
    const [product, empty] = await loadProducts(t.database.db, [full, bare]);
    expect(product).toEqual(await throughTheSchema(full));
    expect(empty).toEqual(await throughTheSchema(bare));
    expect(product).toMatchObject({
      sellingPrice: 129.95,
      weight: 0.875,
      height: 11,
      brand: 'Nimbus',
      categoryName: 'Shoes',
      dateCreate: '2025-03-04T05:06:07.123Z',
      dateUpdate: '2025-06-01T12:00:00.999Z',
      heldBack: [
        { field: 'title', value: 'Trail runner (supplier)', at: '2025-06-01T12:00:00.000Z' },
        { field: 'categoryId', value: f.categoryIds.bags, shown: 'Bags', at: '2025-06-01T12:00:00.000Z' },
      ],
    });
    expect(product?.productImages.map((image) => [image.id, image.isMainImage])).toEqual([
      ['img-a', true],
      ['img-b', false],
    ]);
    expect(product?.productImages[0]?.filePath).toBe('https://cdn.example.com/front.jpg');
    expect(empty).toMatchObject({ brand: null, categoryName: null, weight: null, familyKey: null, productImages: [] });
    expect(empty).not.toHaveProperty('heldBack');
  });

  it('answers in the order asked, leaves out ids that do not exist, and takes a thousand ids at once', async () => {
    expect((await loadProducts(t.database.db, [bare, 999_999, full])).map((product) => product.productId)).toEqual([bare, full]);
    expect(await loadProducts(t.database.db, [])).toEqual([]);
    const many = Array.from({ length: 1_000 }, (_, index) => (index % 2 === 0 ? full : bare));
    expect((await loadProducts(t.database.db, many)).map((product) => product.productId)).toEqual(many);
  });

  it('refuses an id that is not a whole number instead of sending it', async () => {
    await expect(loadProducts(t.database.db, [full, 1.5])).rejects.toThrow('not an id: 1.5');
  });
});
