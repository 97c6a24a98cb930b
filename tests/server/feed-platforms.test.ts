/**
 * Real supplier feeds imported with nothing but the guess (docs/feeds.md, "The guess and its
 * platforms", "Prices", "Units"): per platform, Test feed on the file, the guessed mapping saved as
 * it is, the import, and every product's title, EAN, price and images as the file has them. The
 * sample rows are written here after each platform's documented export format.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMapping } from '../../src/shared/feed-mapping';
import { feedValueMessages } from '../../src/shared/messages';
import { gtinCheckDigit } from '../../src/shared/rules/ean';
import type { TestFeedReport } from '../../src/shared/suppliers';
import { productImages, products } from '../../src/server/db/schema';
import { importFeedFile, testFeedFile } from './support/feed-upload';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A valid EAN-13 from its first twelve digits. */
const ean = (twelve: string) => `${twelve}${gtinCheckDigit(twelve)}`;
const E = [ean('871000000001'), ean('871000000002'), ean('871000000003')];


const testFeed = (file: string, name: string, mapping: FeedMapping | null = null): Promise<TestFeedReport> => testFeedFile(t, file, name, mapping);

let counter = 0;
/** Adds an upload supplier with this mapping, uploads the file and imports it. */
async function importWith(file: string, name: string, mapping: FeedMapping) {
  counter += 1;
  const { supplier, report } = await importFeedFile(t, `Platform ${counter}`, file, name, mapping);
  const rows = await t.database.db.select().from(products).where(eq(products.supplierId, supplier.supplierId)).orderBy(products.productId);
  const imported = [];
  for (const row of rows) {
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, row.productId)).orderBy(productImages.position);
    imported.push({ title: row.title, ean: row.ean, sku: row.sku, price: row.priceSupplier, stock: row.stock, weight: row.weight, images: images.map((image) => image.sourceUrl) });
  }
  return { entry: report.entries[0], products: imported };
}

/** Test feed, then the guess as it is, then the import. */
async function guessAndImport(file: string, name: string) {
  const report = await testFeed(file, name);
  const imported = await importWith(file, name, report.guessedMapping);
  return { report, ...imported };
}

describe('a feed imported with the guessed mapping alone', () => {
  it('Google Merchant (tab-separated, g: names): prices with their currency, sale price first, shipping weight with its unit', async () => {
    const file = [
      ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:additional_image_link', 'g:availability', 'g:price', 'g:sale_price', 'g:brand', 'g:gtin', 'g:mpn', 'g:condition', 'g:product_type', 'g:item_group_id', 'g:shipping_weight'],
      ['GM-1', 'Trail shoe Blue 42', 'Light trail shoe', 'https://shop.test/p/1', 'https://img.test/gm1.jpg', 'https://img.test/gm1b.jpg,https://img.test/gm1c.jpg', 'in stock', '89.95 EUR', '', 'Stride', E[0], 'TS-42', 'new', 'Shoes > Trail', 'TS', '850 g'],
      ['GM-2', 'Rain jacket M', 'Breathable', 'https://shop.test/p/2', 'https://img.test/gm2.jpg', '', 'out of stock', '1,249.00 EUR', '999.00 EUR', 'North', E[1], 'RJ-M', 'new', 'Jackets', '', '1.2 kg'],
    ].map((cells) => cells.join('\t')).join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'google.tsv');
    expect(report.valueFormat).toEqual({ platform: 'google', decimalMark: 'point', currencies: ['EUR'], imageSeparator: ',', categoryList: null });
    expect(report.guessedMapping.imageSeparator).toBe(',');
    expect(entry).toMatchObject({ status: 'success', created: 2, refused: 0 });
    expect(imported).toEqual([
      { title: 'Trail shoe Blue 42', ean: E[0], sku: 'GM-1', price: 89.95, stock: 0, weight: 0.85, images: ['https://img.test/gm1.jpg', 'https://img.test/gm1b.jpg', 'https://img.test/gm1c.jpg'] },
      { title: 'Rain jacket M', ean: E[1], sku: 'GM-2', price: 999, stock: 0, weight: 1.2, images: ['https://img.test/gm2.jpg'] },
    ]);
  });

  it('Shopify product CSV: Variant SKU and Barcode, Cost per item else Variant Price, Variant Grams in grams', async () => {
    const file = [
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Barcode,Image Src,Image Position,Cost per item,Status',
      `oak-board,Oak cutting board,<p>Solid oak</p>,Woodly,Kitchen,"oak, board",TRUE,WB-1,1200,shopify,14,34.95,39.95,${E[0]},https://img.test/s1.jpg,1,,active`,
      `steel-knife,Chef knife 20 cm,<p>Steel</p>,Woodly,Kitchen,knife,TRUE,WK-1,180,shopify,3,59.00,,${E[1]},https://img.test/s2.jpg,1,21.50,active`,
    ].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'products_export.csv');
    expect(report.valueFormat.platform).toBe('shopify');
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    expect(imported).toEqual([
      { title: 'Oak cutting board', ean: E[0], sku: 'WB-1', price: 34.95, stock: 14, weight: 1.2, images: ['https://img.test/s1.jpg'] },
      { title: 'Chef knife 20 cm', ean: E[1], sku: 'WK-1', price: 21.5, stock: 3, weight: 0.18, images: ['https://img.test/s2.jpg'] },
    ]);
  });

  it('WooCommerce export: Stock, never In stock?; sale price else regular price; images split by commas', async () => {
    const file = [
      'ID,Type,SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,Is featured?,Visibility in catalog,Short description,Description,In stock?,Stock,Weight (kg),Length (cm),Width (cm),Height (cm),Sale price,Regular price,Categories,Images,Parent',
      `101,simple,WC-1,${E[0]},Garden hose 20 m,1,0,visible,Hose,<p>Flexible hose</p>,1,25,1.5,30,30,8,,24.95,Garden > Watering,"https://img.test/w1.jpg, https://img.test/w2.jpg",`,
      `102,simple,WC-2,${E[1]},Hose reel,1,0,visible,Reel,<p>Reel</p>,1,,4.25,50,40,60,39.00,44.50,Garden > Watering,https://img.test/w3.jpg,`,
    ].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'wc-product-export.csv');
    expect(report.valueFormat.platform).toBe('woocommerce');
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    expect(imported).toEqual([
      { title: 'Garden hose 20 m', ean: E[0], sku: 'WC-1', price: 24.95, stock: 25, weight: 1.5, images: ['https://img.test/w1.jpg', 'https://img.test/w2.jpg'] },
      { title: 'Hose reel', ean: E[1], sku: 'WC-2', price: 39, stock: 0, weight: 4.25, images: ['https://img.test/w3.jpg'] },
    ]);
  });

  it('Magento 2 export: sku, name, special price else price, qty, base_image and additional_images (no EAN column: keyed by SKU)', async () => {
    const file = [
      'sku,store_view_code,attribute_set_code,product_type,categories,product_websites,name,description,short_description,weight,product_online,price,special_price,url_key,qty,is_in_stock,base_image,additional_images,additional_attributes,configurable_variations',
      'MB-01,,Default,simple,"Default Category/Bags",base,Joust Duffle Bag,<p>Bag</p>,Bag,1.0000,1,34.0000,,joust-duffle-bag,100.0000,1,https://img.test/m1.jpg,"https://img.test/m2.jpg,https://img.test/m3.jpg","color=Black",',
      'MB-02,,Default,simple,"Default Category/Bags",base,Strive Shoulder Pack,<p>Pack</p>,Pack,0.5000,1,32.0000,28.5000,strive-shoulder-pack,12.0000,1,https://img.test/m4.jpg,,,',
    ].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'catalog_product.csv');
    expect(report.valueFormat.platform).toBe('magento');
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    expect(imported).toEqual([
      { title: 'Joust Duffle Bag', ean: '', sku: 'MB-01', price: 34, stock: 100, weight: 1, images: ['https://img.test/m1.jpg', 'https://img.test/m2.jpg', 'https://img.test/m3.jpg'] },
      { title: 'Strive Shoulder Pack', ean: '', sku: 'MB-02', price: 28.5, stock: 12, weight: 0.5, images: ['https://img.test/m4.jpg'] },
    ]);
  });

  it('PrestaShop export (semicolons): Reference #, Name *, EAN13, wholesale price else price tax excluded, Image URLs (x,y,z...)', async () => {
    const file = [
      'ID;Active (0/1);Name *;Categories (x,y,z...);Price tax excluded;Price tax included;Tax rules ID;Wholesale price;On sale (0/1);Reference #;Manufacturer;EAN13;Width;Height;Depth;Weight;Quantity;Description;Image URLs (x,y,z...)',
      `1;1;Ceramic mug;Home,Kitchen;8.26;9.99;1;3.10;0;PS-MUG;Clayworks;${E[0]};9;10;9;0.35;40;<p>Mug</p>;https://img.test/p1.jpg,https://img.test/p2.jpg`,
      `2;1;Teapot;Home,Kitchen;24.79;29.99;1;;0;PS-POT;Clayworks;${E[1]};20;18;15;1.1;6;<p>Pot</p>;https://img.test/p3.jpg`,
    ].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'products.csv');
    expect(report.valueFormat.platform).toBe('prestashop');
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    expect(imported).toEqual([
      { title: 'Ceramic mug', ean: E[0], sku: 'PS-MUG', price: 3.1, stock: 40, weight: 0.35, images: ['https://img.test/p1.jpg', 'https://img.test/p2.jpg'] },
      { title: 'Teapot', ean: E[1], sku: 'PS-POT', price: 24.79, stock: 6, weight: 1.1, images: ['https://img.test/p3.jpg'] },
    ]);
  });

  it("bol's offer export: EAN, Reference, Price, Stock, Delivery code", async () => {
    const file = ['EAN,Condition,Price,Stock,Delivery code,Reference,Title', `${E[0]},NEW,19.99,7,24uurs-23,BOL-1,USB-C cable 1 m`, `${E[1]},NEW,"1,049.00",1,1-2d,BOL-2,Laptop stand`].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'offers.csv');
    expect(report.valueFormat.platform).toBe('bol');
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    expect(imported).toEqual([
      { title: 'USB-C cable 1 m', ean: E[0], sku: 'BOL-1', price: 19.99, stock: 7, weight: null, images: [] },
      { title: 'Laptop stand', ean: E[1], sku: 'BOL-2', price: 1049, stock: 1, weight: null, images: [] },
    ]);
  });

  it('a Dutch supplier list: decimal comma decided by the feed (1.234 is 1234), gram column, Beschikbaar is no stock', async () => {
    const file = [
      'EAN13;Artikelnummer;Productnaam;Omschrijving;Merk;Inkoopprijs;Adviesprijs;Voorraad;Beschikbaar;Gewicht (gram);Afbeelding 1;Afbeelding 2',
      `${E[0]};NL-1;Tuinbank eiken;Massief eiken;Hortus;1.234;1.899,00;3;ja;25000;https://img.test/d1.jpg;https://img.test/d2.jpg`,
      `${E[1]};NL-2;Plantenbak;Zink;Hortus;€ 12,50;24,95;0;nee;1450;https://img.test/d3.jpg;`,
      `${E[2]};NL-3;Tuinslang;Groen;Hortus;9,95 EUR;19,95;12;ja;800;;`,
    ].join('\n');
    const { report, entry, products: imported } = await guessAndImport(file, 'prijslijst.csv');
    expect(report.valueFormat).toEqual({ platform: 'dutch', decimalMark: 'comma', currencies: ['EUR'], imageSeparator: null, categoryList: null });
    expect(report.guessedMapping.decimalSeparator).toBe('comma');
    expect((await testFeed(file, 'prijslijst.csv', report.guessedMapping)).rows[0]?.product).toMatchObject({ priceSupplier: 1234, sellingPrice: 1899 });
    expect(entry).toMatchObject({ status: 'success', created: 3 });
    expect(imported).toEqual([
      { title: 'Tuinbank eiken', ean: E[0], sku: 'NL-1', price: 1234, stock: 3, weight: 25, images: ['https://img.test/d1.jpg', 'https://img.test/d2.jpg'] },
      { title: 'Plantenbak', ean: E[1], sku: 'NL-2', price: 12.5, stock: 0, weight: 1.45, images: ['https://img.test/d3.jpg'] },
      { title: 'Tuinslang', ean: E[2], sku: 'NL-3', price: 9.95, stock: 12, weight: 0.8, images: [] },
    ]);
  });
});

describe('values a seller must not lose silently', () => {
  const SEK_FEED = ['id\ttitle\tprice\tgtin\timage_link\tbrand\tavailability', `SE-1\tDesk lamp\t1275.00 SEK\t${E[0]}\thttps://img.test/se1.jpg\tLjus\tin stock`, `SE-2\tFloor lamp\t2 450,00 SEK\t${E[1]}\thttps://img.test/se2.jpg\tLjus\tin stock`].join('\n');

  it('a feed priced in another currency: the preview names it, the rows are refused with the reason and the run ends failed; keeping the number imports it', async () => {
    const report = await testFeed(SEK_FEED, 'sek.tsv');
    expect(report.valueFormat.currencies).toEqual(['SEK']);
    const guessed = await testFeed(SEK_FEED, 'sek.tsv', report.guessedMapping);
    expect(guessed.rows[0]?.problems).toEqual([feedValueMessages.foreignCurrency('Price', '1275.00 SEK', 'SEK', 'EUR')]);
    const refused = await importWith(SEK_FEED, 'sek.tsv', report.guessedMapping);
    expect(refused.entry).toMatchObject({ status: 'failed', created: 0, refused: 2 });
    expect(refused.entry?.message).toContain(feedValueMessages.nothingImported(`Platform ${counter}`));
    expect(refused.products).toEqual([]);

    const kept = await importWith(SEK_FEED, 'sek.tsv', { ...report.guessedMapping, foreignCurrency: 'keep' });
    expect(kept.entry).toMatchObject({ status: 'success', created: 2 });
    expect(kept.products.map((product) => product.price)).toEqual([1275, 2450]);
  });

  it('a feed without a price column is refused as a whole, never imported at price 0; a row without a price is refused with the reason', async () => {
    const noPrice = `EAN,Title\n${E[0]},Lamp\n`;
    const report = await testFeed(noPrice, 'no-price.csv');
    const withGuess = await testFeed(noPrice, 'no-price.csv', report.guessedMapping);
    expect(withGuess.mappingProblem).toBe(feedValueMessages.noPriceColumn);
    const run = await importWith(noPrice, 'no-price.csv', report.guessedMapping);
    expect(run.entry).toMatchObject({ status: 'failed', created: 0 });
    expect(run.entry?.message).toContain(feedValueMessages.noPriceColumn);

    const emptyPrice = `EAN,Title,Price\n${E[0]},Lamp,\n${E[1]},Chair,12\n`;
    const rows = await testFeed(emptyPrice, 'empty-price.csv');
    expect(rows.rows.map((row) => row.problems)).toEqual([[feedValueMessages.priceMissing], []]);
  });

  it('an EAN the spreadsheet rounded is refused with how to export it', async () => {
    const report = await testFeed(`EAN,Title,Price\n3.65275E+11,Lamp,10\n`, 'sheet.csv');
    expect(report.rows[0]?.problems).toEqual(['The spreadsheet rounded this EAN (3.65275E+11); export the column as text']);
  });

  it('a second Test feed with another feed guesses again', async () => {
    const first = await testFeed(`EAN13;Productnaam;Inkoopprijs;Gewicht (gram)\n${E[0]};Lamp;12,50;450\n`, 'a.csv');
    expect(first.guessedMapping).toMatchObject({ columns: { ean: ['EAN13'], title: ['Productnaam'], price: ['Inkoopprijs'], weight: ['Gewicht (gram)'] }, weightUnit: 'g', decimalSeparator: 'comma' });
    const second = await testFeed(`gtin,title,price,shipping_weight\n${E[0]},Lamp,12.50 EUR,2 kg\n`, 'b.csv', first.guessedMapping);
    expect(second.guessedMapping).toMatchObject({ columns: { ean: ['gtin'], title: ['title'], price: ['price'], weight: ['shipping_weight'] }, weightUnit: 'kg', decimalSeparator: 'point' });
  });
});
