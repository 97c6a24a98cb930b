import { describe, expect, it } from 'vitest';
import { detectCsvDelimiter } from '../../src/server/feeds/csv-feed-reader';
import type { FeedItem } from '../../src/server/feeds/feed-item';
import { readFeedBytes } from '../../src/server/feeds/feed-row-batches';

/** The readers with the default mapping (no mapping saved): columns named like our fields. */
const readCsvFeed = (bytes: AsyncIterable<Uint8Array>) => readFeedBytes('csv', bytes);
const readXmlFeed = (bytes: AsyncIterable<Uint8Array>) => readFeedBytes('xml', bytes);

/** The text as a stream of small byte chunks, so records cross chunk borders. */
async function* chunked(text: string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all(items: AsyncIterable<FeedItem>): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('detectCsvDelimiter', () => {
  it('picks the most frequent of ; , and tab outside quotes, comma on a tie', () => {
    expect(detectCsvDelimiter('ean;title;"a,b,c,d"')).toBe(';');
    expect(detectCsvDelimiter('ean,title,price')).toBe(',');
    expect(detectCsvDelimiter('ean\ttitle')).toBe('\t');
    expect(detectCsvDelimiter('title')).toBe(',');
  });
});

describe('readCsvFeed', () => {
  it('reads records by header name with the line each starts on, across chunks and quoted line breaks', async () => {
    const csv = '\uFEFFEAN;Title;Unknown;price\n1;"multi\nline";x;1,50\n\n2;Second;y;3\n';
    expect(await all(readCsvFeed(chunked(csv)))).toEqual([
      // Mapped numbers come in one plain form (docs/feeds.md, "Prices").
      { line: 2, record: { ean: '1', title: 'multi\nline', price: '1.5' } },
      { line: 5, record: { ean: '2', title: 'Second', price: '3' } },
    ]);
  });

  it('reports a row with the wrong number of fields and goes on', async () => {
    const items = await all(readCsvFeed(chunked('sku,title\nA,One\nB\nC,Three\n')));
    expect(items).toEqual([
      { line: 2, record: { sku: 'A', title: 'One' } },
      { line: 3, problem: 'The row has 1 fields but the header has 2', sentence: { message: 'The row has 1 fields but the header has 2', messageId: 'server.feedFieldCount', messageArgs: [1, 2] } },
      { line: 4, record: { sku: 'C', title: 'Three' } },
    ]);
  });

  it('refuses a feed whose header has no title column', async () => {
    await expect(all(readCsvFeed(chunked('sku,name\nA,One\n')))).rejects.toThrow(/no 'title' column/);
  });
});

describe('readXmlFeed', () => {
  it('reads every <product> with its line, images as a list, CDATA and entities', async () => {
    const xml = `<?xml version="1.0"?>
<products>
  <product>
    <ean>8710103974307</ean>
    <title>Chair &amp; table</title>
    <description><![CDATA[<p>Nice</p>]]></description>
    <ignored><deep>x</deep></ignored>
    <images><image>https://a.example/1.png</image><image> https://a.example/2.png </image></images>
  </product>
  <product><sku>B</sku><Title>Second</Title><image>https://a.example/3.png</image></product>
</products>`;
    expect(await all(readXmlFeed(chunked(xml, 13)))).toEqual([
      {
        line: 3,
        record: { ean: '8710103974307', title: 'Chair & table', description: '<p>Nice</p>', images: ['https://a.example/1.png', 'https://a.example/2.png'] },
      },
      { line: 10, record: { sku: 'B', title: 'Second', images: ['https://a.example/3.png'] } },
    ]);
  });

  it('stops with a clear error on malformed XML', async () => {
    await expect(all(readXmlFeed(chunked('<products><product><title>A</product></products>')))).rejects.toThrow(/The XML feed cannot be read/);
  });
});
