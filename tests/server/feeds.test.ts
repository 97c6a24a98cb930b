import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ParsingHistoryEntry, Supplier } from '../../src/shared/contract';
import { productHistory, products, productImages, suppliers } from '../../src/server/db/schema';
import { demoImagePng } from '../../src/server/demo/demo-images';
import { seedDemoSuppliers } from '../../src/server/demo/demo-seed';
import { importSupplierFeed } from '../../src/server/feeds/feed-import';
import { keepParseWorkerReady } from '../../src/server/feeds/parse-in-worker';
import type { FeedRunReport, Product, ProductChanges } from '../../src/shared/contract';
import { createTestApp, type TestApp } from './support/test-app';

/** What the fake supplier web servers answer, by URL; a function may build a streaming answer. */
const served = new Map<string, () => Response>();
const fetched: string[] = [];
let t: TestApp;

const fakeFetch = (async (input: string | URL | Request) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  fetched.push(url);
  // Our own origin: the demo files are served by the app itself.
  if (url.startsWith('http://backoffice.test/')) return t.app.request(new URL(url).pathname);
  const answer = served.get(url);
  if (!answer) throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') });
  return answer();
}) as typeof fetch;

const text = (body: string, type = 'text/csv') => () => new Response(body, { headers: { 'Content-Type': type } });

beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: fakeFetch, selfOrigin: 'http://backoffice.test' } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string) {
  return t.app.request(path, { method, headers: { Authorization: `Bearer ${await t.token()}` } });
}

async function addSupplier(name: string, url: string, feedFormat: 'csv' | 'xml' = 'csv'): Promise<number> {
  const [row] = await t.database.db.insert(suppliers).values({ supplierName: name, supplierUrlFeed: url, feedFormat }).returning();
  if (!row) throw new Error('no supplier');
  return row.supplierId;
}

async function parse(id: number | string) {
  const response = await call('POST', `/api/v1/feed/parse/${id}?wait=true`);
  return { status: response.status, body: (await response.json()) as FeedRunReport & { message?: string } };
}

const productsOf = (supplierId: number) =>
  t.database.db.select().from(products).where(eq(products.supplierId, supplierId)).orderBy(products.sourceKey);

const HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;size;color;familyKey;images';
const chairs = [
  '8710103974307;CH-1;Chair green;<p>Green</p>;Hortus;Chairs;10,00;19,95;1-2d;5;2,5;L;Green;FAM-CH;https://img.test/c1.png|https://img.test/c2.png',
  '4006381333931;CH-2;Chair black;<p>Black</p>;Hortus;Chairs;11,00;21,95;1-2d;3;2,5;M;Black;FAM-CH;https://img.test/c3.png',
  ';CH-3;Chair without EAN;;Nordhem;Chairs;12;25;2-3d;0;;;;;',
];

describe('POST /api/v1/feed/parse/{id}', () => {
  let supplierId: number;
  const url = 'https://supplier.test/chairs.csv';

  beforeAll(async () => {
    supplierId = await addSupplier('Chair Co', url);
  });

  it('imports a CSV feed and counts new rows, with brands, categories, families and images', async () => {
    served.set(url, text(`${HEADER}\n${chairs.join('\n')}\n`));
    const { status, body } = await parse(supplierId);
    expect(status).toBe(200);
    expect(body.skipped).toEqual([]);
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      supplierId,
      supplierName: 'Chair Co',
      operation: 'feed-import',
      status: 'success',
      rowsRead: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      refused: 0,
      problems: [],
      message: 'Read 3 rows: 3 new, 0 updated, 0 unchanged, 0 refused',
    });
    expect(body.entries[0]?.finishedAt).not.toBeNull();

    const rows = await productsOf(supplierId);
    expect(rows.map((row) => row.sourceKey)).toEqual(['4006381333931', '8710103974307', 'sku:CH-3']);
    const green = rows.find((row) => row.sku === 'CH-1');
    expect(green).toMatchObject({
      ean: '8710103974307',
      supplierEan: '8710103974307',
      title: 'Chair green',
      description: '<p>Green</p>',
      priceSupplier: 10,
      sellingPrice: 19.95,
      deliveryCode: '1-2d',
      stock: 5,
      weight: 2.5,
      productSize: 'L',
      color: 'Green',
      familyKey: 'FAM-CH',
      numberOfImages: 2,
      version: 1,
    });
    expect(green?.brandId).not.toBeNull();
    expect(rows.find((row) => row.sku === 'CH-2')?.brandId).toBe(green?.brandId);
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, green?.productId ?? 0)).orderBy(productImages.position);
    expect(images.map((image) => [image.sourceUrl, image.filePath, image.position, image.isMainImage, image.name])).toEqual([
      ['https://img.test/c1.png', '', 1, true, 'c1.png'],
      ['https://img.test/c2.png', '', 2, false, 'c2.png'],
    ]);
  });

  it('counts every row unchanged on a re-run of the same feed, without new versions', async () => {
    const { body } = await parse(supplierId);
    expect(body.entries[0]).toMatchObject({ status: 'success', created: 0, updated: 0, unchanged: 3 });
    expect((await productsOf(supplierId)).every((row) => row.version === 1)).toBe(true);
  });

  it('updates changed rows (matched by EAN, or by SKU when there is none) and follows the feed images', async () => {
    const changed = [
      chairs[0]?.replace(';10,00;', ';9,50;').replace('https://img.test/c1.png|https://img.test/c2.png', 'https://img.test/c2.png|https://img.test/c4.png'),
      chairs[1],
      chairs[2]?.replace(';0;', ';8;'),
    ];
    served.set(url, text(`${HEADER}\n${changed.join('\n')}\n`));
    const { body } = await parse(supplierId);
    expect(body.entries[0]).toMatchObject({ status: 'success', created: 0, updated: 2, unchanged: 1 });

    const rows = await productsOf(supplierId);
    expect(rows).toHaveLength(3);
    // One compact history entry per changed product of the run, with only the fields that changed.
    const history = await t.database.db.select().from(productHistory).where(inArray(productHistory.productId, rows.map((row) => row.productId)));
    const bySku = new Map(rows.map((row) => [row.productId, row.sku]));
    expect(history.map((entry) => [bySku.get(entry.productId), entry.author, entry.how, entry.changes]).sort()).toEqual([
      ['CH-1', 'feed import', 'feed-import', [{ field: 'priceSupplier', old: 10, new: 9.5 }]],
      ['CH-3', 'feed import', 'feed-import', [{ field: 'stock', old: 0, new: 8 }]],
    ]);
    const green = rows.find((row) => row.sku === 'CH-1');
    expect(green).toMatchObject({ priceSupplier: 9.5, version: 2, numberOfImages: 2 });
    expect(rows.find((row) => row.sku === 'CH-3')).toMatchObject({ stock: 8, version: 2 });
    expect(rows.find((row) => row.sku === 'CH-2')).toMatchObject({ version: 1 });
    const images = await t.database.db.select().from(productImages).where(eq(productImages.productId, green?.productId ?? 0)).orderBy(productImages.position);
    expect(images.map((image) => [image.sourceUrl, image.isMainImage])).toEqual([
      ['https://img.test/c2.png', true],
      ['https://img.test/c4.png', false],
    ]);
  });

  // Moderation no longer freezes content (docs/feeds.md, "What a re-import changes"): a field nobody
  // changed since the feed wrote it follows the feed, moderated or not.
  it('follows the feed on a moderated product in the fields nobody changed, never its EAN, selling price or delivery term', async () => {
    await t.database.db.update(products).set({ passedModeration: true, sellingPrice: 30 }).where(eq(products.sku, 'CH-2'));
    const changed = chairs[1]?.replace('Chair black', 'Renamed chair').replace(';11,00;21,95;1-2d;3;', ';12,00;22,95;2-3d;4;');
    served.set(url, text(`${HEADER}\n${chairs[0]}\n${changed}\n`));
    const { body } = await parse(supplierId);
    expect(body.entries[0]).toMatchObject({ updated: 2, rowsRead: 2 });
    const black = (await productsOf(supplierId)).find((row) => row.sku === 'CH-2');
    expect(black).toMatchObject({ title: 'Renamed chair', priceSupplier: 12, stock: 4, sellingPrice: 30, deliveryCode: '1-2d', version: 2 });
  });

  it('skips malformed rows, reports them with line numbers, and imports the good rows', async () => {
    const bad = [
      `${HEADER}`,
      '8712345678906;OK-1;Good row;;;;1;2;1-2d;1;;;;;',
      '8710103974308;BAD-1;Wrong check digit;;;;1;2;1-2d;1;;;;;',
      ';;No code at all;;;;1;2;1-2d;1;;;;;',
      '8711111111111;BAD-3;;;;;1;2;1-2d;1;;;;;',
      '5901234123457;BAD-4;Bad price;;;;ten;2;1-2d;1;;;;;',
      '96385074;BAD-5;Bad stock;;;;1;2;1-2d;many;;;;;',
      'too;few;fields',
      '8712345678906;OK-1;Same EAN again;;;;1;2;1-2d;1;;;;;',
      '036000291452;OK-2;Second good row;;;;1;2;1-2d;1;;;;;',
    ];
    const id = await addSupplier('Messy Co', 'https://supplier.test/messy.csv');
    served.set('https://supplier.test/messy.csv', text(`${bad.join('\n')}\n`));
    const { status, body } = await parse(id);
    expect(status).toBe(200);
    const entry = body.entries[0];
    expect(entry).toMatchObject({ status: 'partial', rowsRead: 9, created: 2, refused: 7 });
    expect(entry?.problems.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 3, reason: "EAN '8710103974308' has a wrong check digit (expected 7)" },
      { line: 4, reason: 'Neither EAN nor SKU is given, so the row cannot be matched to a product of Messy Co' },
      { line: 5, reason: 'Title is missing' },
      { line: 6, reason: "Price 'ten' is not a price" },
      { line: 7, reason: "Stock 'many' is not a whole number of 0 or more" },
      { line: 8, reason: 'The row has 3 fields but the header has 15' },
      { line: 9, reason: 'EAN 8712345678906 appears again (first on line 2); the row is skipped' },
    ]);
    expect((await productsOf(id)).map((row) => row.sku)).toEqual(['OK-2', 'OK-1']);
  });

  it('imports an XML feed', async () => {
    const id = await addSupplier('Xml Co', 'https://supplier.test/feed.xml', 'xml');
    served.set(
      'https://supplier.test/feed.xml',
      text(
        `<?xml version="1.0" encoding="UTF-8"?>
<products>
  <product><ean>8710103974307</ean><title>Lamp</title><price>4.50</price><stock>2</stock>
    <description><![CDATA[<p>Bright <b>lamp</b></p><img src="x" onerror="alert(1)">]]></description>
    <images><image>https://img.test/l1.png</image></images></product>
  <product><sku>X-2</sku><title></title></product>
</products>`,
        'application/xml',
      ),
    );
    const { body } = await parse(id);
    expect(body.entries[0]).toMatchObject({ status: 'partial', created: 1, refused: 1, problems: [{ line: 6, reason: 'Title is missing' }] });
    const [lamp] = await productsOf(id);
    expect(lamp).toMatchObject({ title: 'Lamp', priceSupplier: 4.5, stock: 2, numberOfImages: 1, description: '<p>Bright <b>lamp</b></p>' });
  });

  it('refuses a second import of the same supplier while one runs, naming the supplier', async () => {
    const id = await addSupplier('Slow Co', 'https://supplier.test/slow.csv');
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    served.set(
      'https://supplier.test/slow.csv',
      () => new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) })),
    );
    const first = parse(id);
    await expect.poll(() => push !== undefined).toBe(true);
    push?.enqueue(new TextEncoder().encode(`${HEADER}\n${chairs[0]}\n`));

    const suppliersNow = (await (await call('GET', '/api/v1/supplier')).json()) as Supplier[];
    expect(suppliersNow.find((s) => s.supplierId === id)?.inProgress).toBe(true);
    const second = await parse(id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("An import or image re-export of supplier 'Slow Co' is already running; try again when it has finished");

    push?.close();
    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body.entries[0]).toMatchObject({ created: 1, status: 'success' });
    const after = (await (await call('GET', '/api/v1/supplier')).json()) as Supplier[];
    expect(after.find((s) => s.supplierId === id)?.inProgress).toBe(false);
    served.set('https://supplier.test/slow.csv', text(`${HEADER}\n${chairs[0]}\n`));
  });

  it('records a failed download, answers 502 with the reason, and releases the supplier', async () => {
    const id = await addSupplier('Gone Co', 'https://supplier.test/missing.csv');
    served.set('https://supplier.test/missing.csv', () => new Response('not here', { status: 404, statusText: 'Not Found' }));
    const missing = await parse(id);
    expect(missing.status).toBe(502);
    expect(missing.body.message).toBe("The feed of supplier 'Gone Co' could not be downloaded: https://supplier.test/missing.csv answered HTTP 404 Not Found");
    expect(missing.body.entries[0]).toMatchObject({ status: 'failed', rowsRead: 0 });

    served.delete('https://supplier.test/missing.csv');
    const unreachable = await parse(id);
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.message).toMatch(/could not be fetched \(fetch failed: getaddrinfo ENOTFOUND\)/);
    const [row] = await t.database.db.select().from(suppliers).where(eq(suppliers.supplierId, id));
    expect(row?.inProgress).toBe(false);
  });

  it('answers 404 for an unknown supplier and 400 for an id that is not a whole number', async () => {
    expect(await parse(999_999)).toEqual({ status: 404, body: { message: 'There is no supplier with id 999999', messageId: 'server.supplierMissing', messageArgs: [999999] } });
    expect(await parse('abc')).toEqual({ status: 400, body: { message: "The supplier id must be a whole number (0 for all suppliers), got 'abc'", messageId: 'server.idOrZeroNotValid', messageArgs: ['The supplier id', '0 for all suppliers', 'abc'] } });
    expect((await parse('-1')).status).toBe(400);
    expect((await parse('99999999999')).status).toBe(400);
  });

  it('imports every supplier one after another for id 0', async () => {
    const before = await t.database.db.select().from(suppliers);
    const { status, body } = await parse(0);
    expect(status).toBe(200);
    expect(body.entries.map((entry) => entry.supplierId)).toEqual(before.map((s) => s.supplierId).sort((a, b) => a - b));
    expect(body.entries.find((entry) => entry.supplierName === 'Gone Co')?.status).toBe('failed');
    expect(body.entries.find((entry) => entry.supplierName === 'Xml Co')?.unchanged).toBe(1);
  });
});

describe('importSupplierFeed', () => {
  it('gives the same result parsing in a worker thread and on the main thread', async () => {
    const feed = `${HEADER}\n${chairs.join('\n')}\nbad;row\n`;
    const results = [];
    for (const parseInWorker of [true, false]) {
      const id = await addSupplier(`Thread Co ${parseInWorker}`, `https://supplier.test/thread-${parseInWorker}.csv`);
      served.set(`https://supplier.test/thread-${parseInWorker}.csv`, text(feed));
      const { entry } = await importSupplierFeed({ db: t.database.db, fetch: fakeFetch }, id, { parseInWorker, batchSize: 2 });
      results.push({ ...entry, id: 0, supplierId: 0, supplierName: '', dateTimeOperation: '', finishedAt: '' });
      expect((await productsOf(id)).map((row) => row.sku)).toEqual(['CH-2', 'CH-1', 'CH-3']);
    }
    expect(results[0]).toMatchObject({ created: 3, refused: 1, problems: [{ line: 5, reason: 'The row has 2 fields but the header has 15' }] });
    expect(results[0]).toEqual(results[1]);
  });

  it('imports alike with the parser thread the server keeps ready and with one started for the import', async () => {
    const feed = `${HEADER}\n${chairs.join('\n')}\n`;
    keepParseWorkerReady();
    const results = [];
    // The first import takes the thread kept ready; the second starts its own (the next one is kept ready seconds later).
    for (const name of ['Ready Co', 'Fresh Co']) {
      const url = `https://supplier.test/${name.replace(' ', '-')}.csv`;
      const id = await addSupplier(name, url);
      served.set(url, text(feed));
      const { entry } = await importSupplierFeed({ db: t.database.db, fetch: fakeFetch }, id, { parseInWorker: true, batchSize: 2 });
      results.push({ created: entry.created, refused: entry.refused, skus: (await productsOf(id)).map((row) => row.sku) });
    }
    expect(results).toEqual([
      { created: 3, refused: 0, skus: ['CH-2', 'CH-1', 'CH-3'] },
      { created: 3, refused: 0, skus: ['CH-2', 'CH-1', 'CH-3'] },
    ]);
  });

  it('reports the first rows read before their batch is written, then every written batch', async () => {
    const url = 'https://supplier.test/progress.csv';
    const id = await addSupplier('Progress Co', url);
    served.set(url, text(`${HEADER}\n${chairs.join('\n')}\n`));
    const seen: { read: number; written: number }[] = [];
    await importSupplierFeed({ db: t.database.db, fetch: fakeFetch }, id, {
      batchSize: 2,
      onBatch: async ({ counts }) => void seen.push({ read: counts.rowsRead, written: counts.created + counts.updated + counts.unchanged }),
    });
    // A job's progress bar moves as soon as rows are read, not only after the first write.
    expect(seen.map((report) => report.written)).toEqual([0, 2, 3]);
    expect(seen[0]).toEqual({ read: 2, written: 0 });
    expect(seen[2]).toEqual({ read: 3, written: 3 });
    // On PostgreSQL the next commit's rows are read while one is written (docs/feeds.md, "Writing on
    // PostgreSQL"); on PGlite a batch is written before the next is read.
    if (process.env.TEST_DATABASE_URL) expect(seen[1]?.read).toBeGreaterThanOrEqual(2);
    else expect(seen[1]).toEqual({ read: 2, written: 2 });
  });
  it('starts a full garbage collection each time so many more rows are written, so a long import keeps its heap near what is live', async () => {
    const url = 'https://supplier.test/collections.csv';
    const id = await addSupplier('Collections Co', url);
    const rows = Array.from({ length: 81 }, (_, n) => `;ITEM-${n};Item ${n};;Nordhem;Chairs;12;25;2-3d;${n % 7};;;;;`);
    served.set(url, text(`${HEADER}\n${rows.join('\n')}\n`));
    let started = 0;
    const collection = { everyRows: 20, start: () => (started += 1) > 0 };
    const { entry } = await importSupplierFeed({ db: t.database.db, fetch: fakeFetch }, id, { batchSize: 8, collection });
    expect(entry.created).toBe(81);
    // Batches of 8 rows: after the 24th, the 48th, the 72nd row written (the 81st is 9 after the last).
    expect(started).toBe(3);
  });
});

describe('POST /api/v1/feed/reexport/images/{id}', () => {
  it('stores every feed image on our host, downloading a shared URL once, and counts non-images as failed', async () => {
    const id = await addSupplier('Picture Co', 'https://supplier.test/pictures.csv');
    served.set(
      'https://supplier.test/pictures.csv',
      text(`ean,title,price,images\n8710103974307,One,5,https://img.test/p1.png|https://img.test/notes.txt\n4006381333931,Two,6,https://img.test/p1.png|https://img.test/p2.png\n`),
    );
    expect((await parse(id)).body.entries[0]?.created).toBe(2);
    served.set('https://img.test/p1.png', () => new Response(new Uint8Array(demoImagePng(1)), { headers: { 'Content-Type': 'image/png' } }));
    served.set('https://img.test/p2.png', () => new Response(new Uint8Array(demoImagePng(2))));
    served.set('https://img.test/notes.txt', () => new Response('just text, called an image'));
    fetched.length = 0;
    const before = (await (await call('GET', '/api/v1/product/changes?limit=1000')).json()) as ProductChanges;

    const response = await call('POST', `/api/v1/feed/reexport/images/${id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as FeedRunReport;
    expect(body.entries[0]).toMatchObject({ operation: 'image-reexport', status: 'partial', rowsRead: 4, created: 3, refused: 1 });
    expect(body.entries[0]?.problems[0]?.reason).toMatch(/^Product \d+: image https:\/\/img\.test\/notes\.txt The file is not an image/);
    expect(fetched.filter((url) => url === 'https://img.test/p1.png')).toHaveLength(1);

    const images = await t.database.db
      .select({ sourceUrl: productImages.sourceUrl, filePath: productImages.filePath })
      .from(productImages)
      .innerJoin(products, eq(products.productId, productImages.productId))
      .where(eq(products.supplierId, id));
    for (const image of images) {
      if (image.sourceUrl.endsWith('.txt')) {
        expect(image.filePath).toBe('');
      } else {
        expect(image.filePath).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
        expect(await t.media.sizeOf(image.filePath)).toBeGreaterThan(0);
      }
    }
    // Offline copies following the changes feed learn the new paths, with a new product version.
    // The feed hands out a change once every older transaction of this database has ended
    // (docs/products.md): the job runner's own may still be finishing for a moment.
    let changed: ProductChanges = { products: [], cursor: null, hasMore: false };
    await expect
      .poll(async () => {
        changed = (await (await call('GET', `/api/v1/product/changes?cursor=${before.cursor}`)).json()) as ProductChanges;
        return changed.products.map((product) => [product.title, product.version, product.productImages.filter((image) => image.filePath.startsWith('/media/')).length]);
      }, { timeout: 15_000 })
      .toEqual([
        ['One', 2, 1],
        ['Two', 2, 2],
      ]);
    // Another tablet's conditional GET of the version it holds (ETag = version) sees the new paths.
    const two = changed.products.find((product) => product.title === 'Two');
    const conditional = await t.app.request(`/api/v1/product/${two?.productId}`, { headers: { Authorization: `Bearer ${await t.token()}`, 'If-None-Match': '"1"' } });
    expect(conditional.status).toBe(200);
    expect(((await conditional.json()) as Product).productImages.map((image) => image.filePath.startsWith('/media/'))).toEqual([true, true]);
    const stored = await t.database.db.execute(sql`select count(*)::int as n from media_files`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);

    // A second run has only the failed image left to try.
    const again = (await (await call('POST', `/api/v1/feed/reexport/images/${id}`)).json()) as FeedRunReport;
    expect(again.entries[0]).toMatchObject({ rowsRead: 1, created: 0, refused: 1, status: 'failed' });
  });

  it('answers 404 for an unknown supplier and 400 for a bad id', async () => {
    expect((await call('POST', '/api/v1/feed/reexport/images/424242')).status).toBe(404);
    expect((await call('POST', '/api/v1/feed/reexport/images/one')).status).toBe(400);
  });
});

describe('GET /api/v1/history/feed', () => {
  const history = async (query: string) => {
    const response = await call('GET', `/api/v1/history/feed${query}`);
    return { status: response.status, body: (await response.json()) as Page<ParsingHistoryEntry> & { message?: string } };
  };

  it('pages the history newest first by default and oldest first on request', async () => {
    const all = await history('?page=0&size=200&sort=dateTimeOperation,desc');
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBeGreaterThan(5);
    const times = all.body.content.map((entry) => entry.dateTimeOperation);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await history('?page=0&size=2&sort=dateTimeOperation,desc');
    expect(first.body).toMatchObject({ number: 0, size: 2, totalElements: all.body.totalElements, totalPages: Math.ceil(all.body.totalElements / 2) });
    expect(first.body.content.map((entry) => entry.id)).toEqual(all.body.content.slice(0, 2).map((entry) => entry.id));
    const second = await history('?page=1&size=2&sort=dateTimeOperation,desc');
    expect(second.body.content.map((entry) => entry.id)).toEqual(all.body.content.slice(2, 4).map((entry) => entry.id));

    const oldest = await history('?size=1&sort=dateTimeOperation,asc');
    expect(oldest.body.content[0]?.id).toBe(all.body.content.at(-1)?.id);
    expect((await history('')).body.size).toBe(20);
  });

  it('refuses unknown sort keys and out-of-range sizes and pages with a clear message', async () => {
    expect(await history('?sort=supplierName,desc')).toEqual({
      status: 400,
      body: { message: "sort must be 'dateTimeOperation,asc' or 'dateTimeOperation,desc', got 'supplierName,desc'", messageId: 'server.sortNotValid', messageArgs: ['dateTimeOperation', 'supplierName,desc'] },
    });
    expect(await history('?size=0')).toEqual({ status: 400, body: { message: "size must be a whole number from 1 to 200, got '0'", messageId: 'server.wholeNumberNotValid', messageArgs: ['size', 1, 200, '0'] } });
    expect((await history('?size=201')).status).toBe(400);
    expect((await history('?size=ten')).status).toBe(400);
    expect((await history('?page=-1')).body.message).toBe("page must be a whole number from 0 to 1,000,000, got '-1'");
  });
});

describe('without a token', () => {
  it.each([
    ['GET', '/api/v1/supplier'],
    ['POST', '/api/v1/feed/parse/0'],
    ['POST', '/api/v1/feed/reexport/images/0'],
    ['GET', '/api/v1/history/feed?page=0&size=5&sort=dateTimeOperation,desc'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await t.app.request(path, { method });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Sign-in required', messageId: 'server.signInRequired', messageArgs: [] });
  });
});

describe('the demo catalogue', () => {
  it('serves its feeds and images without a token', async () => {
    const feed = await t.app.request('/demo/feeds/home.csv');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('Content-Type')).toContain('text/csv');
    expect((await feed.text()).split('\n', 1)[0]).toContain(';title;');
    const image = await t.app.request('/demo/images/7.png');
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.request('/demo/images/9999.png')).status).toBe(404);
    expect((await t.app.request('/demo/feeds/other.csv')).status).toBe(404);
  });

  it('imports over 2,000 products from the three demo feeds, with the deliberate refusals', async () => {
    // The suppliers table is not empty here: clear it the way a fresh database would be.
    await t.database.db.execute(sql`truncate suppliers, products, product_images, parsing_history restart identity cascade`);
    expect(await seedDemoSuppliers(t.database.db)).toBe(true);
    expect(await seedDemoSuppliers(t.database.db)).toBe(false);
    const { status, body } = await parse(0);
    expect(status).toBe(200);
    expect(body.entries.map((entry) => [entry.supplierName, entry.status, entry.refused])).toEqual([
      ['Green Garden Supplies', 'partial', 1],
      ['Volt Electronics', 'partial', 2],
      ['Stride Shoes US', 'partial', 1],
    ]);
    expect(body.entries.reduce((sum, entry) => sum + entry.created, 0)).toBeGreaterThanOrEqual(2_000);
    const shoes = await t.database.db.execute(
      sql`select count(distinct family_key)::int as families, count(*)::int as n from products p join suppliers s using (supplier_id)
           where s.us_shoe_sizes and p.family_key is not null`,
    );
    const counts = (shoes as unknown as { rows: { families: number; n: number }[] }).rows[0];
    expect(counts?.n).toBeGreaterThan((counts?.families ?? 0) * 4);
  });
});
