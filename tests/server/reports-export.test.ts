import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../src/shared/contract';
import { EXPORT_COLUMN_IDS, type BolReportOverview } from '../../src/shared/export-contract';
import { BOL_PRODUCT_STATES, type ProductSortKey } from '../../src/shared/product-filter';
import { exportBatches } from '../../src/server/catalogue/product-export';
import { bolAttributes, bolChunks, bolProductModels, bolProductStates, brands, categories, products, suppliers } from '../../src/server/db/schema';
import { insertProduct } from './support/product-fixtures';
import { createTestApp, jsonPost, type TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;
const ids: Record<string, number> = {};

const report = (status: 'COMPLETED' | 'IN_PROGRESS', attributes: unknown[]) => ({ uploadId: 'u-1', language: 'nl', status, attributes, assets: [], readAt: '2026-01-02T03:04:05.000Z' });

beforeAll(async () => {
  t = await createTestApp();
  auth = { Authorization: `Bearer ${await t.token()}` };
  const db = t.database.db;
  const [supplier] = await db.insert(suppliers).values({ supplierName: 'Report Supplier' }).returning({ id: suppliers.supplierId });
  const supplierId = supplier?.id ?? 0;
  await db.insert(bolChunks).values({ chunkId: 'C1', chunkName: 'Socks' });
  await db.insert(bolAttributes).values([
    { chunkId: 'C1', attributeId: 'Title', attributeName: 'Title', required: true },
    { chunkId: 'C1', attributeId: 'Colour', attributeName: 'Colour', required: false },
  ]);
  for (const name of ['noCategory', 'missingRequired', 'ready', 'sent', 'published', 'declinedReport', 'declinedFailure']) {
    ids[name] = await insertProduct(db, { supplierId, title: name === 'ready' ? '=HYPERLINK("http://evil")' : `Product ${name}` });
  }
  const model = (productId: number, values: Record<string, string>) => ({ productId, chunkId: 'C1', values, version: 1 });
  await db.insert(bolProductModels).values([
    model(ids.missingRequired ?? 0, { Colour: 'red' }),
    model(ids.ready ?? 0, { Title: 'Socks' }),
    model(ids.sent ?? 0, { Title: 'Socks' }),
    model(ids.published ?? 0, { Title: 'Socks' }),
    model(ids.declinedReport ?? 0, { Title: 'S' }),
    model(ids.declinedFailure ?? 0, { Title: 'Socks' }),
  ]);
  const offer = { offerId: 'offer-1', ean: '8710103974307', price: 10, stock: 3, deliveryCode: '1-2d', fulfilmentType: 'FBR', onHoldByRetailer: false, mutationDateTime: '', importedAt: '' };
  await db.insert(bolProductStates).values([
    { productId: ids.sent ?? 0, contentStatus: 'PENDING', contentSubmittedAt: new Date('2026-01-01T00:00:00Z') },
    { productId: ids.published ?? 0, contentStatus: 'SUCCESS', uploadReport: report('COMPLETED', [{ id: 'Title', status: 'PUBLISHED', values: [{ value: 'Socks' }] }]), offer },
    {
      productId: ids.declinedReport ?? 0,
      contentStatus: 'SUCCESS',
      uploadReport: report('COMPLETED', [
        { id: 'Description', status: 'DECLINED', values: [{ value: '<p><strong>Warm</strong> socks</p>' }], subStatus: 'TOO_SHORT', subStatusDescription: '<p>The title is <strong>too short</strong>.</p>' },
        { id: 'Title', status: 'PUBLISHED', values: [{ value: 'S' }] },
      ]),
    },
    { productId: ids.declinedFailure ?? 0, contentStatus: 'FAILURE', contentMessage: 'The EAN is not valid' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, headers = auth) => t.app.request(`/api/v1${path}`, { headers });
const total = async (query: string) => ((await (await get(`/bol/product/filter?${query}`)).json()) as ProductPage).totalElements;
const exportPost = (body: unknown, headers = auth) => t.app.request('/api/v1/export/products', jsonPost(body, headers));

describe('GET /api/v1/report/bol', () => {
  it('counts every product in exactly one bol state, and offers present or absent', async () => {
    const response = await get('/report/bol');
    expect(response.status).toBe(200);
    const overview = (await response.json()) as BolReportOverview;
    expect(overview.states).toEqual({ noCategory: 1, missingRequired: 1, ready: 1, sent: 1, published: 1, declined: 2 });
    expect(overview.offers).toEqual({ present: 1, absent: 6 });
    expect(overview.total).toBe(7);
  });

  it('each count equals the product filter it links to', async () => {
    const overview = (await (await get('/report/bol')).json()) as BolReportOverview;
    for (const state of BOL_PRODUCT_STATES) expect(await total(`bolState=${state}`)).toBe(overview.states[state]);
    expect(await total('hasOffer=true')).toBe(overview.offers.present);
    expect(await total('hasOffer=false')).toBe(overview.offers.absent);
    expect(await total('bolState=declined&hasOffer=false')).toBe(2);
  });

  it("names bol's reasons and shows each latest upload report as readable text, declined first", async () => {
    const overview = (await (await get('/report/bol')).json()) as BolReportOverview;
    expect(overview.declinedReasons).toEqual(
      expect.arrayContaining([
        { reason: 'The title is too short.', products: 1 },
        { reason: 'The EAN is not valid', products: 1 },
      ]),
    );
    const declined = overview.products.find((product) => product.productId === ids.declinedReport);
    expect(declined?.state).toBe('declined');
    expect(declined?.entries[0]).toEqual({ subject: 'Description', kind: 'attribute', status: 'DECLINED', value: 'Warm socks', reason: 'The title is too short.' });
    expect(JSON.stringify(overview.products)).not.toMatch(/<p>|<strong>/);
    expect(overview.productsTotal).toBe(4);
    expect(overview.products.map((product) => product.productId)).not.toContain(ids.noCategory);
  });

  it('pages the products; refuses a bad page or size; needs a token', async () => {
    const first = (await (await get('/report/bol?page=0&size=2')).json()) as BolReportOverview;
    const second = (await (await get('/report/bol?page=1&size=2')).json()) as BolReportOverview;
    expect(first.products).toHaveLength(2);
    expect(second.products).toHaveLength(2);
    expect(new Set([...first.products, ...second.products].map((product) => product.productId)).size).toBe(4);
    expect((await get('/report/bol?size=0')).status).toBe(400);
    expect((await get('/report/bol?size=101')).status).toBe(400);
    expect((await get('/report/bol?page=x')).status).toBe(400);
    expect((await get('/report/bol', {})).status).toBe(401);
  });

  it('the product filter refuses an unknown bol state', async () => {
    const response = await get('/bol/product/filter?bolState=gone');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^bolState must be one of/);
  });
});

describe('POST /api/v1/export/products', () => {
  it("streams a CSV of the filter's products with the chosen columns, formulas defused", async () => {
    const response = await exportPost({ format: 'csv', columns: ['productId', 'title', 'bolState'], filter: { bolState: 'ready' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('X-Export-Rows')).toBe('1');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: spreadsheet programs read accents right
    const text = new TextDecoder().decode(bytes);
    // The bol state in words, as the screens say it (src/shared/status-words.ts), not its code.
    expect(text.split('\r\n')).toEqual(['Product ID,Title,Bol state', `${ids.ready},"'=HYPERLINK(""http://evil"")",Ready to send`, '']);
  });

  it('for Excel set to Dutch: semicolons, decimal commas and the BOM, as a .csv named for it', async () => {
    await t.database.db.update(products).set({ sellingPrice: 12.5 }).where(eq(products.productId, ids.ready ?? 0));
    const response = await exportPost({ format: 'csv-nl', columns: ['productId', 'title', 'sellingPrice', 'bolState'], filter: { bolState: 'ready' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}-excel-nl\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
      'Product ID;Title;Selling price;Bol state',
      `${ids.ready};"'=HYPERLINK(""http://evil"")";12,5;Ready to send`,
      '',
    ]);
    // The spec's CSV of the same product is unchanged: commas and a decimal point.
    const spec = await (await exportPost({ format: 'csv', columns: ['productId', 'sellingPrice'], filter: { bolState: 'ready' } })).text();
    expect(spec.split('\r\n')[1]).toBe(`${ids.ready},12.5`);
  });

  it("follows the person's language: a Dutch CSV has semicolons, decimal commas and the BOM; an English one stays the spec's", async () => {
    await t.database.db.update(products).set({ sellingPrice: 1234.5 }).where(eq(products.productId, ids.ready ?? 0));
    const body = { format: 'csv', columns: ['productId', 'title', 'sellingPrice'], filter: { bolState: 'ready' } };
    const dutch = await exportPost({ ...body, language: 'nl' });
    expect(dutch.status).toBe(200);
    expect(dutch.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(dutch.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}-excel-nl\.csv"$/);
    const bytes = new Uint8Array(await dutch.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual(['Product-ID;Titel;Verkoopprijs', `${ids.ready};"'=HYPERLINK(""http://evil"")";1234,5`, '']);
    const english = await exportPost({ ...body, language: 'en' });
    expect(english.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await english.text()).split('\r\n')[1]).toBe(`${ids.ready},"'=HYPERLINK(""http://evil"")",1234.5`);
    // Without a language: English, as before the language was sent.
    expect((await (await exportPost(body)).text()).split('\r\n')[1]).toBe(`${ids.ready},"'=HYPERLINK(""http://evil"")",1234.5`);
    // A workbook's name is the same in both languages.
    const workbook = await exportPost({ ...body, format: 'xlsx', language: 'nl' });
    expect(workbook.headers.get('Content-Disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    await workbook.arrayBuffer();
  });

  it("writes the file's words in the person's language: headers, yes/no, bol states and content statuses", async () => {
    const db = t.database.db;
    await db.update(products).set({ buyBlock: true, passedModeration: false }).where(eq(products.productId, ids.declinedFailure ?? 0));
    const columns = ['productId', 'buyBlock', 'passedModeration', 'bolState', 'contentStatus', 'bolCategory'];
    const productIds = [ids.noCategory ?? 0, ids.declinedFailure ?? 0, ids.published ?? 0];
    const dutch = (await (await exportPost({ format: 'csv', columns, productIds, language: 'nl' })).text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(dutch[0]).toBe('Product-ID;Koopblokkade;Moderatie doorstaan;Bol-status;Contentstatus;Bol-categorie');
    expect(dutch.slice(1, 4)).toEqual([
      // No Bol category: its cell is empty in both languages.
      `${ids.noCategory};nee;nee;Geen Bol-categorie;Niet verstuurd;`,
      `${ids.published};nee;nee;Gepubliceerd op bol;Geaccepteerd door bol;Socks`,
      `${ids.declinedFailure};ja;nee;Afgewezen door bol;Geweigerd door bol;Socks`,
    ]);
    const english = (await (await exportPost({ format: 'csv', columns, productIds, language: 'en' })).text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(english[0]).toBe('Product ID,Buy block,Passed moderation,Bol state,Content status,Bol category');
    // Rows by product id.
    expect(english[3]).toBe(`${ids.declinedFailure},yes,no,Declined by bol,Refused by bol,Socks`);
    // The workbook: its sheet, headers and flags in Dutch too.
    const response = await exportPost({ format: 'xlsx', columns, productIds: [ids.declinedFailure ?? 0], language: 'nl' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Producten');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Product-ID', 'Koopblokkade', 'Moderatie doorstaan', 'Bol-status', 'Contentstatus', 'Bol-categorie']);
    expect(sheet?.getRow(2).values).toEqual([undefined, ids.declinedFailure, 'ja', 'nee', 'Afgewezen door bol', 'Geweigerd door bol', 'Socks']);
  });

  it('refuses a language it does not speak, naming the ones it does', async () => {
    const response = await exportPost({ format: 'csv', columns: ['productId'], language: 'de' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/language must be one of en, nl/);
  });

  it('refuses a format it does not write, naming the ones it does', async () => {
    const response = await exportPost({ format: 'csv-semicolon', columns: ['productId'] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/format must be csv, csv-nl or xlsx/);
  });

  it('exports all products of an unfiltered view, and exactly the selection when ids are given', async () => {
    const all = await (await exportPost({ format: 'csv', columns: ['productId'] })).text();
    expect(all.trim().split('\r\n')).toHaveLength(1 + 7);
    const chosen = [ids.sent ?? 0, ids.published ?? 0];
    const selection = await (await exportPost({ format: 'csv', columns: ['productId', 'offer'], productIds: chosen, filter: { bolState: 'ready' } })).text();
    expect(selection.trim().split('\r\n').slice(1)).toEqual([`${ids.sent},`, `${ids.published},offer-1`]);
  });

  it('streams an .xlsx whose rows equal the filter total', async () => {
    const response = await exportPost({ format: 'xlsx', columns: ['productId', 'ean', 'title'], filter: { bolState: 'declined' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('X-Export-Rows')).toBe('2');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Product ID', 'EAN', 'Title']);
    expect(sheet?.getRow(2).getCell(1).value).toBe(ids.declinedReport);
    expect(sheet?.getRow(2).getCell(2).value).toBe('8710103974307');
  });

  it('refuses a bad request with a sentence, and needs a token', async () => {
    const message = async (response: Response) => ((await response.json()) as { message: string }).message;
    const badColumn = await exportPost({ format: 'csv', columns: ['password'] });
    expect(badColumn.status).toBe(400);
    expect(await message(badColumn)).toMatch(/each column must be one of/);
    expect((await exportPost({ format: 'pdf', columns: ['title'] })).status).toBe(400);
    expect((await exportPost({ format: 'csv', columns: [] })).status).toBe(400);
    expect((await exportPost({ format: 'csv', columns: ['title'], extra: 1 })).status).toBe(400);
    expect((await exportPost({ format: 'csv', columns: ['title'], productIds: [0] })).status).toBe(400);
    const badFilter = await exportPost({ format: 'csv', columns: ['title'], filter: { priceFrom: 'cheap' } });
    expect(badFilter.status).toBe(400);
    expect(await message(badFilter)).toMatch(/^priceFrom must be a price/);
    const notJson = await t.app.request('/api/v1/export/products', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await exportPost({ format: 'csv', columns: ['title'] }, {})).status).toBe(401);
  });
});

describe('POST /api/v1/export/products in the list order', () => {
  const order: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    const [supplier] = await db.insert(suppliers).values({ supplierName: 'Order Supplier' }).returning({ id: suppliers.supplierId });
    const supplierId = supplier?.id ?? 0;
    // Ties on the price, and update times apart by a microsecond (a JavaScript date holds milliseconds).
    const rows: [string, number, string][] = [
      ['Delta', 30, '2025-03-01 10:00:00.000002+00'],
      ['alpha', 5, '2025-03-01 10:00:00.000001+00'],
      ['Charlie', 30, '2025-03-01 10:00:00.000001+00'],
      ['bravo', 12.5, '2025-03-01 10:00:00.000003+00'],
      ['Echo', 30, '2025-03-01 10:00:00.000002+00'],
    ];
    for (const [title, sellingPrice, updated] of rows) {
      const productId = await insertProduct(db, { supplierId, title, sellingPrice });
      order[title] = productId;
      await db.execute(sql`update products set date_update = ${updated}::timestamptz where product_id = ${productId}`);
    }
  });

  const column = async (body: Record<string, unknown>) => {
    const response = await exportPost({ format: 'csv', columns: ['title'], ...body });
    expect(response.status).toBe(200);
    return (await response.text()).trim().split('\r\n').slice(1);
  };

  it("writes a view's rows in the list's sort, ties by product id in the same direction", async () => {
    const filter = { supplierName: 'Order Supplier' };
    expect(await column({ filter, sort: 'sellingPrice,desc' })).toEqual(['Echo', 'Charlie', 'Delta', 'bravo', 'alpha']);
    expect(await column({ filter, sort: 'sellingPrice,asc' })).toEqual(['alpha', 'bravo', 'Delta', 'Charlie', 'Echo']);
    expect(await column({ filter, sort: 'dateUpdate,asc' })).toEqual(['alpha', 'Charlie', 'Delta', 'Echo', 'bravo']);
    expect(await column({ filter })).toEqual(['Delta', 'alpha', 'Charlie', 'bravo', 'Echo']); // no sort: by product id
  });

  it("writes a selection in the list's sort too", async () => {
    const productIds = [order.Delta ?? 0, order.alpha ?? 0, order.bravo ?? 0];
    expect(await column({ productIds, sort: 'sellingPrice,asc' })).toEqual(['alpha', 'bravo', 'Delta']);
    expect(await column({ productIds, sort: 'productId,desc' })).toEqual(['bravo', 'alpha', 'Delta']);
  });

  it('reads batch after batch from where the last one ended: no row twice, none left out, microseconds kept', async () => {
    const db = t.database.db;
    const where = eq(products.supplierId, (await db.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierName, 'Order Supplier')))[0]?.id ?? 0);
    for (const sort of ['dateUpdate,asc', 'dateUpdate,desc', 'sellingPrice,desc', 'title,asc', 'title,desc', 'productId,desc'] as const) {
      const [key, direction] = sort.split(',') as [ProductSortKey, 'asc' | 'desc'];
      const titles: string[] = [];
      for await (const batch of exportBatches(db, where, { key, direction }, 2)) titles.push(...batch.map((row) => String(row.title)));
      const whole: string[] = [];
      for await (const batch of exportBatches(db, where, { key, direction }, 1_000)) whole.push(...batch.map((row) => String(row.title)));
      expect(titles, sort).toEqual(whole);
      expect(new Set(titles).size, sort).toBe(5);
    }
  });

  it('ends its read and gives the database back when the reader stops early, however often', async () => {
    const db = t.database.db;
    const where = eq(products.supplierId, (await db.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierName, 'Order Supplier')))[0]?.id ?? 0);
    // More stopped exports than the PostgreSQL pool has connections (10): one kept per export would make the last ones wait forever.
    for (let stopped = 0; stopped < 12; stopped += 1) {
      for await (const batch of exportBatches(db, where, { key: 'productId', direction: 'asc' }, 2)) {
        expect(batch.map((row) => row.title)).toEqual(['Delta', 'alpha']);
        break;
      }
    }
    expect(await column({ filter: { supplierName: 'Order Supplier' } })).toEqual(['Delta', 'alpha', 'Charlie', 'bravo', 'Echo']);
  });

  it('writes every column as it always has: the whole CSV, byte for byte, in both dialects', async () => {
    const db = t.database.db;
    const [brand] = await db.insert(brands).values({ brandName: 'Nimbus; "Air"' }).returning({ id: brands.brandId });
    const [category] = await db.insert(categories).values({ categoryName: 'Shoes' }).returning({ id: categories.categoryId });
    await db.execute(sql`update products set brand_id = ${brand?.id ?? 0}, category_id = ${category?.id ?? 0}, family_key = 'FAM-1', main_product = true,
      supplier_ean = '0123', sku = '-SKU', price_supplier = 7.05, delivery_price = 4.95, stock = 12, product_size = '42', color = 'blue',
      material = 'leather', buy_block = true, is_export_on_bol = true, number_of_images = 2, date_update = '2025-03-01 10:00:00.678912+00'
      where product_id = ${order.Echo ?? 0}`);
    const exported = async (format: string) => {
      const response = await exportPost({ format, columns: EXPORT_COLUMN_IDS, filter: { supplierName: 'Order Supplier' }, sort: 'productId,asc' });
      expect(response.status).toBe(200);
      return response.text();
    };
    const o = order;
    const plain = (id: number | undefined, title: string, price: string) =>
      `${id},8710103974307,,,${title},,Order Supplier,,${price},0,0,1-2d,0,,,,,no,no,no,no,0,2025-03-01T10:00:00.000Z,No Bol category,,Not sent,`;
    expect((await exported('csv')).split('\r\n')).toEqual([
      'Product ID,EAN,Supplier EAN,SKU,Title,Brand,Supplier,Category,Selling price,Supplier price,Delivery price,Delivery code,Stock,Size,Colour,Material,Family key,Main product,Passed moderation,Buy block,Export to bol,Images,Last update,Bol state,Bol category,Content status,Offer on bol',
      plain(o.Delta, 'Delta', '30'),
      plain(o.alpha, 'alpha', '5'),
      plain(o.Charlie, 'Charlie', '30'),
      plain(o.bravo, 'bravo', '12.5'),
      // A timestamp keeps its milliseconds (a JavaScript date holds no microseconds); ; and " are quoted; a leading - is defused.
      `${o.Echo},8710103974307,0123,'-SKU,Echo,"Nimbus; ""Air""",Order Supplier,Shoes,30,7.05,4.95,1-2d,12,42,blue,leather,FAM-1,yes,no,yes,yes,2,2025-03-01T10:00:00.678Z,No Bol category,,Not sent,`,
      '',
    ]);
    const dutch = (await exported('csv-nl')).split('\r\n');
    expect(dutch[4]).toBe(`${o.bravo};8710103974307;;;bravo;;Order Supplier;;12,5;0;0;1-2d;0;;;;;no;no;no;no;0;2025-03-01T10:00:00.000Z;No Bol category;;Not sent;`);
    expect(dutch[5]).toBe(`${o.Echo};8710103974307;0123;'-SKU;Echo;"Nimbus; ""Air""";Order Supplier;Shoes;30;7,05;4,95;1-2d;12;42;blue;leather;FAM-1;yes;no;yes;yes;2;2025-03-01T10:00:00.678Z;No Bol category;;Not sent;`);
    const states = await exportPost({ format: 'csv', columns: ['productId', 'bolState', 'bolCategory', 'contentStatus', 'offer'], filter: { supplierName: 'Report Supplier' }, sort: 'productId,asc' });
    expect((await states.text()).split('\r\n')).toEqual([
      'Product ID,Bol state,Bol category,Content status,Offer on bol',
      `${ids.noCategory},No Bol category,,Not sent,`,
      `${ids.missingRequired},Required attributes missing,Socks,Not sent,`,
      `${ids.ready},Ready to send,Socks,Not sent,`,
      `${ids.sent},"Sent, bol is processing",Socks,"Sent, bol is processing",`,
      `${ids.published},Published on bol,Socks,Accepted by bol,offer-1`,
      `${ids.declinedReport},Declined by bol,Socks,Accepted by bol,`,
      `${ids.declinedFailure},Declined by bol,Socks,Refused by bol,`,
      '',
    ]);
  });

  it('refuses a sort the product filter does not know, naming it', async () => {
    const response = await exportPost({ format: 'csv', columns: ['title'], sort: 'password,asc' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/sort: sort key 'password' is not allowed/);
    expect((await exportPost({ format: 'csv', columns: ['title'], sort: 'title,sideways' })).status).toBe(400);
    expect((await exportPost({ format: 'csv', columns: ['title'], sort: 'title\u0000,asc' })).status).toBe(400);
  });
});
