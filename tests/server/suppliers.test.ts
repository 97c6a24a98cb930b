/**
 * The supplier calls of the Parser screen (docs/feeds.md, "Suppliers"): add, edit, list, enable,
 * delete; feed sources (URL with credentials, uploaded file), gzip and .xlsx feeds, the column
 * mapping in the import, Test feed, and the outbound refusals with their reason. A "supplier" web
 * server on 127.0.0.1 is let through by OUTBOUND_ALLOW for its port only; an "internal" one stands
 * for everything inside and must never be reached.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { FeedMapping } from '../../src/shared/feed-mapping';
import { type SupplierDetails, type SupplierInput, type SupplierStaleAnswer, type TestFeedReport } from '../../src/shared/suppliers';
import { serverMessages } from '../../src/shared/server-messages';
import { productImages, products, suppliers } from '../../src/server/db/schema';
import { parseAllowList } from '../../src/server/feeds/outbound-addresses';
import { createTestApp, type TestApp } from './support/test-app';

const SECRET_PASSWORD = 'pa55-w0rd-never-shown';
const SECRET_TOKEN = 'tok-3f9a-never-shown';
const internalHits: string[] = [];
const authorizations: Record<string, string | undefined> = {};
let supplierPort = 0;
let internalPort = 0;
let supplierServer: Server;
let internalServer: Server;
let t: TestApp;

/** A feed whose columns are named the way a Dutch supplier names them; line 4 has no title. */
const DUTCH_FEED = [
  'Artikelnummer;EAN13;Naam;Merk;Prijs excl. BTW;Voorraad;afbeelding_1;afbeelding_2',
  'NL-1;8710103974307;Tuinstoel groen;Hortus;1.234,50;5;https://img.test/1.png;https://img.test/2.png',
  'NL-2;4006381333931;Tuintafel;Hortus;19,99;2;https://img.test/3.png;',
  'NL-3;5901234123457;;Hortus;9,50;1;;',
].join('\n');

const XML_FEED = `<?xml version="1.0"?>
<catalogus>
  <artikel><code>X-1</code><titel>Lamp</titel><prijs><bedrag>12,50</bedrag></prijs><fotos><foto>https://img.test/l1.png</foto><foto>https://img.test/l2.png</foto></fotos></artikel>
  <artikel><code>X-2</code><titel>Kabel</titel><prijs><bedrag>3</bedrag></prijs></artikel>
</catalogus>`;

async function xlsxFeed(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Feed');
  sheet.addRow(['EAN', 'SKU', 'Title', 'Price', 'Stock']);
  sheet.addRow(['8710103974307', 'XL-1', 'Sheet chair', 12.5, 4]);
  sheet.addRow(['4006381333931', 'XL-2', 'Sheet table', '20,00', 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let xlsxBytes: Buffer;

beforeAll(async () => {
  xlsxBytes = await xlsxFeed();
  internalServer = await listen((req, res) => {
    internalHits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/csv' });
    res.end('title;sku\nSECRET-INTERNAL-ANSWER;1\n');
  });
  internalPort = (internalServer.address() as AddressInfo).port;
  supplierServer = await listen((req, res) => {
    const url = req.url ?? '/';
    authorizations[url] = req.headers.authorization ?? (req.headers['x-feed-token'] as string | undefined);
    const internal = `http://127.0.0.1:${internalPort}`;
    const redirects: Record<string, string> = {
      '/to-loopback': `${internal}/feed.csv`,
      '/to-ten': 'http://10.1.2.3/feed.csv',
      '/to-link-local': 'http://169.254.169.254/latest/meta-data/',
      '/to-v6-loopback': `http://[::1]:${internalPort}/feed.csv`,
      '/to-other-origin': `http://localhost:${supplierPort}/after-redirect.csv`,
    };
    if (redirects[url]) {
      res.writeHead(302, { Location: redirects[url] });
      res.end();
    } else if (url === '/dutch.csv' || url === '/after-redirect.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(DUTCH_FEED);
    } else if (url === '/dutch.csv.gz') {
      res.writeHead(200, { 'Content-Type': 'application/gzip' });
      res.end(gzipSync(DUTCH_FEED));
    } else if (url === '/bomb.csv.gz') {
      // 8 MB of one character: unpacks past this test's 1 MB feed limit.
      res.writeHead(200, { 'Content-Type': 'application/gzip' });
      res.end(gzipSync(Buffer.concat([Buffer.from('title;sku\n'), Buffer.alloc(8 * 1024 * 1024, 'a')])));
    } else if (url === '/feed.xml') {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(XML_FEED);
    } else if (url === '/feed.xlsx') {
      res.writeHead(200, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      res.end(xlsxBytes);
    } else if (url === '/private.csv') {
      if (req.headers.authorization !== `Basic ${Buffer.from(`feeds:${SECRET_PASSWORD}`).toString('base64')}`) {
        res.writeHead(401);
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(DUTCH_FEED);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  supplierPort = (supplierServer.address() as AddressInfo).port;
  t = await createTestApp({
    deps: { selfOrigin: 'http://127.0.0.1:1', outbound: { allow: parseAllowList(`127.0.0.1:${supplierPort},localhost:${supplierPort}`), maxFeedBytes: 1024 * 1024 } },
  });
});

afterAll(async () => {
  await new Promise((resolve) => supplierServer.close(resolve));
  await new Promise((resolve) => internalServer.close(resolve));
  await t.close();
});

const feedUrl = (path: string) => `http://127.0.0.1:${supplierPort}${path}`;

async function call(method: string, path: string, body?: unknown, token?: string | null) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token ?? (await t.token())}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const DUTCH_MAPPING: FeedMapping = {
  columns: { sku: ['Artikelnummer'], ean: ['EAN13'], title: ['Naam'], brand: ['Merk'], price: ['Prijs excl. BTW'], stock: ['Voorraad'], images: ['afbeelding_1', 'afbeelding_2'] },
  fixed: { deliveryCode: '1-2d' },
  decimalSeparator: 'comma',
  foreignCurrency: 'refuse',
  weightUnit: 'kg',
  dimensionUnit: 'cm',
  sellingPrice: { multiplier: 2, add: 0.5 },
  imageSeparator: '|',
  imageBaseUrl: '',
  categoryPaths: 'deepest',
  recordElement: 'product',
  rowGroups: null,
  skipRows: [],
};

let nameCounter = 0;
async function add(input: Partial<SupplierInput>): Promise<SupplierDetails> {
  nameCounter += 1;
  const { status, body, text } = await call('POST', '/api/v1/suppliers', { supplierName: `Supplier ${nameCounter}`, ...input });
  expect(status, text).toBe(201);
  return body as SupplierDetails;
}

async function runImport(id: number) {
  const { status, body } = await call('POST', `/api/v1/feed/parse/${id}?wait=true`);
  return { status, report: body as FeedRunReport & { message?: string } };
}

describe('supplier calls', () => {
  it('need a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/suppliers'],
      ['POST', '/api/v1/suppliers'],
      ['PUT', '/api/v1/suppliers/1'],
      ['PUT', '/api/v1/suppliers/1/enabled'],
      ['DELETE', '/api/v1/suppliers/1'],
      ['POST', '/api/v1/suppliers/test-feed'],
      ['POST', '/api/v1/suppliers/feed-file/1'],
    ] as const) {
      const { status } = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, null);
      expect(status, `${method} ${path}`).toBe(401);
    }
  });

  it('add, edit and list a supplier with its schedule, mapping and enabled flag; the spec list keeps its shape', async () => {
    const created = await add({
      supplierName: 'Tuin BV',
      supplierUrlFeed: feedUrl('/dutch.csv'),
      mapping: DUTCH_MAPPING,
      schedule: { kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' },
    });
    expect(created).toMatchObject({ supplierName: 'Tuin BV', feedSource: 'url', feedFormat: 'csv', enabled: true, productCount: 0, lastRun: null, credentials: null });
    expect(created.mapping?.columns.ean).toEqual(['EAN13']);

    const edited = await call('PUT', `/api/v1/suppliers/${created.supplierId}`, {
      supplierName: 'Tuin BV',
      supplierUrlFeed: feedUrl('/dutch.csv'),
      mapping: DUTCH_MAPPING,
      schedule: { kind: 'every', hours: 6 },
      enabled: false,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ enabled: false, schedule: { kind: 'every', hours: 6, timeZone: 'Europe/Amsterdam' } });

    const enabled = await call('PUT', `/api/v1/suppliers/${created.supplierId}/enabled`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true });

    const list = (await call('GET', '/api/v1/suppliers')).body as SupplierDetails[];
    expect(list.find((s) => s.supplierId === created.supplierId)).toMatchObject({ supplierName: 'Tuin BV', enabled: true });
    const spec = (await call('GET', '/api/v1/supplier')).body as Record<string, unknown>[];
    expect(Object.keys(spec.find((s) => s.supplierId === created.supplierId) ?? {}).sort()).toEqual(['inProgress', 'supplierId', 'supplierName', 'supplierUrlFeed']);
  });

  it('refuse bad input with a sentence naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ supplierName: '' }, /supplierName/],
      [{ supplierName: 'X', feedFormat: 'json' }, /feedFormat/],
      [{ supplierName: 'X', schedule: { kind: 'daily', time: '25:00' } }, /schedule/],
      [{ supplierName: 'X', schedule: { kind: 'every', hours: 0 } }, /schedule/],
      [{ supplierName: 'X', supplierUrlFeed: feedUrl('/a'), mapping: { columns: { colour: ['x'] } } }, /mapping/],
      [{ supplierName: 'X', supplierUrlFeed: feedUrl('/a'), credentials: { kind: 'header', headerName: 'X Bad', value: 'v' } }, /credentials/],
      [{ supplierName: 'X', supplierUrlFeed: feedUrl('/a'), unknown: 1 }, /unknown|Unrecognized/i],
      [{ supplierName: 'X' }, /Give the feed address/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await call('POST', '/api/v1/suppliers', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect((answer as { message: string }).message).toMatch(message);
    }
    const notJson = await t.app.request('/api/v1/suppliers', { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}`, 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await call('PUT', '/api/v1/suppliers/abc', { supplierName: 'X' })).status).toBe(400);
    expect((await call('PUT', '/api/v1/suppliers/999999', { supplierName: 'X', supplierUrlFeed: feedUrl('/a') })).status).toBe(404);
    await add({ supplierName: 'Twice', supplierUrlFeed: feedUrl('/a') });
    expect((await call('POST', '/api/v1/suppliers', { supplierName: 'twice', supplierUrlFeed: feedUrl('/a') })).status).toBe(409);
  });

  it('refuse file:, loopback, 10/8, 169.254/16 and [::1] addresses on save with the reason', async () => {
    const refused: [string, RegExp][] = [
      ['file:///etc/passwd', /not an http or https address/],
      [`http://127.0.0.1:${internalPort}/feed.csv`, /private or otherwise non-public/],
      ['http://10.0.0.7/feed.csv', /private or otherwise non-public/],
      ['http://169.254.169.254/latest/meta-data/', /private or otherwise non-public/],
      [`http://[::1]:${internalPort}/feed.csv`, /private or otherwise non-public/],
      ['http://localhost/feed.csv', /private or otherwise non-public/],
      ['ftp://feeds.example.com/a.csv', /not an http or https address/],
    ];
    for (const [url, reason] of refused) {
      const { status, body } = await call('POST', '/api/v1/suppliers', { supplierName: `Refused ${url}`, supplierUrlFeed: url });
      expect(status, url).toBe(400);
      expect((body as { message: string }).message).toMatch(/^The feed address is refused: /);
      expect((body as { message: string }).message).toMatch(reason);
    }
    expect(internalHits).toEqual([]);
  });

  it('never return credentials in clear, and send them only to the feed origin', async () => {
    const created = await add({ supplierUrlFeed: feedUrl('/private.csv'), mapping: DUTCH_MAPPING, credentials: { kind: 'basic', username: 'feeds', password: SECRET_PASSWORD } });
    expect(created.credentials).toEqual({ kind: 'basic', username: 'feeds', passwordSet: true, origin: `http://127.0.0.1:${supplierPort}` });
    // Editing without new credentials keeps them.
    const kept = await call('PUT', `/api/v1/suppliers/${created.supplierId}`, { supplierName: created.supplierName, supplierUrlFeed: feedUrl('/private.csv'), mapping: DUTCH_MAPPING });
    expect(kept.body).toMatchObject({ credentials: { kind: 'basic', passwordSet: true } });
    const { status, report } = await runImport(created.supplierId);
    expect(status, JSON.stringify(report)).toBe(200);
    expect(report.entries[0]).toMatchObject({ created: 2, refused: 1 });

    const withToken = await add({ supplierUrlFeed: feedUrl('/to-other-origin'), credentials: { kind: 'header', headerName: 'X-Feed-Token', value: SECRET_TOKEN } });
    expect(withToken.credentials).toEqual({ kind: 'header', headerName: 'X-Feed-Token', valueSet: true, origin: `http://127.0.0.1:${supplierPort}` });
    const preview = await call('POST', '/api/v1/suppliers/test-feed', { supplierId: withToken.supplierId, supplierUrlFeed: feedUrl('/to-other-origin') });
    expect(preview.status, preview.text).toBe(200);
    expect(authorizations['/to-other-origin']).toBe(SECRET_TOKEN);
    // The redirect went to another origin (localhost instead of 127.0.0.1): the token stays behind.
    expect('/after-redirect.csv' in authorizations).toBe(true);
    expect(authorizations['/after-redirect.csv']).toBeUndefined();

    for (const answer of [await call('GET', '/api/v1/suppliers'), await call('GET', `/api/v1/suppliers/${created.supplierId}`), await call('GET', '/api/v1/supplier'), kept]) {
      expect(answer.text).not.toContain(SECRET_PASSWORD);
      expect(answer.text).not.toContain(SECRET_TOKEN);
      expect(answer.text).not.toContain(Buffer.from(`feeds:${SECRET_PASSWORD}`).toString('base64'));
    }
    const removed = await call('PUT', `/api/v1/suppliers/${created.supplierId}`, { supplierName: created.supplierName, supplierUrlFeed: feedUrl('/private.csv'), credentials: { kind: 'none' } });
    expect(removed.body).toMatchObject({ credentials: null });
  });

  it('refuse a save over someone else\'s newer version with 412 and the supplier as it is now; never undo their change', async () => {
    const created = await add({ supplierUrlFeed: feedUrl('/a.csv') });
    expect(created.version).toBe(1);
    const path = `/api/v1/suppliers/${created.supplierId}`;
    const save = async (body: Partial<SupplierInput>, version: number | null) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${await t.token()}`, 'Content-Type': 'application/json' };
      if (version !== null) headers['If-Match'] = `"${version}"`;
      const response = await t.app.request(path, { method: 'PUT', headers, body: JSON.stringify({ supplierName: created.supplierName, ...body }) });
      return { status: response.status, etag: response.headers.get('ETag'), body: (await response.json()) as SupplierDetails & SupplierStaleAnswer };
    };
    // Anna, who opened version 1, changes the feed address.
    const anna = await save({ supplierUrlFeed: feedUrl('/anna.csv') }, 1);
    expect(anna.status).toBe(200);
    expect(anna.body.version).toBe(2);
    expect(anna.etag).toBe('"2"');
    // Bram opened version 1 too and sets a schedule: refused, with what the server holds now.
    const bram = await save({ supplierUrlFeed: feedUrl('/a.csv'), schedule: { kind: 'every', hours: 4, timeZone: 'Europe/Amsterdam' } }, 1);
    expect(bram.status).toBe(412);
    expect(bram.body).toMatchObject({ message: serverMessages.supplierChanged, messageId: 'server.supplierChanged', messageArgs: [] });
    expect(bram.body.supplier).toMatchObject({ supplierUrlFeed: feedUrl('/anna.csv'), version: 2, schedule: null });
    expect((await call('GET', path)).body).toMatchObject({ supplierUrlFeed: feedUrl('/anna.csv'), version: 2 });
    // Knowingly, against version 2: saved.
    const again = await save({ supplierUrlFeed: feedUrl('/anna.csv'), schedule: { kind: 'every', hours: 4, timeZone: 'Europe/Amsterdam' } }, 2);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: 3, schedule: { kind: 'every', hours: 4 } });
    // Turning it off and uploading a file are changes too: a form opened before them is stale.
    expect(((await call('PUT', `${path}/enabled`, { enabled: false })).body as SupplierDetails).version).toBe(4);
    expect((await save({ supplierUrlFeed: feedUrl('/anna.csv') }, 3)).status).toBe(412);
    // Without If-Match (scripts, older clients) the save happens as before.
    expect((await save({ supplierUrlFeed: feedUrl('/anna.csv') }, null)).status).toBe(200);
  });

  it('delete only a supplier without products, and say why otherwise with the count', async () => {
    const withProducts = await add({ supplierUrlFeed: feedUrl('/dutch.csv'), mapping: DUTCH_MAPPING });
    await runImport(withProducts.supplierId);
    const refused = await call('DELETE', `/api/v1/suppliers/${withProducts.supplierId}`);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      `Supplier '${withProducts.supplierName}' has 2 products, so it cannot be deleted; disable it instead to stop its imports`,
    );
    const empty = await add({ supplierUrlFeed: feedUrl('/dutch.csv') });
    expect((await call('DELETE', `/api/v1/suppliers/${empty.supplierId}`)).status).toBe(204);
    expect((await call('GET', `/api/v1/suppliers/${empty.supplierId}`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/suppliers/${empty.supplierId}`)).status).toBe(404);
  });
});

describe('imports with a mapping', () => {
  it('map differently named columns, fixed values, decimal comma, selling price markup and joined image columns', async () => {
    const supplier = await add({ supplierUrlFeed: feedUrl('/dutch.csv'), mapping: DUTCH_MAPPING });
    const { status, report } = await runImport(supplier.supplierId);
    expect(status).toBe(200);
    expect(report.entries[0]).toMatchObject({ rowsRead: 3, created: 2, refused: 1, problems: [{ line: 4, reason: 'Title is missing' }] });
    const rows = await t.database.db.select().from(products).where(eq(products.supplierId, supplier.supplierId)).orderBy(products.sku);
    expect(rows.map((p) => [p.sku, p.ean, p.title, p.priceSupplier, p.sellingPrice, p.deliveryCode, p.stock])).toEqual([
      ['NL-1', '8710103974307', 'Tuinstoel groen', 1234.5, 2469.5, '1-2d', 5],
      ['NL-2', '4006381333931', 'Tuintafel', 19.99, 40.48, '1-2d', 2],
    ]);
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, rows[0]?.productId ?? -1)).orderBy(productImages.position);
    expect(images.map((i) => i.sourceUrl)).toEqual(['https://img.test/1.png', 'https://img.test/2.png']);
    expect((await call('GET', `/api/v1/suppliers/${supplier.supplierId}`)).body).toMatchObject({
      productCount: 2,
      lastRun: { status: 'partial', created: 2, refused: 1 },
    });
  });

  it('refuse a feed whose header lacks the mapped title column, naming it', async () => {
    const supplier = await add({ supplierUrlFeed: feedUrl('/dutch.csv'), mapping: { ...DUTCH_MAPPING, columns: { ...DUTCH_MAPPING.columns, title: ['Productnaam'] } } });
    const { status, report } = await runImport(supplier.supplierId);
    expect(status).toBe(502);
    expect(report.message).toMatch(/The feed has no column 'productnaam' for the title/);
  });

  it('read a gzip-compressed feed as a stream, and stop one that unpacks past the feed limit', async () => {
    const supplier = await add({ supplierUrlFeed: feedUrl('/dutch.csv.gz'), mapping: DUTCH_MAPPING });
    const { status, report } = await runImport(supplier.supplierId);
    expect(status, JSON.stringify(report)).toBe(200);
    expect(report.entries[0]).toMatchObject({ created: 2, refused: 1 });

    const bomb = await add({ supplierUrlFeed: feedUrl('/bomb.csv.gz') });
    const stopped = await runImport(bomb.supplierId);
    expect(stopped.status).toBe(502);
    expect(stopped.report.message).toMatch(/unpacks to more than 1 MB/);
  });

  it('read an .xlsx feed (first sheet, header row) and an XML feed with its own element names', async () => {
    const sheet = await add({ supplierUrlFeed: feedUrl('/feed.xlsx'), feedFormat: 'xlsx' });
    const fromSheet = await runImport(sheet.supplierId);
    expect(fromSheet.status, JSON.stringify(fromSheet.report)).toBe(200);
    expect(fromSheet.report.entries[0]).toMatchObject({ rowsRead: 2, created: 2, refused: 0 });
    const sheetRows = await t.database.db.select().from(products).where(eq(products.supplierId, sheet.supplierId)).orderBy(products.sku);
    expect(sheetRows.map((p) => [p.sku, p.ean, p.priceSupplier])).toEqual([
      ['XL-1', '8710103974307', 12.5],
      ['XL-2', '4006381333931', 20],
    ]);

    const xml = await add({
      supplierUrlFeed: feedUrl('/feed.xml'),
      feedFormat: 'xml',
      mapping: { columns: { sku: ['code'], title: ['titel'], price: ['prijs/bedrag'], images: ['fotos/foto'] }, fixed: {}, decimalSeparator: 'auto', sellingPrice: null, imageSeparator: '|', recordElement: 'artikel' },
    });
    const fromXml = await runImport(xml.supplierId);
    expect(fromXml.status, JSON.stringify(fromXml.report)).toBe(200);
    expect(fromXml.report.entries[0]).toMatchObject({ rowsRead: 2, created: 2 });
    const [lamp] = await t.database.db.select().from(products).where(eq(products.sku, 'X-1'));
    expect(lamp).toMatchObject({ title: 'Lamp', priceSupplier: 12.5, numberOfImages: 2 });
  });

  it('import a file uploaded from the tablet', async () => {
    const supplier = await add({ feedSource: 'upload', feedFormat: 'xlsx' });
    expect((await runImport(supplier.supplierId)).report.message).toMatch(/no feed file has been uploaded/);
    const form = new FormData();
    form.append('feedFile', new File([new Uint8Array(xlsxBytes)], 'prices.xlsx'));
    const upload = await t.app.request(`/api/v1/suppliers/feed-file/${supplier.supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` }, body: form });
    expect(upload.status).toBe(200);
    const uploaded = (await upload.json()) as SupplierDetails;
    expect(uploaded.uploadedFile).toMatchObject({ name: 'prices.xlsx', bytes: xlsxBytes.length });
    // A new file is a change of the supplier: its version goes up.
    expect(uploaded.version).toBe(supplier.version + 1);
    const { status, report } = await runImport(supplier.supplierId);
    expect(status, JSON.stringify(report)).toBe(200);
    expect(report.entries[0]).toMatchObject({ created: 2, refused: 0, rowsRead: 2 });

    const empty = new FormData();
    empty.append('other', 'x');
    const missing = await t.app.request(`/api/v1/suppliers/feed-file/${supplier.supplierId}`, { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` }, body: empty });
    expect(missing.status).toBe(400);
  });
});

describe('POST /api/v1/suppliers/test-feed', () => {
  it('previews the first rows as they would be imported, each with its problems, guessing a mapping and writing nothing', async () => {
    const before = (await t.database.db.select().from(products)).length;
    const { status, body, text } = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: feedUrl('/dutch.csv'), mapping: DUTCH_MAPPING, supplierName: 'Preview' });
    expect(status, text).toBe(200);
    const report = body as TestFeedReport;
    expect(report.columns).toEqual(['Artikelnummer', 'EAN13', 'Naam', 'Merk', 'Prijs excl. BTW', 'Voorraad', 'afbeelding_1', 'afbeelding_2']);
    expect(report.guessedMapping.columns).toMatchObject({ sku: ['Artikelnummer'], ean: ['EAN13'], title: ['Naam'], brand: ['Merk'], price: ['Prijs excl. BTW'], stock: ['Voorraad'], images: ['afbeelding_1', 'afbeelding_2'] });
    expect(report.mappingProblem).toBeNull();
    expect(report.rows).toHaveLength(3);
    expect(report.rows[0]).toMatchObject({ line: 2, problems: [], product: { title: 'Tuinstoel groen', priceSupplier: 1234.5, sellingPrice: 2469.5, deliveryCode: '1-2d', images: ['https://img.test/1.png', 'https://img.test/2.png'] } });
    expect(report.rows[0]?.values).toMatchObject({ Naam: 'Tuinstoel groen', 'Prijs excl. BTW': '1.234,50' });
    expect(report.rows[2]).toMatchObject({ line: 4, product: null, problems: ['Title is missing'] });
    expect((await t.database.db.select().from(products)).length).toBe(before);

    const unmapped = (await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: feedUrl('/dutch.csv') })).body as TestFeedReport;
    expect(unmapped.mappingProblem).toMatch(/title/);
  });

  it('previews an uploaded file sent with the request', async () => {
    const form = new FormData();
    form.append('settings', JSON.stringify({ feedSource: 'upload', feedFormat: 'csv', mapping: DUTCH_MAPPING }));
    form.append('feedFile', new File([gzipSync(DUTCH_FEED)], 'feed.csv.gz'));
    const response = await t.app.request('/api/v1/suppliers/test-feed', { method: 'POST', headers: { Authorization: `Bearer ${await t.token()}` }, body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TestFeedReport).rows.map((row) => row.problems.length)).toEqual([0, 0, 1]);
  });

  it('refuses file:, loopback and private addresses, and redirects to loopback, 10/8, 169.254/16 and [::1], with the reason', async () => {
    internalHits.length = 0;
    const cases: [string, number, RegExp][] = [
      ['file:///etc/passwd', 400, /not an http or https address/],
      [`http://127.0.0.1:${internalPort}/feed.csv`, 400, /non-public/],
      ['http://10.9.8.7/feed.csv', 400, /non-public/],
      ['http://169.254.169.254/', 400, /non-public/],
      [`http://[::1]:${internalPort}/feed.csv`, 400, /non-public/],
      [feedUrl('/to-loopback'), 422, /non-public/],
      [feedUrl('/to-ten'), 422, /non-public/],
      [feedUrl('/to-link-local'), 422, /non-public/],
      [feedUrl('/to-v6-loopback'), 422, /non-public/],
    ];
    for (const [url, expected, reason] of cases) {
      const { status, text } = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: url });
      expect(status, url).toBe(expected);
      expect(text).toMatch(/The feed address is refused/);
      expect(text).toMatch(reason);
      expect(text).not.toContain('SECRET-INTERNAL-ANSWER');
    }
    expect(internalHits).toEqual([]);
  });

  it('answers 400 for bad settings and 502 when the feed cannot be downloaded', async () => {
    expect((await call('POST', '/api/v1/suppliers/test-feed', { feedFormat: 'pdf', supplierUrlFeed: feedUrl('/a') })).status).toBe(400);
    const missing = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: feedUrl('/missing.csv') });
    expect(missing.status).toBe(502);
    expect(missing.text).toMatch(/HTTP 404/);
  });
});

describe('the demo suppliers keep working without a mapping', () => {
  it('has no mapping stored for an inserted supplier, and the list reports the default', async () => {
    const [row] = await t.database.db.insert(suppliers).values({ supplierName: 'Plain', supplierUrlFeed: feedUrl('/dutch.csv') }).returning();
    const details = (await call('GET', `/api/v1/suppliers/${row?.supplierId}`)).body as SupplierDetails;
    expect(details.mapping).toBeNull();
  });
});
