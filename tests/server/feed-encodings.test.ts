/**
 * Feeds are read in their own encoding (docs/feeds.md, "Encodings"): a byte order mark, the HTTP
 * answer's charset, the XML declaration, otherwise UTF-8 unless the bytes are not UTF-8, then
 * Windows-1252. Test feed names the encoding it used, and a row that still has unreadable
 * characters says so; the import stores exactly the file's text. The feeds are the fixtures of
 * tests/fixtures/feeds/, served over HTTP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedRunReport } from '../../src/shared/contract';
import type { SupplierDetails, TestFeedReport } from '../../src/shared/suppliers';
import { products } from '../../src/server/db/schema';
import { callApp, startFeedFixtureServer, type FeedFixtureServer } from './support/feed-fixture-server';

let server: FeedFixtureServer;

beforeAll(async () => {
  server = await startFeedFixtureServer({
    '/windows-1252.csv': { file: 'windows-1252.csv', contentType: 'text/csv' },
    '/windows-1252-said-utf-8.csv': { file: 'windows-1252.csv', contentType: 'text/csv; charset=utf-8' },
    '/iso-8859-1.xml': { file: 'iso-8859-1.xml', contentType: 'application/xml' },
    '/utf-16.csv': { file: 'utf-16le-bom.csv', contentType: 'text/csv; charset=windows-1252' },
    '/iso-8859-15.csv': { file: 'iso-8859-15.csv', contentType: 'text/csv; charset="ISO-8859-15"' },
    '/iso-8859-15-streamed.csv': { file: 'iso-8859-15.csv', contentType: 'text/csv;charset=iso-8859-15', streamed: true },
    '/iso-8859-15-no-charset.csv': { file: 'iso-8859-15.csv', contentType: 'text/csv' },
    '/utf-8.csv': { file: 'utf-8.csv', contentType: 'text/csv' },
    '/utf-8-streamed.csv': { file: 'utf-8.csv', contentType: 'text/plain', streamed: true },
  });
});
afterAll(async () => {
  await server.close();
});

const WINDOWS_1252_TITLES = ['Crème brûlée set', 'Daunendecke Größe 200 – weiß', 'Poëzie-album „Noël“ € 5 korting', 'Fußmatte Müller'];
const LATIN_1_TITLES = ['Café au lait kom, Señor', 'Smørrebrød plank ¼ eik'];
const UTF_16_TITLES = ['Zwölf Äpfel – ½ kilo', 'Ελληνικό μέλι 450 g'];
const ISO_8859_15_TITLES = ['Œuvres complètes € 20 bon', 'Šálek na kávu'];
const UTF_8_TITLES = ['Crème brûlée set – € 12', 'Straße 日本 ë ü ß'];

async function preview(path: string, feedFormat: 'csv' | 'xml' = 'csv'): Promise<TestFeedReport> {
  const { status, text, body } = await callApp(server.t, 'POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: server.url(path), feedFormat });
  expect(status, text).toBe(200);
  return body as TestFeedReport;
}

let supplierCount = 0;
/** Adds a supplier for the feed, imports it and answers its products' titles in feed order. */
async function importTitles(path: string, feedFormat: 'csv' | 'xml' = 'csv'): Promise<{ report: FeedRunReport; titles: string[] }> {
  supplierCount += 1;
  const added = await callApp(server.t, 'POST', '/api/v1/suppliers', { supplierName: `Encoding ${supplierCount}`, supplierUrlFeed: server.url(path), feedFormat });
  expect(added.status, added.text).toBe(201);
  const { supplierId } = added.body as SupplierDetails;
  const run = await callApp(server.t, 'POST', `/api/v1/feed/parse/${supplierId}?wait=true`);
  expect(run.status, run.text).toBe(200);
  const rows = await server.t.database.db.select().from(products).where(eq(products.supplierId, supplierId)).orderBy(products.sku);
  return { report: run.body as FeedRunReport, titles: rows.map((row) => row.title) };
}

const titlesOf = (report: TestFeedReport) => report.rows.map((row) => row.product?.title);
const problemsOf = (report: TestFeedReport) => report.rows.flatMap((row) => [...row.problems, ...row.warnings]);

describe('Test feed and import of a feed in another encoding than UTF-8', () => {
  it('reads a Windows-1252 CSV without a hint as Windows-1252, in the preview and the import', async () => {
    const report = await preview('/windows-1252.csv');
    expect(report.encoding).toEqual({ name: 'Windows-1252', source: 'detected' });
    expect(titlesOf(report)).toEqual(WINDOWS_1252_TITLES);
    expect(report.rows[1]?.values.title).toBe('Daunendecke Größe 200 – weiß');
    expect(report.rows[0]?.values.brand).toBe('Küchenmeister');
    expect(problemsOf(report)).toEqual([]);

    const { report: run, titles } = await importTitles('/windows-1252.csv');
    expect(run.entries[0]).toMatchObject({ status: 'success', created: 4, refused: 0 });
    expect(titles).toEqual(WINDOWS_1252_TITLES);
  });

  it('reads an XML feed declared ISO-8859-1 by its declaration', async () => {
    const report = await preview('/iso-8859-1.xml', 'xml');
    expect(report.encoding).toEqual({ name: 'Windows-1252', source: 'declaration' });
    expect(titlesOf(report)).toEqual(LATIN_1_TITLES);
    expect(report.rows[1]?.values.brand).toBe('Nørgaard');
    const { titles } = await importTitles('/iso-8859-1.xml', 'xml');
    expect(titles).toEqual(LATIN_1_TITLES);
  });

  it('reads a UTF-16 file by its byte order mark, which wins over the HTTP charset', async () => {
    const report = await preview('/utf-16.csv');
    expect(report.encoding).toEqual({ name: 'UTF-16 LE', source: 'bom' });
    expect(report.columns).toEqual(['ean', 'sku', 'title', 'price']);
    expect(titlesOf(report)).toEqual(UTF_16_TITLES);
    const { titles } = await importTitles('/utf-16.csv');
    expect(titles).toEqual(UTF_16_TITLES);
  });

  it('reads a fetched feed by the charset of the HTTP answer when that is its only hint, also parsed in the worker', async () => {
    const report = await preview('/iso-8859-15.csv');
    expect(report.encoding).toEqual({ name: 'ISO-8859-15', source: 'http' });
    expect(titlesOf(report)).toEqual(ISO_8859_15_TITLES);
    // Without the charset the same bytes are Windows-1252, where byte A4 is ¤, not €.
    const guessed = await preview('/iso-8859-15-no-charset.csv');
    expect(guessed.encoding).toEqual({ name: 'Windows-1252', source: 'detected' });
    expect(titlesOf(guessed)[0]).toBe('¼uvres complètes ¤ 20 bon');

    expect((await importTitles('/iso-8859-15.csv')).titles).toEqual(ISO_8859_15_TITLES);
    // Sent without a length, in pieces: the import parses in its worker thread, which is told the charset.
    expect((await importTitles('/iso-8859-15-streamed.csv')).titles).toEqual(ISO_8859_15_TITLES);
  });

  it('keeps a UTF-8 file UTF-8, also when its characters are cut between pieces of the answer', async () => {
    const report = await preview('/utf-8.csv');
    expect(report.encoding).toEqual({ name: 'UTF-8', source: 'detected' });
    expect(titlesOf(report)).toEqual(UTF_8_TITLES);
    expect(problemsOf(report)).toEqual([]);
    expect((await importTitles('/utf-8.csv')).titles).toEqual(UTF_8_TITLES);
    expect((await importTitles('/utf-8-streamed.csv')).titles).toEqual(UTF_8_TITLES);
  });

  it('names each row that still has unreadable characters when the server says UTF-8 of a Windows-1252 file', async () => {
    const report = await preview('/windows-1252-said-utf-8.csv');
    expect(report.encoding).toEqual({ name: 'UTF-8', source: 'http' });
    expect(report.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
    for (const row of report.rows) {
      // The row is still imported (with the characters as read): a warning, not a refusal.
      expect(row.problems).toEqual([]);
      expect(row.warnings).toEqual([`Line ${row.line} has characters that could not be read as UTF-8 (shown as \uFFFD); check the feed's encoding with the supplier`]);
    }
  });
});
