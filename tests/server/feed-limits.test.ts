/**
 * The structural limits of a feed (docs/feeds.md, "Feed limits"): the readers refuse a feed over
 * one as soon as they meet it, with a message naming the limit, instead of building it in memory.
 * The same readers run for imports and for Test feed (in the parse worker).
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../src/server/feeds/feed-item';
import { MAX_CSV_LINE_CHARS, MAX_FEED_COLUMNS, MAX_XML_ATTRIBUTES, MAX_XML_DEPTH, MAX_XML_TEXT_CHARS } from '../../src/server/feeds/feed-limits';
import { readRawFeed } from '../../src/server/feeds/feed-row-batches';

const encoder = new TextEncoder();

/** The text in 64 KB chunks, as a download or the stored chunks hand it over. */
async function* chunked(text: string | Uint8Array): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

/** Reads the whole feed; answers the records read, or the error that stopped it, and how long it took. */
async function readAll(format: string, text: string | Uint8Array) {
  const started = performance.now();
  let records = 0;
  try {
    for await (const _ of readRawFeed(format, chunked(text), { checkColumns: false })) records += 1;
    return { records, error: null, ms: performance.now() - started };
  } catch (error) {
    return { records, error: error as Error, ms: performance.now() - started };
  }
}

function expectRefused(outcome: Awaited<ReturnType<typeof readAll>>, message: RegExp) {
  expect(outcome.error, 'the feed should have been refused').toBeInstanceOf(FeedFormatError);
  expect(outcome.error?.message).toMatch(message);
}

describe('XML feed limits', () => {
  it(`refuses 3,000,000 unclosed <a> (9 MB) at the nesting depth of ${MAX_XML_DEPTH}, in well under a second`, async () => {
    const outcome = await readAll('xml', '<a>'.repeat(3_000_000));
    expectRefused(outcome, /nests elements more than 64 deep/);
    expect(outcome.ms).toBeLessThan(1_000);
  });

  it('reads a feed nested 64 deep, and refuses one element deeper', async () => {
    const nested = (depth: number) => `<feed>${'<x>'.repeat(depth - 3)}<product><title>Deep</title></product>${'</x>'.repeat(depth - 3)}</feed>`;
    expect(await readAll('xml', nested(MAX_XML_DEPTH))).toMatchObject({ records: 1, error: null });
    expectRefused(await readAll('xml', nested(MAX_XML_DEPTH + 1)), /more than 64 deep/);
  });

  it(`refuses an element with more than ${MAX_XML_ATTRIBUTES} attributes`, async () => {
    const attributes = (n: number) => Array.from({ length: n }, (_, i) => `a${i}="${i}"`).join(' ');
    expect(await readAll('xml', `<feed><product ${attributes(MAX_XML_ATTRIBUTES)}><title>T</title></product></feed>`)).toMatchObject({ records: 1, error: null });
    expectRefused(await readAll('xml', `<feed><product ${attributes(100_000)}><title>T</title></product></feed>`), /more than 256 attributes/);
  });

  it('refuses a text node over 1 MB, also one that never ends, and one made of many CDATA sections', async () => {
    const long = 'x'.repeat(MAX_XML_TEXT_CHARS + 10);
    expectRefused(await readAll('xml', `<feed><product><title>${long}</title></product></feed>`), /longer than 1 MB/);
    expectRefused(await readAll('xml', `<feed><product><title>${'y'.repeat(20 * 1024 * 1024)}`), /longer than 1 MB/);
    const cdata = `<![CDATA[${'z'.repeat(100_000)}]]>`.repeat(12);
    expectRefused(await readAll('xml', `<feed><product><description>${cdata}</description></product></feed>`), /longer than 1 MB/);
    // Just under the limit is read.
    expect(await readAll('xml', `<feed><product><title>${'x'.repeat(MAX_XML_TEXT_CHARS - 100)}</title></product></feed>`)).toMatchObject({ records: 1, error: null });
  });
});

describe('CSV feed limits', () => {
  it(`refuses a header of 1,000,000 columns from its first bytes, naming the limit of ${MAX_FEED_COLUMNS.toLocaleString('en-US')}`, async () => {
    const header = `${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',')}\nx\n`;
    const outcome = await readAll('csv', header);
    expectRefused(outcome, /The CSV header has more than 2,000 columns/);
    expect(outcome.ms).toBeLessThan(1_000);
  });

  it('reads 2,000 columns, and refuses a header or a row with more', async () => {
    const names = (n: number, prefix = 'column') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(';');
    expect(await readAll('csv', `${names(MAX_FEED_COLUMNS)}\n${names(MAX_FEED_COLUMNS, 'v')}\n`)).toMatchObject({ records: 1, error: null });
    // Long names: the header passes the first 64 KB before its end, so csv-parse counts it.
    expectRefused(await readAll('csv', `${names(MAX_FEED_COLUMNS + 1, 'a-rather-long-column-name-')}\nx\n`), /The CSV header has more than 2,000 columns/);
    expectRefused(await readAll('csv', `title;sku\n${';'.repeat(MAX_FEED_COLUMNS + 5)}\n`), /Line 2 of the CSV feed has more than 2,000 columns/);
  });

  it('refuses a line over 1 MB: a long field, an unclosed quote, and a line of a million empty fields', async () => {
    expectRefused(await readAll('csv', `title;sku\n${'x'.repeat(MAX_CSV_LINE_CHARS + 10)};1\n`), /Line 2 of the CSV feed is longer than 1 MB/);
    expectRefused(await readAll('csv', `title;sku\n"never closed;${'y\n'.repeat(600_000)}`), /longer than 1 MB/);
    expectRefused(await readAll('csv', `title,sku\n${','.repeat(2 * MAX_CSV_LINE_CHARS)}\n`), /Line 2 of the CSV feed is longer than 1 MB/);
    // A line just under the limit is read.
    expect(await readAll('csv', `title;sku\n${'x'.repeat(MAX_CSV_LINE_CHARS - 100)};1\n`)).toMatchObject({ records: 1, error: null });
  });
});

describe('.xlsx feed limits', () => {
  it('refuses a sheet with a cell past column 2,000', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Feed');
    sheet.addRow(['EAN', 'Title']);
    sheet.getCell(2, MAX_FEED_COLUMNS + 1).value = 'far away';
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expectRefused(await readAll('xlsx', bytes), /Row 2 of the workbook has more than 2,000 columns/);
  });
});
