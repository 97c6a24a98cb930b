/**
 * XML feeds as real platforms write them (docs/feeds.md, "XML columns" and "The record element"):
 * attributes and nested paths are columns the mapping can use (`eancode/@ean`, `price/@currency`,
 * `specs/weight`, `images/image` as a list), and the element that holds one product is found when
 * the mapping names none. The feeds are the fixtures of tests/fixtures/feeds/, served over HTTP:
 * an Open Icecat product data sheet, a Google Merchant RSS feed and a supplier's nested XML.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { FeedMapping } from '../../src/shared/feed-mapping';
import type { SupplierDetails, TestFeedReport } from '../../src/shared/suppliers';
import { brands, productImages, products } from '../../src/server/db/schema';
import { callApp, startFeedFixtureServer, type FeedFixtureServer } from './support/feed-fixture-server';

let server: FeedFixtureServer;

beforeAll(async () => {
  server = await startFeedFixtureServer({
    '/icecat.xml': { file: 'icecat-product.xml', contentType: 'application/xml' },
    '/google.xml': { file: 'google-merchant.xml', contentType: 'application/rss+xml; charset=utf-8' },
    '/nested.xml': { file: 'nested-products.xml', contentType: 'text/xml', streamed: true },
  });
});
afterAll(async () => {
  await server.close();
});

type MappingInput = Partial<FeedMapping>;

async function preview(path: string, mapping: MappingInput | null = null): Promise<TestFeedReport> {
  const { status, text, body } = await callApp(server.t, 'POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: server.url(path), feedFormat: 'xml', mapping });
  expect(status, text).toBe(200);
  return body as TestFeedReport;
}

let supplierCount = 0;
async function importWith(path: string, mapping: MappingInput) {
  supplierCount += 1;
  const added = await callApp(server.t, 'POST', '/api/v1/suppliers', { supplierName: `Xml columns ${supplierCount}`, supplierUrlFeed: server.url(path), feedFormat: 'xml', mapping });
  expect(added.status, added.text).toBe(201);
  const { supplierId } = added.body as SupplierDetails;
  const run = await callApp(server.t, 'POST', `/api/v1/feed/parse/${supplierId}?wait=true`);
  expect(run.status, run.text).toBe(200);
  const db = server.t.database.db;
  const rows = await db
    .select({ productId: products.productId, sku: products.sku, ean: products.ean, title: products.title, description: products.description, priceSupplier: products.priceSupplier, weight: products.weight, brand: brands.brandName })
    .from(products)
    .leftJoin(brands, eq(brands.brandId, products.brandId))
    .where(eq(products.supplierId, supplierId))
    .orderBy(products.sku);
  const withImages = [];
  for (const row of rows) {
    const images = await db.select({ url: productImages.sourceUrl }).from(productImages).where(eq(productImages.productId, row.productId)).orderBy(asc(productImages.position));
    withImages.push({ ...row, images: images.map((image) => image.url) });
  }
  return { report: run.body as FeedRunReport, products: withImages };
}

describe('an Open Icecat product data sheet', () => {
  it('is one record, ICECAT-interface/Product, found without a record element, with its attributes as columns', async () => {
    const report = await preview('/icecat.xml');
    expect(report.recordElement).toEqual({ path: 'ICECAT-interface/Product', found: true });
    expect(report.rows).toHaveLength(1);
    expect(report.columns).toEqual(
      expect.arrayContaining(['@id', '@prod_id', '@title', 'category/name/@value', 'eancode/@ean', 'productdescription/@longdesc', 'productfeature/@presentation_value', 'productgallery/productpicture/@pic', 'supplier/@name', 'summarydescription/shortsummarydescription']),
    );
    // An element that holds only attributes gives no empty column of its own.
    expect(report.columns).not.toContain('eancode');
    const values = report.rows[0]?.values ?? {};
    expect(values['eancode/@ean']).toBe('8712345678906');
    expect(values['productgallery/productpicture/@pic']).toBe('https://images.icecat.test/img/gallery/80412345_1.jpg | https://images.icecat.test/img/gallery/80412345_2.jpg');
    expect(values['productfeature/feature/name/@value']).toBe('Gewicht | Vermogen | Inhoud');
    // The related product inside the sheet is part of the sheet, not a record of its own.
    expect(values['productrelated/product/@prod_id']).toBe('HK-2200Z');
  });

  it('imports the mapped attributes as the file has them', async () => {
    const { report, products: imported } = await importWith('/icecat.xml', {
      columns: {
        sku: ['@prod_id'],
        ean: ['eancode/@ean'],
        title: ['@title'],
        brand: ['supplier/@name'],
        description: ['productdescription/@longdesc'],
        images: ['productgallery/productpicture/@pic'],
      },
    });
    expect(report.entries[0]).toMatchObject({ status: 'success', rowsRead: 1, created: 1, refused: 0 });
    expect(imported).toEqual([
      expect.objectContaining({
        sku: 'HK-2200W',
        ean: '8712345678906',
        title: 'Hortus Keuken HK-2200W waterkoker 1,7 l 2200 W Wit',
        brand: 'Hortus Keuken',
        description: '<p>Kookt 1,7 liter in drie minuten.</p>',
        images: ['https://images.icecat.test/img/gallery/80412345_1.jpg', 'https://images.icecat.test/img/gallery/80412345_2.jpg'],
      }),
    ]);
  });

  it('reads the record element the seller types instead of the one found', async () => {
    const report = await preview('/icecat.xml', { recordElement: 'ProductFeature', columns: { sku: ['@id'], title: ['@presentation_value'] } });
    expect(report.recordElement).toEqual({ path: 'ProductFeature', found: false });
    expect(report.rows.map((row) => row.product?.title)).toEqual(['1,1 kg', '2200 W', '1,7 l']);
  });
});

describe('a Google Merchant RSS feed', () => {
  it('finds rss/channel/item (not the repeated g:shipping inside it) and lists the g: fields as columns', async () => {
    const report = await preview('/google.xml');
    expect(report.recordElement).toEqual({ path: 'rss/channel/item', found: true });
    expect(report.rows.map((row) => row.line)).toEqual([7, 33]);
    expect(report.columns).toEqual([
      'id', 'title', 'description', 'link', 'image_link', 'additional_image_link', 'availability', 'price', 'brand', 'gtin', 'mpn', 'condition', 'product_type',
      'shipping/country', 'shipping/service', 'shipping/price',
    ]);
    expect(report.rows[0]?.values).toMatchObject({
      id: 'GM-1',
      gtin: '8712345678913',
      price: '19.95 EUR',
      additional_image_link: 'https://img.hortus.test/gm-1/side.jpg | https://img.hortus.test/gm-1/back.jpg',
      product_type: 'Tuin > Tuinmeubelen > Stoelen',
      'shipping/country': 'NL | BE',
    });
  });

  it('imports the mapped g: fields, the repeated additional images as a list after the main image', async () => {
    const { report, products: imported } = await importWith('/google.xml', {
      columns: { sku: ['id'], ean: ['gtin'], title: ['title'], brand: ['brand'], description: ['description'], images: ['image_link', 'additional_image_link'] },
    });
    expect(report.entries[0]).toMatchObject({ rowsRead: 2, created: 2, refused: 0 });
    expect(imported.map(({ sku, ean, title, brand, description, images }) => ({ sku, ean, title, brand, description, images }))).toEqual([
      {
        sku: 'GM-1',
        ean: '8712345678913',
        title: 'Tuinstoel Flora groen',
        brand: 'Hortus',
        description: 'Inklapbare tuinstoel van gepoedercoat staal.',
        images: ['https://img.hortus.test/gm-1/main.jpg', 'https://img.hortus.test/gm-1/side.jpg', 'https://img.hortus.test/gm-1/back.jpg'],
      },
      {
        sku: 'GM-2',
        ean: '8712345678920',
        title: 'Tuintafel Flora 120 cm',
        brand: 'Hortus',
        description: 'Tafel voor vier personen.',
        images: ['https://img.hortus.test/gm-2/main.jpg', 'https://img.hortus.test/gm-2/top.jpg'],
      },
    ]);
  });
});

describe("a supplier's nested XML", () => {
  it('lists attributes, nested elements and repeated children as columns; products/product is found', async () => {
    const report = await preview('/nested.xml');
    expect(report.recordElement).toEqual({ path: 'Catalog/Products/Product', found: true });
    expect(report.columns).toEqual(['@id', 'name', 'eancode/@ean', 'price/@currency', 'price', 'specs/weight/@unit', 'specs/weight', 'specs/colour', 'images/image']);
    expect(report.rows[0]?.values).toMatchObject({ 'price/@currency': 'EUR', price: '39.95', 'specs/weight': '4.2', 'images/image': 'https://img.test/np-1a.jpg | https://img.test/np-1b.jpg' });
  });

  it('imports by the mapped paths, with the record element typed as a name or as a path', async () => {
    const columns = { sku: ['@id'], ean: ['eancode/@ean'], title: ['name'], price: ['price'], weight: ['specs/weight'], images: ['images/image'] };
    for (const recordElement of ['product', 'Catalog/Products/Product']) {
      const { report, products: imported } = await importWith('/nested.xml', { columns, recordElement });
      expect(report.entries[0]).toMatchObject({ rowsRead: 2, created: 2, refused: 0 });
      expect(imported.map(({ sku, ean, title, priceSupplier, weight, images }) => ({ sku, ean, title, priceSupplier, weight, images }))).toEqual([
        { sku: 'NP-1', ean: '8712345678937', title: 'Regenton 200 l', priceSupplier: 39.95, weight: 4.2, images: ['https://img.test/np-1a.jpg', 'https://img.test/np-1b.jpg'] },
        { sku: 'NP-2', ean: '8712345678944', title: 'Gieter 10 l', priceSupplier: 7.5, weight: 0.6, images: ['https://img.test/np-2a.jpg'] },
      ]);
    }
    // A path that is not where the products are reads no record.
    const elsewhere = await preview('/nested.xml', { columns, recordElement: 'Catalog/Product' });
    expect(elsewhere.rows).toEqual([]);
  });
});
