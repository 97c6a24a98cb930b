/**
 * Exports with variants and parent rows imported with nothing but the guess (docs/feeds.md,
 * "Variants and parent rows"): a Shopify product CSV (a product's own values only on its first
 * row, extra image rows), a WooCommerce export (variable, grouped and external parents, variations
 * that name their parent), a Magento 2 export (configurable products listing their simple products,
 * attributes in `additional_attributes`). Per file: Test feed, the guessed mapping saved as it is,
 * the import, and every product's title, EAN, price, images and family as the file has them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { FeedMapping } from '../../src/shared/feed-mapping';
import type { SupplierDetails, TestFeedReport } from '../../src/shared/suppliers';
import { feedFixture, guessedFeedReport, importFeedFile } from './support/feed-upload';
import { brands, categories, productImages, products } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fixture = feedFixture;
const auth = async () => ({ Authorization: `Bearer ${await t.token()}` });
const guess = (file: string, name: string): Promise<TestFeedReport> => guessedFeedReport(t, file, name);

let counter = 0;
async function importWith(file: string, name: string, mapping: FeedMapping) {
  counter += 1;
  const { supplier, status, report } = await importFeedFile(t, `Variants ${counter}`, file, name, mapping);
  expect(supplier.mapping).toEqual(mapping);
  expect(status).toBe(200);
  const rows = await t.database.db
    .select({ product: products, brand: brands.brandName, category: categories.categoryName })
    .from(products)
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(eq(products.supplierId, supplier.supplierId))
    .orderBy(products.productId);
  const imported = [];
  for (const { product, brand, category } of rows) {
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, product.productId)).orderBy(productImages.position);
    imported.push({
      sku: product.sku,
      title: product.title,
      ean: product.ean,
      price: product.priceSupplier,
      stock: product.stock,
      familyKey: product.familyKey,
      brand,
      category,
      size: product.productSize,
      color: product.color,
      weight: product.weight,
      images: images.map((image) => image.sourceUrl),
    });
  }
  const entry = report.entries[0];
  if (!entry) throw new Error('the run answered no entry');
  return { entry, products: imported, supplierId: supplier.supplierId };
}

async function runAgain(supplierId: number) {
  const run = await t.app.request(`/api/v1/feed/parse/${supplierId}?wait=true`, { method: 'POST', headers: await auth() });
  return ((await run.json()) as FeedRunReport).entries[0];
}

const SHOPIFY_IMAGES = 'https://cdn.shopify.test/s/files/1/0001/files/';
const WOO_IMAGES = 'https://shop.test/wp-content/uploads/2024/05/';
const MAGENTO_IMAGES = 'https://magento.test/media/catalog/product/';

describe('variant exports imported with the guessed mapping alone', () => {
  it('Shopify: the first row of a handle fills its other rows, every variant gets the images of its product, image-only rows are skipped', async () => {
    const file = fixture('shopify-variants.csv');
    const report = await guess(file, 'products_export_1.csv');
    expect(report.valueFormat.platform).toBe('shopify');
    expect(report.guessedMapping.rowGroups).toEqual({
      groupColumn: 'Handle',
      keyColumns: [],
      fillDown: ['Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags'],
      gather: ['Image Src'],
    });
    expect(report.guessedMapping.skipRows).toEqual([{ column: 'Variant Price', when: 'empty', values: [] }]);
    // The preview reads rows as the import will: no row refused, the image-only row skipped.
    expect(report.rows.map((row) => (row.skipped ? 'skipped' : row.problems.length > 0 ? row.problems[0] : row.product?.title))).toEqual([
      'Linen shirt', 'Linen shirt', 'Linen shirt', 'skipped', 'Canvas tote bag', 'Merino socks', 'Merino socks',
    ]);
    expect(report.rows[1]?.product?.familyKey).toBe('linen-shirt');

    const { entry, products: imported } = await importWith(file, 'products_export_1.csv', report.guessedMapping);
    expect(entry).toMatchObject({ status: 'success', rowsRead: 7, created: 6, refused: 0 });
    expect(entry.message).toContain('1 skipped by the row filter');
    const shirt = ['linen-shirt-front.jpg', 'linen-shirt-back.jpg', 'linen-shirt-detail.jpg', 'linen-shirt-worn.jpg'].map((name) => SHOPIFY_IMAGES + name);
    const common = { brand: 'Harbor & Co', size: '', color: '' };
    expect(imported).toEqual([
      { ...common, sku: 'LS-S', title: 'Linen shirt', ean: '8712000000011', price: 18.5, stock: 12, familyKey: 'linen-shirt', category: 'Shirts', weight: 0.22, images: shirt },
      { ...common, sku: 'LS-M', title: 'Linen shirt', ean: '8712000000028', price: 18.5, stock: 20, familyKey: 'linen-shirt', category: 'Shirts', weight: 0.23, images: shirt },
      { ...common, sku: 'LS-L', title: 'Linen shirt', ean: '8712000000035', price: 19, stock: 0, familyKey: 'linen-shirt', category: 'Shirts', weight: 0.24, images: [`${SHOPIFY_IMAGES}linen-shirt-l.jpg`, ...shirt] },
      { ...common, sku: 'CT-1', title: 'Canvas tote bag', ean: '8712000000042', price: 24, stock: 35, familyKey: 'canvas-tote', category: 'Bags', weight: 0.41, images: [`${SHOPIFY_IMAGES}canvas-tote.jpg`] },
      { ...common, sku: 'WS-GR-39', title: 'Merino socks', ean: '8712000000059', price: 14.95, stock: 40, familyKey: 'wool-socks', category: 'Socks', weight: 0.08, images: [`${SHOPIFY_IMAGES}socks-grey.jpg`, `${SHOPIFY_IMAGES}socks-navy.jpg`] },
      { ...common, sku: 'WS-NV-43', title: 'Merino socks', ean: '8712000000066', price: 5.1, stock: 25, familyKey: 'wool-socks', category: 'Socks', weight: 0.09, images: [`${SHOPIFY_IMAGES}socks-navy.jpg`, `${SHOPIFY_IMAGES}socks-grey.jpg`] },
    ]);
  });

  it('WooCommerce: variable, grouped and external rows are skipped; variations take what they leave empty from their parent, whose SKU (or id:ID) is their family', async () => {
    const file = fixture('woocommerce-variable.csv');
    const report = await guess(file, 'wc-product-export-14-5-2024.csv');
    expect(report.valueFormat.platform).toBe('woocommerce');
    expect(report.guessedMapping.rowGroups).toMatchObject({ groupColumn: 'Parent', keyColumns: ['SKU', 'ID'] });
    expect(report.guessedMapping.rowGroups?.fillDown).toEqual(expect.arrayContaining(['Description', 'Categories', 'Images', 'Weight (kg)', 'Brands']));
    expect(report.guessedMapping.skipRows).toEqual([{ column: 'Type', when: 'oneOf', values: ['variable', 'grouped', 'external'] }]);
    expect(report.rows.filter((row) => row.skipped).map((row) => row.line)).toEqual([2, 5, 8, 9]);
    expect(report.rows.every((row) => row.problems.length === 0)).toBe(true);

    const { entry, products: imported, supplierId } = await importWith(file, 'wc-product-export-14-5-2024.csv', report.guessedMapping);
    expect(entry).toMatchObject({ status: 'success', rowsRead: 8, created: 4, refused: 0 });
    expect(entry.message).toContain('4 skipped by the row filter');
    // The same file again: every variation reads the same, so nothing changes.
    expect(await runAgain(supplierId)).toMatchObject({ status: 'success', created: 0, updated: 0, unchanged: 4, refused: 0 });
    const common = { brand: 'Northfield', size: '', color: '' };
    expect(imported).toEqual([
      { ...common, sku: 'HOODIE-BLUE', title: 'Hooded sweater - Blue', ean: '8712000000073', price: 39.95, stock: 8, familyKey: 'HOODIE', category: 'Clothing > Hoodies', weight: 0.6, images: [`${WOO_IMAGES}hoodie-blue.jpg`] },
      { ...common, sku: 'HOODIE-RED', title: 'Hooded sweater - Red', ean: '8712000000080', price: 29.95, stock: 3, familyKey: 'HOODIE', category: 'Clothing > Hoodies', weight: 0.65, images: [`${WOO_IMAGES}hoodie-front.jpg`, `${WOO_IMAGES}hoodie-back.jpg`] },
      { ...common, sku: 'BEANIE-GREY', title: 'Knitted beanie - Grey', ean: '8712000000097', price: 19, stock: 15, familyKey: 'id:210', category: 'Accessories > Hats', weight: 0.1, images: [`${WOO_IMAGES}beanie.jpg`] },
      { ...common, sku: 'MUG', title: 'Enamel mug', ean: '8712000000103', price: 12.5, stock: 60, familyKey: null, category: 'Kitchen', weight: 0.2, images: [`${WOO_IMAGES}mug.jpg`] },
    ]);
  });

  it('Magento 2: additional_attributes become columns (EAN, size, colour, brand), a configurable product makes its simple products one family and is skipped', async () => {
    const file = fixture('magento2-configurable.csv');
    const report = await guess(file, 'catalog_product.csv');
    expect(report.valueFormat.platform).toBe('magento');
    expect(report.columns).toEqual(expect.arrayContaining(['additional_attributes/size', 'additional_attributes/color', 'additional_attributes/ean', 'parent_sku']));
    expect(report.guessedMapping.columns).toMatchObject({
      ean: ['additional_attributes/ean'],
      size: ['additional_attributes/size'],
      color: ['additional_attributes/color'],
      brand: ['additional_attributes/manufacturer'],
      familyKey: ['parent_sku'],
    });
    expect(report.guessedMapping.skipRows).toEqual([{ column: 'product_type', when: 'oneOf', values: ['configurable', 'grouped', 'bundle'] }]);
    expect(report.rows.map((row) => (row.skipped ? 'skipped' : row.product ? row.product.familyKey : row.problems[0]))).toEqual(['MH01', 'MH01', 'MH01', 'skipped', null, 'skipped']);

    const { entry, products: imported } = await importWith(file, 'catalog_product.csv', report.guessedMapping);
    expect(entry).toMatchObject({ status: 'success', rowsRead: 6, created: 4, refused: 0 });
    expect(entry.message).toContain('2 skipped by the row filter');
    const hoodies = 'Default Category/Men/Tops/Hoodies & Sweatshirts';
    expect(imported).toEqual([
      { sku: 'MH01-XS-Black', title: 'Chaz Kangeroo Hoodie-XS-Black', ean: '8712000000110', price: 52, stock: 100, familyKey: 'MH01', brand: null, category: hoodies, size: 'XS', color: 'Black', weight: 1, images: [`${MAGENTO_IMAGES}m/h/mh01-black_main.jpg`, `${MAGENTO_IMAGES}m/h/mh01-black_back.jpg`] },
      { sku: 'MH01-XS-Orange', title: 'Chaz Kangeroo Hoodie-XS-Orange', ean: '8712000000127', price: 45.5, stock: 7, familyKey: 'MH01', brand: null, category: hoodies, size: 'XS', color: 'Orange', weight: 1, images: [`${MAGENTO_IMAGES}m/h/mh01-orange_main.jpg`] },
      { sku: 'MH01-S-Black', title: 'Chaz Kangeroo Hoodie-S-Black', ean: '8712000000134', price: 52, stock: 0, familyKey: 'MH01', brand: null, category: hoodies, size: 'S', color: 'Black', weight: 1, images: [`${MAGENTO_IMAGES}m/h/mh01-black_main.jpg`] },
      { sku: '24-MB01', title: 'Joust Duffle Bag', ean: '8712000000141', price: 34, stock: 100, familyKey: null, brand: 'Joust', category: 'Default Category/Gear/Bags', size: '', color: '', weight: null, images: [`${MAGENTO_IMAGES}m/b/mb01-blue-0.jpg`] },
    ]);
  });
});

describe('the row rules of a saved mapping', () => {
  const save = async (mapping: unknown) =>
    t.app.request('/api/v1/suppliers', {
      method: 'POST',
      headers: { ...(await auth()), 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplierName: `Rules ${Math.random()}`, feedSource: 'upload', feedFormat: 'csv', mapping }),
    });

  it('refuses a rule "is one of" without values, a group without its column and a sixth rule, naming the part', async () => {
    const noValues = await save({ columns: { title: ['Name'] }, skipRows: [{ column: 'Type', when: 'oneOf', values: [] }] });
    expect(noValues.status).toBe(400);
    expect(((await noValues.json()) as { message: string }).message).toMatch(/skipRows.*Name at least one value the column is compared with/);
    const noGroup = await save({ columns: { title: ['Name'] }, rowGroups: { groupColumn: ' ', fillDown: ['Name'] } });
    expect(noGroup.status).toBe(400);
    expect(((await noGroup.json()) as { message: string }).message).toMatch(/rowGroups/);
    const six = Array.from({ length: 6 }, () => ({ column: 'Type', when: 'filled' }));
    expect((await save({ columns: { title: ['Name'] }, skipRows: six })).status).toBe(400);
  });

  it('a mapping saved before these rules existed reads as no groups and no filter', async () => {
    const response = await save({ columns: { title: ['Name'] } });
    expect(response.status).toBe(201);
    const supplier = (await response.json()) as SupplierDetails;
    expect(supplier.mapping).toMatchObject({ rowGroups: null, skipRows: [] });
  });
});

