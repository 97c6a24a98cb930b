/**
 * Real supplier feeds as sellers have them (docs/feeds.md, "Images", "Categories", "Encodings",
 * "XML columns", "Refused rows"): the image separator found in the values and a wrong one refused
 * with its reason, relative image addresses resolved against the feed's address or the base URL
 * for images (and left out when neither is known), one category path per row, UTF-16 without a
 * byte order mark, rows with unreadable characters counted in the run report, a repeated XML
 * element joined into one field, and the job's progress counted in rows. The feeds are the
 * fixtures of tests/fixtures/feeds/, served over HTTP or uploaded.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport, ParsingHistoryEntry } from '../../src/shared/contract';
import type { FeedMapping } from '../../src/shared/feed-mapping';
import type { Job, JobStartAnswer } from '../../src/shared/jobs';
import type { SupplierDetails, SupplierInput, TestFeedReport } from '../../src/shared/suppliers';
import { categories, productImages, products } from '../../src/server/db/schema';
import { callApp, fixtureBytes, startFeedFixtureServer, type FeedFixtureServer } from './support/feed-fixture-server';

let server: FeedFixtureServer;

/** A feed of long rows: its bytes are many times its rows, so a progress in bytes would show. */
const LONG_ROWS = 60;

beforeAll(async () => {
  server = await startFeedFixtureServer({
    '/shop/woocommerce.csv': { file: 'woocommerce-products.csv', contentType: 'text/csv; charset=utf-8' },
    '/export/magento.csv': { file: 'magento-products.csv', contentType: 'text/csv' },
    '/utf-16le.csv': { file: 'utf-16le-no-bom.csv', contentType: 'text/csv' },
    '/utf-16be.csv': { file: 'utf-16be-no-bom.csv', contentType: 'text/csv', streamed: true },
    '/windows-1252-said-utf-8.csv': { file: 'windows-1252.csv', contentType: 'text/csv; charset=utf-8' },
    '/repeated-description.xml': { file: 'repeated-description.xml', contentType: 'application/xml' },
    '/long-rows.csv': { file: 'long-rows.csv', contentType: 'text/csv' },
    '/export/bare-image-names.csv': { file: 'bare-image-names.csv', contentType: 'text/csv' },
  });
});
afterAll(async () => {
  await server.close();
});

async function preview(settings: Record<string, unknown>): Promise<TestFeedReport> {
  const { status, text, body } = await callApp(server.t, 'POST', '/api/v1/suppliers/test-feed', settings);
  expect(status, text).toBe(200);
  return body as TestFeedReport;
}

/** Test feed of a file sent with the request (a file uploaded from the tablet). */
async function previewUpload(file: string, mapping: FeedMapping | null): Promise<TestFeedReport> {
  const form = new FormData();
  form.append('settings', JSON.stringify({ feedSource: 'upload', feedFormat: 'csv', mapping }));
  form.append('feedFile', new Blob([new Uint8Array(fixtureBytes(file))]), file);
  const response = await server.t.app.request('/api/v1/suppliers/test-feed', { method: 'POST', headers: { Authorization: `Bearer ${await server.t.token()}` }, body: form });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as TestFeedReport;
}

let supplierCount = 0;
async function addSupplier(input: Partial<SupplierInput>): Promise<SupplierDetails> {
  supplierCount += 1;
  const added = await callApp(server.t, 'POST', '/api/v1/suppliers', { supplierName: `Edges ${supplierCount}`, ...input });
  expect(added.status, added.text).toBe(201);
  return added.body as SupplierDetails;
}

async function uploadFeedFile(supplierId: number, file: string): Promise<void> {
  const form = new FormData();
  form.append('feedFile', new Blob([new Uint8Array(fixtureBytes(file))]), file);
  const response = await server.t.app.request(`/api/v1/suppliers/feed-file/${supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${await server.t.token()}` }, body: form });
  expect(response.status, await response.text()).toBeLessThan(300);
}

async function runImport(supplierId: number): Promise<ParsingHistoryEntry> {
  const run = await callApp(server.t, 'POST', `/api/v1/feed/parse/${supplierId}?wait=true`);
  expect(run.status, run.text).toBe(200);
  const entry = (run.body as FeedRunReport).entries[0];
  if (!entry) throw new Error('no history entry');
  return entry;
}

/** The supplier's products by SKU: category name, description and image addresses in order. */
async function importedProducts(supplierId: number): Promise<Map<string, { title: string; category: string | null; description: string; images: string[] }>> {
  const { db } = server.t.database;
  const rows = await db
    .select({ productId: products.productId, sku: products.sku, title: products.title, description: products.description, category: categories.categoryName })
    .from(products)
    .leftJoin(categories, eq(categories.categoryId, products.categoryId))
    .where(eq(products.supplierId, supplierId));
  const images = rows.length === 0 ? [] : await db.select().from(productImages).where(inArray(productImages.productId, rows.map((row) => row.productId))).orderBy(asc(productImages.position));
  return new Map(
    rows.map((row) => [
      row.sku,
      { title: row.title, category: row.category, description: row.description, images: images.filter((image) => image.productId === row.productId).map((image) => image.sourceUrl) },
    ]),
  );
}

describe('images: the separator', () => {
  it('finds the comma of a WooCommerce export, shows it, and imports every image of a row', async () => {
    const report = await preview({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), feedFormat: 'csv' });
    expect(report.valueFormat.platform).toBe('woocommerce');
    expect(report.valueFormat.imageSeparator).toBe(',');
    expect(report.guessedMapping.imageSeparator).toBe(',');

    const supplier = await addSupplier({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), mapping: report.guessedMapping });
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'success', created: 4, refused: 0 });
    const hoodie = (await importedProducts(supplier.supplierId)).get('woo-hoodie');
    expect(hoodie?.images).toEqual([
      'https://shop.example/wp-content/uploads/2017/12/hoodie-2.jpg',
      'https://shop.example/wp-content/uploads/2017/12/hoodie-blue-1.jpg',
      'https://shop.example/wp-content/uploads/2017/12/hoodie-green-1.jpg',
    ]);
  });

  it('refuses a row whose image field holds several addresses the chosen separator does not split, in the preview and the import', async () => {
    const guessed = (await preview({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), feedFormat: 'csv' })).guessedMapping;
    const wrong: FeedMapping = { ...guessed, imageSeparator: '|' };
    const report = await preview({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), feedFormat: 'csv', mapping: wrong });
    expect(report.valueFormat.imageSeparator).toBe(',');
    const reason =
      'One image field holds several addresses (vneck-tee-2.jpg, vnech-tee-green-1.jpg) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator';
    expect(report.rows[0]?.problems).toEqual([reason]);
    expect(report.rows[1]?.problems).toEqual([
      'One image field holds several addresses (hoodie-2.jpg, hoodie-blue-1.jpg, hoodie-green-1.jpg) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator',
    ]);
    // One address per field: nothing to split, the row is fine.
    expect(report.rows[2]?.problems).toEqual([]);

    const supplier = await addSupplier({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), mapping: wrong });
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'partial', created: 2, refused: 2 });
    expect(entry.problems[0]).toMatchObject({ line: 2, reason, reasonId: 'feedReading.severalImages' });
    // No address with a comma in it was stored as if it were one image.
    const stored = [...(await importedProducts(supplier.supplierId)).values()].flatMap((product) => product.images);
    expect(stored.filter((url) => url.includes(','))).toEqual([]);
  });
});

describe('images: relative addresses', () => {
  it('resolves Magento’s relative paths against the feed’s own address', async () => {
    const guessed = (await preview({ supplierUrlFeed: server.url('/export/magento.csv'), feedFormat: 'csv' })).guessedMapping;
    const report = await preview({ supplierUrlFeed: server.url('/export/magento.csv'), feedFormat: 'csv', mapping: guessed });
    expect(report.valueFormat.platform).toBe('magento');
    expect(report.rows[0]?.product?.images).toEqual([server.url('/m/b/mb01-blue-0.jpg')]);
    expect(report.rows.flatMap((row) => row.warnings)).toEqual([]);

    const supplier = await addSupplier({ supplierUrlFeed: server.url('/export/magento.csv'), mapping: report.guessedMapping });
    await runImport(supplier.supplierId);
    expect((await importedProducts(supplier.supplierId)).get('24-UG06')?.images).toEqual([server.url('/u/g/ug06-lb-0.jpg'), server.url('/u/g/ug06-lb-1.jpg')]);
  });

  it('says an uploaded file’s relative images cannot be fetched without a base URL, and imports the products without them', async () => {
    const guessed = (await previewUpload('magento-products.csv', null)).guessedMapping;
    const report = await previewUpload('magento-products.csv', guessed);
    expect(report.rows[0]?.problems).toEqual([]);
    expect(report.rows[0]?.product?.images).toEqual([]);
    expect(report.rows[0]?.warnings).toEqual([
      "Image '/m/b/mb01-blue-0.jpg' is a path without a web address, so it cannot be fetched and is left out; enter the base URL for images in the mapping",
    ]);

    const supplier = await addSupplier({ feedSource: 'upload', mapping: guessed });
    await uploadFeedFile(supplier.supplierId, 'magento-products.csv');
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'success', created: 3, refused: 0 });
    const stored = [...(await importedProducts(supplier.supplierId)).values()];
    expect(stored.map((product) => product.images)).toEqual([[], [], []]);
  });

  it('appends an uploaded file’s relative images to the supplier’s base URL for images', async () => {
    const guessed = (await previewUpload('magento-products.csv', null)).guessedMapping;
    const mapping: FeedMapping = { ...guessed, imageBaseUrl: 'https://shop.example/media/catalog/product' };
    const report = await previewUpload('magento-products.csv', mapping);
    expect(report.rows[0]?.product?.images).toEqual(['https://shop.example/media/catalog/product/m/b/mb01-blue-0.jpg']);
    expect(report.rows[0]?.warnings).toEqual([]);

    const supplier = await addSupplier({ feedSource: 'upload', mapping });
    expect(supplier.mapping?.imageBaseUrl).toBe('https://shop.example/media/catalog/product');
    await uploadFeedFile(supplier.supplierId, 'magento-products.csv');
    await runImport(supplier.supplierId);
    expect((await importedProducts(supplier.supplierId)).get('24-MB04')?.images).toEqual(['https://shop.example/media/catalog/product/m/b/mb04-black-0.jpg']);
  });

  it('resolves bare image names beside the feed’s own address, or below the base URL for images', async () => {
    const address = server.url('/export/bare-image-names.csv');
    const guessed = (await preview({ supplierUrlFeed: address, feedFormat: 'csv' })).guessedMapping;
    const report = await preview({ supplierUrlFeed: address, feedFormat: 'csv', mapping: guessed });
    expect(report.rows.map((row) => row.problems)).toEqual([[], [], []]);
    expect(report.rows[1]?.product?.images).toEqual([server.url('/export/images/vase-front.jpg'), server.url('/export/images/vase-back.png')]);

    const fetched = await addSupplier({ supplierUrlFeed: address, mapping: guessed });
    expect(await runImport(fetched.supplierId)).toMatchObject({ status: 'success', created: 3, refused: 0 });
    const fromAddress = await importedProducts(fetched.supplierId);
    expect(fromAddress.get('BARE-1')?.images).toEqual([server.url('/export/lamp.jpg')]);
    expect(fromAddress.get('BARE-3')?.images).toEqual(['https://cdn.example/bowl.jpg']);

    const based = await addSupplier({ feedSource: 'upload', mapping: { ...guessed, imageBaseUrl: 'https://shop.example/media' } });
    await uploadFeedFile(based.supplierId, 'bare-image-names.csv');
    expect(await runImport(based.supplierId)).toMatchObject({ status: 'success', created: 3, refused: 0 });
    expect((await importedProducts(based.supplierId)).get('BARE-2')?.images).toEqual(['https://shop.example/media/images/vase-front.jpg', 'https://shop.example/media/images/vase-back.png']);
  });

  it('says an uploaded file’s bare image names cannot be fetched without a base URL, and imports the products without them', async () => {
    const guessed = (await previewUpload('bare-image-names.csv', null)).guessedMapping;
    const report = await previewUpload('bare-image-names.csv', guessed);
    expect(report.rows[0]?.warnings).toEqual([
      "Image 'lamp.jpg' is a path without a web address, so it cannot be fetched and is left out; enter the base URL for images in the mapping",
    ]);
    const supplier = await addSupplier({ feedSource: 'upload', mapping: guessed });
    await uploadFeedFile(supplier.supplierId, 'bare-image-names.csv');
    expect(await runImport(supplier.supplierId)).toMatchObject({ status: 'success', created: 3, refused: 0 });
    const stored = await importedProducts(supplier.supplierId);
    expect([...stored.values()].map((product) => product.images)).toEqual([[], [], ['https://cdn.example/bowl.jpg']]);
  });

  it('refuses a base URL for images that is not an http(s) address', async () => {
    const answer = await callApp(server.t, 'POST', '/api/v1/suppliers', { supplierName: 'Bad base', feedSource: 'upload', mapping: { imageBaseUrl: 'ftp://shop.example/media' } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('The base URL for images must be an http or https address');
  });
});

describe('categories: one path per row', () => {
  it('takes the deepest path of a multi-value category, or the first when the seller picks it, never one per comma piece', async () => {
    const guessed = (await preview({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), feedFormat: 'csv' })).guessedMapping;
    const report = await preview({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), feedFormat: 'csv', mapping: guessed });
    expect(report.valueFormat.categoryList).toBe('Clothing > Tshirts, Clothing');
    expect(report.rows.map((row) => row.product?.category)).toEqual(['Clothing > Tshirts', 'Clothing > Hoodies', 'Clothing > Accessories', 'Garden > Tables, chairs']);

    const deepest = await addSupplier({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), mapping: report.guessedMapping });
    await runImport(deepest.supplierId);
    const byDeepest = await importedProducts(deepest.supplierId);
    expect([...byDeepest.entries()].map(([sku, product]) => [sku, product.category]).sort()).toEqual([
      ['woo-beanie', 'Clothing > Accessories'],
      ['woo-hoodie', 'Clothing > Hoodies'],
      ['woo-table', 'Garden > Tables, chairs'],
      ['woo-vneck-tee', 'Clothing > Tshirts'],
    ]);

    const first = await addSupplier({ supplierUrlFeed: server.url('/shop/woocommerce.csv'), mapping: { ...report.guessedMapping, categoryPaths: 'first' } });
    await runImport(first.supplierId);
    expect((await importedProducts(first.supplierId)).get('woo-hoodie')?.category).toBe('Clothing');
    const names = (await server.t.database.db.select({ name: categories.categoryName }).from(categories)).map((row) => row.name);
    expect(names.filter((name) => name.includes(','))).toEqual(['Garden > Tables, chairs']);
  });

  it('takes Magento’s deepest path', async () => {
    const guessed = (await preview({ supplierUrlFeed: server.url('/export/magento.csv'), feedFormat: 'csv' })).guessedMapping;
    const report = await preview({ supplierUrlFeed: server.url('/export/magento.csv'), feedFormat: 'csv', mapping: guessed });
    expect(report.rows.map((row) => row.product?.category)).toEqual(['Default Category/Gear/Bags', 'Default Category/Gear/Bags', 'Default Category/Gear/Fitness Equipment']);
  });
});

describe('encodings', () => {
  it.each([
    ['/utf-16le.csv', 'UTF-16 LE'],
    ['/utf-16be.csv', 'UTF-16 BE'],
  ])('reads %s without a byte order mark as %s, in the preview and the import', async (path, name) => {
    const report = await preview({ supplierUrlFeed: server.url(path), feedFormat: 'csv' });
    expect(report.encoding).toEqual({ name, source: 'detected' });
    expect(report.rows.map((row) => row.product?.title)).toEqual(['Zwölf Äpfel – ½ kilo', 'Ελληνικό μέλι 450 g']);
    expect(report.rows.flatMap((row) => [...row.problems, ...row.warnings])).toEqual([]);

    const supplier = await addSupplier({ supplierUrlFeed: server.url(path) });
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'success', created: 2, unreadableRows: 0 });
    expect((await importedProducts(supplier.supplierId)).get('U16-2')?.title).toBe('Ελληνικό μέλι 450 g');
  });

  it('counts the rows that still hold unreadable characters in the run report, and marks each in the preview', async () => {
    const report = await preview({ supplierUrlFeed: server.url('/windows-1252-said-utf-8.csv'), feedFormat: 'csv' });
    expect(report.rows.map((row) => row.warnings.length)).toEqual([1, 1, 1, 1]);

    const supplier = await addSupplier({ supplierUrlFeed: server.url('/windows-1252-said-utf-8.csv') });
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'success', created: 4, unreadableRows: 4 });
    expect(entry.message).toBe(
      "Read 4 rows: 4 new, 0 updated, 0 unchanged, 0 refused; 4 rows have characters that could not be read (shown as \uFFFD); check the feed's encoding with the supplier",
    );
    const history = await callApp(server.t, 'GET', `/api/v1/history/feed/${entry.id}`);
    expect((history.body as ParsingHistoryEntry).unreadableRows).toBe(4);
  });
});

describe('XML: a repeated element mapped to a one-value field', () => {
  it('joins the two <description> children with a space, in the preview and the import', async () => {
    const report = await preview({ supplierUrlFeed: server.url('/repeated-description.xml'), feedFormat: 'xml', mapping: { columns: { ean: ['ean'], title: ['title'], description: ['description'], price: ['price'], stock: ['stock'] } } });
    expect(report.rows.map((row) => row.problems)).toEqual([[], []]);
    expect(report.rows[0]?.values.description).toBe('Solar powered, 8 hours of light. | Weatherproof (IP44).');

    const supplier = await addSupplier({ supplierUrlFeed: server.url('/repeated-description.xml'), feedFormat: 'xml' });
    const entry = await runImport(supplier.supplierId);
    expect(entry).toMatchObject({ status: 'success', created: 2 });
    const rows = await server.t.database.db.select({ ean: products.ean, description: products.description }).from(products).where(eq(products.supplierId, supplier.supplierId)).orderBy(products.ean);
    expect(rows).toEqual([
      { ean: '8712345678906', description: 'Solar powered, 8 hours of light. Weatherproof (IP44).' },
      { ean: '8712345678913', description: 'Mains powered.' },
    ]);
  });
});

describe('import progress', () => {
  it('counts rows, never bytes, while the job runs and at its end', async () => {
    expect(fixtureBytes('long-rows.csv').length).toBeGreaterThan(LONG_ROWS * 1_000);
    const supplier = await addSupplier({ supplierUrlFeed: server.url('/long-rows.csv') });
    const started = await callApp(server.t, 'POST', `/api/v1/feed/parse/${supplier.supplierId}`);
    expect(started.status, started.text).toBe(202);
    const id = (started.body as JobStartAnswer).jobs[0]?.id ?? 0;
    const seen: number[] = [];
    let job: Job;
    const deadline = Date.now() + 30_000;
    for (;;) {
      job = (await callApp(server.t, 'GET', `/api/v1/jobs/${id}`)).body as Job;
      seen.push(job.read);
      if (job.status !== 'queued' && job.status !== 'running') break;
      if (Date.now() > deadline) throw new Error(`job ${id} did not end`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job).toMatchObject({ status: 'success', read: LONG_ROWS, written: LONG_ROWS, refused: 0, percent: 100 });
    expect(Math.max(...seen)).toBe(LONG_ROWS);
  });
});
