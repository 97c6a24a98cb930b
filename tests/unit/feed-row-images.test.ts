/** A row's image addresses as parseFeedRow reads them (docs/feeds.md, "Images"). */
import { describe, expect, it } from 'vitest';
import { parseFeedRow } from '../../src/server/feeds/parse-feed-row';

const supplier = { supplierName: 'Shop' };
const row = (images: string | string[]) => ({ ean: '8712345678906', title: 'Lamp', price: '10', images });

describe('parseFeedRow images', () => {
  it('refuses a row whose image part holds several addresses, naming the separator to choose', () => {
    const parsed = parseFeedRow(row(['a.png, b.png']), 4, supplier, { imageSeparator: '|' });
    expect(parsed).toEqual({
      ok: false,
      refusal: {
        line: 4,
        reason: 'One image field holds several addresses (a.png, b.png) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator',
        // The reason's sentence, for the app to word (docs/languages.md, "Sentences the server writes").
        sentence: {
          message: 'One image field holds several addresses (a.png, b.png) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator',
          messageId: 'feedReading.severalImages',
          messageArgs: [
            'a.png, b.png',
            { message: ', (comma)', messageId: 'parser.imageSeparators.comma', messageArgs: [] },
            { message: '| (bar)', messageId: 'parser.imageSeparators.bar', messageArgs: [] },
          ],
        },
      },
    });
  });

  it('resolves paths against the feed address', () => {
    const parsed = parseFeedRow(row(['/m/b/mb01.jpg', 'https://cdn.example/2.jpg']), 2, supplier, { imageBase: { kind: 'feed', url: 'https://shop.example/export.csv' } });
    expect(parsed.ok && parsed.row.images).toEqual(['https://shop.example/m/b/mb01.jpg', 'https://cdn.example/2.jpg']);
    expect(parsed.ok && parsed.warnings).toBeUndefined();
  });

  it('leaves out a path it cannot resolve, with a warning, and keeps the row', () => {
    const parsed = parseFeedRow(row(['/m/b/mb01.jpg', 'https://cdn.example/2.jpg']), 2, supplier, { imageBase: { kind: 'none' } });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.row.images).toEqual(['https://cdn.example/2.jpg']);
    expect(parsed.warnings).toEqual(["Image '/m/b/mb01.jpg' is a path without a web address, so it cannot be fetched and is left out; enter the base URL for images in the mapping"]);
  });

  it('keeps a path on this server when no base is given, as the demo feeds have them', () => {
    const parsed = parseFeedRow(row(['/demo/images/1.png']), 2, supplier);
    expect(parsed.ok && parsed.row.images).toEqual(['/demo/images/1.png']);
  });

  it('still refuses what is no address', () => {
    const parsed = parseFeedRow(row(['mailto:x@y.example']), 3, supplier);
    expect(parsed).toMatchObject({ ok: false, refusal: { reason: "Image 'mailto:x@y.example' is not an http(s) address" } });
  });
});
